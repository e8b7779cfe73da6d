// The change feed of a table over snapshots start..end, both included (bounds as snapshot ids or timestamps):
//   ducklake_table_insertions('lake', 'schema', 'table', start, end): snapshot_id, rowid, the table's columns
//   ducklake_table_deletions(...): the same for the rows deleted (their values when deleted)
//   ducklake_table_changes(...): snapshot_id, rowid, change_type, the table's columns, where change_type is
//     insert, delete, or update_preimage / update_postimage for a row an UPDATE changed (deleted and inserted
//     at one snapshot under one row id)
// and, scoped to a lake's schema, lake.table_changes('table', start, end) (and the others). The columns are
// the table's as of `end`; see read/change_feed_plan.hpp for what is read.
#include "catalog/lake_catalog.hpp"
#include "catalog/lake_catalog_set.hpp"
#include "catalog/lake_schema_entry.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "metadata/sql_literal.hpp"
#include "read/change_feed_scan.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/query_result.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/parser/statement/select_statement.hpp"
#include "duckdb/parser/tableref/subqueryref.hpp"
#include "duckdb/planner/tableref/bound_at_clause.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

constexpr const char *kEventsFunction = "__inlake_table_change_events";
constexpr const char *kEventPrefix = "__inlake_";

//! Whether a bound names a snapshot id (an integer, or text holding one) rather than a time.
bool IsSnapshotId(const Value &bound) {
	Value id;
	std::string error;
	return bound.type().IsIntegral() || (bound.type().id() == LogicalTypeId::VARCHAR &&
	                                     bound.DefaultTryCastAs(LogicalType::BIGINT, id, &error, true));
}

//! The first snapshot of the range: the id given, or the first snapshot taken at or after the time given.
int64_t ResolveStart(ClientContext &context, LakeTransaction &transaction, const Value &bound, const char *function) {
	if (bound.IsNull()) {
		throw InvalidInputException("%s: the start of the range must not be NULL", function);
	}
	if (IsSnapshotId(bound)) {
		// snapshot ids start at 0: an earlier start means the same range; one beyond BIGINT, an empty range
		Value id;
		std::string error;
		if (!bound.DefaultTryCastAs(LogicalType::BIGINT, id, &error, true)) {
			return StringUtil::StartsWith(bound.ToString(), "-") ? 0 : NumericLimits<int64_t>::Maximum();
		}
		return MaxValue<int64_t>(0, id.GetValue<int64_t>());
	}
	Value time;
	std::string error;
	if (!bound.TryCastAs(context, LogicalType::TIMESTAMP_TZ, time, &error) || time.IsNull()) {
		throw InvalidInputException("%s: the start of the range (%s) is neither a snapshot id nor a timestamp",
		                            function, bound.ToString());
	}
	auto ts = time.GetValue<timestamp_tz_t>();
	if (!Timestamp::IsFinite(ts)) {
		return ts == timestamp_t::ninfinity() ? 0 : transaction.GetCatalog().Store().GetLatestSnapshot().snapshot_id + 1;
	}
	SnapshotRecord before;
	if (!transaction.GetCatalog().Store().GetSnapshotAtTime(timestamp_tz_t(ts.value - 1), before)) {
		return 0;
	}
	return before.snapshot_id + 1;
}

//! The last snapshot of the range: the id given (it must exist), or the latest taken at or before the time.
SnapshotRecord ResolveEnd(ClientContext &context, LakeTransaction &transaction, const Value &bound,
                          const char *function) {
	if (bound.IsNull()) {
		throw InvalidInputException("%s: the end of the range must not be NULL", function);
	}
	Value time;
	std::string error;
	if (!IsSnapshotId(bound) && !bound.TryCastAs(context, LogicalType::TIMESTAMP_TZ, time, &error)) {
		throw InvalidInputException("%s: the end of the range (%s) is neither a snapshot id nor a timestamp",
		                            function, bound.ToString());
	}
	Value id;
	if (IsSnapshotId(bound) && !bound.DefaultTryCastAs(LogicalType::BIGINT, id, &error, true)) {
		throw InvalidInputException("%s: the end of the range (%s) names no snapshot of lake \"%s\"", function,
		                            bound.ToString(), transaction.GetCatalog().GetName());
	}
	return transaction.ResolveAtClause(BoundAtClause(IsSnapshotId(bound) ? "VERSION" : "TIMESTAMP", bound));
}

LakeTableEntry &TableAt(LakeTransaction &transaction, const SnapshotRecord &end, const std::string &schema_name,
                        const std::string &table_name, const char *function) {
	auto schema = transaction.CatalogSetAt(end).GetSchema(schema_name);
	auto table = schema ? schema->GetCommittedTable(table_name) : nullptr;
	if (!table) {
		throw CatalogException("%s: lake \"%s\" has no table \"%s\".\"%s\" at snapshot %lld (the end of the range)",
		                       function, transaction.GetCatalog().GetName(), schema_name, table_name,
		                       (long long)end.snapshot_id);
	}
	return *table;
}

