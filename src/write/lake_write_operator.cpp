#include "write/lake_write_operator.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

void ReturnedRows::Append(ClientContext &context, DataChunk &chunk) {
	if (chunk.size() == 0) {
		return;
	}
	std::lock_guard<std::mutex> guard(lock);
	if (!rows) {
		rows = make_uniq<ColumnDataCollection>(context, chunk.GetTypes());
	}
	rows->Append(chunk);
}

namespace {

class ReturnedRowsScan : public GlobalSourceState {
public:
	ColumnDataScanState scan;
	bool initialized = false;
};

} // namespace

LakeWriteOperator::LakeWriteOperator(PhysicalPlan &plan, std::string name_p, idx_t estimated_cardinality)
    : PhysicalOperator(plan, PhysicalOperatorType::EXTENSION, {LogicalType::BIGINT}, estimated_cardinality),
      name(std::move(name_p)) {
}

ReturnedRows &LakeWriteOperator::Returned(GlobalSinkState &state) const {
	throw InternalException("%s does not support RETURNING", name);
}

unique_ptr<GlobalSourceState> LakeWriteOperator::GetGlobalSourceState(ClientContext &context) const {
	return make_uniq<ReturnedRowsScan>();
}

SourceResultType LakeWriteOperator::GetData(ExecutionContext &context, DataChunk &chunk,
                                            OperatorSourceInput &input) const {
	if (!returning) {
		chunk.SetCardinality(1);
		chunk.SetValue(0, 0, Value::BIGINT(NumericCast<int64_t>(RowCount(*sink_state))));
		return SourceResultType::FINISHED;
	}
	auto rows = Returned(*sink_state).Rows();
	if (!rows) {
		return SourceResultType::FINISHED;
	}
	auto &source = input.global_state.Cast<ReturnedRowsScan>();
	if (!source.initialized) {
		rows->InitializeScan(source.scan);
		source.initialized = true;
	}
	rows->Scan(source.scan, chunk);
	return chunk.size() == 0 ? SourceResultType::FINISHED : SourceResultType::HAVE_MORE_OUTPUT;
}

} // namespace inlake
