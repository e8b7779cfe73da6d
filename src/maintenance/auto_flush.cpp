#include "maintenance/auto_flush.hpp"

#include "catalog/lake_catalog.hpp"
#include "metadata/sql_literal.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/logging/logger.hpp"

#include <mutex>
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/client_context_state.hpp"
#include "duckdb/main/connection.hpp"
#include "duckdb/main/materialized_query_result.hpp"

#include <mutex>
#include <set>

namespace inlake {
using duckdb::DefaultLogType; // NOLINT: DUCKDB_LOG_WARN names these unqualified
using duckdb::Logger;         // NOLINT
using duckdb::LogLevel;       // NOLINT

namespace {

const char *const kStateKey = "inlake_auto_flush";

//! A threshold option's value for the table (0: unset or off).
int64_t Threshold(LakeTransaction &transaction, LakeTableEntry &table, const char *key) {
	std::string value;
	if (!transaction.FindOption(key, &table, value)) {
		return 0;
	}
	return std::stoll(value);
}

//! Whether the table's inlined rows passed one of its thresholds (`reason` says which).
bool NeedsFlush(LakeTransaction &transaction, LakeTableEntry &table, std::string &reason) {
	std::string auto_compact;
	if (transaction.FindOption("auto_compact", &table, auto_compact) && auto_compact == "false") {
		return false;
	}
	auto row_threshold = Threshold(transaction, table, "inlined_flush_threshold");
	auto byte_threshold = Threshold(transaction, table, "inlined_flush_threshold_bytes");
	if (row_threshold <= 0 && byte_threshold <= 0) {
		return false;
	}
	auto &store = transaction.GetCatalog().Store();
	std::vector<InlinedTableColumnNames> tables;
	for (auto &inlined : store.LoadInlinedTables(table.TableId())) {
		InlinedTableColumnNames names;
		names.table_name = inlined.table_name;
		if (byte_threshold > 0) {
			for (auto &column : transaction.InlinedTableColumns(table, inlined)) {
				names.columns.push_back(column.name);
			}
		}
		tables.push_back(std::move(names));
	}
	auto backlog = store.MeasureInlinedRows(tables, byte_threshold > 0);
	if (row_threshold > 0 && backlog.rows > row_threshold) {
		reason = std::to_string(backlog.rows) + " inlined rows > inlined_flush_threshold " +
		         std::to_string(row_threshold);
		return true;
	}
	if (byte_threshold > 0 && backlog.bytes > byte_threshold) {
		reason = "about " + std::to_string(backlog.bytes) + " bytes of inlined rows > inlined_flush_threshold_bytes " +
		         std::to_string(byte_threshold);
		return true;
	}
	return false;
}

//! The tables being flushed automatically in this process (store + table id): one flusher per table.
class FlushesInFlight {
public:
	bool TryStart(const std::string &key) {
		std::lock_guard<std::mutex> guard(lock);
		return keys.insert(key).second;
	}
	void Finish(const std::string &key) {
		std::lock_guard<std::mutex> guard(lock);
		keys.erase(key);
	}

private:
	std::mutex lock;
	std::set<std::string> keys;
};

FlushesInFlight &InFlight() {
	static FlushesInFlight in_flight;
	return in_flight;
}

void RunAutoFlush(duckdb::ClientContext &context, const AutoFlushTarget &target) {
	auto key = target.store + '\n' + std::to_string(target.table_id);
	if (!InFlight().TryStart(key)) {
		return; // another connection of this process is flushing the table right now
	}
	std::string error;
	try {
		duckdb::Connection connection(*context.db);
		auto result = connection.Query("SELECT * FROM ducklake_flush_inlined_data(" + SqlString(target.lake) +
		                               ", schema_name => " + SqlString(target.schema) + ", table_name => " +
		                               SqlString(target.table) + ")");
		if (result->HasError()) {
			error = result->GetErrorObject().RawMessage();
		}
	} catch (std::exception &ex) {
		error = duckdb::ErrorData(ex).RawMessage();
	} catch (...) {
		error = "unknown error";
	}
	InFlight().Finish(key);
	if (!error.empty()) {
		try {
			DUCKDB_LOG_WARN(context, "Automatic flush of DuckLake table \"%s\".\"%s\" of lake \"%s\" (%s) failed and "
			                         "was skipped: %s",
			                target.schema, target.table, target.lake, target.reason, error);
		} catch (...) { // NOLINT: a log that fails must not fail the user's commit either
		}
	}
}

class AutoFlushState : public duckdb::ClientContextState {
public:
	void TransactionCommit(duckdb::MetaTransaction &, duckdb::ClientContext &context) override {
		auto targets = Take();
		for (auto &target : targets) {
			RunAutoFlush(context, target);
		}
	}
	void TransactionRollback(duckdb::MetaTransaction &, duckdb::ClientContext &) override {
		Take();
	}

	void Add(std::vector<AutoFlushTarget> targets) {
		std::lock_guard<std::mutex> guard(lock);
		for (auto &target : targets) {
			pending.push_back(std::move(target));
		}
	}

private:
	std::vector<AutoFlushTarget> Take() {
		std::lock_guard<std::mutex> guard(lock);
		return std::move(pending);
	}

	std::mutex lock;
	std::vector<AutoFlushTarget> pending;
};

} // namespace

std::vector<AutoFlushTarget> FindAutoFlushTargets(duckdb::ClientContext &context, LakeTransaction &transaction) {
	std::vector<AutoFlushTarget> targets;
	for (auto &entry : transaction.changes.table_changes) {
		auto &rows = entry.second.inlined_rows;
		if (IsLocalId(entry.first) || !rows || rows->Count() == 0 ||
		    transaction.changes.dropped_table_ids.count(entry.first)) {
			continue;
		}
		std::string table_name = "?";
		try {
			auto table = transaction.CurrentTable(entry.first);
			if (!table) {
				continue;
			}
			table_name = table->name;
			AutoFlushTarget target;
			if (!NeedsFlush(transaction, *table, target.reason)) {
				continue;
			}
			target.lake = transaction.GetCatalog().GetName();
			target.schema = table->ParentSchema().name;
			target.table = table->name;
			target.table_id = entry.first;
			target.store = transaction.GetCatalog().Store().DisplayName();
			targets.push_back(std::move(target));
		} catch (std::exception &ex) {
			try {
				DUCKDB_LOG_WARN(context, "Could not measure the inlined rows of DuckLake table \"%s\" for the "
				                         "automatic flush; not flushing it: %s",
				                table_name, duckdb::ErrorData(ex).RawMessage());
			} catch (...) { // NOLINT: see RunAutoFlush
			}
		}
	}
	return targets;
}

void ScheduleAutoFlush(duckdb::ClientContext &context, std::vector<AutoFlushTarget> targets) {
	if (targets.empty()) {
		return;
	}
	context.registered_state->GetOrCreate<AutoFlushState>(kStateKey)->Add(std::move(targets));
}

} // namespace inlake
