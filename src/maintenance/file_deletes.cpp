#include "maintenance/file_deletes.hpp"

#include "catalog/lake_catalog.hpp"
#include "common/lake_paths.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/client_context.hpp"

#include <algorithm>

namespace inlake {

void MergeEarliestDelete(std::map<int64_t, int64_t> &deletes, int64_t position, int64_t snapshot) {
	auto entry = deletes.emplace(position, snapshot);
	if (!entry.second) {
		entry.first->second = std::min(entry.first->second, snapshot);
	}
}

std::map<int64_t, int64_t> DeleteFileDeletes(duckdb::ClientContext &context, LakeTransaction &transaction,
                                             const DataFileRecord &file, const std::string &table_path) {
	std::map<int64_t, int64_t> result;
	if (file.delete_file.delete_file_id < 0) {
		return result;
	}
	auto &store = transaction.GetCatalog().Store();
	for (auto &ref : store.LoadDeleteFileHistory(file.data_file_id, transaction.Snapshot().snapshot_id)) {
		auto path = ResolveLakePath(table_path, ref.path, ref.path_is_relative);
		for (auto &entry : ReadDeletePositionsWithSnapshots(*context.db, path, ref)) {
			MergeEarliestDelete(result, entry.first, entry.second);
		}
	}
	return result;
}

} // namespace inlake
