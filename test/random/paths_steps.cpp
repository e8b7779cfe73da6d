// The steps of the path workload (see paths_run.hpp): each runs its statements, updates the model when they ran,
// and returns false only on a failure.
#include "paths_run_state.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace inlake_random {

namespace fs = std::filesystem;

PathsTable *PathsRun::PickTable() {
	return &tables[rng.Below(tables.size())];
}

bool PathsRun::Insert(bool parquet) {
	auto table = PickTable();
	static const std::vector<std::string> values = {"a", "ü", "it's", "x y", "[*]", "", "データ"};
	std::map<int64_t, std::string> rows;
	std::string sql;
	if (parquet) {
		auto count = rng.Range(limit + 1, limit + 150);
		sql = "INSERT INTO " + table->Sql("l") + " SELECT range, 'p' || range FROM range(" + std::to_string(next_key) +
		      ", " + std::to_string(next_key + count) + ")";
		for (int64_t k = next_key; k < next_key + count; k++) {
			rows[k] = "p" + std::to_string(k);
		}
	} else {
		auto count = rng.Range(1, std::max(1, limit));
		for (int64_t k = next_key; k < next_key + count; k++) {
			rows[k] = rng.Pick(values);
			sql += std::string(sql.empty() ? "" : ", ") + "(" + std::to_string(k) + ", " + SqlString(rows[k]) + ")";
		}
		sql = "INSERT INTO " + table->Sql("l") + " VALUES " + sql;
	}
	next_key += int64_t(rows.size());
	bool refused;
	if (!Write(sql, refused)) {
		return result.ok;
	}
	table->rows.insert(rows.begin(), rows.end());
	return true;
}

bool PathsRun::Delete(bool update) {
	auto table = PickTable();
	auto modulus = rng.Range(2, 5);
	auto remainder = rng.Range(0, modulus - 1);
	auto where = " WHERE k % " + std::to_string(modulus) + " = " + std::to_string(remainder);
	auto sql = update ? "UPDATE " + table->Sql("l") + " SET v = v || 'u'" + where
	                  : "DELETE FROM " + table->Sql("l") + where;
	bool refused;
	if (!Write(sql, refused)) {
		return result.ok;
	}
	if (update) {
		table->Update(modulus, remainder, "u");
	} else {
		table->Delete(modulus, remainder);
	}
	return true;
}

bool PathsRun::Flush() {
	auto table = PickTable();
	auto sql = rng.Percent(50) ? std::string("CALL ducklake_flush_inlined_data('l')")
	                           : "CALL ducklake_flush_inlined_data('l', schema_name => " + SqlString(table->schema) +
	                                 ", table_name => " + SqlString(table->name) + ")";
	bool refused;
	return Write(sql, refused) || result.ok;
}

bool PathsRun::Expire(bool dry) {
	std::string how = "older_than => now()";
	auto snapshots = lake.Column("SELECT snapshot_id FROM ducklake_snapshots('l') ORDER BY 1");
	if (snapshots.size() > 2 && rng.Percent(50)) {
		how = "versions => [" + snapshots[rng.Below(snapshots.size() - 1)] + "]";
	}
	bool refused;
	return Write("CALL ducklake_expire_snapshots('l', " + how + (dry ? ", dry_run => true" : "") + ")", refused) ||
	       result.ok;
}

static std::vector<std::string> Sorted(std::vector<std::string> paths) {
	for (auto &path : paths) {
		path = fs::path(path).lexically_normal().string();
	}
	std::sort(paths.begin(), paths.end());
	return paths;
}

static std::string Listing(const std::vector<std::string> &paths) {
	std::string text;
	for (auto &path : paths) {
		text += "\n    " + path;
	}
	return text.empty() ? " (none)" : text;
}

//! `actual` (a function's result) must list exactly `expected`.
static std::string CompareLists(const std::string &what, std::vector<std::string> actual,
                                std::vector<std::string> expected) {
	actual = Sorted(actual);
	expected = Sorted(expected);
	if (actual == expected) {
		return "";
	}
	return what + " listed" + Listing(actual) + "\n  expected" + Listing(expected);
}

bool PathsRun::Cleanup(bool dry) {
	if (lost) {
		bool refused;
		return Write(std::string("CALL ducklake_cleanup_old_files('l', cleanup_all => true") +
		                 (dry ? ", dry_run => true)" : ")"),
		             refused) ||
		       result.ok;
	}
	auto files = LakeFiles(lake, "l", layout.data_path);
	std::vector<std::string> expected;
	for (auto &file : files.scheduled) {
		if (fs::exists(file)) {
			expected.push_back(file);
		}
	}
	auto sql = std::string("SELECT path FROM ducklake_cleanup_old_files('l', cleanup_all => true") +
	           (dry ? ", dry_run => true)" : ")");
	auto exec = Exec(sql);
	if (!exec.ok) {
		return Fail(sql + "\n  failed: " + exec.Describe());
	}
	std::vector<std::string> listed;
	for (duckdb::idx_t row = 0; row < exec.result->RowCount(); row++) {
		listed.push_back(exec.result->GetValue(0, row).ToString());
	}
	auto diff = CompareLists(sql, listed, expected);
	if (!diff.empty()) {
		return Fail(diff);
	}
	for (auto &file : listed) {
		if (fs::exists(file) != dry) {
			return Fail(sql + (dry ? "\n  removed " : "\n  did not remove ") + file);
		}
	}
	return true;
}

