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
	origin.working_folder = WithTrailingSlash(FileSystem::GetWorkingDirectory());
	auto &catalog_path = options.metadata_path;
	bool catalog_file = options.backend != CatalogBackend::POSTGRES && !catalog_path.empty() &&
	                    catalog_path != ":memory:" && !IsUrlPath(catalog_path);
	if (catalog_file) {
		auto &fs = FileSystem::GetFileSystem(GetDatabase());
		origin.catalog_folder = ParentFolder(AbsoluteLocalPath(fs.ExpandPath(catalog_path), origin.working_folder));
	}
	return origin;
}

std::string LakeCatalog::PrepareNewDataPath() {
	auto &fs = FileSystem::GetFileSystem(GetDatabase());
	auto given = options.data_path.empty() ? store->DefaultDataPath() : options.data_path;
	if (given.empty()) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": a new lake on this catalog database "
		                                    "needs a DATA_PATH (the folder or URL of its data files)",
		                                    options.lake_name);
	}
	auto chosen = ChooseNewDataPath(fs.ExpandPath(given), Origin());
	if (IsUrlPath(chosen.location)) {
		return chosen.recorded;
	}
	auto taken = WhyDataPathIsTaken(fs, chosen.location);
	if (!taken.empty()) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": the data path \"%s\" cannot hold a new "
		                                    "lake: %s. Give a DATA_PATH of its own to each lake; the catalog \"%s\" "
		                                    "was left as it was",
		                                    options.lake_name, chosen.location, taken, store->DisplayName());
	}
	CreateDataPath(chosen.location);
	created_marker = WriteMarker(fs, chosen.location, lake_id);
	return chosen.recorded;
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
	auto candidates = RecordedDataPathCandidates(fs.ExpandPath(metadata.data_path), origin);
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
	if (candidates.size() == 1 || IsUrlPath(candidates[0])) {
		return candidates[0];
	}
	// a relative path: the candidate holding this lake's marker, else the first that exists
	for (auto &candidate : candidates) {
		if (!lake_id.empty() && ReadMarker(fs, candidate, lake_id) == lake_id) {
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

//! Whether the lake's files are in `folder`: true when the lake names no file relative to its data path, or one
//! of the first few it names is there.
static bool HoldsLakeFiles(FileSystem &fs, MetadataStore &store, const std::string &folder) {
	int checked = 0;
	for (auto &file : store.ListAllFiles()) {
		bool relative;
		auto path = file.PathInDataPath(relative);
		if (!relative) {
			continue;
		}
		if (fs.FileExists(folder + path)) {
			return true;
		}
		if (++checked == 3) {
			return false;
		}
	}
	return checked == 0;
}

void LakeCatalog::CheckDataPathForFiles(const std::string &what) {
	if (IsUrlPath(data_path)) {
		return;
	}
	std::lock_guard<std::mutex> guard(data_path_lock);
	if (data_path_checked) {
		return;
	}
	auto &fs = FileSystem::GetFileSystem(GetDatabase());
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
		if (!HoldsLakeFiles(fs, *store, data_path)) {
			throw duckdb::IOException("Cannot %s: the data path \"%s\" of lake \"%s\" does not hold the lake's "
			                          "files (attached from another folder than the one it was made in?); "
			                          "nothing was written",
			                          what, data_path, GetName());
		}
		bool writable = !options.read_only && options.snapshot_version < 0 && !data_path_overridden;
		if (!lake_id.empty() && writable) {
			WriteMarker(fs, data_path, lake_id);
		}
	}
	data_path_checked = true;
}

} // namespace inlake
