//===----------------------------------------------------------------------===//
// The table scan of a lake table: one DuckDB table function that reads every
// source of a table at the snapshot being read, as one relation.
//
// Sources:
//  * Parquet data files, read by DuckDB's own Parquet reader (read_parquet's
//    machinery through a MultiFileReader of ours), columns matched by field
//    id (= LakeColumn::column_id), with the deleted positions of each file
//    filtered out.
//  * In-memory row sets (transaction-local rows, inlined rows already loaded):
//    a ColumnDataCollection whose columns are the table's columns followed by
//    two BIGINT columns: row id and snapshot id.
//
// The scan supports projection pushdown, filter pushdown (into the Parquet
// reader, and applied to in-memory rows), skipping files whose min/max stats
// cannot match a filter, and the virtual columns `rowid` (BIGINT, the
// DuckLake row id) and `snapshot_id` (BIGINT, the snapshot that inserted the
// row).
//===----------------------------------------------------------------------===//
#pragma once

#include "common/column_filter.hpp"
#include "common/row_stream.hpp"
#include "common/lake_column.hpp"
#include "common/partition_key.hpp"
#include "metadata/metadata_records.hpp"

#include "duckdb/common/optional_ptr.hpp"
#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/function/table_function.hpp"
#include "duckdb/storage/statistics/base_statistics.hpp"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace duckdb {
class TableCatalogEntry;
}

namespace inlake {

struct ScanColumnStats {
	bool has_min_max = false;
	std::string min_value; // Value::ToString form of the column's type
	std::string max_value;
	bool contains_null = true;
};

//! ScanDataFile::begin_snapshot of a file the reading transaction wrote and has not committed
constexpr int64_t kUncommittedSnapshot = -1;

struct ScanDataFile {
	int64_t file_id = -1;
	std::string path; // full path
	int64_t record_count = 0;
	int64_t file_size_bytes = 0;
	int64_t footer_size = 0;
	//! The file's key as the catalog stores it (empty: not encrypted)
	std::string encryption_key;
	//! Row ids of the file are row_id_start + position, unless the file
	//! carries _ducklake_internal_row_id itself (has_embedded_row_ids).
	int64_t row_id_start = 0;
	bool has_embedded_row_ids = false;
	//! Snapshot that added the file (kUncommittedSnapshot: the transaction's own file); per-row snapshots are
	//! embedded when has_embedded_row_ids (flushed files: _ducklake_internal_snapshot_id).
	int64_t begin_snapshot = 0;
	//! Sorted positions (0-based row numbers in the file) to skip
	std::vector<int64_t> deleted_positions;
	//! Read the file's columns with TRY_CAST: the file may hold rows, written under a later and wider
	//! column type, that the scan reads but drops afterwards (the change feed's rows beyond its range)
	bool try_cast_columns = false;
	//! Stats by column id, for file skipping
	std::map<int64_t, ScanColumnStats> column_stats;
	//! The file's partition key values (empty: written unpartitioned), for file skipping
	//! (read/partition_filter.hpp)
	std::vector<FilePartitionValue> partition_values;
	//! A file added from outside (ducklake_add_data_files): its columns are the table's by this mapping, not by
	//! their field ids (see read/name_mapped_columns.hpp); nullptr for the lake's own files
	std::shared_ptr<const NameMapping> name_mapping;
};

//! Loads a row set when its scan starts. `filters` are the filters DuckDB pushed into the scan, on table
//! columns; the loader may use them to drop rows early (the reader still applies every filter itself
//! afterwards). `needed` has one flag per row set column (the table's columns, then row id and snapshot id):
//! columns the scan does not read may come back as NULLs. `numbered`: the scan numbers the rows
//! (file_row_number), so they must come in a fixed order (by snapshot, then row id), the same every time.
using RowSetLoader = std::function<std::unique_ptr<RowStream>(const std::vector<ColumnFilter> &filters,
                                                              const std::vector<bool> &needed, bool numbered)>;

struct ScanRowSet {
	//! What the filename virtual column shows for these rows: the inlined data table, or
	//! TRANSACTION_LOCAL_ROWS_NAME for the rows a transaction has not committed yet
	std::string name;
	//! Table columns, then row id (BIGINT), then snapshot id (BIGINT)
	std::shared_ptr<duckdb::ColumnDataCollection> rows;
	//! Instead of `rows`: fetched when the scan starts (e.g. committed inlined rows)
	RowSetLoader loader;
	//! Row count estimate for a lazily loaded row set
	duckdb::idx_t estimated_count = 0;
	//! Bounds of a table column's values in a lazily loaded row set (nullptr: unknown)
	std::function<duckdb::unique_ptr<duckdb::BaseStatistics>(duckdb::idx_t column)> statistics;

