#include "metadata/sql/catalog_connection.hpp"

namespace inlake {

namespace {

//! The rows of a finished query, converted to the cursor's types.
class MaterializedCursor : public CatalogCursor {
public:
	MaterializedCursor(CatalogRows rows_p, duckdb::vector<duckdb::LogicalType> types_p)
	    : rows(std::move(rows_p)), types(std::move(types_p)) {
	}
	bool Next(duckdb::DataChunk &chunk) override {
		chunk.Reset();
		while (position < rows.rows.size() && chunk.size() < STANDARD_VECTOR_SIZE) {
			auto &row = rows.rows[position++];
			auto out = chunk.size();
			for (duckdb::idx_t column = 0; column < types.size(); column++) {
				chunk.SetValue(column, out, row[column].DefaultCastAs(types[column]));
			}
			chunk.SetCardinality(out + 1);
		}
		return chunk.size() > 0;
	}

private:
	CatalogRows rows;
	duckdb::vector<duckdb::LogicalType> types;
	size_t position = 0;
};

} // namespace

std::unique_ptr<CatalogCursor> CatalogConnection::OpenCursor(const std::string &sql,
                                                             const duckdb::vector<duckdb::LogicalType> &types) {
	return std::unique_ptr<CatalogCursor>(new MaterializedCursor(Query(sql), types));
}

void CatalogConnection::QueryChunks(const std::string &sql, const duckdb::vector<duckdb::LogicalType> &types,
                                    const std::function<void(duckdb::DataChunk &)> &callback) {
	auto cursor = OpenCursor(sql, types);
	duckdb::DataChunk chunk;
	chunk.Initialize(duckdb::Allocator::DefaultAllocator(), types);
	while (cursor->Next(chunk)) {
		callback(chunk);
	}
}

} // namespace inlake
