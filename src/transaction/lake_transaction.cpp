#include "transaction/lake_transaction.hpp"
#include "transaction/last_committed_snapshot.hpp"

#include "catalog/lake_schema_entry.hpp"
#include "catalog/option_registry.hpp"
#include "catalog/table_columns.hpp"
#include "catalog/table_options_clause.hpp"
#include "common/file_removal.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/table_alter.hpp"

#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "write/inlining_policy.hpp"
#include "transaction/lake_commit.hpp"

#include "duckdb/common/file_system.hpp"

#include <algorithm>
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/parser/parsed_data/create_schema_info.hpp"
#include "duckdb/planner/parsed_data/bound_create_table_info.hpp"
#include "duckdb/planner/tableref/bound_at_clause.hpp"

#include <atomic>

namespace inlake {
using duckdb::CatalogException;

static uint64_t NextSerial() {
	static std::atomic<uint64_t> next {1};
	return next++;
}

LakeTransaction::LakeTransaction(LakeCatalog &catalog, duckdb::TransactionManager &manager,
                                 duckdb::ClientContext &context)
    : duckdb::Transaction(manager, context), catalog(catalog), serial(NextSerial()), context(context) {
}

LakeTransaction::~LakeTransaction() = default;

LakeTransaction &LakeTransaction::Get(duckdb::ClientContext &context, duckdb::Catalog &catalog) {
	return duckdb::Transaction::Get(context, catalog).Cast<LakeTransaction>();
}

LakeTransaction &LakeTransaction::Get(duckdb::CatalogTransaction transaction, duckdb::Catalog &catalog) {
	if (transaction.transaction) {
		return transaction.transaction->Cast<LakeTransaction>();
	}
	return Get(transaction.GetContext(), catalog);
}

const SnapshotRecord &LakeTransaction::Snapshot() {
	if (!has_snapshot) {
		auto pinned = catalog.Options().snapshot_version;
		if (pinned >= 0) {
			if (!catalog.Store().GetSnapshot(pinned, snapshot)) {
				throw duckdb::InvalidInputException("SNAPSHOT_VERSION %lld does not exist in lake \"%s\"",
				                                    (long long)pinned, catalog.GetName());
			}
		} else {
			snapshot = catalog.Store().GetLatestSnapshot();
			catalog.RefreshPersistedOptions(snapshot.snapshot_id);
		}
		has_snapshot = true;
	}
	return snapshot;
}

LakeCatalogSet &LakeTransaction::CommittedSet() {
	if (!committed_set) {
		committed_set = catalog.GetCatalogSet(Snapshot());
	}
	return *committed_set;
}

SnapshotRecord LakeTransaction::ResolveAtClause(const duckdb::BoundAtClause &at_clause) {
	SnapshotRecord result;
	auto unit = duckdb::StringUtil::Upper(at_clause.Unit());
	auto &value = at_clause.GetValue();
	if (value.IsNull()) {
		throw duckdb::InvalidInputException("AT (%s => NULL) on lake \"%s\": the %s must not be NULL", unit,
		                                    catalog.GetName(), duckdb::StringUtil::Lower(unit));
	}
	if (unit == "VERSION") {
		// a snapshot id is a whole number: 1.7 names none (a cast would round it to 2), nor does a text that is
		// no integer or a number beyond BIGINT
		duckdb::Value id;
		std::string error;
		if (!value.DefaultTryCastAs(duckdb::LogicalType::BIGINT, id, &error, true) ||
		    (!value.type().IsIntegral() && value.type().id() != duckdb::LogicalTypeId::VARCHAR &&
		     !(id.DefaultCastAs(value.type()) == value))) {
			throw duckdb::InvalidInputException("AT (VERSION => %s) on lake \"%s\": a snapshot version is a whole "
			                                    "number of BIGINT", value.ToString(), catalog.GetName());
		}
		auto version = id.GetValue<int64_t>();
		if (!catalog.Store().GetSnapshot(version, result)) {
			throw duckdb::InvalidInputException("No snapshot with version %lld in lake \"%s\"", (long long)version,
			                                    catalog.GetName());
		}
	} else if (unit == "TIMESTAMP") {
		// through the session's casts: a TIMESTAMP without time zone is a time in the session's TimeZone
		duckdb::Value cast;
		std::string error;
		if (!value.TryCastAs(context, duckdb::LogicalType::TIMESTAMP_TZ, cast, &error) || cast.IsNull()) {
			throw duckdb::InvalidInputException("AT (TIMESTAMP => %s) on lake \"%s\": %s", value.ToString(),
			                                  catalog.GetName(),
			                                  error.empty() ? "not a timestamp" : error);
		}
		if (!catalog.Store().GetSnapshotAtTime(cast.GetValue<duckdb::timestamp_tz_t>(), result)) {
			throw duckdb::InvalidInputException("No snapshot at or before %s in lake \"%s\"", value.ToString(),
			                                    catalog.GetName());
		}
	} else {
		throw duckdb::InvalidInputException("Unsupported AT clause unit \"%s\" (use VERSION or TIMESTAMP)", unit);
	}
	return result;
}

LakeCatalogSet &LakeTransaction::CatalogSetAt(const SnapshotRecord &at) {
	auto set = catalog.GetCatalogSet(at);
	historical_sets.push_back(set);
	return *set;
}

void LakeTransaction::CheckWritable(const std::string &what) {
	catalog.CheckWritable(what);
}

// --- end ----------------------------------------------------------------------

void LakeTransaction::Commit() {
	if (changes.Empty()) {
		return;
	}
	CheckCommitMessage();
	auto committed = CommitLakeTransaction(*this, WriteRetryPolicyFromSettings(context));
	// The catalog now names the transaction's files: whatever fails from here on, a rollback must not remove them.
	catalog_committed = true;
	// except the files written for tables the transaction dropped again, and its own files it emptied again: the
	// commit recorded none of them
	std::vector<std::string> unrecorded;
	for (auto &entry : changes.table_changes) {
		if (changes.dropped_table_ids.count(entry.first)) {
			AddWrittenFiles(entry.second, unrecorded);
			continue;
		}
		auto emptied = entry.second.EmptiedNewFiles();
		for (size_t i = 0; i < emptied.size(); i++) {
			if (emptied[i]) {
				unrecorded.push_back(entry.second.new_files[i].path);
			}
		}
	}
	RemoveFiles(duckdb::FileSystem::GetFileSystem(context), unrecorded);
	catalog.NoteOwnCommit(committed.parent_snapshot_id, committed.snapshot_id);
	if (committed.snapshot_id >= 0) {
		RecordLastCommittedSnapshot(context, catalog, committed.snapshot_id);
	}
	if (!changes.option_changes.empty()) {
		catalog.SetPersistedOptions(catalog.Store().LoadOptions());
	}
}

void LakeTransaction::CheckCommitMessage() {
	std::string required;
	// option changes alone make no snapshot (the option can always be turned off again); maintenance (flushes,
	// compactions: CHECKPOINT's steps, which run in transactions of their own) needs no message either
	// an empty or blank message says nothing: it does not count
	auto &message = changes.commit_message;
	bool has_text = message.has_commit_message &&
	                message.commit_message.find_first_not_of(" \t\r\n\v\f") != std::string::npos;
	if (!changes.HasUserChanges() || has_text || !FindOption("require_commit_message", nullptr, required) ||
	    required != "true") {
		return;
	}
	throw duckdb::TransactionException(
	    "DuckLake \"%s\" requires a commit message (option require_commit_message): call "
	    "%s.set_commit_message('author', 'message') in the transaction before it commits (BEGIN; CALL ...; ...; "
	    "COMMIT)%s; nothing of this transaction was committed",
	    catalog.GetName(), catalog.GetName(),
	    message.has_commit_message ? " with a message that is not empty or blank" : "");
}

void LakeTransaction::AddWrittenFiles(const LocalTableChanges &table_changes, std::vector<std::string> &paths) {
	for (size_t i = 0; i < table_changes.new_files.size(); i++) {
		if (i < table_changes.new_file_added.size() && table_changes.new_file_added[i]) {
			continue; // added from outside: never the lake's to remove
		}
		paths.push_back(table_changes.new_files[i].path);
	}
	for (auto &delete_file : table_changes.delete_files) {
		if (!delete_file.second.ends_data_file) {
			paths.push_back(delete_file.second.file.path);
		}
	}
}

void LakeTransaction::Rollback() {
	if (catalog_committed) {
		changes = LocalChanges();
		return;
	}
	std::vector<std::string> written;
	for (auto &entry : changes.table_changes) {
		AddWrittenFiles(entry.second, written);
	}
	for (auto &flush : changes.flushes) {
		auto paths = flush.WrittenPaths();
		written.insert(written.end(), paths.begin(), paths.end());
	}
	for (auto &compaction : changes.compactions) {
		auto paths = compaction.WrittenPaths();
		written.insert(written.end(), paths.begin(), paths.end());
	}
	changes = LocalChanges();
	RemoveFiles(duckdb::FileSystem::GetFileSystem(context), written);
}

} // namespace inlake
