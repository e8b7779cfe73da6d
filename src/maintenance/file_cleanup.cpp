#include "maintenance/file_cleanup.hpp"
#include "common/lake_paths.hpp"

#include "catalog/lake_catalog.hpp"

#include "duckdb/common/file_system.hpp"

namespace inlake {

std::vector<std::string> CleanupOldFiles(duckdb::ClientContext &context, LakeCatalog &catalog,
                                         const CleanupRequest &request) {
	catalog.CheckDataPathForFiles("clean up files");
	auto write = catalog.Store().BeginWrite();
	auto files = write->GetScheduledFiles(request.cleanup_all, request.older_than);
	std::vector<std::string> paths;
	for (auto &file : files) {
		paths.push_back(ResolveLakePath(catalog.DataPath(), file.path, file.path_is_relative));
	}
	if (request.dry_run || files.empty()) {
		write->Rollback();
		return paths;
	}
	// delete from storage first: if the catalog commit then fails, the rows stay and a later
	// cleanup retries (a missing file is not an error), but no file is ever leaked
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	for (auto &path : paths) {
		fs.TryRemoveFile(path);
	}
	write->RemoveScheduledFiles(files);
	write->Commit();
	return paths;
}

} // namespace inlake
