//===----------------------------------------------------------------------===//
// Typed records of the DuckLake catalog tables, as the metadata store hands
// them in and out. Nothing outside metadata/ sees catalog SQL: every layer
// above speaks in these records.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"
#include "common/partition_key.hpp"

#include "duckdb/common/types/timestamp.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace inlake {

struct SnapshotRecord {
	int64_t snapshot_id = 0;
	duckdb::timestamp_tz_t snapshot_time;
	int64_t schema_version = 0;
	int64_t next_catalog_id = 1;
	int64_t next_file_id = 0;
};

//! The time of a new snapshot: now, but after `latest` (the latest snapshot's time) whatever this machine's clock
//! says, so that snapshot times grow with snapshot ids (AT (TIMESTAMP => ...) relies on it).
inline duckdb::timestamp_tz_t NextSnapshotTime(duckdb::timestamp_tz_t latest) {
	auto now = duckdb::Timestamp::GetCurrentTimestamp();
	auto before = duckdb::timestamp_t(latest.value);
	if (duckdb::Timestamp::IsFinite(before) && before >= now) {
		now = duckdb::timestamp_t(before.value + 1);
	}
	return duckdb::timestamp_tz_t(now);
}

//! See MetadataStore::FindTableVersionSnapshot.
struct TableVersionSnapshot {
	bool found = false;
	bool exists = false;
	SnapshotRecord snapshot;
};

struct SnapshotChangesRecord {
	int64_t snapshot_id = 0;
	std::string changes_made;
	std::string author;
	std::string commit_message;
	std::string commit_extra_info;
	bool has_author = false;
	bool has_commit_message = false;
	bool has_commit_extra_info = false;
};

struct SchemaRecord {
	int64_t schema_id = -1;
	std::string schema_uuid;
	std::string schema_name;
	std::string path; // relative to data_path when path_is_relative
	bool path_is_relative = true;
};

struct TableRecord {
	int64_t table_id = -1;
	std::string table_uuid;
	int64_t schema_id = -1;
	std::string table_name;
	std::string path; // relative to the schema path when path_is_relative
	bool path_is_relative = true;
	std::vector<LakeColumn> columns;
	//! The schema version of the table's current columns (names its inlined data table)
	int64_t schema_version = 0;
	//! Highest column id the table ever used (ids are never reused)
	int64_t max_column_id = 0;
	//! The highest column id the catalog records for the table (max_column_id when it was loaded): a commit whose
	//! max_column_id is higher, for a column added and dropped again before the commit (its values may be in the
	//! commit's data files under that field id), records the id (CatalogWriteBatch::InsertTable)
	int64_t recorded_max_column_id = 0;
	//! ALTER TABLE ... SET SORTED BY: the order a flush writes rows in
	struct SortKey {
		std::string expression;  // DuckDB SQL over the table's columns
		std::string direction;   // ASC | DESC
		std::string null_order;  // NULLS_FIRST | NULLS_LAST
	};
	std::vector<SortKey> sort_keys;
	//! ALTER TABLE ... SET PARTITIONED BY: how new files are split (partition_id -1: not partitioned)
	PartitionSpec partition;
	//! COMMENT ON TABLE (ducklake_tag key "comment"); has_comment false: none
	std::string comment;
	bool has_comment = false;
};

//! A ducklake_view row: a view's SELECT as DuckDB SQL text.
struct ViewRecord {
	int64_t view_id = -1;
	std::string view_uuid;
	int64_t schema_id = -1;
	std::string view_name;
	std::string dialect = "duckdb";
	std::string sql;
	//! The view's column names given in CREATE VIEW v(a, b), comma-separated quoted identifiers ("" for none)
	std::string column_aliases;
	//! COMMENT ON VIEW (ducklake_tag key "comment")
	std::string comment;
	bool has_comment = false;
};

//! A ducklake_macro_parameters row: one parameter of a macro implementation.
struct MacroParameterRecord {
	std::string parameter_name;
	//! The parameter's type as DuckDB names it, "unknown" when untyped
	std::string parameter_type = "unknown";
	//! The default's value as text and its type ("unknown": no default; "expression": default_value is SQL)
	std::string default_value;
	std::string default_value_type = "unknown";
};

//! A ducklake_macro_impl row and its parameters: one overload of a macro.
struct MacroImplRecord {
	std::string dialect = "duckdb";
	//! The body: an expression ("scalar") or a SELECT ("table"), as DuckDB SQL text
	std::string sql;
	std::string type = "scalar";
	std::vector<MacroParameterRecord> parameters;
};

//! A ducklake_macro row and its implementations (CREATE MACRO in a lake schema).
struct MacroRecord {
	int64_t macro_id = -1;
	int64_t schema_id = -1;
	std::string macro_name;
	std::vector<MacroImplRecord> impls;

	bool IsTableMacro() const {
		return !impls.empty() && impls.front().type == "table";
	}
};

//! The schemas, tables, views and macros visible at one snapshot.
struct CatalogContents {
	std::vector<SchemaRecord> schemas;
	std::vector<TableRecord> tables;
	std::vector<ViewRecord> views;
	std::vector<MacroRecord> macros;
};

