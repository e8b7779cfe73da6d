// LakeCatalog, the data path part: where a new lake's files go, which folder an existing lake's recorded data
// path names, and the check that a folder is this lake's before files are written into it or removed from it
// (see lake_data_path.hpp).
#include "catalog/lake_catalog.hpp"

#include "common/lake_paths.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/main/attached_database.hpp"

#include <algorithm>

namespace inlake {
using duckdb::FileSystem;

DataPathOrigin LakeCatalog::Origin() {
	DataPathOrigin origin;
	try {
		origin.working_folder = WithTrailingSlash(FileSystem::GetWorkingDirectory());
	} catch (std::exception &) { // NOLINT: gone; only a relative path needs it, and then says so
	}
	auto &catalog_path = options.metadata_path;
	bool catalog_file = options.backend != CatalogBackend::POSTGRES && !catalog_path.empty() &&
	                    catalog_path != ":memory:" && !IsUrlPath(catalog_path);
	if (catalog_file) {
		auto &fs = FileSystem::GetFileSystem(GetDatabase());
		auto expanded = WithoutFileScheme(fs.ExpandPath(catalog_path));
		if (!expanded.empty() && (expanded[0] == '/' || !origin.working_folder.empty())) {
			origin.catalog_folder = ParentFolder(AbsoluteLocalPath(expanded, origin.working_folder));
		}
	}
	return origin;
}

std::string LakeCatalog::PrepareNewDataPath(std::string &recorded) {
	auto &fs = FileSystem::GetFileSystem(GetDatabase());
	auto given = options.data_path.empty() ? store->DefaultDataPath() : options.data_path;
	if (given.empty()) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": a new lake on this catalog database "
		                                    "needs a DATA_PATH (the folder or URL of its data files)",
		                                    options.lake_name);
	}
	auto chosen = ChooseNewDataPath(fs.ExpandPath(given), Origin());
	recorded = chosen.recorded;
	if (IsUrlPath(chosen.location)) {
		return chosen.location;
	}
	auto taken = WhyDataPathIsTaken(fs, chosen.location);
	if (!taken.empty()) {
		throw duckdb::InvalidInputException(
		    "Cannot attach DuckLake \"%s\": the data path \"%s\" cannot hold a new lake: %s. Give a DATA_PATH of its "
		    "own to each lake; the catalog \"%s\" was left as it was",
		    options.lake_name, chosen.location, taken, store->DisplayName());
	}
	CreateDataPath(chosen.location);
	return chosen.location;
}

std::string LakeCatalog::ResolveDataPath(const LakeMetadata &metadata) {
	auto &fs = FileSystem::GetFileSystem(GetDatabase());
	auto origin = Origin();
	if (!metadata.has_data_path || metadata.data_path.empty()) {
		if (options.data_path.empty() || !options.override_data_path) {
			throw duckdb::IOException("Cannot attach DuckLake \"%s\": its catalog (%s) is damaged: ducklake_metadata "
			                          "has no data_path, so where its files are is unknown; DATA_PATH with "
			                          "OVERRIDE_DATA_PATH true reads them from a folder you name (read-only)",
			                          options.lake_name, store->DisplayName());
		}
		data_path_overridden = true;
		return ChooseNewDataPath(fs.ExpandPath(options.data_path), origin).location;
	}
	auto candidates =
	    RecordedDataPathCandidates(fs.ExpandPath(metadata.data_path), origin, MadeWithMarkers(metadata.created_by));
	if (!options.data_path.empty()) {
		auto given = ChooseNewDataPath(fs.ExpandPath(options.data_path), origin).location;
		if (std::find(candidates.begin(), candidates.end(), given) != candidates.end()) {
			return given;
		}
		if (!options.override_data_path) {
			throw duckdb::InvalidInputException(
			    "Cannot attach DuckLake \"%s\": DATA_PATH \"%s\" is not the data path \"%s\" the lake records; leave "
			    "DATA_PATH out, or give OVERRIDE_DATA_PATH true to read the lake's files from \"%s\" in this "
			    "session (read-only)",
			    options.lake_name, options.data_path, metadata.data_path, options.data_path);
		}
		data_path_overridden = true;
		return given;
	}
	if (candidates.size() == 1) {
		return candidates[0];
	}
	// a relative path of an older lake: the candidate holding this lake's marker, else the first that exists
	for (auto &candidate : candidates) {
		if (!metadata.lake_id.empty() && ReadMarker(fs, candidate, metadata.lake_id) == metadata.lake_id) {
			return candidate;
		}
	}
	for (auto &candidate : candidates) {
		if (fs.DirectoryExists(candidate)) {
			return candidate;
		}
	}
	return candidates[0];
}