bool PathsRun::Orphans(bool dry) {
	if (lost) {
		bool refused;
		return Write(std::string("CALL ducklake_delete_orphaned_files('l', cleanup_all => true") +
		                 (dry ? ", dry_run => true)" : ")"),
		             refused) ||
		       result.ok;
	}
	auto expected = Orphaned();
	if (rng.Percent(20)) {
		// the default minimum age (an hour): the orphans are younger, nothing goes
		expected.clear();
		segment += "RESET ducklake_orphaned_file_min_age;\n";
		lake.Exec("RESET ducklake_orphaned_file_min_age");
		dry = true; // what is left is checked as for a dry run
	}
	auto sql = std::string("SELECT path FROM ducklake_delete_orphaned_files('l', cleanup_all => true") +
	           (dry ? ", dry_run => true)" : ")");
	auto exec = Exec(sql);
	if (!exec.ok) {
		return Fail(sql + "\n  failed: " + exec.Describe());
	}
	std::vector<std::string> listed;
	for (duckdb::idx_t row = 0; row < exec.result->RowCount(); row++) {
		listed.push_back(exec.result->GetValue(0, row).ToString());
	}
	auto diff = CompareLists(sql, listed, expected);
	if (!diff.empty()) {
		return Fail(diff);
	}
	if (!Must("SET ducklake_orphaned_file_min_age = '0 seconds'")) {
		return false;
	}
	auto left = Orphaned();
	if (!dry && !left.empty()) {
		return Fail(sql + "\n  left orphans behind:" + Listing(left));
	}
	return true;
}

bool PathsRun::PlantOrphan() {
	std::vector<std::string> folders = {layout.data_path, layout.data_path + "/main", layout.data_path + "/junk [1]"};
	for (auto &table : tables) {
		folders.push_back(layout.data_path + "/" + table.schema + "/" + table.name);
	}
	auto folder = rng.Pick(folders);
	auto path = PlantUserFile(rng, folder);
	Shell("mkdir -p " + ShellQuote(folder) + " && head -c 100 /dev/urandom > " + ShellQuote(path) + " # an orphan");
	return true;
}

bool PathsRun::PlantUser() {
	auto folders = layout.cwds;
	folders.push_back(layout.neighbour);
	folders.push_back(layout.data_path + ".bak");
	auto path = PlantUserFile(rng, rng.Pick(folders));
	inventory[path] = int64_t(fs::file_size(path));
	Shell("head -c 100 /dev/urandom > " + ShellQuote(path) + " # a user file");
	return true;
}

bool PathsRun::Reattach(bool restart) {
	if (!Must("DETACH l")) {
		return false;
	}
	if (restart) {
		lake.Close();
	}
	ChangeDirectory(rng.Pick(layout.cwds));
	if (restart) {
		lake.Open();
	}
	return Attach(rng.Percent(30));
}

bool PathsRun::HiddenWrite() {
	switch (rng.Below(5)) {
	case 0:
		return Insert(false);
	case 1:
		return Insert(true);
	case 2:
		return Delete(false);
	case 3:
		return Delete(true);
	default:
		return Flush();
	}
}

bool PathsRun::Hide(bool attached) {
	auto away = layout.data_path + ".away";
	if (!attached && !Must("DETACH l")) {
		return false;
	}
	fs::rename(layout.data_path, away);
	Shell("mv " + ShellQuote(layout.data_path) + " " + ShellQuote(away) + (attached ? " # while attached" : ""));
	hidden = true;
	if (!attached) {
		ChangeDirectory(rng.Pick(layout.cwds));
		if (!Attach(false)) {
			return false;
		}
	}
	if (!HiddenWrite()) {
		return false;
	}
	if (fs::exists(layout.data_path)) {
		auto files = FilesUnder(layout.data_path);
		return Fail("a write while the data path was moved away made it again, with " + std::to_string(files.size()) +
		            " file(s)" + Listing(std::vector<std::string>(files.begin(), files.end())));
	}
	if (!CheckInventory() || !Must("DETACH l")) {
		return false;
	}
	fs::rename(away, layout.data_path);
	Shell("mv " + ShellQuote(away) + " " + ShellQuote(layout.data_path));
	hidden = false;
	ChangeDirectory(rng.Pick(layout.cwds));
	return Attach(rng.Percent(30));
}

