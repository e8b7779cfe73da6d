//===----------------------------------------------------------------------===//
// The lake's data path: where it is, and whether it is this lake's.
//
// Where: a local data path is used in one spelling, absolute and normalised
// (lake_paths.hpp). A new lake's DATA_PATH is taken relative to the working
// directory (as every DuckDB path is) and "~" is expanded; ducklake_metadata
// then records it relative to the catalog file's folder when it lies inside
// that folder (DuckDB-file and SQLite catalogs: the lake's folder can move as
// a whole), otherwise absolute (always for PostgreSQL). A recorded relative
// path is resolved against the catalog file's folder; for lakes made by other
// writers or by inlake before markers (kCreatedByWithMarkers), which may have
// meant the working directory, that is tried second, preferring the candidate
// that holds this lake's marker. A file: URL is a local path.
//
// Whose: a new local data path gets a marker holding the lake's id (the uuid
// of its first schema, which lives as long as the lake): an empty folder named
// kMarkerPrefix + id. A folder, not a file, because DuckLake users count a
// lake's files with glob('<data path>/**'), which lists files only (the
// data-inlining examples do: no file may appear there before the first
// Parquet write), and because other writers' orphan sweeps remove files only.
// A new lake refuses a data path that holds another lake's marker or Parquet
// files, or lies inside another lake's data path. Before the first file write
// or file removal of an attach, the data path must exist and hold this lake's
// marker, or, without a marker, the lake's files (a lake without files: no
// other lake's files or marker); the marker is then written. Otherwise the
// write is refused before anything is written. URL data paths (s3://...) have
// no marker and are not checked.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace duckdb {
class FileSystem;
}

namespace inlake {

//! The name of a marker folder at the top of a local data path, before the lake's id.
extern const char *const kMarkerPrefix;

//! Where a lake's catalog file lives, to resolve relative data paths against ("" for PostgreSQL or an in-memory
//! catalog: no folder).
struct DataPathOrigin {
	//! Absolute folder of the catalog file, ending in '/', or ""
	std::string catalog_folder;
	//! Absolute working directory, ending in '/'
	std::string working_folder;
};

struct NewDataPath {
	//! Where the files go: absolute and normalised (a URL as given, ending in '/')
	std::string location;
	//! What ducklake_metadata records
	std::string recorded;
};

//! The data path of a new lake from DATA_PATH (or the default), `~` already expanded.
NewDataPath ChooseNewDataPath(const std::string &given, const DataPathOrigin &origin);

//! The places a recorded data path may name, most likely first (see the header comment); `~` already expanded.
//! `catalog_relative_only`: the lake was made by a writer that records relative paths from the catalog's folder.
std::vector<std::string> RecordedDataPathCandidates(const std::string &recorded, const DataPathOrigin &origin,
                                                    bool catalog_relative_only);

//! The created_by of lakes whose relative data path is relative to the catalog's folder and that have a marker.
extern const char *const kCreatedByWithMarkers;
bool MadeWithMarkers(const std::string &created_by);

//! The lake id in the marker of `folder` ("" when there is none; another lake's id when it holds markers of
//! several lakes, `own_id` among them or not).
std::string ReadMarker(duckdb::FileSystem &fs, const std::string &folder, const std::string &own_id);
//! The marker of lake `lake_id` in the existing `folder`: created, and its path returned.
std::string WriteMarker(duckdb::FileSystem &fs, const std::string &folder, const std::string &lake_id);
//! The lake id a name in a folder's listing marks ("" when it is no marker).
std::string MarkedLakeId(const std::string &name, bool is_dir);

//! Why `folder` cannot be a new lake's data path ("" when it can): it, or a folder above it (also as the
//! operating system resolves links), holds a lake's marker, or WhyFolderHoldsLakeContent.
std::string WhyDataPathIsTaken(duckdb::FileSystem &fs, const std::string &folder);
//! Why `folder` is some lake's ("" when it is not): it holds a lake marker or a DuckLake data file
//! (ducklake-*.parquet) anywhere below (links to folders are not followed).
std::string WhyFolderHoldsLakeContent(duckdb::FileSystem &fs, const std::string &folder);

//! Creates the local folder `path` and the missing folders above it, one by one; `outermost` is set to the
//! first one created (before it is, so that a failure midway can be undone).
void CreateFolders(duckdb::FileSystem &fs, const std::string &path, std::string &outermost);

//! True for a file name the lake's writers make: ducklake-<...>.parquet, or ducklake-<...>.puffin (deletion vectors)
bool IsLakeFileName(const std::string &path);

} // namespace inlake
