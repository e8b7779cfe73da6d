#include "transaction/commit_conflicts.hpp"

#include "catalog/lake_catalog_set.hpp"
#include "transaction/change_set.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/common/exception/transaction_exception.hpp"

#include <set>

namespace inlake {
namespace {

int64_t SchemaIdOf(duckdb::CatalogEntry &entry) {
	return entry.ParentSchema().Cast<LakeSchemaEntry>().SchemaId();
}

//! A name a table or view of this transaction takes in a committed schema (created or renamed into)
struct ClaimedName {
	int64_t schema_id;
	std::string qualified_name;
	std::string name;
};

class ConflictCheck {
public:
	ConflictCheck(LakeTransaction &transaction, MetadataWriteTxn &write)
	    : transaction(transaction), changes(transaction.changes), write(write) {
		CollectCreated();
		CollectTouched();
	}

	void Check(const std::vector<SnapshotChangesRecord> &others) {
		bool names_may_be_taken = false;
		for (auto &other : others) {
			for (auto &entry : ChangeSet::Parse(other.changes_made)) {
				CheckEntry(other, entry);
				names_may_be_taken = names_may_be_taken || entry.kind == "altered_table" ||
				                     entry.kind == "altered_view" || entry.kind == "created_table" ||
				                     entry.kind == "created_view";
			}
		}
		// whether a name is taken now, not from changes_made (a concurrent rename is recorded only as altered_table
		// / altered_view; a name created and dropped again is free): ask the catalog database, leaving out what this
		// transaction drops or renames
		if (names_may_be_taken) {
			for (auto &claimed : claimed_names) {
				if (write.NameInUse(claimed.schema_id, claimed.name, tables_replaced, views_replaced)) {
					Conflict(others.back(), "a table or view " + claimed.qualified_name + " was created or renamed");
				}
			}
		}
	}

private:
	void CollectCreated() {
		for (auto &schema : changes.created_schemas) {
			created_schemas.insert(ChangeSet::QuoteName(schema->name));
		}
		// tables and views share one namespace per schema
		for (auto &table : changes.created_tables) {
			Claim(table->ParentSchema().name, SchemaIdOf(*table), table->name);
		}
		for (auto &view : changes.created_views) {
			Claim(view->ParentSchema().name, SchemaIdOf(*view), view->name);
		}
		// macros have a namespace of their own: two transactions creating one name conflict
		for (auto &macro : changes.created_macros) {
			auto schema_id = macro->Schema().Cast<LakeSchemaEntry>().SchemaId();
			schemas_used.insert(schema_id);
			created_macro_names.insert(std::string(macro->IsTableMacro() ? "created_table_macro:" : "created_scalar_macro:") +
			                           ChangeSet::QualifiedName(macro->Schema().name, macro->Name()));
		}
		if (changes.altered_tables.empty() && changes.altered_views.empty() && changes.dropped_schema_ids.empty()) {
			return;
		}
		auto &base = transaction.CommittedSet();
		for (auto &entry : changes.altered_tables) {
			auto committed = base.GetTableById(entry.first);
			auto &table = *entry.second;
			if (!committed || committed->name != table.name) {
				Claim(table.ParentSchema().name, SchemaIdOf(table), table.name);
			}
		}
		for (auto &entry : changes.altered_views) {
			auto committed = base.GetViewById(entry.first);
			auto &view = *entry.second;
			if (!committed || committed->name != view.name) {
				Claim(view.ParentSchema().name, SchemaIdOf(view), view.name);
			}
		}
		for (auto schema_id : changes.dropped_schema_ids) {
			auto schema = base.GetSchemaById(schema_id);
			if (schema) {
				dropped_schema_prefixes.push_back(ChangeSet::QuoteName(schema->name) + ".");
			}
		}
	}

	void Claim(const std::string &schema_name, int64_t schema_id, const std::string &name) {
		schemas_used.insert(schema_id);
		// (no other transaction can take a name in a schema this one creates: creating the schema conflicts)
		if (!IsLocalId(schema_id)) {
			claimed_names.push_back(ClaimedName {schema_id, ChangeSet::QualifiedName(schema_name, name), name});
		}
	}

	//! The committed tables and views this transaction drops or alters (renames among them)
	template <class ALTERED>
	static std::vector<int64_t> Replaced(const std::set<int64_t> &dropped, const ALTERED &altered) {
		std::vector<int64_t> ids(dropped.begin(), dropped.end());
		for (auto &entry : altered) {
			ids.push_back(entry.first);
		}
		return ids;
	}