//! A new lake in a folder that holds another lake or lake-named files: refused, and nothing changes.
bool PathsRun::Intrude() {
	std::vector<std::string> targets = {layout.sentinel_data, layout.lake_home, layout.neighbour, layout.root,
	                                    layout.root + "/other"};
	// an older writer's lake without its marker (yet) is not known as a lake in its folder: a new lake may go
	// there if the folder holds no lake file, and inside it anyway (test/shell/data_path_locations.sh)
	if (!legacy || HasLakeMarker(layout.data_path)) {
		targets.insert(targets.end(), {layout.data_path, layout.data_path + "/main", layout.data_path + "/x/y"});
	}
	auto target = rng.Pick(targets);
	auto catalog_file = layout.root + "/intruders/lake" + std::to_string(intruders++) + ".duckdb";
	fs::create_directories(layout.root + "/intruders");
	auto sql = "ATTACH " + SqlString("ducklake:" + catalog_file) + " AS x (DATA_PATH " +
	           SqlString(SpellPath(rng, target, cwd, layout.home)) + ")";
	segment += "-- a new lake where another one's files are: refused\n" + sql + ";\n";
	SqlSession intruder(true);
	auto exec = intruder.Exec(sql);
	if (exec.ok) {
		intruder.Exec("DETACH x");
		return Fail(sql + "\n  made a new lake in " + target + ", which holds another lake or its files");
	}
	if (exec.internal || exec.message.find("cannot hold a new lake") == std::string::npos) {
		return Fail(sql + "\n  failed otherwise than refusing the data path: " + exec.Describe());
	}
	return true;
}

//! A read-only session on a copy of the data path (OVERRIDE_DATA_PATH): reads the model, refuses writes.
bool PathsRun::Override() {
	auto copy = layout.root + "/intruders/copy" + std::to_string(intruders++) + " [*]";
	fs::create_directories(layout.root + "/intruders");
	if (!Must("DETACH l")) {
		return false;
	}
	fs::copy(layout.data_path, copy, fs::copy_options::recursive);
	Shell("cp -r " + ShellQuote(layout.data_path) + " " + ShellQuote(copy));
	ChangeDirectory(rng.Pick(layout.cwds));
	limit = int(rng.Range(0, 12));
	auto attach = catalog->AttachSql(rng, cwd, SpellPath(rng, copy, cwd, layout.home), limit);
	attach.insert(attach.size() - 1, ", OVERRIDE_DATA_PATH true");
	if (!Must(attach) || !CheckTables()) {
		return false;
	}
	auto before = FilesUnder(copy);
	auto table = PickTable();
	for (auto sql : {"INSERT INTO " + table->Sql("l") + " VALUES (-1, 'never')",
	                 "INSERT INTO " + table->Sql("l") + " SELECT -range, 'never' FROM range(1, 100)",
	                 "DELETE FROM " + table->Sql("l"), std::string("CALL ducklake_flush_inlined_data('l')")}) {
		auto exec = Exec(sql);
		if (exec.ok || exec.internal) {
			return Fail(sql + "\n  in a read-only OVERRIDE_DATA_PATH session: " + exec.Describe());
		}
	}
	auto sweep = Exec("SELECT path FROM ducklake_delete_orphaned_files('l', cleanup_all => true)");
	if (sweep.internal || FilesUnder(copy) != before) {
		return Fail("an orphan sweep in a read-only OVERRIDE_DATA_PATH session removed files of " + copy + ": " +
		            sweep.Describe());
	}
	if (!CheckTables() || !Must("DETACH l")) {
		return false;
	}
	ChangeDirectory(rng.Pick(layout.cwds));
	return Attach(rng.Percent(30));
}

bool PathsRun::Step() {
	if (config.inject_fault && result.step == 3) {
		for (auto &entry : inventory) {
			if (entry.second >= 0) {
				fs::remove(entry.first);
				break;
			}
		}
	}
	auto roll = rng.Below(100);
	if (roll < 14) {
		return Insert(false);
	} else if (roll < 26) {
		return Insert(true);
	} else if (roll < 35) {
		return Delete(false);
	} else if (roll < 42) {
		return Delete(true);
	} else if (roll < 50) {
		return Flush();
	} else if (roll < 56) {
		return Expire(rng.Percent(25));
	} else if (roll < 63) {
		return Cleanup(rng.Percent(30));
	} else if (roll < 72) {
		return Orphans(rng.Percent(35));
	} else if (roll < 77) {
		return PlantOrphan();
	} else if (roll < 79) {
		return PlantUser();
	} else if (roll < 89) {
		return Reattach(false);
	} else if (roll < 93) {
		return Reattach(true);
	} else if (roll < 95) {
		bool refused; // CHECKPOINT flushes inlined rows: refused when the data path is not found
		return Write("CHECKPOINT l", refused) || result.ok;
	} else if (roll < 97) {
		return Intrude();
	} else if (roll < 98) {
		return Override();
	}
	return Hide(config.known_defects && rng.Percent(30));
}

} // namespace inlake_random
