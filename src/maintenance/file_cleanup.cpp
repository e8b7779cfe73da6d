#include "maintenance/file_cleanup.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_data_path.hpp"
#include "common/file_removal.hpp"
#include "common/lake_paths.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"

namespace inlake {

//! Whether cleanup may remove the file at `path` (a scheduled file's full path): only a file named like the
//! lake's own that lies under its data path (compared canonically) is ever removed; a damaged or foreign row
//! naming anything else loses its row but never the file.
static bool IsLakeOwnFile(const std::string &path, const std::string &data_path, const std::string &canonical_root) {
	if (!IsLakeFileName(path)) {
		return false;
	}
	if (IsUrlPath(data_path)) {
		return duckdb::StringUtil::StartsWith(path, data_path) && path.find("/../") == std::string::npos;
	}
	return PathIsUnder(CanonicalLocalPath(path), canonical_root);
}

std::vector<std::string> CleanupOldFiles(duckdb::ClientContext &context, LakeCatalog &catalog,
                                         const CleanupRequest &request) {
	catalog.CheckDataPathForFiles("clean up files");
	auto write = catalog.Store().BeginWrite();
	auto files = write->GetScheduledFiles(request.cleanup_all, request.older_than);
	auto &data_path = catalog.DataPath();
	auto canonical_root = IsUrlPath(data_path) ? data_path : CanonicalLocalPath(data_path);
	std::vector<std::string> paths;
	for (auto &file : files) {
		auto path = LexicallyNormal(ResolveLakePath(data_path, file.path, file.path_is_relative));
		if (IsLakeOwnFile(path, data_path, canonical_root)) {
			paths.push_back(path);
		}
	}
	if (request.dry_run || files.empty()) {
		write->Rollback();
		return paths;
	}
	// delete from storage first: if the catalog commit then fails, the rows stay and a later
	// cleanup retries (a missing file is not an error), but no file is ever leaked
	RemoveFiles(duckdb::FileSystem::GetFileSystem(context), paths);
	write->RemoveScheduledFiles(files);
	write->Commit();
	return paths;
}

} // namespace inlake
