#include "crash_check.hpp"

#include "catalog_files.hpp"
#include "crash_child.hpp"
#include "crash_log.hpp"
#include "history.hpp"
#include "model_codec.hpp"
#include "sql_names.hpp"
#include "sql_session.hpp"

#include <filesystem>
#include <iostream>
#include <set>

namespace inlake_random {

namespace {

class CrashChecker {
public:
	CrashChecker(const CrashCheckConfig &config_p, Rng &rng_p) : config(config_p), rng(rng_p) {
	}
	std::string Run();

private:
	bool Replay();
	bool ResolvePending();
	bool CompareNow();
	bool CheckTimeTravel();
	bool CheckFiles();
	bool CheckRowIds();
	bool CheckOrphans();
	bool CheckCleanup();
	bool ReadImages(SqlSession &session, const std::vector<TableModel> &models, const std::string &prefix,
	                const std::string &suffix, std::vector<TableImage> &images);
	bool Fail(const std::string &what) {
		failure = what;
		return false;
	}

	const CrashCheckConfig &config;
	Rng &rng;
	SqlSession lake {true};
	SqlSession native {false};
	CellDictionary cells;
	History history;
	std::vector<LoggedStatement> statements;
	std::vector<TableModel> models;
	//! The snapshot the last committed statement left (0: the lake's first snapshot, made by its creation).
	int64_t last_snapshot = 0;
	std::string failure;
};

bool CrashChecker::ReadImages(SqlSession &session, const std::vector<TableModel> &tables, const std::string &prefix,
                              const std::string &suffix, std::vector<TableImage> &images) {
	images.clear();
	for (auto &table : tables) {
		images.emplace_back();
		if (!table.created) {
			continue;
		}
		std::vector<ImageColumn> columns;
		for (auto &column : table.columns) {
			columns.push_back({column.id, column.name});
		}
		std::string error;
		if (!ReadImage(session, prefix + table.name + suffix, columns, cells, images.back(), error)) {
			return Fail("reading " + prefix + table.name + suffix + " failed: " + error);
		}
	}
	return true;
}

bool CrashChecker::Replay() {
	statements = CrashLog::Read(CrashLogPath(config.dir));
	std::vector<size_t> committed;
	for (size_t i = 0; i < statements.size(); i++) {
		if (statements[i].state == LoggedStatement::State::COMMITTED) {
			committed.push_back(i);
		}
	}
	std::set<size_t> sampled;
	for (int i = 0; i < config.time_travel_sample && !committed.empty(); i++) {
		sampled.insert(committed[rng.Below(committed.size())]);
	}
	for (auto i : committed) {
		auto &statement = statements[i];
		models = DecodeTables(statement.models);
		bool skip = config.skip_replay && statement.kind == StepKind::BOTH &&
		            statement.label.rfind("insert", 0) == 0;
		if (statement.kind == StepKind::BOTH && !skip) {
			auto replay = native.Exec(NativeSql(statement.sql));
			if (!replay.ok) {
				return Fail("replaying committed statement " + std::to_string(statement.index) + " failed: " +
				            replay.Describe());
			}
		}
		last_snapshot = statement.snapshot;
		if (sampled.count(i)) {
			SnapshotRecord record;
			record.snapshot = statement.snapshot;
			record.step = statement.index;
			for (auto &table : models) {
				record.exists.push_back(table.created);
			}
			if (!ReadImages(native, models, "", "", record.images)) {
				return false;
			}
			history.Record(std::move(record));
		}
	}
	return true;
}

bool CrashChecker::ResolvePending() {
	auto latest = lake.Scalar("SELECT max(snapshot_id) FROM ducklake_snapshots('l')");
	if (latest < last_snapshot) {
		return Fail("the lake's latest snapshot " + std::to_string(latest) + " is older than the last committed one " +
		            std::to_string(last_snapshot));
	}
	if (statements.empty() || statements.back().state != LoggedStatement::State::PENDING) {
		return latest == last_snapshot ||
		       Fail("snapshot " + std::to_string(latest) + " exists but the last logged statement committed " +
		            std::to_string(last_snapshot));
	}
	auto &pending = statements.back();
	CrashLog log(CrashLogPath(config.dir));
	if (latest == last_snapshot) {
		log.Failed(pending.index);
		if (config.verbose) {
			std::cout << "  statement " << pending.index << " (" << pending.label << ") was running: not committed"
			          << std::endl;
		}
		return true;
	}
	if (config.verbose) {
		std::cout << "  statement " << pending.index << " (" << pending.label
		          << ") committed before its log record: counted" << std::endl;
	}
	// The kill fell between the lake's commit and the log's C record: the statement is part of the lake.
	models = DecodeTables(pending.models);
	if (pending.kind == StepKind::BOTH) {
		auto replay = native.Exec(NativeSql(pending.sql));
		if (!replay.ok) {
			return Fail("the lake committed statement " + std::to_string(pending.index) +
			            " (snapshot moved) but it fails natively: " + replay.Describe());
		}
	}
	pending.snapshot = latest;
	log.Committed(pending.index, latest);
	return true;
}

bool CrashChecker::CompareNow() {
	std::vector<TableImage> expected, actual;
	if (!ReadImages(native, models, "", "", expected) || !ReadImages(lake, models, "l.", "", actual)) {
		return false;
	}
	for (size_t table = 0; table < models.size(); table++) {
		auto diff = CompareImages(expected[table], actual[table], cells, "replay", "lake");
		if (models[table].created && !diff.empty()) {
			return Fail("after the kill, table " + models[table].name + " differs from the replay of the log:\n" + diff);
		}
	}
	return true;
}

bool CrashChecker::CheckTimeTravel() {
	std::set<int64_t> retained;
	for (auto &id : lake.Column("SELECT snapshot_id FROM ducklake_snapshots('l')")) {
		retained.insert(std::stoll(id));
	}
	for (auto &entry : history.Records()) {
		auto &record = entry.second;
		auto version = std::to_string(record.snapshot);
		for (size_t table = 0; table < record.exists.size(); table++) {
			if (!record.exists[table]) {
				continue;
			}
			auto from = "l." + models[table].name + " AT (VERSION => " + version + ")";
			if (!retained.count(record.snapshot)) {
				auto exec = lake.Exec("SELECT count(*) FROM " + from);
				if (exec.ok || exec.internal) {
					return Fail("time travel to expired snapshot " + version + ": " + exec.Describe());
				}
				continue;
			}
			auto &expected = record.images[table];
			auto columns = ImageColumns(expected);
			TableImage actual;
			std::string error;
			if (!ReadImage(lake, from, columns, cells, actual, error)) {
				return Fail("time travel to snapshot " + version + " failed: " + error);
			}
			auto diff = CompareImages(expected, actual, cells,
			                          "replay", "lake");
			if (!diff.empty()) {
				return Fail("time travel: " + from + " (after statement " + std::to_string(record.step) +
				            ") differs:\n" + diff);
			}
		}
	}
	return true;
}

bool CrashChecker::CheckFiles() {
	auto missing = MissingFiles(ReferencedFiles(lake, MetadataCatalog(LAKE_ALIAS)));
	if (!missing.empty()) {
		return Fail(std::to_string(missing.size()) + " file(s) the catalog references do not exist, e.g. " + missing[0]);
	}
	return true;
}

// A merge or rewrite killed midway must not leave a row twice (in an old and a new file) or with another's row id.
bool CrashChecker::CheckRowIds() {
	for (auto &table : models) {
		if (!table.created) {
			continue;
		}
		auto duplicates = lake.Scalar("SELECT count(*) - count(DISTINCT rowid) FROM l." + table.name);
		if (duplicates != 0) {
			return Fail("after the kill, " + std::to_string(duplicates) + " row id(s) of table " + table.name +
			            " appear more than once");
		}
	}
	return true;
}

bool CrashChecker::CheckCleanup() {
	auto cleanup = lake.Exec("CALL ducklake_cleanup_old_files('l', cleanup_all => true)");
	if (!cleanup.ok) {
		return Fail("ducklake_cleanup_old_files after the kill failed: " + cleanup.Describe());
	}
	return CheckFiles();
}

static std::set<std::string> Normalized(const std::set<std::string> &paths) {
	std::set<std::string> result;
	for (auto &path : paths) {
		result.insert(std::filesystem::path(path).lexically_normal().string());
	}
	return result;
}

bool CrashChecker::CheckOrphans() {
	// the killed child was the only writer: files of any age may go
	lake.Exec("SET ducklake_orphaned_file_min_age = '0 seconds'");
	auto removal = lake.Exec("CALL ducklake_delete_orphaned_files('l', cleanup_all => true)");
	if (!removal.ok) {
		return Fail("ducklake_delete_orphaned_files failed: " + removal.Describe());
	}
	auto md = MetadataCatalog(LAKE_ALIAS);
	auto named = ReferencedFiles(lake, md);
	// files an expiry scheduled for deletion are still named by the catalog until cleanup removes them
	for (auto &path : lake.Column("SELECT CASE WHEN s.path_is_relative THEN m.data_path || s.path ELSE s.path END FROM " +
	                              CatalogTable(md, "ducklake_files_scheduled_for_deletion") + " s, " + md + ".settings() m")) {
		named.insert(path);
	}
	auto referenced = Normalized(named);
	for (auto &file : Normalized(FilesOnDisk(DataPath(config.dir)))) {
		if (!referenced.count(file)) {
			return Fail("after ducklake_delete_orphaned_files an unreferenced file is left: " + file);
		}
	}
	return true;
}

std::string CrashChecker::Run() {
	native.Exec("SET TimeZone = 'UTC'");
	lake.Exec("SET TimeZone = 'UTC'");
	auto attach = lake.Exec(AttachSql(config.backend, config.dir, LAKE_ALIAS, 10));
	if (!attach.ok) {
		return "attaching the lake after the kill failed: " + attach.Describe();
	}
	bool ok = Replay() && ResolvePending() && CompareNow() && CheckRowIds() &&
	          (config.features.Off("time-travel") || CheckTimeTravel()) && CheckFiles() &&
	          (!config.cleanup_after_kill || CheckCleanup()) &&
	          (!config.check_orphans || CheckOrphans());
	return ok ? "" : failure;
}

} // namespace

std::string CheckAfterKill(const CrashCheckConfig &config, Rng &rng) {
	try {
		return CrashChecker(config, rng).Run();
	} catch (std::exception &ex) {
		return std::string("crash check: ") + ex.what();
	}
}

} // namespace inlake_random
