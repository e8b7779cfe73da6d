// CatalogReader, the part the change feed reads: every data file, delete file and inlined deletion of a table
// that matters to a range of snapshots, ended ones included.
#include "metadata/sql/catalog_reader.hpp"

#include "metadata/sql/result_row.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/string_util.hpp"

namespace inlake {

static std::vector<DataFileRecord> ReadHistoryFiles(const CatalogRows &rows) {
	std::vector<DataFileRecord> files;
	for (duckdb::idx_t row = 0; row < rows.RowCount(); row++) {
		ResultRow r(rows, row);
		DataFileRecord file;
		file.data_file_id = r.Int(0);
		file.table_id = r.Int(1);
		file.begin_snapshot = r.Int(2);
		file.end_snapshot = r.Int(3, -1);
		file.path = r.String(4);
		file.path_is_relative = r.Bool(5, true);
		file.record_count = r.Int(6, 0);
		file.file_size_bytes = r.Int(7, 0);
		file.footer_size = r.Int(8, 0);
		file.row_id_start = DataFileRowIdStart(rows, row, 9, file.data_file_id, file.path);
		file.partial_max = r.Int(10, -1);
		file.mapping_id = r.Int(11, -1);
		file.encryption_key = r.String(12);
		files.push_back(std::move(file));
	}
	return files;
}

DataFileRecord::DeleteFileRef CatalogReader::DeleteFileRefFrom(const ResultRow &r) {
	DataFileRecord::DeleteFileRef ref;
	ref.delete_file_id = r.Int(1);
	ref.path = r.String(2);
	ref.path_is_relative = r.Bool(3, true);
	ref.delete_count = r.Int(4, 0);
	ref.file_size_bytes = r.Int(5, 0);
	ref.begin_snapshot = r.Int(6, 0);
	ref.partial_max = r.Int(7, -1);
	ref.format = r.IsNull(8) ? std::string("parquet") : r.String(8);
	ref.encryption_key = r.String(9);
	return ref;
}

TableChangeSources CatalogReader::ChangeSources(int64_t table_id, int64_t start_snapshot, int64_t end_snapshot) {
	TableChangeSources sources;
	auto table = SqlInt(table_id), start = SqlInt(start_snapshot), end = SqlInt(end_snapshot);
	sources.files = ReadHistoryFiles(connection.Query(
	    "SELECT data_file_id, table_id, begin_snapshot, end_snapshot, path, path_is_relative, record_count, "
	    "file_size_bytes, footer_size, row_id_start, partial_max, mapping_id, encryption_key FROM " +
	    prefix + "ducklake_data_file WHERE table_id = " + table + " AND begin_snapshot <= " + end +
	    " AND (end_snapshot IS NULL OR end_snapshot >= " + start + ") ORDER BY file_order, data_file_id"));
	if (sources.files.empty()) {
		return sources;
	}
	AttachNameMappings(sources.files);
	auto deletes = connection.Query("SELECT " + std::string(kDeleteFileRefColumns) + " FROM " + prefix +
	                                "ducklake_delete_file WHERE table_id = " + table +
	                                " AND begin_snapshot <= " + end + " ORDER BY begin_snapshot, delete_file_id");
	for (duckdb::idx_t row = 0; row < deletes.RowCount(); row++) {
		ResultRow r(deletes, row);
		sources.delete_files[r.Int(0)].push_back(DeleteFileRefFrom(r));
	}
	sources.inlined_deletes = InlinedDeleteEntries(table_id, end_snapshot);
	auto compacted = connection.Query("SELECT snapshot_id, changes_made FROM " + prefix +
	                                  "ducklake_snapshot_changes WHERE snapshot_id >= " + start +
	                                  " AND snapshot_id <= " + end + " AND changes_made LIKE '%compacted_table:%'");
	auto wanted = "compacted_table:" + std::to_string(table_id);
	for (duckdb::idx_t row = 0; row < compacted.RowCount(); row++) {
		ResultRow r(compacted, row);
		for (auto &entry : duckdb::StringUtil::Split(r.String(1), ',')) {
			if (entry == wanted) {
				sources.compaction_snapshots.insert(r.Int(0));
			}
		}
	}
	return sources;
}

} // namespace inlake
