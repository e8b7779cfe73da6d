#include "maintenance/checkpoint_sequence.hpp"

#include "catalog/lake_catalog.hpp"
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

//! Step 1: the inlined rows (and inlined deletions) of every table, or of compaction_schema / compaction_table,
//! to Parquet, in a transaction of its own (ducklake_flush_inlined_data; auto_compact = false tables skipped).
MaintenanceStepReport FlushInlinedDataStep(duckdb::ClientContext &context, LakeCatalog &catalog) {
	std::string schema, table, arguments, scope = "every table";
	bool has_schema = GlobalOption(catalog, "compaction_schema", schema);
	bool has_table = GlobalOption(catalog, "compaction_table", table);
	if (has_table) {
		schema = has_schema ? schema : "main";
		arguments = ", schema_name => " + SqlString(schema) + ", table_name => " + SqlString(table);
		scope = "table " + schema + "." + table + " (compaction_table)";
	} else if (has_schema) {
		arguments = ", schema_name => " + SqlString(schema);
		scope = "schema " + schema + " (compaction_schema)";
	}
	duckdb::Connection connection(*context.db);
	auto result = connection.Query("SELECT count(*), COALESCE(sum(rows_flushed), 0) FROM ducklake_flush_inlined_data(" +
	                               SqlString(catalog.GetName()) + arguments + ")");
	if (result->HasError()) {
		if (has_schema || has_table) {
			throw duckdb::InvalidInputException("CHECKPOINT of lake \"%s\" flushes %s, as its options say: %s",
			                                    catalog.GetName(), scope, result->GetErrorObject().RawMessage());
		}
		result->ThrowError();
	}
	auto tables = result->GetValue(0, 0).GetValue<int64_t>();
	auto rows = result->GetValue(1, 0).GetValue<int64_t>();
	return Ran("flush_inlined_data", "rows flushed", rows,
	           std::to_string(tables) + (tables == 1 ? " table" : " tables") + " flushed (of " + scope + ")");
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
//! >>> MERGE STEP: the call to ducklake_merge_adjacent_files goes here once it is supported. <<<
MaintenanceStepReport MergeAdjacentFilesStep(duckdb::ClientContext &, LakeCatalog &) {
	return Skipped("merge_adjacent_files", "files merged", "ducklake_merge_adjacent_files is not supported yet");
}

//! Step 4: rewriting data files with at least rewrite_delete_threshold (default 0.95) of their rows deleted
//! (DuckLake: ducklake_rewrite_data_files, restricted to compaction_schema / compaction_table).
//! >>> REWRITE STEP: the call to ducklake_rewrite_data_files goes here once it is supported. <<<
MaintenanceStepReport RewriteDataFilesStep(duckdb::ClientContext &, LakeCatalog &) {
	return Skipped("rewrite_data_files", "files rewritten", "ducklake_rewrite_data_files is not supported yet");
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
