// The checks of DifferentialRun (see differential_run.hpp): table comparison, snapshot records, row lineage and
// time travel.
#include "differential_run.hpp"

#include "value_sql.hpp"

#include <algorithm>
#include <set>

namespace inlake_random {

std::vector<ImageColumn> DifferentialRun::Columns(int table) const {
	std::vector<ImageColumn> columns;
	for (auto &column : generator->Tables()[table].columns) {
		columns.push_back({column.id, column.name});
	}
	return columns;
}

std::vector<int> DifferentialRun::CreatedTables() const {
	std::vector<int> result;
	for (size_t i = 0; i < generator->Tables().size(); i++) {
		if (generator->Tables()[i].created) {
			result.push_back(int(i));
		}
	}
	return result;
}

bool DifferentialRun::CompareTables(const std::vector<int> &tables) {
	for (auto table : tables) {
		if (!generator->Tables()[table].created) {
			continue;
		}
		auto name = generator->Tables()[table].name;
		auto columns = Columns(table);
		TableImage lake_image;
		std::string error;
		if (!ReadImage(*native, name, columns, cells, native_images[table], error)) {
			return Fail("reading native " + name + " failed: " + error);
		}
		if (!ReadImage(*lake, "l." + name, columns, cells, lake_image, error)) {
			return Fail("reading lake l." + name + " failed: " + error);
		}
		auto diff = CompareImages(native_images[table], lake_image, cells, "native", "lake");
		if (!diff.empty()) {
			return Fail("table " + name + " differs:\n" + diff);
		}
		// (in a transaction the catalog is the committed one; every third step: the check reads the catalog and
		// scans the table once per column)
		if (!in_transaction && step_index % 3 == 0 && !CheckTableBounds(table)) {
			return false;
		}
	}
	return true;
}

bool DifferentialRun::RecordCommit(bool rewrote_rows) {
	auto exec = lake->Exec("SELECT max(snapshot_id) FROM ducklake_snapshots('l')");
	if (!exec.ok) {
		return Fail("reading the latest snapshot failed: " + exec.Describe());
	}
	auto snapshot = exec.result->GetValue(0, 0).GetValue<int64_t>();
	SnapshotRecord record;
	record.snapshot = snapshot;
	record.step = step_index;
	for (size_t table = 0; table < generator->Tables().size(); table++) {
		record.exists.push_back(generator->Tables()[table].created);
		record.images.push_back(native_images[table]);
	}
	auto previous = history.Records().find(snapshot);
	if (previous != history.Records().end()) {
		for (size_t table = 0; table < record.images.size(); table++) {
			if (!record.exists[table] || !previous->second.exists[table]) {
				continue;
			}
			auto diff = CompareImages(previous->second.images[table], record.images[table], cells, "before",
			                          "after");
			if (!diff.empty()) {
				return Fail("a committed change left the latest snapshot at " + std::to_string(snapshot) + ":\n" +
				            diff);
			}
		}
	}
	history.Record(std::move(record));
	return CheckLineage(rewrote_rows && config.features.Off("rowid"));
}

bool DifferentialRun::CheckLineage(bool accept_changes) {
	for (auto table : CreatedTables()) {
		auto &model = generator->Tables()[table];
		auto report = lineage.Check(*lake, table, "l." + model.name, accept_changes, model.first_key, model.key_limit);
		if (!report.empty()) {
			return Fail(report);
		}
	}
	return true;
}

bool DifferentialRun::CheckTimeTravelRecord(const SnapshotRecord &record) {
	auto version = std::to_string(record.snapshot);
	for (size_t table = 0; table < record.exists.size(); table++) {
		auto name = "l." + generator->Tables()[table].name;
		auto from = name + " AT (VERSION => " + version + ")";
		if (!record.exists[table]) {
			if (generator->Tables()[table].created && lake->Exec("SELECT count(*) FROM " + from).ok) {
				return Fail("time travel to snapshot " + version + " finds " + name + ", created later");
			}
			continue;
		}
		auto &expected = record.images[table];
		auto columns = ImageColumns(expected);
		TableImage actual;
		std::string error;
		if (!ReadImage(*lake, from, columns, cells, actual, error)) {
			return Fail("time travel to snapshot " + version + " (recorded after statement " +
			            std::to_string(record.step) + ") failed: " + error);
		}
		auto diff = CompareImages(expected, actual, cells,
		                          "recorded", "lake");
		if (!diff.empty()) {
			return Fail("time travel: " + name + " AT (VERSION => " + version + ") (recorded after statement " +
			            std::to_string(record.step) + ") differs:\n" + diff);
		}
		if (!CheckFilteredTimeTravel(expected, from, "recorded after statement " + std::to_string(record.step))) {
			return false;
		}
	}
	return true;
}

//! Types whose VARCHAR text is equal exactly when the values are (no -0.0/NaN, no time zone in the text).
static bool TextEqualityIsValueEquality(const std::string &type) {
	static const std::set<std::string> types {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT",  "UTINYINT",
	                                          "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT", "VARCHAR", "DATE",
	                                          "TIMESTAMP", "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS", "BOOLEAN",
	                                          "UUID", "TIME"};
	return types.count(type) > 0 || type.rfind("DECIMAL(", 0) == 0;
}

// A filter at an earlier snapshot goes through file statistics written for a later schema (a flushed file holds
// rows of several versions) and the pushdown into inlined rows: `column = constant` must count what the record
// holds (found by the hostile tester: bounds that did not fit an older, narrower type failed the query).
bool DifferentialRun::CheckFilteredTimeTravel(const TableImage &expected, const std::string &from,
                                              const std::string &what) {
	if (expected.rows.empty()) {
		return true;
	}
	for (size_t column = 1; column < expected.names.size(); column++) {
		if (!TextEqualityIsValueEquality(expected.types[column])) {
			continue;
		}
		auto probe = expected.rows[expected.rows.size() / 2][column];
		auto text = cells.Text(probe);
		if (text == "NULL" || text == "?" || text.size() > 150 || text.find('\0') != std::string::npos) {
			continue;
		}
		size_t count = 0;
		for (auto &row : expected.rows) {
			count += row[column] == probe;
		}
		std::string quoted = "'";
		for (char c : text) {
			quoted += c == '\'' ? std::string("''") : std::string(1, c);
		}
		auto sql = "SELECT count(*) FROM " + from + " WHERE " + QuoteIdentifier(expected.names[column]) + " = CAST(" +
		           quoted + "' AS " + expected.types[column] + ")";
		auto exec = lake->Exec(sql);
		if (!exec.ok) {
			return Fail("filtered time travel failed (" + what + "): " + sql + ": " + exec.Describe());
		}
		auto actual = exec.result->GetValue(0, 0).ToString();
		if (actual != std::to_string(count)) {
			return Fail("filtered time travel (" + what + "): " + sql + " counts " + actual + ", the record " +
			            std::to_string(count));
		}
		return true; // one column per check keeps the run short
	}
	return true;
}

bool DifferentialRun::CheckTimeTravel(bool all) {
	auto retained_text = lake->Column("SELECT snapshot_id FROM ducklake_snapshots('l')");
	std::set<int64_t> retained;
	for (auto &id : retained_text) {
		retained.insert(std::stoll(id));
	}
	std::vector<int64_t> gone, candidates;
	for (auto &entry : history.Records()) {
		(retained.count(entry.first) ? candidates : gone).push_back(entry.first);
	}
	for (auto snapshot : gone) {
		if (!expiry_since_check) {
			return Fail("snapshot " + std::to_string(snapshot) + " vanished without an expiry");
		}
		auto exec = lake->Exec("SELECT count(*) FROM l.t1 AT (VERSION => " + std::to_string(snapshot) + ")");
		if (exec.ok || exec.internal) {
			return Fail("time travel to expired snapshot " + std::to_string(snapshot) + ": " + exec.Describe());
		}
		history.Forget(snapshot);
	}
	expiry_since_check = false;
	std::vector<int64_t> chosen = candidates;
	if (!all && int(candidates.size()) > config.time_travel_sample) {
		chosen = {candidates.back()};
		while (int(chosen.size()) < config.time_travel_sample) {
			chosen.push_back(candidates[check_rng.Below(candidates.size())]);
		}
	}
	for (auto snapshot : chosen) {
		if (!CheckTimeTravelRecord(history.Records().at(snapshot))) {
			return false;
		}
	}
	return true;
}

bool DifferentialRun::FinalChecks() {
	if (in_transaction && !RollbackBoth("end of the seed")) {
		return false;
	}
	if (config.fault == "history" && !history.Records().empty()) {
		for (auto &entry : history.MutableRecords()) {
			if (!entry.second.images[0].rows.empty()) {
				entry.second.images[0].rows.pop_back();
				break;
			}
		}
	}
	if (config.features.Off("time-travel")) {
		return Reattach(attach_limit, false) && CompareTables(CreatedTables());
	}
	Print("-- end of seed: time travel to every retained snapshot, re-attach, flush");
	if (!CheckTimeTravel(true) || !CheckChangeFeed() || !Reattach(attach_limit, false) ||
	    !CompareTables(CreatedTables())) {
		return false;
	}
	Step final_flush;
	final_flush.action = LakeAction::FLUSH;
	final_flush.sql = "CALL ducklake_flush_inlined_data('{l}')";
	if (config.features.On("flush") && !SkipForKnownDefect(final_flush)) {
		auto flush = lake->Exec("CALL ducklake_flush_inlined_data('l')");
		if (!flush.ok) {
			return Fail("final flush failed: " + flush.Describe());
		}
		if (!CompareTables(CreatedTables()) || !RecordCommit(false)) {
			return false;
		}
	}
	// After the re-attach (and the flush): every retained snapshot once more, and the change feed.
	return CheckTimeTravel(true) && CheckChangeFeed() && CheckLineage(false) && CheckEncryptedFiles();
}

bool DifferentialRun::CheckEncryptedFiles() {
	if (!encrypted) {
		return true;
	}
	for (auto table : {"ducklake_data_file", "ducklake_delete_file"}) {
		auto plain = lake->Column("SELECT count(*) FROM " + CatalogTable("l", table) + " WHERE encryption_key IS NULL");
		if (plain.size() != 1 || plain[0] != "0") {
			return Fail(std::string("the encrypted lake has files without a key in ") + table + ": " +
			            (plain.empty() ? "?" : plain[0]));
		}
	}
	return true;
}

} // namespace inlake_random