struct FileColumnStatsRecord {
	int64_t column_id = -1;
	int64_t column_size_bytes = 0;
	int64_t value_count = 0;
	int64_t null_count = 0;
	bool has_min_max = false;
	std::string min_value;
	std::string max_value;
	bool contains_nan = false;
};

//! One row of ducklake_name_mapping: the file field named `source_name` (under the field mapped to
//! `parent_column`, -1 at the top level) holds the table column `target_field_id`. `column_id` is the table
//! column's id too (one entry per table column). A partition entry (is_partition) names a Hive key of the
//! file's path (`source_name=value` folder) whose value is the column's for every row of the file.
struct NameMapEntry {
	int64_t column_id = -1;
	std::string source_name;
	int64_t target_field_id = -1;
	int64_t parent_column = -1;
	bool is_partition = false;
};

//! A ducklake_column_mapping of type map_by_name with its entries: how the columns of a file that was added
//! from outside (ducklake_add_data_files) are the table's. The file's own field ids are ignored.
struct NameMapping {
	int64_t mapping_id = -1;
	int64_t table_id = -1;
	std::vector<NameMapEntry> entries;
};

struct DataFileRecord {
	int64_t data_file_id = -1;
	int64_t table_id = -1;
	int64_t begin_snapshot = 0;
	int64_t file_order = 0;
	std::string path;
	bool path_is_relative = true;
	int64_t record_count = 0;
	int64_t file_size_bytes = 0;
	int64_t footer_size = 0;
	//! ducklake_data_file.encryption_key: the file's key as base64 text (empty: not encrypted)
	std::string encryption_key;
	int64_t row_id_start = 0;
	//! -1: not partial; otherwise the highest snapshot id of a row in the file
	int64_t partial_max = -1;
	//! -1: unknown (format 1.0 has no such column)
	int64_t row_group_count = -1;
	//! -1: not ended (or not read: only the change feed's listing reads it)
	int64_t end_snapshot = -1;
	//! ducklake_data_file.mapping_id (-1: none, columns match by field id); the reads load `name_mapping` with it
	int64_t mapping_id = -1;
	std::shared_ptr<const NameMapping> name_mapping;
	//! ducklake_data_file.partition_id (-1: written unpartitioned) and the file's key values, with each key's
	//! column and transform as the file's spec has them
	int64_t partition_id = -1;
	std::vector<FilePartitionValue> partition_values;
	std::vector<FileColumnStatsRecord> column_stats;
	//! Positions deleted at the snapshot the file was loaded at (inlined deletions), sorted
	std::vector<int64_t> deleted_positions;
	//! The live delete file of this data file at that snapshot (delete_file_id -1: none)
	struct DeleteFileRef {
		int64_t delete_file_id = -1;
		std::string path;
		bool path_is_relative = true;
		int64_t delete_count = 0;
		int64_t file_size_bytes = 0;
		int64_t begin_snapshot = 0;
		//! -1: all positions apply; otherwise a partial file with per-position snapshots
		int64_t partial_max = -1;
		//! ducklake_delete_file.format: "parquet", or "puffin" (deletion vectors)
		std::string format = "parquet";
		//! ducklake_delete_file.encryption_key (empty: not encrypted)
		std::string encryption_key;
	} delete_file;
};

//! An inlined deletion with the snapshot it was made in (for flushing).
struct InlinedDeleteEntry {
	int64_t file_id = -1;
	int64_t position = -1;
	int64_t snapshot_id = 0;
};

//! What the change feed of a table reads from the catalog for a range of snapshots (MetadataStore::
//! LoadChangeSources), all from one catalog state.
struct TableChangeSources {
	//! The data files that held rows at some snapshot of the range: begun at or before its end and not ended
	//! before its start (end_snapshot filled in), ordered by file order
	std::vector<DataFileRecord> files;
	//! Every delete file of those data files begun at or before the range's end, by data file id, oldest first
	std::map<int64_t, std::vector<DataFileRecord::DeleteFileRef>> delete_files;
	//! The table's inlined deletions made at or before the range's end
	std::vector<InlinedDeleteEntry> inlined_deletes;
	//! The snapshots of the range that compacted the table (changes_made compacted_table:<id>): files that
	//! end there and rows inserted there are the same rows moved to other files, not changes
	std::set<int64_t> compaction_snapshots;
};

//! A new ducklake_delete_file row.
struct DeleteFileRecord {
	int64_t delete_file_id = -1;
	int64_t table_id = -1;
	int64_t begin_snapshot = 0;
	int64_t data_file_id = -1;
	std::string path;
	bool path_is_relative = true;
	int64_t delete_count = 0;
	int64_t file_size_bytes = 0;
	int64_t footer_size = 0;
	int64_t partial_max = -1;
	//! "parquet", or "puffin" (deletion vectors)
	std::string format = "parquet";
	//! The file's key as base64 text (empty: not encrypted)
	std::string encryption_key;
};

