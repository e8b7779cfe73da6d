#include "catalog/lake_data_path.hpp"

#include "common/lake_paths.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"

#include <algorithm>
#include <cstring>
#include <functional>

namespace inlake {
using duckdb::FileFlags;
using duckdb::FileSystem;

const char *const kMarkerPrefix = ".inlake-lake-";
const char *const kCreatedByWithMarkers = "inlake 0.2.0";
//! How many entries WhyDataPathIsTaken looks at below a folder before it gives up (and refuses the folder)
static const size_t kMaxEntriesChecked = 200000;

bool MadeWithMarkers(const std::string &created_by) {
	return duckdb::StringUtil::StartsWith(created_by, "inlake ") && created_by != "inlake 0.1.0";
}

//! `path` made absolute from the working directory; an error when that is needed and gone.
static std::string FromWorkingFolder(const std::string &path, const DataPathOrigin &origin) {
	auto local = WithoutFileScheme(path);
	if (origin.working_folder.empty() && (local.empty() || local[0] != '/')) {
		throw duckdb::IOException("The relative path \"%s\" cannot be resolved: the working directory no longer "
		                          "exists",
		                          path);
	}
	return WithTrailingSlash(AbsoluteLocalPath(local, origin.working_folder));
}

NewDataPath ChooseNewDataPath(const std::string &given, const DataPathOrigin &origin) {
	NewDataPath result;
	if (IsUrlPath(given)) {
		result.location = result.recorded = WithTrailingSlash(given);
		return result;
	}
	result.location = FromWorkingFolder(given, origin);
	auto &catalog_folder = origin.catalog_folder;
	bool inside = !catalog_folder.empty() && result.location.size() > catalog_folder.size() &&
	              PathIsUnder(result.location, catalog_folder);
	result.recorded = inside ? result.location.substr(catalog_folder.size()) : result.location;
	return result;
}

std::vector<std::string> RecordedDataPathCandidates(const std::string &recorded_p, const DataPathOrigin &origin,
                                                    bool catalog_relative_only) {
	auto recorded = WithoutFileScheme(recorded_p);
	if (IsUrlPath(recorded)) {
		return {WithTrailingSlash(recorded)};
	}
	if (!recorded.empty() && recorded[0] == '/') {
		return {WithTrailingSlash(LexicallyNormal(recorded))};
	}
	std::vector<std::string> candidates;
	if (!origin.catalog_folder.empty()) {
		candidates.push_back(WithTrailingSlash(AbsoluteLocalPath(recorded, origin.catalog_folder)));
		if (catalog_relative_only) {
			return candidates;
		}
	}
	auto from_working = FromWorkingFolder(recorded, origin);
	if (candidates.empty() || candidates[0] != from_working) {
		candidates.push_back(from_working);
	}
	return candidates;
}

std::string MarkedLakeId(const std::string &name, bool is_dir) {
	if (!is_dir || !duckdb::StringUtil::StartsWith(name, kMarkerPrefix)) {
		return std::string();
	}
	return name.substr(strlen(kMarkerPrefix));
}

std::string ReadMarker(FileSystem &fs, const std::string &folder, const std::string &own_id) {
	std::string found;
	fs.ListFiles(folder, [&](const std::string &name, bool is_dir) {
		auto id = MarkedLakeId(name, is_dir);
		if (!id.empty() && (found.empty() || found == own_id)) {
			found = id;
		}
	});
	return found;
}

std::string WriteMarker(FileSystem &fs, const std::string &folder, const std::string &lake_id) {
	auto marker = folder + kMarkerPrefix + lake_id;
	fs.CreateDirectory(marker);
	return marker;
}

bool IsLakeFileName(const std::string &path) {
	auto name = path.substr(path.find_last_of('/') + 1);
	return duckdb::StringUtil::StartsWith(name, "ducklake-") &&
	       (duckdb::StringUtil::EndsWith(name, ".parquet") || duckdb::StringUtil::EndsWith(name, ".puffin"));
}

//! The first lake marker or data file below `folder` ("" when none), or a refusal once too many entries were seen.
static std::string FindLakeContent(FileSystem &fs, const std::string &folder, size_t &entries) {
	std::vector<std::string> subfolders;
	std::string found;
	fs.ListFiles(folder, [&](const std::string &name, bool is_dir) {
		entries++;
		if (!found.empty()) {
			return;
		}
		if (!MarkedLakeId(name, is_dir).empty()) {
			found = "it holds another lake's marker " + folder + name;
		} else if (is_dir) {
			auto subfolder = folder + name + "/";
			if (CanonicalLocalPath(subfolder) == CanonicalLocalPath(folder) + name + "/") {
				subfolders.push_back(subfolder); // not a link to a folder elsewhere
			}
		} else if (IsLakeFileName(name)) {
			found = "it holds DuckLake data files (" + folder + name + ")";
		}
	});
	for (auto &subfolder : subfolders) {
		if (!found.empty()) {
			break;
		}
		if (entries > kMaxEntriesChecked) {
			return "it holds more than " + std::to_string(kMaxEntriesChecked) +
			       " files and folders, too many to check that none is another lake's; choose an empty or new folder";
		}
		found = FindLakeContent(fs, subfolder, entries);
	}
	return found;
}

//! Why a folder above `folder` is another lake's data path ("" when none is).
static std::string WhyInsideALake(FileSystem &fs, const std::string &folder) {
	for (auto parent = ParentFolder(folder.substr(0, folder.size() - 1)); !parent.empty();
	     parent = ParentFolder(parent.substr(0, parent.size() - 1))) {
		if (fs.DirectoryExists(parent) && !ReadMarker(fs, parent, std::string()).empty()) {
			return "it lies inside the data path " + parent + " of another lake";
		}
	}
	return std::string();
}

std::string WhyFolderHoldsLakeContent(FileSystem &fs, const std::string &folder) {
	if (IsUrlPath(folder) || !fs.DirectoryExists(folder)) {
		return std::string();
	}
	size_t entries = 0;
	return FindLakeContent(fs, folder, entries);
}

std::string WhyDataPathIsTaken(FileSystem &fs, const std::string &folder) {
	if (IsUrlPath(folder)) {
		return std::string();
	}
	auto inside = WhyInsideALake(fs, folder);
	auto canonical = CanonicalLocalPath(folder);
	if (inside.empty() && canonical != folder) {
		inside = WhyInsideALake(fs, canonical);
	}
	return inside.empty() ? WhyFolderHoldsLakeContent(fs, folder) : inside;
}

void CreateFolders(FileSystem &fs, const std::string &path, std::string &outermost) {
	outermost.clear();
	for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1)) {
		auto folder = path.substr(0, slash + 1);
		if (fs.DirectoryExists(folder)) {
			continue;
		}
		if (outermost.empty()) {
			outermost = folder;
		}
		fs.CreateDirectory(folder);
	}
}

} // namespace inlake
