#include "read/lake_file_list.hpp"

#include "read/data_file_open_info.hpp"
#include "read/file_stats_filter.hpp"
#include "read/partition_listing.hpp"

#include "duckdb/common/multi_file/multi_file_reader.hpp"
#include "duckdb/function/table_function.hpp"
#include "duckdb/optimizer/filter_combiner.hpp"
#include "duckdb/planner/expression/bound_columnref_expression.hpp"
#include "duckdb/planner/expression/bound_operator_expression.hpp"
#include "duckdb/planner/filter/null_filter.hpp"
#include "duckdb/planner/table_filter.hpp"

namespace inlake {

using namespace duckdb;

static constexpr const char *SOURCE_OPTION = "inlake_source";
static constexpr const char *INDEX_OPTION = "inlake_index";

static LakeFileEntry MakeEntry(string path, bool is_row_set, idx_t index) {
	LakeFileEntry entry;
	entry.file = OpenFileInfo(std::move(path));
	entry.file.extended_info = make_shared_ptr<ExtendedOpenFileInfo>();
	entry.file.extended_info->options[SOURCE_OPTION] = Value(is_row_set ? "rows" : "data");
	entry.file.extended_info->options[INDEX_OPTION] = Value::UBIGINT(index);
	entry.is_row_set = is_row_set;
	entry.index = index;
	return entry;
}

static bool AllRowsDeleted(const ScanDataFile &file) {
	return file.record_count <= static_cast<int64_t>(file.deleted_positions.size());
}

static vector<LakeFileEntry> AllEntries(const LakeScanSpec &spec) {
	vector<LakeFileEntry> result;
	for (idx_t i = 0; i < spec.files.size(); i++) {
		if (!AllRowsDeleted(spec.files[i])) {
			auto entry = MakeEntry(spec.files[i].path, false, i);
			AddKnownFileFacts(entry.file, spec.files[i]);
			result.push_back(std::move(entry));
		}
	}
	for (idx_t i = 0; i < spec.row_sets.size(); i++) {
		auto &row_set = spec.row_sets[i];
		if (row_set.loader || (row_set.rows && row_set.rows->Count() > 0)) {
			// the path is what the filename column shows (the source is found through the entry's options)
			auto path = row_set.name.empty() ? LakeFileList::ROW_SET_PREFIX + std::to_string(i) : row_set.name;
			result.push_back(MakeEntry(std::move(path), true, i));
		}
	}
	return result;
}

//! FileCannotMatch, keeping the file when the check itself fails (a bound or constant that does not convert:
//! the query evaluates its filters itself and reports what it must)
static bool FileCannotMatchSafely(const LakeScanSpec &spec, const ScanDataFile &file, const vector<column_t> &column_ids,
                                  const TableFilterSet &filters) {
	try {
		return FileCannotMatch(spec, file, column_ids, filters);
	} catch (std::exception &) {
		return false;
	}
}

static vector<OpenFileInfo> EntryFiles(const vector<LakeFileEntry> &entries) {
	vector<OpenFileInfo> result;
	for (auto &entry : entries) {
		result.push_back(entry.file);
	}
	return result;
}

LakeFileList::LakeFileList(std::shared_ptr<LakeScanSpec> spec_p)
    : MultiFileList(vector<OpenFileInfo>(), FileGlobOptions::ALLOW_EMPTY), spec(std::move(spec_p)), listed_count(0) {
	listed = !spec->FilesDeferred();
	if (listed) {
		entries = AllEntries(*spec);
		listed_count = entries.size();
	}
}

void LakeFileList::EnsureListed(const PartitionListingFilter &filter) const {
	std::lock_guard<std::mutex> guard(lock);
	if (listed) {
		return;
	}
	spec->ListDeferredFiles(filter);
	entries = AllEntries(*spec);
	listed_count = entries.size();
	listed = true;
}

LakeFileList::LakeFileList(std::shared_ptr<LakeScanSpec> spec_p, vector<LakeFileEntry> entries_p)
    : LakeFileList(std::move(spec_p), std::move(entries_p), optional_idx()) {
}

LakeFileList::LakeFileList(std::shared_ptr<LakeScanSpec> spec_p, vector<LakeFileEntry> entries_p,
                           optional_idx listed_count_p)
    : MultiFileList(EntryFiles(entries_p), FileGlobOptions::ALLOW_EMPTY), spec(std::move(spec_p)),
      entries(std::move(entries_p)), listed_count(listed_count_p.IsValid() ? listed_count_p.GetIndex() : entries.size()) {
}

bool LakeFileList::IsRowSet(const OpenFileInfo &file) {
	if (!file.extended_info) {
		return false;
	}
	auto entry = file.extended_info->options.find(SOURCE_OPTION);
	return entry != file.extended_info->options.end() && StringValue::Get(entry->second) == "rows";
}

idx_t LakeFileList::SourceIndex(const OpenFileInfo &file) {
	if (!file.extended_info) {
		throw InternalException("inlake scan: file \"%s\" has no source information", file.path);
	}
	auto entry = file.extended_info->options.find(INDEX_OPTION);
	if (entry == file.extended_info->options.end()) {
		throw InternalException("inlake scan: file \"%s\" has no source index", file.path);
	}
	return UBigIntValue::Get(entry->second);
}

unique_ptr<MultiFileList> LakeFileList::PruneFiles(const vector<column_t> &column_ids,
                                                   const TableFilterSet &filters) const {
	EnsureListed();
	if (filters.filters.empty()) {
		return nullptr;
	}
	vector<LakeFileEntry> kept;
	for (auto &entry : entries) {
		if (!entry.is_row_set && FileCannotMatchSafely(*spec, spec->files[entry.index], column_ids, filters)) {
			continue;
		}
		kept.push_back(entry);
	}
	if (kept.size() == entries.size()) {
		return nullptr;
	}
	return make_uniq<LakeFileList>(spec, std::move(kept), listed_count);
}

//! DuckDB does not turn "col IS [NOT] NULL" into a table filter: do it for file skipping
static void AddIsNullFilters(const MultiFilePushdownInfo &info, const vector<unique_ptr<Expression>> &filters,
                             TableFilterSet &table_filters) {
	for (auto &filter : filters) {
		auto is_null = filter->GetExpressionType() == ExpressionType::OPERATOR_IS_NULL;
		if (!is_null && filter->GetExpressionType() != ExpressionType::OPERATOR_IS_NOT_NULL) {
			continue;
		}
		auto &children = filter->Cast<BoundOperatorExpression>().children;
		if (children.size() != 1 || children[0]->GetExpressionType() != ExpressionType::BOUND_COLUMN_REF) {
			continue;
		}
		auto &binding = children[0]->Cast<BoundColumnRefExpression>().binding;
		if (binding.table_index == info.table_index && binding.column_index < info.column_ids.size()) {
			// keyed like GenerateTableScanFilters' filters: by table column index
			auto column = ColumnIndex(info.column_ids[binding.column_index]);
			if (is_null) {
				table_filters.PushFilter(column, make_uniq<IsNullFilter>());
			} else {
				table_filters.PushFilter(column, make_uniq<IsNotNullFilter>());
			}
		}
	}
}

unique_ptr<MultiFileList> LakeFileList::ComplexFilterPushdown(ClientContext &context, const MultiFileOptions &options,
                                                              MultiFilePushdownInfo &info,
                                                              vector<unique_ptr<Expression>> &filters) {
	if (filters.empty() || info.column_indexes.empty()) {
		return nullptr;
	}
	// turn copies of the filters into table filters; the filters themselves stay in the plan
	TableFilterSet table_filters;
	try {
		FilterCombiner combiner(context);
		for (auto &filter : filters) {
			combiner.AddFilter(filter->Copy());
		}
		vector<FilterPushdownResult> pushdown_results;
		// GenerateTableScanFilters keys its filters by table column index (not by projection position)
		table_filters = combiner.GenerateTableScanFilters(info.column_indexes, pushdown_results);
	} catch (std::exception &) {
		// a constant that does not convert (folding it failed): no file skipping here; the query evaluates the
		// filter itself, and fails only if a row reaches it (as on a DuckDB table)
		EnsureListed();
		return nullptr;
	}
	AddIsNullFilters(info, filters, table_filters);
	vector<column_t> table_columns;
	for (idx_t i = 0; i < spec->columns.size(); i++) {
		table_columns.push_back(i);
	}
	// a deferred listing asks the catalog for the matching partitions' files only
	EnsureListed(ListingFilterFor(spec->partitioning, spec->columns, table_columns, table_filters));
	auto result = PruneFiles(table_columns, table_filters);
	if (!table_filters.filters.empty()) {
		// EXPLAIN shows "File Filters" and "Scanning Files: <kept>/<listed>" (sources: data files and row sets)
		std::string shown;
		for (auto &filter : filters) {
			std::string text;
			try {
				text = filter->ToString();
			} catch (std::exception &) {
				// DuckDB cannot print some constants it holds (a TIMESTAMP_NS before 1677-09-21 00:12:43.145224)
				text = "(a filter that cannot be shown)";
			}
			shown += (shown.empty() ? "" : " AND ") + text;
		}
		info.extra_info.file_filters = shown;
		info.extra_info.total_files = listed_count;
		info.extra_info.filtered_files = result ? result->GetTotalFileCount() : entries.size();
	}
	return result;
}

unique_ptr<MultiFileList> LakeFileList::DynamicFilterPushdown(ClientContext &context, const MultiFileOptions &options,
                                                              const vector<string> &names,
                                                              const vector<LogicalType> &types,
                                                              const vector<column_t> &column_ids,
                                                              TableFilterSet &filters) const {
	return PruneFiles(column_ids, filters);
}

vector<OpenFileInfo> LakeFileList::GetAllFiles() {
	EnsureListed();
	return EntryFiles(entries);
}

FileExpandResult LakeFileList::GetExpandResult() {
	EnsureListed();
	if (entries.empty()) {
		return FileExpandResult::NO_FILES;
	}
	// A single data file counts as many: DuckDB's Parquet scan gives a single file as many threads as the file it
	// read at bind time has row groups, and the lake binds without reading one (one thread for any size). Its row
	// groups are then spread over every thread, as read_parquet spreads a file's.
	return entries.size() == 1 && entries[0].is_row_set ? FileExpandResult::SINGLE_FILE
	                                                    : FileExpandResult::MULTIPLE_FILES;
}

idx_t LakeFileList::GetTotalFileCount() {
	EnsureListed();
	return entries.size();
}

unique_ptr<NodeStatistics> LakeFileList::GetCardinality(ClientContext &context) {
	EnsureListed();
	idx_t total = 0;
	for (auto &entry : entries) {
		if (entry.is_row_set) {
			total += spec->row_sets[entry.index].RowCount();
		} else {
			auto &file = spec->files[entry.index];
			total += NumericCast<idx_t>(file.record_count) - file.deleted_positions.size();
		}
	}
	return make_uniq<NodeStatistics>(total, total);
}

unique_ptr<MultiFileList> LakeFileList::Copy() {
	EnsureListed();
	return make_uniq<LakeFileList>(spec, entries, listed_count);
}

OpenFileInfo LakeFileList::GetFile(idx_t i) {
	EnsureListed();
	if (i >= entries.size()) {
		return OpenFileInfo();
	}
	return entries[i].file;
}

} // namespace inlake
