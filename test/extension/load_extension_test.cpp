// Loads inlake.duckdb_extension into a plain DuckDB 1.4.4 (libduckdb.so only:
// this program does not link the inlake library) and uses a lake through it.
// Usage: load_extension_test PATH_TO_EXTENSION SCRATCH_DIR
#include "duckdb.hpp"

#include <iostream>
#include <string>

static int failures = 0;

static duckdb::unique_ptr<duckdb::MaterializedQueryResult> Run(duckdb::Connection &con, const std::string &sql) {
	auto result = con.Query(sql);
	if (result->HasError()) {
		std::cerr << "FAILED: " << sql << "\n  " << result->GetError() << "\n";
		failures++;
	}
	return result;
}

static void Expect(duckdb::Connection &con, const std::string &sql, const std::string &expected) {
	auto result = Run(con, sql);
	if (result->HasError()) {
		return;
	}
	auto actual = result->RowCount() == 0 ? std::string("<no rows>") : result->GetValue(0, 0).ToString();
	if (actual != expected) {
		std::cerr << "MISMATCH: " << sql << "\n  expected " << expected << ", got " << actual << "\n";
		failures++;
	}
}

int main(int argc, char **argv) {
	if (argc != 3) {
		std::cerr << "usage: load_extension_test EXTENSION SCRATCH_DIR\n";
		return 2;
	}
	std::string extension = argv[1];
	std::string dir = argv[2];
	duckdb::DBConfig config;
	config.SetOptionByName("allow_unsigned_extensions", duckdb::Value::BOOLEAN(true));
	duckdb::DuckDB db(nullptr, &config);
	duckdb::Connection con(db);
	// Without the extension, ducklake: is unknown.
	auto before = con.Query("ATTACH 'ducklake:" + dir + "/unloaded.duckdb' AS nope");
	if (!before->HasError()) {
		std::cerr << "ATTACH ducklake: worked before LOAD: the test would prove nothing\n";
		failures++;
	}
	Run(con, "LOAD '" + extension + "'");
	Run(con, "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS lake");
	Run(con, "CREATE TABLE lake.t (a INTEGER, b VARCHAR)");
	Run(con, "INSERT INTO lake.t VALUES (1, 'one'), (2, 'two')");
	Run(con, "INSERT INTO lake.t SELECT range, 'many' FROM range(100)");
	Expect(con, "SELECT count(*) FROM lake.t", "102");
	Expect(con, "SELECT b FROM lake.t WHERE a = 2 AND b <> 'many'", "two");
	Expect(con, "SELECT count(*) FROM ducklake_snapshots('lake')", "4");
	Expect(con, "SELECT count(*) FROM glob('" + dir + "/lake.duckdb.files/main/t/*.parquet')", "1");
	Run(con, "DETACH lake");
	Run(con, "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS again");
	Expect(con, "SELECT sum(a) FROM again.t", "4953");
	if (failures) {
		std::cerr << failures << " check(s) failed\n";
		return 1;
	}
	std::cout << "inlake.duckdb_extension loaded into plain DuckDB: all checks passed\n";
	return 0;
}
