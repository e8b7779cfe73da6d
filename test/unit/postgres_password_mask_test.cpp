// Units for MaskPostgresPasswords: the texts libpq gives for malformed connection strings, and the other forms a
// password takes in a PostgreSQL connection string.
#include "metadata/postgres/postgres_password_mask.hpp"

#include <gtest/gtest.h>

using namespace inlake;

TEST(PostgresPasswordMask, MasksTheUserinfoOfAQuotedMalformedUri) {
	std::string uri = "postgresql://u:s3cret@[::1/db";
	std::string message = "end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"" +
	                      uri + "\"";
	EXPECT_EQ(MaskPostgresPasswords(message, uri),
	          "end of string reached when looking for matching \"]\" in IPv6 host address in URI: "
	          "\"postgresql://u:***@[::1/db\"");
	// without knowing the connection string
	EXPECT_EQ(MaskPostgresPasswords("URI: \"postgres://u:s3cret@[]/db\""), "URI: \"postgres://u:***@[]/db\"");
}

TEST(PostgresPasswordMask, MasksAComponentQuotedAlone) {
	// libpq quotes only the component with the bad %-escape: the password itself, without its key
	EXPECT_EQ(MaskPostgresPasswords("invalid percent-encoded token: \"s3%zzcret\"", "postgresql://u:s3%zzcret@h/db"),
	          "invalid percent-encoded token: \"***\"");
	EXPECT_EQ(MaskPostgresPasswords("forbidden value %00 in percent-encoded value: \"s3%00cret\"",
	                                "postgresql://u:s3%00cret@h/db"),
	          "forbidden value %00 in percent-encoded value: \"***\"");
	// the decoded form too
	EXPECT_EQ(MaskPostgresPasswords("password s3/cret rejected", "postgresql://u:s3%2Fcret@h/db"),
	          "password *** rejected");
}

TEST(PostgresPasswordMask, MasksPasswordKeys) {
	EXPECT_EQ(MaskPostgresPasswords("host=h password=s3cret port=1"), "host=h password=*** port=1");
	EXPECT_EQ(MaskPostgresPasswords("host=h password = 'a b\\' c' port=1"), "host=h password = *** port=1");
	EXPECT_EQ(MaskPostgresPasswords("host=h sslpassword=k3y"), "host=h sslpassword=***");
	EXPECT_EQ(MaskPostgresPasswords("postgresql://u@h/db?password=s3cret&sslmode=bogus"),
	          "postgresql://u@h/db?password=***&sslmode=bogus");
	EXPECT_EQ(MaskPostgresPasswords("(host=h password=***): failed"), "(host=h password=***): failed");
}

TEST(PostgresPasswordMask, LeavesTextsWithoutPasswordsAlone) {
	for (auto text : {"postgresql://u@h:5432/db", "host=h user=u dbname=d", "invalid URI query parameter: \"x\"",
	                  "s3://bucket/path/file.parquet", "duckdb:lake.db"}) {
		EXPECT_EQ(MaskPostgresPasswords(text, text), text);
		EXPECT_FALSE(HoldsPostgresPassword(text)) << text;
	}
}

TEST(PostgresPasswordMask, KnowsWhichConnectionStringsHoldAPassword) {
	EXPECT_TRUE(HoldsPostgresPassword("postgres:postgresql://u:pw@h/db"));
	EXPECT_TRUE(HoldsPostgresPassword("postgresql://u:pw@[::1/db")); // malformed
	EXPECT_TRUE(HoldsPostgresPassword("postgresql://u@h/db?password=pw"));
	EXPECT_TRUE(HoldsPostgresPassword("dbname=d password=pw"));
	EXPECT_FALSE(HoldsPostgresPassword("postgresql://u:@h/db")); // an empty password
}
