// PostgresConnection::OpenCursor: inlined rows streamed through a server-side cursor, a FETCH of one DuckDB
// vector's worth of rows at a time, inside the connection's (read) transaction.
#include "metadata/postgres/postgres_connection.hpp"

#include <libpq-fe.h>

namespace inlake {

class PostgresCursor : public CatalogCursor {
public:
	PostgresCursor(PostgresConnection &connection, std::string name, duckdb::idx_t column_count)
	    : connection(connection), name(std::move(name)), column_count(column_count) {
	}
	~PostgresCursor() override {
		PQclear(batch);
		if (!done && connection.in_transaction && connection.conn && PQstatus(connection.conn) == CONNECTION_OK) {
			PQclear(PQexec(connection.conn, ("CLOSE " + name).c_str()));
		}
	}

	//! Declares the cursor and fetches the first batch in one round trip.
	void Open(const std::string &sql) {
		Fetch("DECLARE " + name + " NO SCROLL CURSOR FOR " + sql + "; " + FetchSql());
		if (PQnfields(batch) != int(column_count)) {
			throw duckdb::InternalException("PostgreSQL catalog: a query expected to return %llu columns does not: %s",
			                                (unsigned long long)column_count, sql);
		}
	}

	bool Next(duckdb::DataChunk &chunk) override {
		chunk.Reset();
		if (!batch || (position >= PQntuples(batch) && !done)) {
			Fetch(FetchSql());
		}
		int rows = batch ? PQntuples(batch) : 0;
		while (position < rows && chunk.size() < STANDARD_VECTOR_SIZE) {
			auto out = chunk.size();
			for (duckdb::idx_t column = 0; column < column_count; column++) {
				StoreResultCell(batch, position, int(column), chunk.data[column], out);
			}
			chunk.SetCardinality(out + 1);
			position++;
		}
		return chunk.size() > 0;
	}

private:
	std::string FetchSql() const {
		return "FETCH FORWARD " + std::to_string(STANDARD_VECTOR_SIZE) + " FROM " + name;
	}
	void Fetch(const std::string &sql) {
		PQclear(batch);
		batch = nullptr;
		position = 0;
		batch = connection.Run(sql);
		if (PQntuples(batch) < int(STANDARD_VECTOR_SIZE)) {
			done = true; // the cursor is exhausted (the transaction's end closes it)
		}
	}

	PostgresConnection &connection;
	std::string name;
	duckdb::idx_t column_count;
	pg_result *batch = nullptr;
	int position = 0;
	bool done = false;
};

std::unique_ptr<CatalogCursor> PostgresConnection::OpenCursor(const std::string &sql,
                                                              const duckdb::vector<duckdb::LogicalType> &types) {
	if (!in_transaction) {
		return CatalogConnection::OpenCursor(sql, types);
	}
	FlushQueue();
	auto cursor = std::unique_ptr<PostgresCursor>(
	    new PostgresCursor(*this, "inlake_cursor_" + std::to_string(next_cursor++), types.size()));
	cursor->Open(sql);
	return std::move(cursor);
}

} // namespace inlake
