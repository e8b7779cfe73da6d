//===----------------------------------------------------------------------===//
// LakeFileList: the MultiFileList of a lake scan. One entry per source of the
// scan spec: every data file that still has live rows (a file whose rows are
// all deleted is left out and never opened), then one pseudo-entry per
// non-empty in-memory row set, named "__inlake_rows__/<n>".
//
// Each entry's OpenFileInfo carries extended options the reader side uses:
// "inlake_source" ("data" or "rows") and "inlake_index" (index into
// spec.files or spec.row_sets); a data file's also carries what the catalog
// knows of it for DuckDB's reader (size, footer size: see
// read/data_file_open_info.hpp), so that opening it asks storage nothing.
//
// Filter pushdown (ComplexFilterPushdown at optimization, DynamicFilterPushdown
// at scan start) returns a new list without the data files whose column stats
// cannot match the filters (column stats, read/file_stats_filter.hpp, and
// partition values, read/partition_filter.hpp), and records in the scan's
// EXPLAIN info "Scanning Files: <kept>/<listed>". The list is immutable, hence
// thread-safe.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/common/multi_file/multi_file_list.hpp"

#include <mutex>

namespace inlake {

struct LakeFileEntry {
	duckdb::OpenFileInfo file;
	bool is_row_set = false;
	//! Index into spec.files or spec.row_sets
	duckdb::idx_t index = 0;
};

class LakeFileList : public duckdb::MultiFileList {
public:
	explicit LakeFileList(std::shared_ptr<LakeScanSpec> spec);
	LakeFileList(std::shared_ptr<LakeScanSpec> spec, duckdb::vector<LakeFileEntry> entries);
	//! listed_count: the sources of the list before any pruning (what EXPLAIN's "Scanning Files: kept/listed"
	//! shows); invalid: entries.size()
	LakeFileList(std::shared_ptr<LakeScanSpec> spec, duckdb::vector<LakeFileEntry> entries,
	             duckdb::optional_idx listed_count);

	//! Path prefix of row set pseudo-files
	static constexpr const char *ROW_SET_PREFIX = "__inlake_rows__/";
	//! The source behind a file of this list (from its extended info)
	static bool IsRowSet(const duckdb::OpenFileInfo &file);
	static duckdb::idx_t SourceIndex(const duckdb::OpenFileInfo &file);

	//! The spec as it is (its files possibly not listed yet)
	const std::shared_ptr<LakeScanSpec> &UnlistedSpec() const {
		return spec;
	}
	//! The spec, its files listed (a deferred listing runs now, unrestricted, if no filter pushdown ran it)
	const std::shared_ptr<LakeScanSpec> &GetSpec() const {
		EnsureListed();
		return spec;
	}

	duckdb::unique_ptr<duckdb::MultiFileList>
	ComplexFilterPushdown(duckdb::ClientContext &context, const duckdb::MultiFileOptions &options,
	                      duckdb::MultiFilePushdownInfo &info,
	                      duckdb::vector<duckdb::unique_ptr<duckdb::Expression>> &filters) override;
	duckdb::unique_ptr<duckdb::MultiFileList> DynamicFilterPushdown(duckdb::ClientContext &context,
	                                                                const duckdb::MultiFileOptions &options,
	                                                                const duckdb::vector<duckdb::string> &names,
	                                                                const duckdb::vector<duckdb::LogicalType> &types,
	                                                                const duckdb::vector<duckdb::column_t> &column_ids,
	                                                                duckdb::TableFilterSet &filters) const override;

	duckdb::vector<duckdb::OpenFileInfo> GetAllFiles() override;
	duckdb::FileExpandResult GetExpandResult() override;
	duckdb::idx_t GetTotalFileCount() override;
	duckdb::unique_ptr<duckdb::NodeStatistics> GetCardinality(duckdb::ClientContext &context) override;
	duckdb::unique_ptr<duckdb::MultiFileList> Copy() override;

protected:
	duckdb::OpenFileInfo GetFile(duckdb::idx_t i) override;

private:
	//! Lists the spec's deferred files (restricted by `filter`) if not done yet, and this list's entries
	void EnsureListed(const PartitionListingFilter &filter = PartitionListingFilter()) const;

	//! A new list without the data files the filters exclude; nullptr if none is excluded
	duckdb::unique_ptr<duckdb::MultiFileList> PruneFiles(const duckdb::vector<duckdb::column_t> &column_ids,
	                                                     const duckdb::TableFilterSet &filters) const;

	std::shared_ptr<LakeScanSpec> spec;
	//! Empty until listed when the spec's files are deferred (`listed` false)
	mutable duckdb::vector<LakeFileEntry> entries;
	mutable duckdb::idx_t listed_count;
	mutable bool listed = true;
	mutable std::mutex lock;
};

} // namespace inlake
