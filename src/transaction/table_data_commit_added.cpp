// TableDataCommit, the part about files added from outside (ducklake_add_data_files): they are recorded where
// they are, with the name mapping their columns are read through.
#include "transaction/table_data_commit.hpp"

#include "duckdb/common/exception/transaction_exception.hpp"

namespace inlake {

void TableDataCommit::RegisterAddedFile(const AddedFileInfo &added, DataFileRecord &record) {
	record.path = added.stored_path;
	record.path_is_relative = added.path_is_relative;
	auto mapping = added.mapping.get();
	auto known = mapping_ids.find(mapping);
	if (known == mapping_ids.end()) {
		if (!context.next_catalog_id) {
			throw duckdb::InternalException("DuckLake commit: no catalog ids for a name mapping");
		}
		NameMapping written = *mapping;
		written.mapping_id = (*context.next_catalog_id)++;
		written.table_id = table_id;
		context.write.InsertNameMapping(written);
		known = mapping_ids.emplace(mapping, written.mapping_id).first;
	}
	record.mapping_id = known->second;
}

void TableDataCommit::CheckAddedFilesAreNew() {
	if (is_new_table || context.base_snapshot_id == context.snapshot_id - 1) {
		return; // nobody committed since the transaction's snapshot, against which the call checked its files
	}
	std::vector<std::string> paths;
	for (size_t i = 0; i < changes.new_file_added.size(); i++) {
		if (changes.new_file_added[i]) {
			paths.push_back(changes.new_file_added[i]->stored_path);
		}
	}
	if (paths.empty()) {
		return;
	}
	auto existing = context.write.FindLiveDataFilesByPath(table_id, paths);
	if (!existing.empty()) {
		Conflict("the file \"" + existing[0].path + "\" this transaction adds was added");
	}
}

} // namespace inlake
