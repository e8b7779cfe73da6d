//===----------------------------------------------------------------------===//
// PathsRun: the state of one seed of the path workload (paths_run.hpp); its
// methods are split by concern: setup and the step loop (paths_run.cpp), the
// steps (paths_steps.cpp), the checks after each step (paths_checks.cpp).
// Internal to those files.
//===----------------------------------------------------------------------===//
#pragma once

#include "paths_catalog.hpp"
#include "paths_files.hpp"
#include "paths_model.hpp"
#include "paths_run.hpp"
#include "sql_session.hpp"

#include <memory>
#include <vector>

namespace inlake_random {

class PathsRun {
public:
	explicit PathsRun(const PathsRunConfig &config);
	PathsRunResult Run();

private:
	// setup and trace (paths_run.cpp)
	bool Setup();
	bool CreateSentinel();
	void PlantNeighbours();
	bool CreateLake();
	bool MakeLegacy();
	void PlantForeignFolders();
	bool Lost() const;
	void ChangeDirectory(const std::string &cwd);
	void Shell(const std::string &line);
	ExecResult Exec(const std::string &sql);
	bool Must(const std::string &sql);
	//! A statement that may write or remove files: true when it ran; false with `refused` when the lake refused it
	//! for its data path (accepted only while hidden), false with a failure otherwise.
	bool Write(const std::string &sql, bool &refused);
	bool Attach(bool with_data_path);
	bool Fail(const std::string &what);
	// steps (paths_steps.cpp)
	bool Step();
	bool Insert(bool parquet);
	bool Delete(bool update);
	bool Flush();
	bool Expire(bool dry);
	bool Cleanup(bool dry);
	bool Orphans(bool dry);
	bool PlantOrphan();
	bool PlantUser();
	bool Reattach(bool restart);
	bool Hide(bool attached);
	bool HiddenWrite();
	bool Intrude();
	bool Override();
	PathsTable *PickTable();
	// checks (paths_checks.cpp)
	bool CheckAll();
	bool CheckTables();
	bool CheckLakeFiles();
	bool CheckSentinel();
	bool CheckInventory();
	std::vector<std::string> Orphaned();
	std::vector<std::string> Excluded() const;

	const PathsRunConfig &config;
	Rng rng;
	PathsLayout layout;
	std::unique_ptr<PathsCatalog> catalog;
	SqlSession lake {true};
	SqlSession sentinel {true};
	std::vector<PathsTable> tables;
	int64_t next_key = 1;
	int intruders = 0;
	int limit = 0;
	bool hidden = false;
	//! An older writer's lake: data_path recorded relative to the working directory of creation (legacy_path).
	bool legacy = false;
	std::string legacy_path;
	//! Attached (legacy) from a folder where its data path cannot be found: file access may be refused or fail.
	bool lost = false;
	std::string cwd;
	FileSizes inventory;
	std::string sentinel_image;
	PathsRunResult result;
	//! The statements of the current inlake invocation of the trace (since the last attach).
	std::string segment;
};

//! Whether `folder` holds a lake marker (a folder .inlake-lake-<id>).
bool HasLakeMarker(const std::string &folder);

} // namespace inlake_random
