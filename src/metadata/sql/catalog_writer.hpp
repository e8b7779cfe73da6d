//===----------------------------------------------------------------------===//
// CatalogWriter: the catalog writes of a lake commit or a flush that run at
// once inside the catalog transaction (later steps of the commit read what
// they wrote): inlined data and deletion tables, delete files, table
// statistics. Written once for every backend; the dialect gives the column
// types. A backend may replace one of them by a faster path of its own.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"
#include "metadata/metadata_store.hpp"
#include "metadata/sql/catalog_connection.hpp"

#include <string>
#include <vector>

namespace inlake {

class CatalogWriter {
public:
	//! `prefix` qualifies the catalog tables' names
	CatalogWriter(CatalogConnection &connection, std::string prefix)
	    : connection(connection), prefix(std::move(prefix)) {
	}

	//! Creates the catalog tables of a new lake with snapshot 0 and schema main (in the caller's transaction).
	void CreateCatalog(const StoreInitOptions &options);
	//! Creates ducklake_inlined_data_<table>_<version> with the dialect's column types and registers it.
	void CreateInlinedTable(const InlinedTableRecord &table, const std::vector<LakeColumn> &columns,
	                        const InlinedColumnNames &names);
	//! See MetadataWriteTxn::EndInlinedRows
	int64_t EndInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names,
	                       const std::vector<int64_t> &row_ids, int64_t end_snapshot, int64_t visible_at);
	//! Removes the rows inserted at or before `snapshot_id`
	void DeleteInlinedRowsUpTo(const std::string &inlined_table, const InlinedColumnNames &names, int64_t snapshot_id);
	void DropInlinedTable(const InlinedTableRecord &table);
	//! Registers a delete file, ending the data file's delete files still visible from its begin snapshot on.
	void InsertDeleteFile(const DeleteFileRecord &file);
	void AppendInlinedDeletes(int64_t table_id, const std::vector<InlinedDeleteRecord> &deletes, int64_t snapshot_id);
	void DeleteInlinedDeletesUpTo(int64_t table_id, int64_t data_file_id, int64_t snapshot_id);
	//! Replaces the table's stats rows (`exists`: it has them already) by `stats`. `previous`: the table's column
	//! stats rows as the catalog holds them (read in this transaction; null: not known): rows equal to them stay,
	//! rows of the same columns are updated where they changed.
	void WriteTableStats(const TableStatsRecord &stats, bool exists, const TableStatsRecord *previous = nullptr);

private:
	//! Updates the column stats rows of `stats` that differ from `previous`'s (rows of the same columns)
	void UpdateChangedColumnStats(const TableStatsRecord &stats, const TableStatsRecord &previous);

	CatalogConnection &connection;
	std::string prefix;
};

} // namespace inlake
