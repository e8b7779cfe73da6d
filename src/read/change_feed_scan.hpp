//===----------------------------------------------------------------------===//
// The scan behind ducklake_table_changes / _insertions / _deletions: turns a
// ChangeFeedPlan into change events.
//
// Output: snapshot_id, rowid, then (with change types) change_type
// ('insert' or 'delete'), then the table's columns as of the range's end. A
// row inserted and deleted within the range gives two events. The data files
// are read by the table scan itself (read/lake_scan.hpp, with the virtual
// columns rowid, snapshot_id, file_index and file_row_number), which this
// scan drives as an inner table function; the inlined rows come from the
// plan. Pairing an UPDATE's delete and insert (same snapshot, same row id)
// is left to the caller (functions/ducklake_table_changes.cpp does it in SQL).
//===----------------------------------------------------------------------===//
#pragma once

#include "read/change_feed_plan.hpp"

#include "duckdb/function/table_function.hpp"

namespace inlake {

enum class ChangeEvents { INSERTIONS, DELETIONS, BOTH };

struct ChangeFeedBindData : public duckdb::TableFunctionData {
	ChangeFeedPlan plan;
	ChangeEvents events = ChangeEvents::BOTH;
	bool with_change_type = false;
	//! The inner scan of the plan's data files (unset when there are none)
	duckdb::TableFunction file_scan;
	duckdb::unique_ptr<duckdb::FunctionData> file_scan_bind;
};

//! Fills `bind_data`'s inner scan and the output columns for its plan.
void BindChangeFeedScan(duckdb::ClientContext &context, ChangeFeedBindData &bind_data,
                        duckdb::vector<duckdb::LogicalType> &types, duckdb::vector<std::string> &names,
                        const std::string &name_prefix);

duckdb::unique_ptr<duckdb::GlobalTableFunctionState> ChangeFeedInitGlobal(duckdb::ClientContext &context,
                                                                          duckdb::TableFunctionInitInput &input);
duckdb::unique_ptr<duckdb::LocalTableFunctionState> ChangeFeedInitLocal(duckdb::ExecutionContext &context,
                                                                        duckdb::TableFunctionInitInput &input,
                                                                        duckdb::GlobalTableFunctionState *global);
void ChangeFeedScan(duckdb::ClientContext &context, duckdb::TableFunctionInput &input, duckdb::DataChunk &output);

} // namespace inlake
