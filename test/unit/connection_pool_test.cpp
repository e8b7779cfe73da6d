// ConnectionPool: idle connections come back for reuse, only without an open transaction.
#include "metadata/duckdb/connection_pool.hpp"

#include "duckdb.hpp"

#include <gtest/gtest.h>

using inlake::ConnectionPool;

TEST(ConnectionPoolTest, ReusesAnIdleConnection) {
	duckdb::DuckDB db(nullptr);
	ConnectionPool pool(*db.instance, 2);
	auto first = pool.Take();
	auto *first_address = first.get();
	pool.Give(std::move(first));
	auto again = pool.Take();
	EXPECT_EQ(again.get(), first_address);
	auto result = again->Query("SELECT 42");
	ASSERT_FALSE(result->HasError()) << result->GetError();
	EXPECT_EQ(result->GetValue(0, 0).ToString(), "42");
}

TEST(ConnectionPoolTest, DropsAConnectionWithAnOpenTransaction) {
	duckdb::DuckDB db(nullptr);
	ConnectionPool pool(*db.instance, 2);
	auto connection = pool.Take();
	ASSERT_FALSE(connection->Query("BEGIN")->HasError());
	auto *address = connection.get();
	pool.Give(std::move(connection));
	auto next = pool.Take();
	EXPECT_NE(next.get(), address);
	EXPECT_FALSE(next->context->transaction.HasActiveTransaction());
}

TEST(ConnectionPoolTest, KeepsAtMostItsCapacity) {
	duckdb::DuckDB db(nullptr);
	ConnectionPool pool(*db.instance, 1);
	auto a = pool.Take();
	auto b = pool.Take();
	auto *a_address = a.get();
	pool.Give(std::move(a));
	pool.Give(std::move(b)); // over capacity: closed
	auto first = pool.Take();
	auto second = pool.Take();
	EXPECT_EQ(first.get(), a_address);
	EXPECT_NE(second.get(), a_address);
}
