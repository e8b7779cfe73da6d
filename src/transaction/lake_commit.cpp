#include "transaction/lake_commit.hpp"

#include <algorithm>

#include "transaction/change_set.hpp"
#include "transaction/commit_conflicts.hpp"
#include "transaction/compaction_commit.hpp"
#include "transaction/lake_transaction.hpp"
#include "transaction/flush_commit.hpp"
#include "transaction/one_step_commit.hpp"
#include "transaction/promoted_column_bounds.hpp"
#include "transaction/table_data_commit.hpp"

#include "duckdb/common/error_data.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/transaction_exception.hpp"

#include <chrono>
#include <set>
#include <thread>

namespace inlake {
using duckdb::TransactionException;

namespace {

class CommitBuilder {
public:
	CommitBuilder(LakeTransaction &transaction, MetadataWriteTxn &write)
	    : transaction(transaction), changes(transaction.changes), write(write) {
	}

	void Run() {
		auto base = transaction.Snapshot();
		latest = write.GetLatestSnapshot();
		if (latest.snapshot_id != base.snapshot_id) {
			CheckCommitConflicts(transaction, write, write.GetChangesAfter(base.snapshot_id));
		}
		next = latest;
		next.snapshot_id = latest.snapshot_id + 1;
		if (changes.HasSchemaChanges()) {
			next.schema_version = latest.schema_version + 1;
		}
		WriteDrops();
		WriteSchemas();
		WriteTables();
		WriteViews();
		WriteMacros();
		WriteTableData();
		WriteOptions();
		if (changes.HasSnapshotChanges()) {
			SnapshotChangesRecord record = changes.commit_message;
			record.snapshot_id = next.snapshot_id;
			record.changes_made = change_set.ToString();
			write.InsertSnapshot(next, record);
			result.snapshot_id = next.snapshot_id;
		}
		result.parent_snapshot_id = latest.snapshot_id;
		write.Commit();
	}

	CommittedSnapshot result;

private:
	int64_t RealId(int64_t id) const {
		if (!IsLocalId(id)) {
			return id;
		}
		auto entry = id_map.find(id);
		if (entry == id_map.end()) {
			throw duckdb::InternalException("DuckLake commit: unmapped transaction-local id");
		}
		return entry->second;
	}

	void WriteDrops() {
		for (auto table_id : changes.dropped_table_ids) {
			if (IsLocalId(table_id)) {
				continue;
			}
			write.EndTable(table_id, next.snapshot_id);
			write.EndDataFilesOfTable(table_id, next.snapshot_id);
			write.WritePartitionSpec(table_id, PartitionSpec(), next.snapshot_id); // ends the spec, if any
			change_set.AddId("dropped_table", table_id);
		}
		for (auto schema_id : changes.dropped_schema_ids) {
			write.EndSchema(schema_id, next.snapshot_id);
			change_set.AddId("dropped_schema", schema_id);
		}
	}

	void WriteSchemas() {
		for (auto &schema : changes.created_schemas) {
			SchemaRecord record = schema->Record();
			record.schema_id = next.next_catalog_id++;
			id_map[schema->SchemaId()] = record.schema_id;
			write.InsertSchema(record, next.snapshot_id);
			change_set.Add("created_schema", ChangeSet::QuoteName(record.schema_name));
		}
	}

	void WriteTables() {
		for (auto &table : changes.created_tables) {
			TableRecord record = table->Record();
			record.table_id = next.next_catalog_id++;
			record.schema_id = RealId(record.schema_id);
			id_map[table->TableId()] = record.table_id;
			write.InsertTable(record, next.snapshot_id);
			write.RecordSchemaVersion(next.snapshot_id, next.schema_version, record.table_id);
			change_set.Add("created_table", ChangeSet::QualifiedName(table->ParentSchema().name, record.table_name));
			if (!record.sort_keys.empty()) {
				write.WriteSortOrder(record.table_id, next.next_catalog_id++, record.sort_keys, next.snapshot_id);
			}
			WriteSupersededSpecs(table->TableId(), record.table_id);
			if (record.partition.IsPartitioned()) {
				WritePartitionSpec(record.table_id, record.partition);
			}
		}
		for (auto &entry : changes.altered_tables) {
			if (changes.dropped_table_ids.count(entry.first)) {
				continue;
			}
			// the table's rows end and start again at this snapshot: same table id and column ids
			TableRecord record = entry.second->Record();
			write.EndTable(entry.first, next.snapshot_id);
			write.InsertTable(record, next.snapshot_id);
			if (changes.column_altered_tables.count(entry.first)) {
				write.RecordSchemaVersion(next.snapshot_id, next.schema_version, entry.first);
				auto committed = transaction.CommittedSet().GetTableById(entry.first);
				if (committed) {
					RewritePromotedBounds(committed->Record().columns, record.columns, entry.first, write);
				}
			}
			if (changes.sort_altered_tables.count(entry.first)) {
				write.WriteSortOrder(entry.first, next.next_catalog_id++, record.sort_keys, next.snapshot_id);
			}
			if (changes.partition_altered_tables.count(entry.first)) {
				WriteSupersededSpecs(entry.first, entry.first);
				WritePartitionSpec(entry.first, record.partition);
			}
			change_set.AddId("altered_table", entry.first);
		}
	}

