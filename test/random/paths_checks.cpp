// The checks after each step of the path workload (see paths_run.hpp).
#include "paths_run_state.hpp"

#include <filesystem>

namespace inlake_random {

namespace fs = std::filesystem;

static std::string FirstDifference(const std::vector<std::string> &expected, const std::vector<std::string> &actual) {
	for (size_t i = 0; i < std::max(expected.size(), actual.size()); i++) {
		auto want = i < expected.size() ? expected[i] : "(nothing)";
		auto got = i < actual.size() ? actual[i] : "(nothing)";
		if (want != got) {
			return "row " + std::to_string(i) + ": model " + want + ", lake " + got;
		}
	}
	return "";
}

bool PathsRun::CheckTables() {
	for (auto &table : tables) {
		auto sql = "SELECT k::VARCHAR || '|' || v FROM " + table.Sql("l") + " ORDER BY k";
		auto exec = Exec(sql);
		if (!exec.ok && lost && !exec.internal && exec.type == duckdb::ExceptionType::IO) {
			continue; // its files are not found from here: an error, never a wrong result
		}
		if (!exec.ok) {
			return Fail("reading " + table.Sql("l") + " failed: " + exec.Describe());
		}
		std::vector<std::string> actual;
		for (duckdb::idx_t row = 0; row < exec.result->RowCount(); row++) {
			actual.push_back(exec.result->GetValue(0, row).ToString());
		}
		auto expected = table.Render();
		if (actual != expected) {
			return Fail(table.Sql("l") + " holds " + std::to_string(actual.size()) + " rows, the model " +
			            std::to_string(expected.size()) + "; first difference: " + FirstDifference(expected, actual));
		}
	}
	return true;
}

bool PathsRun::CheckLakeFiles() {
	auto files = LakeFiles(lake, "l", layout.data_path);
	for (auto &file : files.referenced) {
		if (file.rfind(layout.data_path + "/", 0) != 0) {
			return Fail("the catalog names a file outside the data path " + layout.data_path + ": " + file);
		}
		if (!fs::exists(file)) {
			return Fail("a file the catalog names is missing: " + file);
		}
	}
	return true;
}

bool PathsRun::CheckSentinel() {
	auto exec = sentinel.Exec("SELECT count(*) || ',' || sum(k) || ',' || md5(string_agg(v, ',' ORDER BY k)) FROM "
	                          "l.t1");
	if (!exec.ok) {
		return Fail("the sentinel lake (data path " + layout.sentinel_data + ") no longer reads: " + exec.Describe());
	}
	auto image = exec.result->GetValue(0, 0).ToString();
	if (image != sentinel_image) {
		return Fail("the sentinel lake changed: " + sentinel_image + " -> " + image);
	}
	return true;
}

bool PathsRun::CheckInventory() {
	auto diff = DiffFiles(inventory, ListFiles(layout.root, Excluded()));
	if (!diff.empty()) {
		return Fail("files outside the lake's data path (" + layout.data_path + ") and catalog changed:\n" + diff);
	}
	return true;
}

std::vector<std::string> PathsRun::Orphaned() {
	auto files = LakeFiles(lake, "l", layout.data_path);
	std::vector<std::string> orphans;
	for (auto &file : FilesUnder(layout.data_path)) {
		auto name = fs::path(file).filename().string();
		bool lake_named = name.rfind("ducklake-", 0) == 0 && name.size() > 8 &&
		                  name.substr(name.size() - 8) == ".parquet";
		if (lake_named && !files.referenced.count(file) && !files.scheduled.count(file)) {
			orphans.push_back(file);
		}
	}
	return orphans;
}

bool PathsRun::CheckAll() {
	return CheckTables() && CheckLakeFiles() && CheckSentinel() && CheckInventory();
}

} // namespace inlake_random