//! One inlined deletion: a position in a data file, deleted in begin_snapshot.
struct InlinedDeleteRecord {
	int64_t file_id = -1;
	int64_t position = -1;
};

struct ColumnStatsRecord {
	int64_t column_id = -1;
	bool contains_null = false;
	bool contains_nan = false;
	bool has_min_max = false;
	std::string min_value;
	std::string max_value;

	//! Whether `other` is the same row
	bool Same(const ColumnStatsRecord &other) const {
		return column_id == other.column_id && contains_null == other.contains_null &&
		       contains_nan == other.contains_nan && SameBounds(other);
	}
	//! Whether `other` has the same bounds (or the same lack of them)
	bool SameBounds(const ColumnStatsRecord &other) const {
		return has_min_max == other.has_min_max && min_value == other.min_value && max_value == other.max_value;
	}
};

struct TableStatsRecord {
	int64_t table_id = -1;
	int64_t record_count = 0;
	int64_t next_row_id = 0;
	int64_t file_size_bytes = 0;
	std::vector<ColumnStatsRecord> column_stats;

	//! Whether `other` holds the same column stats rows (in the same order)
	bool SameColumnStats(const TableStatsRecord &other) const {
		if (!SameColumnIds(other)) {
			return false;
		}
		for (size_t i = 0; i < column_stats.size(); i++) {
			if (!column_stats[i].Same(other.column_stats[i])) {
				return false;
			}
		}
		return true;
	}
	//! Whether `other` holds column stats rows of the same columns (in the same order)
	bool SameColumnIds(const TableStatsRecord &other) const {
		if (column_stats.size() != other.column_stats.size()) {
			return false;
		}
		for (size_t i = 0; i < column_stats.size(); i++) {
			if (column_stats[i].column_id != other.column_stats[i].column_id) {
				return false;
			}
		}
		return true;
	}
};

//! One row of ducklake_snapshots(): a snapshot with its changes.
struct SnapshotListing {
	SnapshotRecord snapshot;
	SnapshotChangesRecord changes;
};

//! A persisted option row of ducklake_metadata (scope "" = global).
struct OptionRecord {
	std::string key;
	std::string value;
	std::string scope; // "", "schema" or "table"
	int64_t scope_id = -1;
};

//! One registered inlined insert table (ducklake_inlined_data_tables).
struct InlinedTableRecord {
	int64_t table_id = -1;
	std::string table_name;
	int64_t schema_version = 0;
};

//! The names of the row id / begin / end snapshot columns of inlined insert
//! tables: row_id, begin_snapshot, end_snapshot in format 1.0; with the
//! reserved _ducklake_ prefix in 1.1.
struct InlinedColumnNames {
	std::string row_id;
	std::string begin_snapshot;
	std::string end_snapshot;
	static InlinedColumnNames ForFormat(const std::string &format_version) {
		if (format_version == "1.0") {
			return {"row_id", "begin_snapshot", "end_snapshot"};
		}
		return {"_ducklake_row_id", "_ducklake_begin_snapshot", "_ducklake_end_snapshot"};
	}
};

//! How one current table column is read from an inlined table written under
//! an older (or the same) schema version of the table.
struct InlinedColumnSource {
	//! The column as the table has it now
	LakeColumn target;
	//! Its name in the inlined table (empty: the column did not exist then)
	std::string source_name;
	duckdb::LogicalType source_type;
	//! The column as the inlined table stores it (its nested fields' ids: common/nested_remap.hpp)
	LakeColumn source;
	//! Not read by the scan: selected as a NULL of its type
	bool skip = false;
};

//! One inlined insert table and how to read the table's current columns from it.
struct InlinedSource {
	std::string table_name;
	std::vector<InlinedColumnSource> columns;
	//! Every column has its current name, type and nested field ids there (filters can be pushed as they are)
	bool same_schema = true;
	//! Whether a scan needs the row id and begin snapshot columns (if not, they may come back as NULLs)
	bool read_row_id = true;
	bool read_begin_snapshot = true;
};

//! One inlined table of a table and the names of its data columns (for InlinedBacklog's byte estimate).
struct InlinedTableColumnNames {
	std::string table_name;
	std::vector<std::string> columns;
};

//! How much a table's inlined tables hold: every stored row (live, deleted or ended, not yet flushed or expired)
//! and, when asked for, an estimate of their size: the bytes the catalog stores for each value (SqlDialect::StoredSize),
//! summed.
struct InlinedBacklog {
	int64_t rows = 0;
	int64_t bytes = 0;
};

//! The global facts of a lake from ducklake_metadata.
struct LakeMetadata {
	std::string version;
	std::string data_path;
	//! Whether ducklake_metadata has its data_path row (a damaged catalog may lack it)
	bool has_data_path = false;
	//! The lake's id: the uuid of its first schema (main), which lives as long as the lake ("" when missing)
	std::string lake_id;
	std::string created_by;
	//! ducklake_metadata's encrypted: every Parquet file the lake writes is encrypted
	bool encrypted = false;
	std::vector<OptionRecord> options;
};

} // namespace inlake