	//! Records a table's new partition spec under a catalog id; files the transaction wrote under the spec's
	//! local id get the catalog id (TableCommitContext::partition_ids).
	void WritePartitionSpec(int64_t table_id, const PartitionSpec &local_spec) {
		auto spec = local_spec;
		if (spec.IsPartitioned()) {
			spec.partition_id = next.next_catalog_id++;
			partition_ids[local_spec.partition_id] = spec.partition_id;
		}
		write.WritePartitionSpec(table_id, spec, next.snapshot_id);
	}

	//! The specs the transaction set and replaced again before committing (see superseded_partition_specs).
	void WriteSupersededSpecs(int64_t local_table_id, int64_t table_id) {
		auto superseded = changes.superseded_partition_specs.find(local_table_id);
		if (superseded == changes.superseded_partition_specs.end()) {
			return;
		}
		for (auto spec : superseded->second) {
			auto local_id = spec.partition_id;
			spec.partition_id = next.next_catalog_id++;
			partition_ids[local_id] = spec.partition_id;
			write.WritePartitionSpec(table_id, spec, next.snapshot_id, true);
		}
	}

	void WriteMacros() {
		for (auto &dropped : changes.dropped_macro_ids) {
			write.EndMacro(dropped.first, next.snapshot_id);
			change_set.AddId(dropped.second ? "dropped_table_macro" : "dropped_scalar_macro", dropped.first);
		}
		for (auto &macro : changes.created_macros) {
			MacroRecord record = macro->Record();
			record.macro_id = next.next_catalog_id++;
			record.schema_id = RealId(record.schema_id);
			write.InsertMacro(record, next.snapshot_id);
			change_set.Add(macro->IsTableMacro() ? "created_table_macro" : "created_scalar_macro",
			               ChangeSet::QualifiedName(macro->Schema().name, record.macro_name));
		}
	}

	void WriteViews() {
		for (auto view_id : changes.dropped_view_ids) {
			write.EndView(view_id, next.snapshot_id);
			change_set.AddId("dropped_view", view_id);
		}
		for (auto &entry : changes.altered_views) {
			if (changes.dropped_view_ids.count(entry.first)) {
				continue;
			}
			write.EndView(entry.first, next.snapshot_id);
			write.InsertView(entry.second->Record(), next.snapshot_id);
			change_set.AddId("altered_view", entry.first);
		}
		for (auto &view : changes.created_views) {
			ViewRecord record = view->Record();
			record.view_id = next.next_catalog_id++;
			record.schema_id = RealId(record.schema_id);
			write.InsertView(record, next.snapshot_id);
			change_set.Add("created_view", ChangeSet::QualifiedName(view->ParentSchema().name, record.view_name));
		}
	}

	LakeTableEntry *FindTable(int64_t table_id) {
		return transaction.CurrentTable(table_id).get();
	}

	void WriteTableData() {
		TableCommitContext context {write,
		                            next.snapshot_id,
		                            transaction.Snapshot().snapshot_id,
		                            0,
		                            InlinedColumnNames::ForFormat(transaction.GetCatalog().FormatVersion()),
		                            change_set,
		                            transaction.GetCatalog().GetName(),
		                            &next.next_catalog_id,
		                            &partition_ids};
		// Flushes first: a flush moves the rows of the transaction's snapshot, and the transaction's own later
		// deletions of those rows follow them into the flushed files.
		for (auto &flush : changes.flushes) {
			if (changes.dropped_table_ids.count(flush.table_id)) {
				continue;
			}
			auto table = FindTable(flush.table_id);
			if (!table) {
				throw duckdb::InternalException("DuckLake commit: flushed table not found");
			}
			CommitFlush(context, flush, table->Record().columns, next.next_file_id);
		}
		for (auto &compaction : changes.compactions) {
			if (changes.dropped_table_ids.count(compaction.table_id)) {
				continue;
			}
			if (changes.table_changes.count(compaction.table_id) || FlushOf(compaction.table_id)) {
				throw duckdb::InvalidInputException(
				    "Cannot commit: this transaction both compacted a table and wrote to it; commit the compaction "
				    "on its own");
			}
			CommitCompaction(context, compaction, next.next_file_id);
		}
		for (auto &entry : changes.table_changes) {
			if (changes.dropped_table_ids.count(entry.first)) {
				continue;
			}
			auto table = FindTable(entry.first);
			if (!table) {
				throw duckdb::InternalException("DuckLake commit: changed table not found");
			}
			bool is_new = IsLocalId(entry.first);
			bool columns_altered = changes.column_altered_tables.count(entry.first) > 0;
			context.table_schema_version =
			    is_new || columns_altered ? next.schema_version : table->Record().schema_version;
			TableDataCommit table_commit(context, *table, RealId(entry.first), is_new, entry.second,
			                             next.next_file_id, FlushOf(entry.first));
			table_commit.Write();
		}
	}