//! Whether the lake's files are in `folder`: found when one of the first few it names relative to its data path
//! is there, none when it names no such file.
enum class LakeFilesFound { FOUND, NONE_NAMED, MISSING };

static LakeFilesFound FindLakeFiles(FileSystem &fs, MetadataStore &store, const std::string &folder) {
	int checked = 0;
	for (auto &file : store.ListAllFiles()) {
		bool relative;
		auto path = file.PathInDataPath(relative);
		if (!relative) {
			continue;
		}
		if (fs.FileExists(folder + path)) {
			return LakeFilesFound::FOUND;
		}
		if (++checked == 3) {
			break;
		}
	}
	return checked == 0 ? LakeFilesFound::NONE_NAMED : LakeFilesFound::MISSING;
}

void LakeCatalog::CheckDataPathForFiles(const std::string &what) {
	if (IsUrlPath(data_path)) {
		return;
	}
	std::lock_guard<std::mutex> guard(data_path_lock);
	auto &fs = FileSystem::GetFileSystem(GetDatabase());
	// once checked, one look per statement that writes files: the marker is still there (the folder was not moved
	// away meanwhile, to be made anew by the next write)
	if (data_path_checked && fs.DirectoryExists(lake_id.empty() ? data_path : data_path + kMarkerPrefix + lake_id)) {
		return;
	}
	data_path_checked = false;
	if (!fs.DirectoryExists(data_path)) {
		throw duckdb::IOException("Cannot %s: the data path \"%s\" of lake \"%s\" does not exist (was the lake "
		                          "moved, or is a disk missing?); nothing was written",
		                          what, data_path, GetName());
	}
	auto marker = ReadMarker(fs, data_path, lake_id);
	if (!marker.empty() && marker != lake_id) {
		throw duckdb::IOException("Cannot %s: the data path \"%s\" of lake \"%s\" holds another lake's files (its "
		                          "marker %s%s names another lake than this one, %s); nothing was written",
		                          what, data_path, GetName(), kMarkerPrefix, marker, lake_id);
	}
	if (marker.empty()) {
		// no marker (a lake made by another writer, or before markers): the folder must hold the lake's files, or,
		// when the lake names none, nobody's
		auto found = FindLakeFiles(fs, *store, data_path);
		auto foreign = found == LakeFilesFound::NONE_NAMED ? WhyFolderHoldsLakeContent(fs, data_path) : "";
		if (found == LakeFilesFound::MISSING || !foreign.empty()) {
			throw duckdb::IOException("Cannot %s: the data path \"%s\" of lake \"%s\" is not the lake's: %s "
			                          "(attached from another folder than the one it was made in?); nothing was "
			                          "written",
			                          what, data_path, GetName(),
			                          foreign.empty() ? "the files the lake names are not there" : foreign);
		}
		bool writable = !options.read_only && options.snapshot_version < 0 && !data_path_overridden;
		if (!lake_id.empty() && writable) {
			WriteMarker(fs, data_path, lake_id);
		}
	}
	data_path_checked = true;
}

void LakeCatalog::CheckFoldersBelowDataPath(const std::string &folder) {
	if (IsUrlPath(data_path) || !PathIsUnder(folder, data_path)) {
		return;
	}
	auto &fs = FileSystem::GetFileSystem(GetDatabase());
	std::lock_guard<std::mutex> guard(data_path_lock);
	for (auto slash = folder.find('/', data_path.size()); slash != std::string::npos;
	     slash = folder.find('/', slash + 1)) {
		auto below = folder.substr(0, slash + 1);
		if (checked_folders.count(below)) {
			continue;
		}
		auto marker = fs.DirectoryExists(below) ? ReadMarker(fs, below, lake_id) : std::string();
		if (!marker.empty() && marker != lake_id) {
			throw duckdb::IOException("Cannot write data files: the folder \"%s\" of lake \"%s\" is the data path of "
			                          "another lake (its marker %s%s); nothing was written",
			                          below, GetName(), kMarkerPrefix, marker);
		}
		checked_folders.insert(below);
	}
}

std::string LakeCatalog::CheckedWriteFolder(const std::string &folder) {
	CheckDataPathForFiles("write data files");
	CheckFoldersBelowDataPath(folder);
	return folder;
}

} // namespace inlake
