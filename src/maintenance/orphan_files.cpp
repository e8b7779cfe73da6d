#include "maintenance/orphan_files.hpp"

#include "catalog/lake_catalog.hpp"
#include "common/lake_paths.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/interval.hpp"
#include "duckdb/main/client_context.hpp"

#include <set>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

//! Every file the catalog names, as full paths.
std::set<std::string> CatalogPaths(LakeCatalog &catalog) {
	std::set<std::string> paths;
	auto &data_path = catalog.DataPath();
	for (auto &file : catalog.Store().ListAllFiles()) {
		bool relative;
		auto path = file.PathInDataPath(relative);
		paths.insert(ResolveLakePath(data_path, path, relative));
	}
	for (auto &file : catalog.Store().ListScheduledFiles()) {
		paths.insert(ResolveLakePath(data_path, file.path, file.path_is_relative));
	}
	return paths;
}

//! The youngest a file may be and still be removed: the setting ducklake_orphaned_file_min_age before now.
timestamp_tz_t SafeCutoff(ClientContext &context) {
	Value setting;
	interval_t min_age = interval_t {0, 0, Interval::MICROS_PER_HOUR};
	if (context.TryGetCurrentSetting("ducklake_orphaned_file_min_age", setting) && !setting.IsNull()) {
		min_age = setting.GetValue<interval_t>();
	}
	auto now = Timestamp::GetCurrentTimestamp();
	return timestamp_tz_t(Interval::Add(now, Interval::Invert(min_age)));
}

bool IsLakeFileName(const std::string &path) {
	auto slash = path.find_last_of('/');
	auto name = slash == std::string::npos ? path : path.substr(slash + 1);
	return StringUtil::StartsWith(name, "ducklake-") && StringUtil::EndsWith(name, ".parquet");
}

} // namespace

std::vector<std::string> DeleteOrphanedFiles(ClientContext &context, LakeCatalog &catalog,
                                             const CleanupRequest &request) {
	auto &fs = FileSystem::GetFileSystem(context);
	auto cutoff = SafeCutoff(context);
	if (!request.cleanup_all && request.older_than < cutoff) {
		cutoff = request.older_than;
	}
	// the files on disk are listed before the catalog is read: a file committed in between is then known
	auto on_disk = fs.Glob(catalog.DataPath() + "**/*.parquet");
	auto referenced = CatalogPaths(catalog);
	std::vector<std::string> orphans;
	for (auto &entry : on_disk) {
		auto &path = entry.path;
		if (!IsLakeFileName(path) || referenced.count(path)) {
			continue;
		}
		auto handle = fs.OpenFile(path, FileFlags::FILE_FLAGS_READ | FileFlags::FILE_FLAGS_NULL_IF_NOT_EXISTS);
		if (!handle) {
			continue; // removed meanwhile
		}
		auto modified = fs.GetLastModifiedTime(*handle);
		handle.reset();
		if (modified >= timestamp_t(cutoff.value)) {
			continue;
		}
		orphans.push_back(path);
	}
	if (!request.dry_run) {
		for (auto &path : orphans) {
			fs.TryRemoveFile(path);
		}
	}
	return orphans;
}

} // namespace inlake
