#include "write/lake_write_operator.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

LakeWriteOperator::LakeWriteOperator(PhysicalPlan &plan, std::string name_p, idx_t estimated_cardinality)
    : PhysicalOperator(plan, PhysicalOperatorType::EXTENSION, {LogicalType::BIGINT}, estimated_cardinality),
      name(std::move(name_p)) {
}

SourceResultType LakeWriteOperator::GetData(ExecutionContext &context, DataChunk &chunk,
                                            OperatorSourceInput &input) const {
	chunk.SetCardinality(1);
	chunk.SetValue(0, 0, Value::BIGINT(NumericCast<int64_t>(RowCount(*sink_state))));
	return SourceResultType::FINISHED;
}

} // namespace inlake
