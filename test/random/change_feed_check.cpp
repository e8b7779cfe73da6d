// DifferentialRun::CheckChangeFeed: the change feed (issue 14) against the recorded history.
//
// For random ranges a+1..b of retained snapshots (every snapshot of a..b retained): the rows of
// `l.t AT (VERSION => a)` with the feed of a+1..b applied (by key k: unique, never updated, never reused) equal
// the record at b, on the columns that exist at both a and b (by model column id; a column added in between
// reads its default, which the sqllogictests check); and the feed is consistent: per key, events alternate
// between delete and insert (an UPDATE's pre-image before its post-image), starting with a delete exactly when
// the key existed at a.
#include "differential_run.hpp"
#include "value_sql.hpp"

#include <map>
#include <set>

namespace inlake_random {

namespace {

struct FeedRange {
	const SnapshotRecord *before;
	const SnapshotRecord *after;
};

//! Positions of `after`'s columns whose model id `before` has too, with the name `before` gives it.
std::vector<std::pair<size_t, std::string>> SharedColumns(const TableImage &before, const TableImage &after) {
	std::vector<std::pair<size_t, std::string>> shared;
	for (size_t i = 0; i < after.column_ids.size(); i++) {
		for (size_t j = 0; j < before.column_ids.size(); j++) {
			if (before.column_ids[j] != after.column_ids[i]) {
				continue;
			}
			// a CAST cannot stand for ALTERs of STRUCT fields (by field id, with the DEFAULT older rows read): a
			// column whose STRUCTs changed is left out, as a column added since is
			bool has_struct = before.types[j].find("STRUCT(") != std::string::npos ||
			                  after.types[i].find("STRUCT(") != std::string::npos;
			if (has_struct && before.types[j] != after.types[i]) {
				continue;
			}
			shared.emplace_back(i, before.names[j]);
		}
	}
	return shared;
}

TableImage ProjectImage(const TableImage &image, const std::vector<std::pair<size_t, std::string>> &columns) {
	TableImage result;
	for (auto &column : columns) {
		result.column_ids.push_back(image.column_ids[column.first]);
		result.names.push_back(image.names[column.first]);
		result.types.push_back(image.types[column.first]);
	}
	for (auto &row : image.rows) {
		std::vector<uint64_t> projected;
		for (auto &column : columns) {
			projected.push_back(row[column.first]);
		}
		result.rows.push_back(std::move(projected));
	}
	return result;
}

} // namespace

bool DifferentialRun::CheckChangeFeed(int random_ranges) {
	if (config.features.Off("change-feed")) {
		return true;
	}
	std::set<int64_t> retained;
	for (auto &id : lake->Column("SELECT snapshot_id FROM ducklake_snapshots('l')")) {
		retained.insert(std::stoll(id));
	}
	std::vector<const SnapshotRecord *> records;
	for (auto &entry : history.Records()) {
		if (retained.count(entry.first)) {
			records.push_back(&entry.second);
		}
	}
	if (records.size() < 2) {
		return true;
	}
	std::vector<FeedRange> ranges {{records.front(), records.back()}};
	for (int i = 0; i < random_ranges; i++) {
		auto a = check_rng.Below(records.size()), b = check_rng.Below(records.size());
		ranges.push_back({records[std::min(a, b)], records[std::max(a, b)]});
	}
	for (auto &range : ranges) {
		bool all_retained = true;
		for (auto id = range.before->snapshot; id <= range.after->snapshot; id++) {
			all_retained = all_retained && retained.count(id);
		}
		if (!all_retained) {
			continue; // an expired snapshot in between may take changes with it
		}
		for (size_t table = 0; table < range.after->exists.size(); table++) {
			if (range.after->exists[table] && !CheckChangeFeedRange(*range.before, *range.after, table)) {
				return false;
			}
		}
	}
	return true;
}

bool DifferentialRun::CheckChangeFeedRange(const SnapshotRecord &before, const SnapshotRecord &after, size_t table) {
	auto &name = generator->Tables()[table].name;
	auto start = std::to_string(before.snapshot + 1), end = std::to_string(after.snapshot);
	auto &after_image = after.images[table];
	bool existed = before.exists[table];
	auto shared = existed ? SharedColumns(before.images[table], after_image)
	                      : std::vector<std::pair<size_t, std::string>> {};
	if (!existed) {
		for (size_t i = 0; i < after_image.names.size(); i++) {
			shared.emplace_back(i, after_image.names[i]);
		}
	}
	auto feed = "l.table_changes('" + name + "', " + start + ", " + end + ")";
	if (config.fault == "feed") {
		// self-test: one key's events go missing
		feed = "(SELECT * FROM " + feed + " WHERE k <> (SELECT min(k) FROM " + feed + "))";
	}
	std::string old_columns, new_columns;
	for (auto &column : shared) {
		auto new_name = QuoteIdentifier(after_image.names[column.first]);
		old_columns += (old_columns.empty() ? "" : ", ") + std::string("CAST(") + QuoteIdentifier(column.second) +
		               " AS " + after_image.types[column.first] + ") AS " + new_name;
		new_columns += (new_columns.empty() ? "" : ", ") + new_name;
	}
	auto old_rows = "l." + name + " AT (VERSION => " + std::to_string(before.snapshot) + ")";
	std::string applied = "(SELECT " + new_columns + " FROM (SELECT *, row_number() OVER (PARTITION BY k ORDER BY "
	                      "snapshot_id DESC, change_type IN ('insert', 'update_postimage') DESC) AS feed_rank FROM " +
	                      feed + ") WHERE feed_rank = 1 AND change_type IN ('insert', 'update_postimage')";
	if (existed) {
		applied += " UNION ALL SELECT " + old_columns + " FROM " + old_rows + " WHERE k NOT IN (SELECT k FROM " +
		           feed + ")";
	}
	applied += ")";
	std::vector<ImageColumn> columns;
	for (auto &column : shared) {
		columns.push_back({after_image.column_ids[column.first], after_image.names[column.first]});
	}
	TableImage actual;
	std::string error;
	auto what = name + " over snapshots " + start + ".." + end;
	if (!ReadImage(*lake, applied, columns, cells, actual, error)) {
		return Fail("change feed of " + what + " failed: " + error);
	}
	auto expected = ProjectImage(after_image, shared);
	actual.schema = expected.schema = "";
	auto diff = CompareImages(expected, actual, cells, "recorded", "feed applied");
	if (!diff.empty()) {
		return Fail("change feed: " + what + ", applied to the contents at " + std::to_string(before.snapshot) +
		            ", differs from the record (after statement " + std::to_string(after.step) + "):\n" + diff);
	}
	auto events = "(SELECT k, snapshot_id, change_type IN ('insert', 'update_postimage') AS inserted FROM " + feed + ")";
	auto existed_keys = existed ? "k IN (SELECT k FROM " + old_rows + ")" : std::string("false");
	auto broken = lake->Exec("SELECT count(*) FROM (SELECT k, inserted, lag(inserted) OVER (PARTITION BY k ORDER BY "
	                         "snapshot_id, inserted) AS previous FROM " +
	                         events + ") WHERE inserted = previous OR (previous IS NULL AND inserted = (" +
	                         existed_keys + "))");
	if (!broken.ok) {
		return Fail("change feed consistency query of " + what + " failed: " + broken.Describe());
	}
	auto count = broken.result->GetValue(0, 0).GetValue<int64_t>();
	if (count != 0) {
		return Fail("change feed: " + what + " has " + std::to_string(count) +
		            " events that do not alternate between delete and insert for their key");
	}
	return true;
}

} // namespace inlake_random