	//! The rows of an in-memory row set, or the estimate of a lazily loaded one
	duckdb::idx_t RowCount() const {
		return rows ? rows->Count() : estimated_count;
	}
};

//! Lists the committed data files of a scan whose listing waits for its filters (see LakeScanSpec::list_files).
using DeferredFileLister = std::function<std::vector<ScanDataFile>(const PartitionListingFilter &filter)>;

struct LakeScanSpec {
	//! The catalog entry scanned (optional). When set, the scan reports it in its
	//! BindInfo, so the binder takes the virtual columns (rowid, snapshot_id) from
	//! TableCatalogEntry::GetVirtualColumns(); without it they cannot be named in SQL
	//! when the scan is bound through a catalog table.
	duckdb::optional_ptr<duckdb::TableCatalogEntry> table;
	std::string table_name;
	std::vector<LakeColumn> columns;
	std::vector<ScanDataFile> files;
	std::vector<ScanRowSet> row_sets;
	//! Set while `files` is not listed yet: a scan of a partitioned table lists its files once the filters
	//! pushed into it are known, restricted in the catalog query (read/partition_listing.hpp); `partitioning`
	//! is the spec whose keys may restrict it. ListDeferredFiles fills `files` (once) and clears it.
	DeferredFileLister list_files;
	PartitionSpec partitioning;
	std::mutex listing_lock;

	bool FilesDeferred() {
		std::lock_guard<std::mutex> guard(listing_lock);
		return bool(list_files);
	}
	//! Lists the deferred files with `filter` (once; later calls do nothing).
	void ListDeferredFiles(const PartitionListingFilter &filter) {
		std::lock_guard<std::mutex> guard(listing_lock);
		if (list_files) {
			files = list_files(filter);
			list_files = nullptr;
		}
	}
};

//! The virtual column ids of the scan (beyond DuckDB's COLUMN_IDENTIFIER_ROW_ID for rowid)
constexpr duckdb::column_t LAKE_SNAPSHOT_ID_COLUMN = UINT64_C(9223372036854775900);

//! The filename of the rows a transaction inserted and has not committed (inlined, not yet in the catalog)
constexpr const char *TRANSACTION_LOCAL_ROWS_NAME = "inlake_transaction_local_rows";

//! The virtual columns of a lake table and its scans: rowid and snapshot_id (BIGINT), and DuckDB's filename
//! (VARCHAR: the data file, or the row set's name), file_row_number (BIGINT: the position in the file or row
//! set) and file_index (UBIGINT: the source's index in the scan)
duckdb::virtual_column_map_t LakeVirtualColumns();

//! Returns the scan function for the given sources and fills bind_data: the row set scan
//! (read/row_set_scan.hpp) when there are no data files, else the full scan.
duckdb::TableFunction GetLakeScanFunction(duckdb::ClientContext &context, std::shared_ptr<LakeScanSpec> spec,
                                          duckdb::unique_ptr<duckdb::FunctionData> &bind_data);

//! The full scan (read_parquet's machinery), whatever the spec holds
duckdb::TableFunction GetMultiFileLakeScanFunction(duckdb::ClientContext &context, std::shared_ptr<LakeScanSpec> spec,
                                                   duckdb::unique_ptr<duckdb::FunctionData> &bind_data);

} // namespace inlake
