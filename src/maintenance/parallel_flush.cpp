#include "maintenance/parallel_flush.hpp"

#include "maintenance/inlined_rows_copy.hpp"
#include "catalog/lake_catalog.hpp"
#include "metadata/sql_literal.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/parquet_field_ids.hpp"
#include "write/parquet_value_encoding.hpp"
#include "write/written_file_stats.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"

#include <algorithm>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

bool HasNestedColumns(const std::vector<LakeColumn> &columns) {
	for (auto &column : columns) {
		if (column.type.IsNested()) {
			return true;
		}
	}
	return false;
}

//! The star REPLACE list that writes the columns DuckDB's Parquet writer cannot hold exactly as text.
std::string EncodedColumnReplacements(const std::vector<LakeColumn> &columns) {
	std::string replacements;
	for (auto &column : columns) {
		if (HasParquetStorageEncoding(column.type)) {
			auto name = SqlIdentifier(column.name);
			replacements += (replacements.empty() ? "" : ", ") + std::string("inlake_parquet_encode(") + name +
			                ") AS " + name;
		}
	}
	return replacements;
}

FlushedDataFile Describe(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                         const InlinedCopyResult &copied, WrittenDataFile file) {
	FlushedDataFile result;
	result.embedded_row_ids = !copied.plain;
	result.min_row_id = copied.min_row_id;
	result.min_snapshot = copied.min_snapshot;
	result.max_snapshot = copied.max_snapshot;
	if (!copied.deleted.empty()) {
		std::vector<int64_t> positions, snapshots;
		for (auto &row : copied.deleted) {
			positions.push_back(row.first);
			snapshots.push_back(row.second);
		}
		result.delete_file = WriteDeleteFile(context, transaction.TableWritePath(table), file.path, positions, snapshots);
		result.delete_count = int64_t(positions.size());
		result.deleted_positions = positions;
		result.min_delete_snapshot = *std::min_element(snapshots.begin(), snapshots.end());
		result.max_delete_snapshot = *std::max_element(snapshots.begin(), snapshots.end());
	}
	result.file = std::move(file);
	return result;
}

} // namespace

std::string ParquetCopyOptionsSql(const ParquetWriteOptions &options) {
	std::string sql = "COMPRESSION " + SqlString(options.compression);
	if (options.compression_level != 0) {
		sql += ", COMPRESSION_LEVEL " + SqlInt(options.compression_level);
	}
	if (options.row_group_size > 0) {
		sql += ", ROW_GROUP_SIZE " + SqlInt(options.row_group_size);
	}
	if (!options.parquet_version.empty()) {
		sql += ", PARQUET_VERSION " + options.parquet_version;
	}
	return sql + ", WRITE_EMPTY_FILE false";
}

bool TryParallelFlush(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                      const std::vector<LakeColumn> &file_columns, const std::vector<InlinedSource> &sources,
                      const std::vector<std::string> &order_by, TableFlush &flush) {
	auto options = transaction.WriteOptionsFor(table);
	options.columns = file_columns;
	if (options.columns.empty()) {
		// only a damaged catalog (its ducklake_column rows gone) has a table without columns
		throw IOException("Cannot flush table \"%s\": the catalog lists no columns for it (ducklake_column)",
		                  table.name);
	}
	if (HasNestedColumns(options.columns)) {
		return false;
	}
	auto &fs = FileSystem::GetFileSystem(context);
	if (!fs.IsRemoteFile(options.directory) && !fs.DirectoryExists(options.directory)) {
		fs.CreateDirectoriesRecursive(options.directory);
	}
	if (sources.empty()) {
		return true; // nothing to flush
	}
	InlinedCopyRequest request;
	request.names = InlinedColumnNames::ForFormat(transaction.GetCatalog().FormatVersion());
	request.source_count = sources.size();
	request.order_by = order_by;
	auto file_name = "ducklake-" + UUID::ToString(UUIDv7::GenerateRandomUUID()) + ".parquet";
	request.path = options.directory + file_name;
	request.copy_options = ParquetCopyOptionsSql(options);
	request.column_replacements = EncodedColumnReplacements(options.columns);
	request.field_ids = FieldIdsOptionSql(BuildFieldIdsOption(options.columns, RowIdAndSnapshotColumns()));
	request.plain_field_ids = FieldIdsOptionSql(BuildFieldIdsOption(options.columns, {}));
	InlinedCopyResult copied;
	try {
		auto rows = transaction.GetCatalog().Store().OpenInlinedRows(sources, request.names,
		                                                             transaction.Snapshot().snapshot_id);
		copied = CopyInlinedRows(*rows, request);
		if (copied.stats.row_count == 0) {
			fs.TryRemoveFile(request.path);
			return true; // nothing to flush
		}
		auto file = ConvertWrittenFileStats(copied.stats, CollectStatsPaths(options.columns), {});
		file.path = request.path;
		file.file_name = file_name;
		bool count_row_groups = transaction.GetCatalog().FormatVersion() != "1.0";
		if (count_row_groups || file.file_size_bytes > options.target_file_size) {
			file.row_group_count = ReadRowGroupCount(*context.db, file.path);
		}
		if (file.file_size_bytes > options.target_file_size && file.row_group_count > 1) {
			fs.TryRemoveFile(request.path); // too large for one file: the streaming writer splits it
			return false;
		}
		if (!count_row_groups) {
			file.row_group_count = -1;
		}
		flush.files.push_back(Describe(context, transaction, table, copied, std::move(file)));
	} catch (...) {
		fs.TryRemoveFile(request.path);
		throw;
	}
	flush.rows_flushed = int64_t(copied.stats.row_count);
	return true;
}

} // namespace inlake
