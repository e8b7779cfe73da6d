#include "paths_run_state.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace inlake_random {

namespace fs = std::filesystem;

PathsRun::PathsRun(const PathsRunConfig &config_p) : config(config_p), rng(config_p.seed * 7919 + 17) {
}

bool PathsRun::Fail(const std::string &what) {
	if (result.ok) {
		result.ok = false;
		result.failure = what;
	}
	return false;
}

//! Ends the trace's current inlake invocation (the reproducer runs one per working directory and attach).
void PathsRun::Shell(const std::string &line) {
	if (!segment.empty()) {
		result.trace += "cd " + ShellQuote(cwd) + " && \"$INLAKE\" <<'SQL'\n" + segment + "SQL\n";
		segment.clear();
	}
	if (!line.empty()) {
		result.trace += line + "\n";
	}
	if (config.verbose) {
		std::cout << "# " << line << std::endl;
	}
}

void PathsRun::ChangeDirectory(const std::string &dir) {
	Shell("");
	if (chdir(dir.c_str()) != 0) {
		throw std::runtime_error("chdir " + dir + " failed");
	}
	cwd = dir;
	if (config.verbose) {
		std::cout << "# cd " << dir << std::endl;
	}
}

ExecResult PathsRun::Exec(const std::string &sql) {
	segment += sql + ";\n";
	if (config.verbose) {
		std::cout << sql << ";" << std::endl;
	}
	auto exec = lake.Exec(sql);
	if (!exec.ok) {
		segment += "-- error: " + exec.message.substr(0, 300) + "\n";
		if (config.verbose) {
			std::cout << "-- error: " << exec.message << std::endl;
		}
	}
	return exec;
}

bool PathsRun::Must(const std::string &sql) {
	auto exec = Exec(sql);
	return exec.ok || Fail(sql + "\n  failed: " + exec.Describe());
}

static bool RefusedForDataPath(const ExecResult &exec) {
	return !exec.internal && exec.message.find("nothing was written") != std::string::npos;
}

bool PathsRun::Write(const std::string &sql, bool &refused) {
	refused = false;
	auto exec = Exec(sql);
	if (exec.ok) {
		return true;
	}
	if ((hidden || lost) && !exec.internal && exec.type == duckdb::ExceptionType::IO) {
		refused = true; // its files are away: reading them fails too
		result.refusals++;
		return false;
	}
	if (RefusedForDataPath(exec)) {
		refused = true;
		result.refusals++;
		return hidden || lost ? false : Fail(sql + "\n  was refused though the data path is where it was made: " + exec.message);
	}
	return Fail(sql + "\n  failed: " + exec.Describe());
}

bool PathsRun::Attach(bool with_data_path) {
	limit = int(rng.Range(0, 12));
	lost = Lost();
	// a legacy lake's data path given from another folder is not the recorded one: leave it out
	auto spelling = with_data_path && !legacy ? SpellPath(rng, layout.data_path, cwd, layout.home) : std::string();
	if (!Must(catalog->AttachSql(rng, cwd, spelling, limit))) {
		return false;
	}
	return Must("SET ducklake_orphaned_file_min_age = '0 seconds'");
}

bool PathsRun::CreateSentinel() {
	auto attach = "ATTACH " + SqlString("ducklake:" + layout.sentinel_catalog) + " AS l (DATA_PATH " +
	              SqlString(layout.sentinel_data) + ", DATA_INLINING_ROW_LIMIT 0)";
	std::string script;
	for (auto sql : {attach, std::string("CREATE TABLE l.t1 AS SELECT range AS k, 's' || range AS v FROM range(100)"),
	                 std::string("INSERT INTO l.t1 SELECT range, 'x' FROM range(100, 130)"),
	                 std::string("DELETE FROM l.t1 WHERE k % 7 = 3")}) {
		script += sql + ";\n";
		auto exec = sentinel.Exec(sql);
		if (!exec.ok) {
			return Fail("making the sentinel lake: " + sql + "\n  failed: " + exec.Describe());
		}
	}
	result.trace += "# the sentinel lake\n\"$INLAKE\" <<'SQL'\n" + script + "SQL\n";
	sentinel_image = sentinel.Column("SELECT count(*) || ',' || sum(k) || ',' || md5(string_agg(v, ',' ORDER BY k)) "
	                                 "FROM l.t1")[0];
	return true;
}

