// DifferentialRun's checks of file compaction (ducklake_merge_adjacent_files,
// ducklake_rewrite_data_files and CHECKPOINT): they change nothing observable.
// Before the statement runs, every retained snapshot of every table
// (`l.t AT (VERSION => v)` with each row's rowid and snapshot_id) and the
// change feed over a few ranges of retained snapshots are summed up as count +
// sum(hash(row)); after it commits, each of them that is still retained must
// give the same sums. The recorded history (time travel to every retained
// snapshot, the change feed over random ranges) is checked as for any other
// maintenance, in AfterStep.
#include "differential_run.hpp"

#include "value_sql.hpp"

#include <set>

namespace inlake_random {

namespace {

std::string Sums(const std::string &from) {
	return "SELECT count(*)::VARCHAR || ':' || "
	       "coalesce(sum(hash(fingerprint_row))::VARCHAR, '') FROM " +
	       from + " fingerprint_row";
}

std::string RowsAt(const std::string &table, int64_t snapshot) {
	return "(SELECT rowid AS __rid, snapshot_id AS __sid, * FROM l." + table + " AT (VERSION => " +
	       std::to_string(snapshot) + "))";
}

std::string Feed(const std::string &table, int64_t first, int64_t last) {
	return "l.table_changes('" + table + "', " + std::to_string(first) + ", " + std::to_string(last) + ")";
}

} // namespace

bool IsCompaction(const Step &step) {
	return step.kind == StepKind::LAKE && (step.action == LakeAction::MERGE || step.action == LakeAction::REWRITE ||
	                                       step.action == LakeAction::CHECKPOINT);
}

std::set<int64_t> DifferentialRun::RetainedSnapshots() {
	std::set<int64_t> retained;
	for (auto &id : lake->Column("SELECT snapshot_id FROM ducklake_snapshots('l')")) {
		retained.insert(std::stoll(id));
	}
	return retained;
}

bool DifferentialRun::CaptureFingerprints(Fingerprints &fingerprints) {
	fingerprints.entries.clear();
	auto retained = RetainedSnapshots();
	std::vector<const SnapshotRecord *> records;
	for (auto &entry : history.Records()) {
		if (retained.count(entry.first)) {
			records.push_back(&entry.second);
		}
	}
	auto add = [&](const std::string &what, const std::string &sql, std::set<int64_t> needs) {
		auto exec = lake->Exec(sql);
		if (!exec.ok) {
			return Fail("reading " + what + " before the compaction failed: " + exec.Describe());
		}
		fingerprints.entries.push_back({what, sql, std::move(needs), exec.result->GetValue(0, 0).ToString()});
		return true;
	};
	for (auto record : records) {
		for (size_t table = 0; table < record->exists.size(); table++) {
			if (!record->exists[table]) {
				continue;
			}
			auto &name = generator->Tables()[table].name;
			if (!add(name + " AT (VERSION => " + std::to_string(record->snapshot) + ")",
			         Sums(RowsAt(name, record->snapshot)), {record->snapshot})) {
				return false;
			}
		}
	}
	if (records.size() < 2 || config.features.Off("change-feed")) {
		return true;
	}
	std::vector<std::pair<size_t, size_t>> ranges {{0, records.size() - 1}};
	for (int i = 0; i < 2; i++) {
		auto a = check_rng.Below(records.size()), b = check_rng.Below(records.size());
		ranges.emplace_back(std::min(a, b), std::max(a, b));
	}
	for (auto &range : ranges) {
		auto first = records[range.first]->snapshot + 1, last = records[range.second]->snapshot;
		std::set<int64_t> needs;
		for (auto id = first - 1; id <= last; id++) {
			needs.insert(id);
		}
		bool all_retained = first <= last;
		for (auto id : needs) {
			all_retained = all_retained && retained.count(id);
		}
		if (!all_retained) {
			continue;
		}
		auto &after = *records[range.second];
		for (size_t table = 0; table < after.exists.size(); table++) {
			auto &name = generator->Tables()[table].name;
			if (after.exists[table] &&
			    !add("the change feed of " + name + " over " + std::to_string(first) + ".." + std::to_string(last),
			         Sums(Feed(name, first, last)), needs)) {
				return false;
			}
		}
	}
	return true;
}

bool DifferentialRun::CheckFingerprints(const Fingerprints &fingerprints) {
	auto retained = RetainedSnapshots();
	for (auto &entry : fingerprints.entries) {
		bool kept = true;
		for (auto id : entry.snapshots) {
			kept = kept && retained.count(id);
		}
		if (!kept) {
			continue; // expired by the CHECKPOINT
		}
		auto exec = lake->Exec(entry.sql);
		if (!exec.ok) {
			return Fail("after the compaction, reading " + entry.what + " failed: " + exec.Describe());
		}
		auto now = exec.result->GetValue(0, 0).ToString();
		if (now != entry.sums) {
			return Fail("the compaction changed " + entry.what + " (rows with rowid and snapshot_id, as count:" +
			            "sum(hash(row))): before " + entry.sums + ", after " + now + "\n" + entry.sql);
		}
	}
	return true;
}

bool DifferentialRun::CheckCompactionResult(const Step &step, duckdb::MaterializedQueryResult &result) {
	auto rows = int64_t(result.RowCount());
	if (step.action == LakeAction::MERGE) {
		stats.merges++;
		stats.merges_effective += rows > 0;
	} else if (step.action == LakeAction::REWRITE) {
		stats.rewrites++;
		stats.rewrites_effective += rows > 0;
	} else {
		stats.checkpoints++;
		return true;
	}
	for (idx_t row = 0; row < result.RowCount(); row++) {
		auto processed = result.GetValue(2, row).GetValue<int64_t>();
		auto created = result.GetValue(3, row).GetValue<int64_t>();
		bool plausible = step.action == LakeAction::MERGE ? processed >= 2 && created >= 1 && created < processed
		                                                  : processed >= 1 && created >= 0 && created <= processed;
		if (!plausible) {
			return Fail("the compaction reports " + std::to_string(processed) + " files processed and " +
			            std::to_string(created) + " created for table " + result.GetValue(1, row).ToString());
		}
	}
	return true;
}

} // namespace inlake_random