	const TableFlush *FlushOf(int64_t table_id) const {
		for (auto &flush : changes.flushes) {
			if (flush.table_id == table_id) {
				return &flush;
			}
		}
		return nullptr;
	}

	void WriteOptions() {
		for (auto &change : changes.option_changes) {
			auto option = change.option;
			if (!option.scope.empty()) {
				option.scope_id = RealId(option.scope_id);
			}
			write.WriteOption(option, change.remove);
		}
	}

	LakeTransaction &transaction;
	LocalChanges &changes;
	MetadataWriteTxn &write;
	SnapshotRecord latest;
	SnapshotRecord next;
	ChangeSet change_set;
	std::map<int64_t, int64_t> id_map;
	//! Transaction-local partition spec ids -> catalog ids
	std::map<int64_t, int64_t> partition_ids;
};

} // namespace

WriteRetryPolicy WriteRetryPolicyFromSettings(duckdb::ClientContext &context) {
	WriteRetryPolicy policy;
	duckdb::Value value;
	if (context.TryGetCurrentSetting("ducklake_max_retry_count", value) && !value.IsNull()) {
		policy.max_retries = int64_t(std::min<uint64_t>(value.GetValue<uint64_t>(), 1000000));
	}
	if (context.TryGetCurrentSetting("ducklake_retry_wait_ms", value) && !value.IsNull()) {
		policy.wait_ms = double(std::min<uint64_t>(value.GetValue<uint64_t>(), 3600000));
	}
	if (context.TryGetCurrentSetting("ducklake_retry_backoff", value) && !value.IsNull()) {
		auto backoff = value.GetValue<double>();
		if (!(backoff >= 1 && backoff <= 100)) {
			throw duckdb::InvalidInputException("ducklake_retry_backoff must be between 1 and 100, not %s",
			                                    value.ToString());
		}
		policy.backoff = backoff;
	}
	return policy;
}

CommittedSnapshot CommitLakeTransaction(LakeTransaction &transaction, const WriteRetryPolicy &retry) {
	// The transaction's snapshot is the base of the conflict check: a transaction that changed the lake without
	// reading it (CALL ducklake_set_option from another default database) takes it now, before the write holds
	// the store's lock (reading it then would wait on that lock).
	transaction.Snapshot();
	CommittedSnapshot one_step;
	if (TryOneStepCommit(transaction, one_step)) {
		return one_step;
	}
	// Two writers that took the same next id (a DuckLake writer of another implementation does not queue on
	// inlake's lock) or that the database refused to serialize collide without conflicting: the commit is built
	// again from the new latest snapshot (its data files stay as written), as the retry settings allow. A real
	// conflict is found by the conflict check and fails at once.
	auto wait_ms = retry.wait_ms;
	for (int64_t attempt = 0;; attempt++) {
		try {
			auto write = transaction.GetCatalog().Store().BeginWrite(retry);
			CommitBuilder builder(transaction, *write);
			builder.Run();
			return builder.result;
		} catch (CatalogQueryError &error) {
			bool collided = error.kind == CatalogErrorKind::UNIQUE_VIOLATION ||
			                error.kind == CatalogErrorKind::SERIALIZATION_FAILURE;
			if (!collided) {
				throw;
			}
			if (attempt >= retry.max_retries) {
				throw TransactionException("Commit to lake \"%s\" failed: it collided with concurrent commits %lld "
				                           "times (ducklake_max_retry_count); the last time: %s",
				                           transaction.GetCatalog().GetName(), (long long)(attempt + 1),
				                           duckdb::ErrorData(error).RawMessage());
			}
		}
		std::this_thread::sleep_for(std::chrono::microseconds(int64_t(wait_ms * 1000)));
		wait_ms *= retry.backoff;
	}
}

} // namespace inlake