	void CollectTouched() {
		tables_replaced = Replaced(changes.dropped_table_ids, changes.altered_tables);
		views_replaced = Replaced(changes.dropped_view_ids, changes.altered_views);
		views_touched.insert(views_replaced.begin(), views_replaced.end());
		tables_touched.insert(tables_replaced.begin(), tables_replaced.end());
		for (auto &entry : changes.table_changes) {
			tables_touched.insert(entry.first);
		}
		// (a flush does not conflict with a concurrent ALTER: its files hold the columns of its snapshot, read as
		// any older file is)
		for (auto &flush : changes.flushes) {
			tables_flushed.insert(flush.table_id);
			tables_moving_files.insert(flush.table_id);
		}
		for (auto &compaction : changes.compactions) {
			tables_touched.insert(compaction.table_id);
			tables_moving_files.insert(compaction.table_id);
		}
		for (auto &entry : changes.table_changes) {
			if (!entry.second.file_deletes.empty() || !entry.second.delete_files.empty()) {
				tables_moving_files.insert(entry.first);
			}
		}
	}

	void CheckEntry(const SnapshotChangesRecord &other, const ChangeEntry &entry) {
		auto &kind = entry.kind;
		if (kind == "created_schema" && created_schemas.count(entry.value)) {
			Conflict(other, "schema " + entry.value + " was created");
		}
		if ((kind == "created_scalar_macro" || kind == "created_table_macro") &&
		    created_macro_names.count(kind + ":" + entry.value)) {
			Conflict(other, "macro " + entry.value + " was created");
		}
		if ((kind == "dropped_scalar_macro" || kind == "dropped_table_macro") &&
		    changes.dropped_macro_ids.count(std::stoll(entry.value))) {
			Conflict(other, "a macro this transaction drops or replaces was dropped");
		}
		if (kind == "created_table" || kind == "created_view" || kind == "created_scalar_macro" ||
		    kind == "created_table_macro") {
			for (auto &prefix : dropped_schema_prefixes) {
				if (entry.value.compare(0, prefix.size(), prefix) == 0) {
					Conflict(other, std::string(kind == "created_table" ? "table " : kind == "created_view" ? "view " : "macro ") + entry.value +
					                    " was created in a schema this transaction drops");
				}
			}
		}
		if ((kind == "dropped_view" || kind == "altered_view") && views_touched.count(std::stoll(entry.value))) {
			Conflict(other, "a view this transaction changes was " +
			                    std::string(kind == "dropped_view" ? "dropped" : "altered"));
		}
		if ((kind == "dropped_table" || kind == "altered_table") && tables_touched.count(std::stoll(entry.value))) {
			Conflict(other, "a table this transaction writes was " +
			                    std::string(kind == "dropped_table" ? "dropped" : "altered"));
		}
		// two flushes of one table would both write its inlined rows to files
		if (kind == "inline_flush" && tables_flushed.count(std::stoll(entry.value))) {
			Conflict(other, "the inlined rows this transaction flushes were flushed");
		}
		// a compaction replaced data files: deletions of their positions, or a flush or compaction of them, would
		// go to files that are no longer there
		if (kind == "compacted_table" && tables_moving_files.count(std::stoll(entry.value))) {
			Conflict(other, "the data files of a table this transaction deletes from, flushes or compacts were "
			                "compacted");
		}
		if (kind == "dropped_schema") {
			auto id = std::stoll(entry.value);
			if (schemas_used.count(id) || changes.dropped_schema_ids.count(id)) {
				Conflict(other, "a schema this transaction uses was dropped");
			}
		}
	}

	[[noreturn]] void Conflict(const SnapshotChangesRecord &other, const std::string &what) {
		throw duckdb::TransactionException("Transaction conflict on lake \"%s\": %s by a concurrent transaction "
		                                   "(snapshot %lld); nothing of this transaction was committed",
		                                   transaction.GetCatalog().GetName(), what, (long long)other.snapshot_id);
	}

	LakeTransaction &transaction;
	LocalChanges &changes;
	MetadataWriteTxn &write;
	std::set<std::string> created_schemas;
	std::vector<int64_t> tables_replaced, views_replaced;
	std::vector<std::string> dropped_schema_prefixes;
	std::vector<ClaimedName> claimed_names;
	//! Macros this transaction creates, as <change kind>:"schema"."name"
	std::set<std::string> created_macro_names;
	std::set<int64_t> schemas_used, views_touched, tables_touched, tables_flushed;
	//! Tables whose committed data files this transaction deletes from (positions), flushes or compacts
	std::set<int64_t> tables_moving_files;
};

} // namespace

void CheckCommitConflicts(LakeTransaction &transaction, MetadataWriteTxn &write,
                          const std::vector<SnapshotChangesRecord> &others) {
	ConflictCheck(transaction, write).Check(others);
}

} // namespace inlake
