// ducklake_snapshots('lake'): every snapshot with its changes as a
// MAP(VARCHAR, VARCHAR[]) keyed by the kind of change (schemas_created,
// tables_created, tables_inserted_into, inlined_insert, ...).
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/change_set.hpp"

#include <map>

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static std::string ChangeKey(const std::string &kind) {
	static const std::map<std::string, std::string> keys = {
	    {"created_schema", "schemas_created"},   {"dropped_schema", "schemas_dropped"},
	    {"created_table", "tables_created"},     {"dropped_table", "tables_dropped"},
	    {"altered_table", "tables_altered"},     {"inserted_into_table", "tables_inserted_into"},
	    {"deleted_from_table", "tables_deleted_from"}, {"created_view", "views_created"},
	    {"dropped_view", "views_dropped"},       {"altered_view", "views_altered"},
	    {"flushed_inlined", "inline_flush"},     {"compacted_table", "tables_compacted"},
	    {"created_scalar_macro", "scalar_macros_created"}, {"created_table_macro", "table_macros_created"},
	    {"dropped_scalar_macro", "scalar_macros_dropped"}, {"dropped_table_macro", "table_macros_dropped"},
	};
	auto entry = keys.find(kind);
	return entry == keys.end() ? kind : entry->second;
}

//! "main"."tbl" -> main.tbl (quotes of each part removed, doubled quotes undone)
static std::string Unquote(const std::string &value) {
	std::string result;
	bool quoted = false;
	for (size_t i = 0; i < value.size(); i++) {
		char c = value[i];
		if (c == '"') {
			if (quoted && i + 1 < value.size() && value[i + 1] == '"') {
				result += '"';
				i++;
			} else {
				quoted = !quoted;
			}
			continue;
		}
		result += c;
	}
	return result;
}

static Value ChangesMap(const std::string &changes_made) {
	std::vector<std::pair<std::string, std::vector<Value>>> grouped;
	for (auto &entry : ChangeSet::Parse(changes_made)) {
		auto key = ChangeKey(entry.kind);
		auto it = std::find_if(grouped.begin(), grouped.end(), [&](const auto &g) { return g.first == key; });
		if (it == grouped.end()) {
			grouped.emplace_back(key, std::vector<Value>());
			it = grouped.end() - 1;
		}
		it->second.push_back(Value(Unquote(entry.value)));
	}
	duckdb::vector<Value> keys, values;
	for (auto &group : grouped) {
		keys.push_back(Value(group.first));
		values.push_back(Value::LIST(LogicalType::VARCHAR, duckdb::vector<Value>(group.second.begin(), group.second.end())));
	}
	return Value::MAP(LogicalType::VARCHAR, LogicalType::LIST(LogicalType::VARCHAR), keys, values);
}

static duckdb::unique_ptr<duckdb::FunctionData> SnapshotsBind(duckdb::ClientContext &context,
                                                             duckdb::TableFunctionBindInput &input,
                                                             duckdb::vector<LogicalType> &types,
                                                             duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_snapshots");
	names = {"snapshot_id", "snapshot_time", "schema_version", "changes", "author", "commit_message",
	         "commit_extra_info"};
	types = {LogicalType::BIGINT,
	         LogicalType::TIMESTAMP_TZ,
	         LogicalType::BIGINT,
	         LogicalType::MAP(LogicalType::VARCHAR, LogicalType::LIST(LogicalType::VARCHAR)),
	         LogicalType::VARCHAR,
	         LogicalType::VARCHAR,
	         LogicalType::VARCHAR};
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto &listing : catalog.Store().ListSnapshots()) {
		auto &changes = listing.changes;
		result->rows.push_back({Value::BIGINT(listing.snapshot.snapshot_id),
		                        Value::TIMESTAMPTZ(listing.snapshot.snapshot_time),
		                        Value::BIGINT(listing.snapshot.schema_version), ChangesMap(changes.changes_made),
		                        changes.has_author ? Value(changes.author) : Value(),
		                        changes.has_commit_message ? Value(changes.commit_message) : Value(),
		                        changes.has_commit_extra_info ? Value(changes.commit_extra_info) : Value()});
	}
	return std::move(result);
}

duckdb::TableFunction SnapshotsFunction() {
	return duckdb::TableFunction("ducklake_snapshots", {LogicalType::VARCHAR}, EmitRows, SnapshotsBind, InitRowsScan);
}

} // namespace inlake
