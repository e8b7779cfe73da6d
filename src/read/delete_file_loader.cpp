#include "read/delete_file_loader.hpp"

#include "metadata/sql_literal.hpp"

#include "duckdb/main/connection.hpp"
#include "duckdb/main/database.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

static constexpr int64_t kFilePathFieldId = 2147483546;
static constexpr int64_t kPosFieldId = 2147483545;

std::vector<int64_t> ReadDeleteFilePositions(DatabaseInstance &db, const std::string &path, bool partial,
                                             int64_t snapshot_id) {
	Connection connection(db);
	auto sql = "SELECT pos FROM read_parquet(" + SqlString(path) + ")";
	if (partial) {
		sql += " WHERE _ducklake_internal_snapshot_id <= " + SqlInt(snapshot_id);
	}
	auto result = connection.Query(sql + " ORDER BY pos");
	if (result->HasError()) {
		throw IOException("Cannot read DuckLake delete file \"%s\": %s", path, result->GetError());
	}
	std::vector<int64_t> positions;
	positions.reserve(result->RowCount());
	for (auto &chunk : result->Collection().Chunks()) {
		auto data = FlatVector::GetData<int64_t>(chunk.data[0]);
		positions.insert(positions.end(), data, data + chunk.size());
	}
	return positions;
}

WrittenDataFile WriteDeleteFile(ClientContext &context, const std::string &directory,
                                const std::string &data_file_path, const std::vector<int64_t> &positions) {
	ParquetWriteOptions options;
	options.directory = directory;
	options.file_suffix = "-delete.parquet";
	LakeColumn file_path;
	file_path.column_id = kFilePathFieldId;
	file_path.name = "file_path";
	file_path.type = LogicalType::VARCHAR;
	LakeColumn pos;
	pos.column_id = kPosFieldId;
	pos.name = "pos";
	pos.type = LogicalType::BIGINT;
	options.columns = {file_path, pos};
	ParquetFileWriter writer(context, std::move(options));
	DataChunk chunk;
	chunk.Initialize(context, {LogicalType::VARCHAR, LogicalType::BIGINT});
	for (size_t offset = 0; offset < positions.size(); offset += STANDARD_VECTOR_SIZE) {
		auto count = std::min<size_t>(STANDARD_VECTOR_SIZE, positions.size() - offset);
		chunk.Reset();
		chunk.data[0].Reference(Value(data_file_path));
		auto data = FlatVector::GetData<int64_t>(chunk.data[1]);
		std::copy(positions.begin() + offset, positions.begin() + offset + count, data);
		chunk.SetCardinality(count);
		writer.Append(chunk);
	}
	auto files = writer.Finish();
	if (files.size() != 1) {
		throw InternalException("DuckLake delete file writer produced %d files", files.size());
	}
	return files[0];
}

} // namespace inlake
