//===----------------------------------------------------------------------===//
// LakeWriteOperator: what the lake's DML operators (insert, delete, update)
// have in common. Each is a single-threaded sink that registers its changes
// with the transaction in Finalize, and a source returning one BIGINT row: the
// number of rows it changed (as DuckDB's own DML operators do). Subclasses
// implement the sink and RowCount().
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/execution/physical_operator.hpp"

namespace inlake {

class LakeWriteOperator : public duckdb::PhysicalOperator {
public:
	LakeWriteOperator(duckdb::PhysicalPlan &plan, std::string name, duckdb::idx_t estimated_cardinality);

	bool IsSink() const override {
		return true;
	}
	bool ParallelSink() const override {
		return false;
	}
	bool IsSource() const override {
		return true;
	}
	std::string GetName() const override {
		return name;
	}
	duckdb::SourceResultType GetData(duckdb::ExecutionContext &context, duckdb::DataChunk &chunk,
	                                 duckdb::OperatorSourceInput &input) const override;

protected:
	//! Rows changed by the statement, read from the finished sink state.
	virtual duckdb::idx_t RowCount(duckdb::GlobalSinkState &state) const = 0;

private:
	std::string name;
};

} // namespace inlake