std::string StringArgument(const Value &value, const char *what, const char *function) {
	if (value.IsNull()) {
		throw InvalidInputException("%s: the %s must not be NULL", function, what);
	}
	return value.ToString();
}

unique_ptr<FunctionData> BindEvents(ClientContext &context, TableFunctionBindInput &input, vector<LogicalType> &types,
                                    vector<std::string> &names, ChangeEvents events, bool with_change_type,
                                    const char *function, const std::string &name_prefix) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], function);
	auto &transaction = LakeTransaction::Get(context, catalog);
	auto schema_name = StringArgument(input.inputs[1], "schema name", function);
	auto table_name = StringArgument(input.inputs[2], "table name", function);
	auto end = ResolveEnd(context, transaction, input.inputs[4], function);
	auto start = ResolveStart(context, transaction, input.inputs[3], function);
	auto &table = TableAt(transaction, end, schema_name, table_name, function);
	auto result = make_uniq<ChangeFeedBindData>();
	result->events = events;
	result->with_change_type = with_change_type;
	result->plan = PlanChangeFeed(context, transaction, table, start, end.snapshot_id);
	BindChangeFeedScan(context, *result, types, names, name_prefix);
	// a table column named like a leading column (snapshot_id, rowid) gets a suffix: snapshot_id_1
	QueryResult::DeduplicateColumns(names);
	return std::move(result);
}

unique_ptr<FunctionData> InsertionsBind(ClientContext &context, TableFunctionBindInput &input,
                                        vector<LogicalType> &types, vector<std::string> &names) {
	return BindEvents(context, input, types, names, ChangeEvents::INSERTIONS, false, "ducklake_table_insertions", "");
}

unique_ptr<FunctionData> DeletionsBind(ClientContext &context, TableFunctionBindInput &input,
                                       vector<LogicalType> &types, vector<std::string> &names) {
	return BindEvents(context, input, types, names, ChangeEvents::DELETIONS, false, "ducklake_table_deletions", "");
}

unique_ptr<FunctionData> EventsBind(ClientContext &context, TableFunctionBindInput &input, vector<LogicalType> &types,
                                    vector<std::string> &names) {
	return BindEvents(context, input, types, names, ChangeEvents::BOTH, true, "ducklake_table_changes", kEventPrefix);
}

//! ducklake_table_changes: the events with an UPDATE's two events of one row id at one snapshot named as its
//! pre- and post-image.
unique_ptr<TableRef> ChangesBindReplace(ClientContext &context, TableFunctionBindInput &input) {
	std::string arguments;
	for (auto &value : input.inputs) {
		arguments += (arguments.empty() ? "" : ", ") + value.ToSQLString();
	}
	std::string snapshot = std::string(kEventPrefix) + "snapshot_id", rowid = std::string(kEventPrefix) + "rowid",
	            change = std::string(kEventPrefix) + "change_type";
	auto sql = "SELECT " + snapshot + " AS snapshot_id, " + rowid + " AS rowid, CASE WHEN count(*) OVER (PARTITION BY " +
	           snapshot + ", " + rowid + ") > 1 THEN (CASE " + change +
	           " WHEN 'insert' THEN 'update_postimage' ELSE 'update_preimage' END) ELSE " + change +
	           " END AS change_type, * EXCLUDE (" + snapshot + ", " + rowid + ", " + change + ") FROM " +
	           SqlIdentifier(LakeCatalogArgument(context, input.inputs[0], "ducklake_table_changes").GetName()) + "." +
	           DEFAULT_SCHEMA + "." + kEventsFunction + "(" + arguments + ")";
	Parser parser;
	parser.ParseQuery(sql);
	if (parser.statements.size() != 1 || parser.statements[0]->type != StatementType::SELECT_STATEMENT) {
		throw InternalException("ducklake_table_changes: the change query did not parse as one SELECT");
	}
	auto select = unique_ptr_cast<SQLStatement, SelectStatement>(std::move(parser.statements[0]));
	return make_uniq<SubqueryRef>(std::move(select));
}

TableFunction MakeChangeFunction(const std::string &name, table_function_bind_t bind) {
	TableFunction function(name,
	                       {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::ANY,
	                        LogicalType::ANY},
	                       ChangeFeedScan, bind, ChangeFeedInitGlobal, ChangeFeedInitLocal);
	return function;
}

} // namespace

std::vector<TableFunction> ChangeFeedFunctions() {
	auto changes = MakeChangeFunction("ducklake_table_changes", nullptr);
	changes.bind_replace = ChangesBindReplace;
	return {MakeChangeFunction("ducklake_table_insertions", InsertionsBind),
	        MakeChangeFunction("ducklake_table_deletions", DeletionsBind), std::move(changes)};
}

bool IsChangeEventsFunction(const std::string &name) {
	return name == kEventsFunction;
}

TableFunction ChangeEventsFunction() {
	return MakeChangeFunction(kEventsFunction, EventsBind);
}

} // namespace inlake
