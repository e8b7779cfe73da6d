#include "maintenance/parallel_flush.hpp"

#include "maintenance/flush_copy_target.hpp"
#include "maintenance/inlined_rows_copy.hpp"
#include "catalog/lake_catalog.hpp"
#include "metadata/sql_literal.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/parquet_field_ids.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"

#include <algorithm>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

FlushedDataFile Describe(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                         const InlinedRowsSummary &summary, const FlushedFileRows &rows, int64_t first_row,
                         WrittenDataFile file, bool deletion_vectors) {
	FlushedDataFile result;
	result.embedded_row_ids = !summary.plain;
	// a plain file's rows are contiguous in row id order from the summary's first one
	result.min_row_id = summary.plain ? summary.min_row_id + first_row : rows.min_row_id;
	result.min_snapshot = rows.min_snapshot;
	result.max_snapshot = rows.max_snapshot;
	if (!rows.deleted.empty()) {
		std::vector<int64_t> positions, snapshots;
		for (auto &row : rows.deleted) {
			positions.push_back(row.first);
			snapshots.push_back(row.second);
		}
		result.delete_file = WriteDeleteFile(context, transaction.TableWritePath(table), file.path, positions, snapshots,
		                                     deletion_vectors, transaction.GetCatalog().Encrypted());
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
	if (sources.empty()) {
		return true; // nothing to flush
	}
	InlinedCopyRequest request;
	request.names = InlinedColumnNames::ForFormat(transaction.GetCatalog().FormatVersion());
	request.source_count = sources.size();
	request.order_by = order_by;
	auto rows = transaction.GetCatalog().Store().OpenInlinedRows(sources, request.names,
	                                                             transaction.Snapshot().snapshot_id);
	auto summary = SummarizeInlinedRows(*rows, request);
	if (summary.row_count == 0) {
		return true; // nothing to flush
	}
	options.write_row_id_and_snapshot = !summary.plain;
	// without rows deleted while inlined, each file's row ids and snapshots are those it stores (or, for a plain
	// file, follow from the summary): the batches need no tracking columns, which would cost a copy of each one
	auto tracking = summary.deleted_count > 0 ? FlushTracking::TRACKING_COLUMNS
	                : summary.plain           ? FlushTracking::NONE
	                                          : FlushTracking::HIDDEN_COLUMNS;
	auto target = std::make_shared<FlushCopyTarget>(options, tracking, summary.min_snapshot);
	try {
		OrderedCopyRegistration registration(target);
		rows->Connection().Query(LakeFilesCopyStatement(*rows, request, summary.plain,
		                                                tracking == FlushTracking::TRACKING_COLUMNS,
		                                                options.directory, registration.Token()));
		bool count_row_groups = transaction.GetCatalog().FormatVersion() != "1.0";
		int64_t first_row = 0;
		for (size_t i = 0; i < target->files.size(); i++) {
			auto &file = target->files[i];
			if (count_row_groups) {
				file.row_group_count = ReadRowGroupCount(*context.db, StoredFileOf(file));
			}
			if (i >= target->file_rows.size()) {
				throw IOException("The flush of \"%s\" wrote a file it has no row summary of", table.name);
			}
			auto record_count = file.record_count;
			flush.files.push_back(
			    Describe(context, transaction, table, summary, target->file_rows[i], first_row, std::move(file),
			             flush.deletion_vectors));
			first_row += record_count;
		}
		flush.rows_flushed = first_row;
	} catch (...) {
		auto &fs = FileSystem::GetFileSystem(context);
		for (auto &file : target->files) {
			fs.TryRemoveFile(file.path);
		}
		throw;
	}
	return true;
}

} // namespace inlake
