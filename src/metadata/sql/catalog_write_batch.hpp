//===----------------------------------------------------------------------===//
// CatalogWriteBatch: the catalog rows and statements one lake commit writes
// to the spec's fixed tables, built from typed records once for every backend.
//
// The commit logic fills it while it runs; the backend applies it at the end,
// in this order: the UPDATEs that end rows (they must not touch rows this
// commit inserts), the staged rows table by table (a backend may append them
// through a faster path than INSERT; InsertStagedRows is the portable one),
// the other statements, then the snapshot and snapshot-changes rows.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"
#include "metadata/sql/catalog_connection.hpp"

#include "duckdb/common/types/value.hpp"

#include <string>
#include <utility>
#include <vector>

namespace inlake {

class CatalogWriteBatch {
public:
	using Row = std::vector<duckdb::Value>;
	using TableRows = std::pair<std::string, std::vector<Row>>;

	//! `prefix` qualifies the catalog tables' names
	explicit CatalogWriteBatch(std::string prefix) : prefix(std::move(prefix)) {
	}

	//! `snapshot_time` is the time the snapshot row records
	void InsertSnapshot(const SnapshotRecord &snapshot, duckdb::timestamp_tz_t snapshot_time,
	                    const SnapshotChangesRecord &changes);
	void InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot);
	void EndSchema(int64_t schema_id, int64_t end_snapshot);
	//! The table row, a row per column (nested fields included) and the comments (ducklake_tag,
	//! ducklake_column_tag rows with key "comment")
	void InsertTable(const TableRecord &table, int64_t begin_snapshot);
	//! The view row and its comment; ending it ends both
	void InsertView(const ViewRecord &view, int64_t begin_snapshot);
	void EndView(int64_t view_id, int64_t end_snapshot);
	//! The macro row, its implementations and their parameters
	void InsertMacro(const MacroRecord &macro, int64_t begin_snapshot);
	void EndMacro(int64_t macro_id, int64_t end_snapshot);
	//! Ends the table's rows, its columns' and its comments'
	void EndTable(int64_t table_id, int64_t end_snapshot);
	//! The data file row and its column statistics
	void InsertDataFile(const DataFileRecord &file);
	void EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot);
	void EndDataFiles(int64_t table_id, const std::vector<int64_t> &data_file_ids, int64_t end_snapshot);
	//! The ducklake_column_mapping row (map_by_name) and the ducklake_name_mapping rows of a mapping
	void InsertNameMapping(const NameMapping &mapping);
	void RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id);
	void WriteSortOrder(int64_t table_id, int64_t sort_id, const std::vector<TableRecord::SortKey> &sort_keys,
	                    int64_t snapshot_id);
	void WritePartitionSpec(int64_t table_id, const PartitionSpec &spec, int64_t snapshot_id, bool superseded);
	void WriteOption(const OptionRecord &option, bool remove);

	void InsertComments(const TableRecord &table, int64_t begin_snapshot);
	//! One row of a catalog table: its columns' values in order (trailing ones left out are NULL)
	void Stage(const std::string &table, Row row);
	void AddEndStatement(std::string sql) {
		end_statements.push_back(std::move(sql));
	}
	void AddStatement(std::string sql) {
		statements.push_back(std::move(sql));
	}

	const std::vector<std::string> &EndStatements() const {
		return end_statements;
	}
	const std::vector<TableRows> &StagedRows() const {
		return staged_rows;
	}
	const std::vector<std::string> &Statements() const {
		return statements;
	}
	bool HasSnapshot() const {
		return !snapshot_row.empty();
	}
	const Row &SnapshotRow() const {
		return snapshot_row;
	}
	const Row &ChangesRow() const {
		return changes_row;
	}

private:
	std::string prefix;
	std::vector<std::string> end_statements;
	//! catalog table name -> rows, in staging order
	std::vector<TableRows> staged_rows;
	std::vector<std::string> statements;
	Row snapshot_row;
	Row changes_row;
};

//! Writes rows of one catalog table with INSERT statements, values as the connection's dialect writes them.
void InsertStagedRows(CatalogConnection &connection, const std::string &prefix, const std::string &table,
                      const std::vector<CatalogWriteBatch::Row> &rows);

//! Whether min/max bounds are recorded: not when absent, nor when they hold chr(0) (PostgreSQL's text cannot hold
//! it; unknown bounds only cost pruning).
bool BoundsStorable(bool has_min_max, const std::string &min_value, const std::string &max_value);

} // namespace inlake
