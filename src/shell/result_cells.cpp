#include "result_cells.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "utf8proc_wrapper.hpp"

namespace inlake {

using namespace duckdb;

namespace {

bool RequiresJsonCast(const LogicalType &type) {
	return type.IsNested() || type.id() == LogicalTypeId::FLOAT || type.id() == LogicalTypeId::DOUBLE;
}

//! Casts one column of a chunk into `target`, a VARCHAR or JSON vector
void ConvertColumn(ClientContext &context, Vector &source, idx_t count, Vector &target) {
	if (source.GetType() == target.GetType()) {
		target.Reference(source);
		return;
	}
	VectorOperations::Cast(context, source, target, count);
}

} // namespace

void ForEachResultRow(ClientContext &context, MaterializedQueryResult &result, bool json_mode,
                      const ResultRowCallback &callback) {
	auto &collection = result.Collection();
	auto column_count = collection.ColumnCount();
	ResultRow row;
	row.values.resize(column_count);
	row.is_null.resize(column_count);
	idx_t row_index = 0;
	for (auto &chunk : collection.Chunks()) {
		auto count = chunk.size();
		vector<Vector> converted;
		converted.reserve(column_count);
		vector<UnifiedVectorFormat> formats(column_count);
		for (idx_t c = 0; c < column_count; c++) {
			auto &source = chunk.data[c];
			bool as_json = json_mode && RequiresJsonCast(source.GetType());
			converted.emplace_back(as_json ? LogicalType::JSON() : LogicalType::VARCHAR, count);
			ConvertColumn(context, source, count, converted.back());
			converted.back().ToUnifiedFormat(count, formats[c]);
		}
		for (idx_t r = 0; r < count; r++) {
			for (idx_t c = 0; c < column_count; c++) {
				auto idx = formats[c].sel->get_index(r);
				bool is_null = !formats[c].validity.RowIsValid(idx);
				row.is_null[c] = is_null;
				if (is_null) {
					row.values[c].clear();
				} else {
					row.values[c] = UnifiedVectorFormat::GetData<string_t>(formats[c])[idx].GetString();
				}
			}
			row.row_index = row_index++;
			callback(row);
		}
	}
}

size_t RenderWidth(const std::string &text) {
	size_t width = 0;
	for (size_t pos = 0; pos < text.size(); pos++) {
		auto byte = static_cast<unsigned char>(text[pos]);
		if ((byte & 0xC0) == 0x80) {
			continue; // UTF-8 continuation byte
		}
		width += byte < 0x80 ? 1 : Utf8Proc::RenderWidth(text.c_str(), text.size(), pos);
	}
	return width;
}

} // namespace inlake
