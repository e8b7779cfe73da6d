#include "maintenance/orphan_files.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_data_path.hpp"
#include "common/file_removal.hpp"
#include "common/lake_paths.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/interval.hpp"
#include "duckdb/main/client_context.hpp"

#include <set>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

//! How the sweep spells the paths it compares: a local data path's canonical folder and its spelling in the
//! catalog (DataPath), so that a catalog path under the one maps into the other.
struct SweepRoot {
	std::string lake_path;
	std::string canonical;
	bool remote;

	std::string Spell(const std::string &path) const {
		if (remote) {
			return path;
		}
		auto normal = LexicallyNormal(path);
		if (PathIsUnder(normal, lake_path)) {
			return canonical + normal.substr(lake_path.size());
		}
		return CanonicalLocalPath(normal);
	}
};

//! Every file the catalog names, spelled as the sweep compares them.
std::set<std::string> CatalogPaths(LakeCatalog &catalog, const SweepRoot &root) {
	std::set<std::string> paths;
	auto &data_path = catalog.DataPath();
	for (auto &file : catalog.Store().ListAllFiles()) {
		bool relative;
		auto path = file.PathInDataPath(relative);
		paths.insert(root.Spell(ResolveLakePath(data_path, path, relative)));
	}
	for (auto &file : catalog.Store().ListScheduledFiles()) {
		paths.insert(root.Spell(ResolveLakePath(data_path, file.path, file.path_is_relative)));
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

//! The lake-named files below the canonical local `folder`, leaving out links (a path that is not its own
//! canonical spelling) and folders that hold another lake's marker (a lake nested in this one's data path).
void CollectLocalFiles(FileSystem &fs, const std::string &folder, const std::string &lake_id,
                       std::vector<OpenFileInfo> &files) {
	std::vector<std::string> subfolders;
	std::vector<OpenFileInfo> found;
	bool another_lake = false;
	fs.ListFiles(folder, [&](const std::string &name, bool is_dir) {
		auto path = folder + name;
		auto marked = MarkedLakeId(name, is_dir);
		if (!marked.empty()) {
			another_lake = another_lake || marked != lake_id;
		} else if (is_dir) {
			subfolders.push_back(path + "/");
		} else if (IsLakeFileName(name) && CanonicalLocalPath(path) == path) {
			found.emplace_back(path);
		}
	});
	if (another_lake) {
		return;
	}
	files.insert(files.end(), found.begin(), found.end());
	for (auto &subfolder : subfolders) {
		if (CanonicalLocalPath(subfolder) == subfolder) {
			CollectLocalFiles(fs, subfolder, lake_id, files);
		}
	}
}

//! The lake-named files under a URL data path, through the file system's glob of it (object storage lists each
//! file's modification time with it).
std::vector<OpenFileInfo> CollectRemoteFiles(FileSystem &fs, const std::string &data_path, const std::string &lake) {
	if (FileSystem::HasGlob(data_path)) {
		throw NotImplementedException("Cannot look for orphaned files of lake \"%s\": its data path \"%s\" holds "
		                              "glob characters (*, ?, [), so listing it could name files of other folders",
		                              lake, data_path);
	}
	std::vector<OpenFileInfo> files;
	// one listing for data files, Parquet delete files and Puffin deletion vectors alike
	for (auto &entry : fs.Glob(data_path + "**/ducklake-*")) {
		if (StringUtil::StartsWith(entry.path, data_path) && IsLakeFileName(entry.path)) {
			files.push_back(entry);
		}
	}
	return files;
}

//! Whether the file was last modified before `cutoff`: by the time its listing gave, else by asking storage (a
//! file removed meanwhile is not older)
bool OlderThan(FileSystem &fs, const OpenFileInfo &file, timestamp_tz_t cutoff) {
	if (file.extended_info) {
		auto listed = file.extended_info->options.find("last_modified");
		if (listed != file.extended_info->options.end() && !listed->second.IsNull()) {
			return listed->second.GetValue<timestamp_t>() < timestamp_t(cutoff.value);
		}
	}
	auto handle = fs.OpenFile(file.path, FileFlags::FILE_FLAGS_READ | FileFlags::FILE_FLAGS_NULL_IF_NOT_EXISTS);
	if (!handle) {
		return false; // removed meanwhile
	}
	return fs.GetLastModifiedTime(*handle) < timestamp_t(cutoff.value);
}

} // namespace

std::vector<std::string> DeleteOrphanedFiles(ClientContext &context, LakeCatalog &catalog,
                                             const CleanupRequest &request) {
	catalog.CheckDataPathForFiles("delete orphaned files");
	auto &fs = FileSystem::GetFileSystem(context);
	auto cutoff = SafeCutoff(context);
	if (!request.cleanup_all && request.older_than < cutoff) {
		cutoff = request.older_than;
	}
	SweepRoot root;
	root.lake_path = catalog.DataPath();
	root.remote = IsUrlPath(root.lake_path);
	root.canonical = root.remote ? root.lake_path : CanonicalLocalPath(root.lake_path);
	// the files on disk are listed before the catalog is read: a file committed in between is then known
	std::vector<OpenFileInfo> on_disk;
	if (root.remote) {
		on_disk = CollectRemoteFiles(fs, root.lake_path, catalog.GetName());
	} else {
		CollectLocalFiles(fs, root.canonical, catalog.LakeId(), on_disk);
	}
	auto referenced = CatalogPaths(catalog, root);
	std::vector<std::string> orphans;
	for (auto &file : on_disk) {
		if (!PathIsUnder(file.path, root.canonical) || referenced.count(file.path) || !OlderThan(fs, file, cutoff)) {
			continue;
		}
		orphans.push_back(file.path);
	}
	if (!request.dry_run) {
		RemoveFiles(fs, orphans);
	}
	return orphans;
}

} // namespace inlake