void PathsRun::PlantNeighbours() {
	std::vector<std::string> folders = {layout.lake_home, layout.root, layout.neighbour,
	                                    layout.neighbour + "/main/t1", layout.home, layout.data_path + ".bak",
	                                    fs::path(layout.data_path).parent_path().string() + "/sub"};
	folders.insert(folders.end(), layout.cwds.begin(), layout.cwds.end());
	if (!layout.catalog_file.empty()) {
		folders.push_back(fs::path(layout.catalog_file).parent_path().string());
	}
	for (auto &folder : folders) {
		auto path = PlantUserFile(rng, folder);
		Shell("mkdir -p " + ShellQuote(folder) + " && head -c 100 /dev/urandom > " + ShellQuote(path));
	}
}

bool PathsRun::CreateLake() {
	ChangeDirectory(layout.create_cwd);
	limit = int(rng.Range(0, 12));
	if (!Must(catalog->AttachSql(rng, cwd, layout.data_spelling, limit)) ||
	    !Must("SET ducklake_orphaned_file_min_age = '0 seconds'")) {
		return false;
	}
	static const std::vector<std::pair<std::string, std::string>> names = {
	    {"main", "t1"}, {"main", "t[12]"}, {"main", "t*"}, {"main", "t 2"}, {"s[1]", "t1"}, {"s*", "tä?"}};
	auto first = rng.Below(names.size());
	auto second = rng.Percent(40) && names[first].second != "t[12]" ? 1 : rng.Below(names.size());
	if (second == first) {
		second = (first + 1) % names.size();
	}
	for (auto index : {first, second}) {
		PathsTable table;
		table.schema = names[index].first;
		table.name = names[index].second;
		if (table.schema != "main" && !Must("CREATE SCHEMA IF NOT EXISTS l." + QuoteName(table.schema))) {
			return false;
		}
		if (!Must("CREATE TABLE " + table.Sql("l") + " (k BIGINT, v VARCHAR)")) {
			return false;
		}
		table.created = true;
		tables.push_back(table);
	}
	if (!fs::is_directory(layout.data_path)) {
		return Fail("the new lake's data path " + layout.data_path + " (DATA_PATH " + layout.data_spelling +
		            " from " + layout.create_cwd + ") is not there");
	}
	return true;
}

static std::string Normal(const std::string &path) {
	auto text = fs::path(path).lexically_normal().string();
	while (text.size() > 1 && text.back() == '/') {
		text.pop_back();
	}
	return text;
}

//! Where an older writer's relative data path leads from the catalog's folder and from the working directory.
bool PathsRun::Lost() const {
	if (!legacy) {
		return false;
	}
	auto beside_catalog = fs::path(layout.catalog_file).parent_path().string() + "/" + legacy_path;
	return Normal(beside_catalog) != layout.data_path && Normal(cwd + "/" + legacy_path) != layout.data_path;
}

//! Markerless lake-named files where the legacy path leads from the other working directories (a lake an older
//! writer made there): the lake must not take that folder for its own (findings/older_lake_adopts_foreign_folder.sh).
void PathsRun::PlantForeignFolders() {
	for (auto &dir : layout.cwds) {
		auto folder = Normal(dir + "/" + legacy_path);
		if (folder != layout.data_path && folder.rfind(layout.root + "/", 0) == 0 && !fs::exists(folder)) {
			auto path = PlantUserFile(rng, folder + "/main/t1");
			Shell("mkdir -p " + ShellQuote(folder + "/main/t1") + " && head -c 100 /dev/urandom > " +
			      ShellQuote(path) + " # another lake's file, no marker");
		}
	}
}

bool HasLakeMarker(const std::string &folder) {
	std::error_code error;
	for (auto &entry : fs::directory_iterator(folder, error)) {
		if (entry.path().filename().string().rfind(".inlake-lake-", 0) == 0) {
			return true;
		}
	}
	return false;
}

