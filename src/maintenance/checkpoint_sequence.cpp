#include "maintenance/checkpoint_sequence.hpp"

#include "catalog/lake_catalog.hpp"
#include "common/internal_connection.hpp"
#include "common/lake_paths.hpp"
#include "maintenance/file_cleanup.hpp"
#include "maintenance/orphan_files.hpp"
#include "maintenance/retention_option.hpp"
#include "maintenance/snapshot_expiry.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/connection.hpp"
#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {

namespace {

//! DuckLake's delete_older_than when the lake has none: cleanup and orphan removal take files older than this.
const char *const kDefaultDeleteOlderThan = "2 days";

MaintenanceStepReport Skipped(const char *step, const char *unit, std::string why) {
	MaintenanceStepReport report;
	report.step = step;
	report.unit = unit;
	report.detail = std::move(why);
	return report;
}

MaintenanceStepReport Ran(const char *step, const char *unit, int64_t count, std::string detail) {
	MaintenanceStepReport report;
	report.step = step;
	report.ran = true;
	report.count = count;
	report.unit = unit;
	report.detail = std::move(detail);
	return report;
}

//! The cutoff of the file-removing steps: delete_older_than, or DuckLake's default.
duckdb::timestamp_tz_t DeleteCutoff(LakeCatalog &catalog, std::string &described) {
	std::string interval;
	if (GlobalOption(catalog, "delete_older_than", interval)) {
		described = "older than " + interval + " (delete_older_than)";
	} else {
		interval = kDefaultDeleteOlderThan;
		described = "older than " + interval + " (delete_older_than unset: DuckLake's default)";
	}
	return CutoffBefore(interval);
}

//! What compaction_schema / compaction_table restrict the compacting steps to.
struct CompactionScope {
	bool has_schema = false;
	bool has_table = false;
	std::string schema;
	std::string table;
	std::string description = "every table";
};

CompactionScope ReadCompactionScope(LakeCatalog &catalog) {
	CompactionScope scope;
	scope.has_schema = GlobalOption(catalog, "compaction_schema", scope.schema);
	scope.has_table = GlobalOption(catalog, "compaction_table", scope.table);
	if (scope.has_table) {
		scope.schema = scope.has_schema ? scope.schema : "main";
		scope.description = "table " + scope.schema + "." + scope.table + " (compaction_table)";
	} else if (scope.has_schema) {
		scope.description = "schema " + scope.schema + " (compaction_schema)";
	}
	return scope;
}

//! Runs one maintenance call on a connection of its own (its own transaction); errors of a call restricted by
//! the options name them.
duckdb::unique_ptr<duckdb::MaterializedQueryResult> RunStepQuery(duckdb::ClientContext &context, LakeCatalog &catalog,
                                                                 const CompactionScope &scope,
                                                                 const std::string &sql, const char *what) {
	duckdb::Connection connection(*context.db);
	auto result = connection.Query(sql);
	if (result->HasError()) {
		if (scope.has_schema || scope.has_table) {
			auto message = InternalQueryError(*result);
			throw duckdb::InvalidInputException("CHECKPOINT of lake \"%s\" %s %s, as its options say: %s",
			                                    catalog.GetName(), what, scope.description, message);
		}
		result->ThrowError();
	}
	return result;
}

//! Step 1: the inlined rows (and inlined deletions) of every table, or of compaction_schema / compaction_table,
//! to Parquet, in a transaction of its own (ducklake_flush_inlined_data; auto_compact = false tables skipped).
MaintenanceStepReport FlushInlinedDataStep(duckdb::ClientContext &context, LakeCatalog &catalog) {
	auto scope = ReadCompactionScope(catalog);
	std::string arguments;
	if (scope.has_table) {
		arguments = ", schema_name => " + SqlString(scope.schema) + ", table_name => " + SqlString(scope.table);
	} else if (scope.has_schema) {
		arguments = ", schema_name => " + SqlString(scope.schema);
	}
	auto result = RunStepQuery(context, catalog, scope,
	                           "SELECT count(*), COALESCE(sum(rows_flushed), 0) FROM ducklake_flush_inlined_data(" +
	                               SqlString(catalog.GetName()) + arguments + ")",
	                           "flushes");
	auto tables = result->GetValue(0, 0).GetValue<int64_t>();
	auto rows = result->GetValue(1, 0).GetValue<int64_t>();
	return Ran("flush_inlined_data", "rows flushed", rows,
	           std::to_string(tables) + (tables == 1 ? " table" : " tables") + " flushed (of " + scope.description +
	               ")");
}

//! Steps 3 and 4: one compaction function over every table or the options' scope, in a transaction of its own.
MaintenanceStepReport CompactionStep(duckdb::ClientContext &context, LakeCatalog &catalog, const char *step,
                                     const char *function, const char *unit) {
	auto scope = ReadCompactionScope(catalog);
	std::string arguments;
	if (scope.has_table) {
		arguments = ", " + SqlString(scope.table) + ", schema => " + SqlString(scope.schema);
	} else if (scope.has_schema) {
		arguments = ", schema => " + SqlString(scope.schema);
	}
	auto result = RunStepQuery(context, catalog, scope,
	                           std::string("SELECT count(*), COALESCE(sum(files_processed), 0), "
	                                       "COALESCE(sum(files_created), 0) FROM ") +
	                               function + "(" + SqlString(catalog.GetName()) + arguments + ")",
	                           "compacts");
	auto tables = result->GetValue(0, 0).GetValue<int64_t>();
	auto processed = result->GetValue(1, 0).GetValue<int64_t>();
	auto created = result->GetValue(2, 0).GetValue<int64_t>();
	return Ran(step, unit, processed,
	           std::to_string(created) + " files written for " + std::to_string(tables) +
	               (tables == 1 ? " table" : " tables") + " (of " + scope.description + ")");
}

//! Step 2: snapshots older than expire_older_than (nothing without the option, as DuckLake).
MaintenanceStepReport ExpireSnapshotsStep(LakeCatalog &catalog) {
	std::string interval;
	if (!GlobalOption(catalog, "expire_older_than", interval)) {
		return Skipped("expire_snapshots", "snapshots expired", "expire_older_than is not set");
	}
	ExpiryRequest request;
	request.has_older_than = true;
	request.older_than = CutoffBefore(interval);
	auto expired = ExpireSnapshots(catalog, request);
	return Ran("expire_snapshots", "snapshots expired", int64_t(expired.expired.size()),
	           "older than " + interval + " (expire_older_than); " + std::to_string(expired.scheduled_files.size()) +
	               " files scheduled for deletion");
}

//! Step 3: merging small adjacent data files (DuckLake: ducklake_merge_adjacent_files, restricted to
//! compaction_schema / compaction_table).
MaintenanceStepReport MergeAdjacentFilesStep(duckdb::ClientContext &context, LakeCatalog &catalog) {
	return CompactionStep(context, catalog, "merge_adjacent_files", "ducklake_merge_adjacent_files", "files merged");
}

//! Step 4: rewriting data files with at least rewrite_delete_threshold (default 0.95) of their rows deleted
//! (DuckLake: ducklake_rewrite_data_files, restricted to compaction_schema / compaction_table).
MaintenanceStepReport RewriteDataFilesStep(duckdb::ClientContext &context, LakeCatalog &catalog) {
	return CompactionStep(context, catalog, "rewrite_data_files", "ducklake_rewrite_data_files", "files rewritten");
}

//! Step 5: files expired snapshots left behind, scheduled before the delete cutoff.
MaintenanceStepReport CleanupOldFilesStep(duckdb::ClientContext &context, LakeCatalog &catalog) {
	CleanupRequest request;
	std::string described;
	request.older_than = DeleteCutoff(catalog, described);
	auto removed = CleanupOldFiles(context, catalog, request);
	return Ran("cleanup_old_files", "files deleted", int64_t(removed.size()), "scheduled " + described);
}

//! Step 6: files under the data path nothing in the catalog names, last modified before the delete cutoff.
MaintenanceStepReport DeleteOrphanedFilesStep(duckdb::ClientContext &context, LakeCatalog &catalog) {
	auto &data_path = catalog.DataPath();
	if (!IsUrlPath(data_path) && !duckdb::FileSystem::GetFileSystem(context).DirectoryExists(data_path)) {
		// nothing to sweep, and a data path that went missing is no place to start removing files
		return Skipped("delete_orphaned_files", "files deleted", "the data path does not exist");
	}
	CleanupRequest request;
	std::string described;
	request.older_than = DeleteCutoff(catalog, described);
	auto removed = DeleteOrphanedFiles(context, catalog, request);
	return Ran("delete_orphaned_files", "files deleted", int64_t(removed.size()), "last modified " + described);
}

} // namespace

std::vector<MaintenanceStepReport> RunCheckpointSequence(duckdb::ClientContext &context, LakeCatalog &catalog) {
	catalog.CheckWritable("checkpoint");
	// another process may have set the options this sequence reads
	catalog.RefreshPersistedOptions(catalog.Store().GetLatestSnapshot().snapshot_id);
	std::vector<MaintenanceStepReport> reports;
	reports.push_back(FlushInlinedDataStep(context, catalog));
	reports.push_back(ExpireSnapshotsStep(catalog));
	reports.push_back(MergeAdjacentFilesStep(context, catalog));
	reports.push_back(RewriteDataFilesStep(context, catalog));
	reports.push_back(CleanupOldFilesStep(context, catalog));
	reports.push_back(DeleteOrphanedFilesStep(context, catalog));
	return reports;
}

} // namespace inlake