//! Removes the lake markers (folders .inlake-lake-<id>) at the top of `folder`.
static void RemoveLakeMarkers(const std::string &folder) {
	std::error_code error;
	std::vector<fs::path> markers;
	for (auto &entry : fs::directory_iterator(folder, error)) {
		if (entry.path().filename().string().rfind(".inlake-lake-", 0) == 0) {
			markers.push_back(entry.path());
		}
	}
	for (auto &marker : markers) {
		fs::remove_all(marker, error);
	}
}

//! Rewrites the new lake's catalog as an older writer records it: data_path relative to the working directory of
//! creation, created_by another writer's, no marker (test/shell/data_path_locations.sh does the same).
bool PathsRun::MakeLegacy() {
	if (!Must("DETACH l")) {
		return false;
	}
	auto sql = "ATTACH " + SqlString(layout.catalog_file) + " AS c; UPDATE c.ducklake_metadata SET value = " +
	           SqlString(legacy_path + "/") + " WHERE key = 'data_path' AND scope IS NULL; UPDATE c.ducklake_metadata "
	           "SET value = 'inlake 0.1.0' WHERE key = 'created_by' AND scope IS NULL; DETACH c";
	Shell("\"$INLAKE\" -c " + ShellQuote(sql) + " # as an older writer records it\nrm -rf " +
	      ShellQuote(layout.data_path) + "/.inlake-lake-*");
	SqlSession plain(false);
	auto exec = plain.Exec(sql);
	if (!exec.ok) {
		return Fail("rewriting the catalog as an older writer's: " + exec.Describe());
	}
	RemoveLakeMarkers(layout.data_path);
	return Attach(false);
}

std::vector<std::string> PathsRun::Excluded() const {
	auto excluded = catalog->CatalogFiles();
	excluded.push_back(layout.data_path);
	excluded.push_back(layout.data_path + ".away");
	excluded.push_back(layout.root + "/intruders");
	for (auto &file : CatalogFilesOf(layout.sentinel_catalog)) {
		excluded.push_back(file);
	}
	return excluded;
}

bool PathsRun::Setup() {
	for (auto &dir : layout.cwds) {
		fs::create_directories(dir);
	}
	if (!layout.catalog_file.empty()) {
		fs::create_directories(fs::path(layout.catalog_file).parent_path());
	}
	setenv("HOME", layout.home.c_str(), 1);
	result.trace += "#!/usr/bin/env bash\n# seed " + std::to_string(config.seed) + ", backend " +
	                PathsBackendName(config.backend) + "\nset -x\nINLAKE=${INLAKE:-build/inlake}\nexport HOME=" +
	                ShellQuote(layout.home) + "\nmkdir -p " + ShellQuote(layout.lake_home + "/sub") + " " +
	                ShellQuote(layout.root + "/other") + " " + ShellQuote(layout.home) + "\n";
	ChangeDirectory(layout.root);
	std::string error;
	if (!catalog->Prepare(error)) {
		return Fail(error);
	}
	if (!CreateSentinel()) {
		return false;
	}
	PlantNeighbours();
	legacy = config.backend == PathsBackend::DUCKDB && rng.Percent(30);
	legacy_path = fs::path(layout.data_path).lexically_relative(layout.create_cwd).string();
	if (legacy && config.known_defects) {
		PlantForeignFolders();
	}
	inventory = ListFiles(layout.root, Excluded());
	return CreateLake() && (!legacy || MakeLegacy()) && CheckAll();
}

PathsRunResult PathsRun::Run() {
	layout = MakeLayout(rng, config.root, config.backend, config.known_defects);
	catalog = std::make_unique<PathsCatalog>(config.backend, layout.catalog_file,
	                                         config.known_defects ? layout.home : std::string(), config.seed);
	try {
		if (Setup()) {
			for (result.step = 0; result.step < config.steps; result.step++) {
				if (!Step() || !CheckAll()) {
					break;
				}
			}
		}
	} catch (std::exception &ex) {
		Fail(std::string("harness exception: ") + ex.what());
	}
	Shell("");
	lake.Close();
	sentinel.Close();
	catalog->Release();
	return result;
}

PathsRunResult RunPathsSeed(const PathsRunConfig &config) {
	return PathsRun(config).Run();
}

} // namespace inlake_random
