#include "maintenance/flush_copy_target.hpp"

#include <algorithm>
#include <limits>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

struct FlushBatchRows : public OrderedCopyTracking {
	FlushedFileRows rows;
};

} // namespace

FlushCopyTarget::FlushCopyTarget(ParquetWriteOptions options_p, FlushTracking tracking_p, int64_t plain_snapshot_p)
    : options(std::move(options_p)), tracking(tracking_p), plain_snapshot(plain_snapshot_p) {
}

std::unique_ptr<OrderedCopyTracking> FlushCopyTarget::TrackBatch(ColumnDataCollection &rows) {
	auto result = std::make_unique<FlushBatchRows>();
	auto &summary = result->rows;
	summary.any = rows.Count() > 0;
	if (tracking == FlushTracking::NONE) {
		// a plain file: one snapshot, and the file's first row id follows from the summary (parallel_flush)
		summary.min_snapshot = summary.max_snapshot = plain_snapshot;
		return std::move(result);
	}
	summary.min_row_id = std::numeric_limits<int64_t>::max();
	summary.min_snapshot = std::numeric_limits<int64_t>::max();
	summary.max_snapshot = std::numeric_limits<int64_t>::min();
	auto column_count = rows.ColumnCount();
	bool with_ends = tracking == FlushTracking::TRACKING_COLUMNS;
	vector<column_t> tracked {column_count - 2, column_count - 1}; // the hidden row id and snapshot columns
	if (with_ends) {
		tracked = {column_count - 3, column_count - 2, column_count - 1};
	}
	int64_t position = 0;
	for (auto &chunk : rows.Chunks(tracked)) {
		UnifiedVectorFormat row_ids, begins, ends;
		chunk.data[0].ToUnifiedFormat(chunk.size(), row_ids);
		chunk.data[1].ToUnifiedFormat(chunk.size(), begins);
		auto row_id_data = UnifiedVectorFormat::GetData<int64_t>(row_ids);
		auto begin_data = UnifiedVectorFormat::GetData<int64_t>(begins);
		const int64_t *end_data = nullptr;
		if (with_ends) {
			chunk.data[2].ToUnifiedFormat(chunk.size(), ends);
			end_data = UnifiedVectorFormat::GetData<int64_t>(ends);
		}
		for (idx_t row = 0; row < chunk.size(); row++, position++) {
			auto row_id = row_id_data[row_ids.sel->get_index(row)];
			auto begin = begin_data[begins.sel->get_index(row)];
			summary.min_row_id = std::min(summary.min_row_id, row_id);
			summary.min_snapshot = std::min(summary.min_snapshot, begin);
			summary.max_snapshot = std::max(summary.max_snapshot, begin);
			if (!with_ends) {
				continue;
			}
			auto end_index = ends.sel->get_index(row);
			if (ends.validity.RowIsValid(end_index)) {
				summary.deleted.emplace_back(position, end_data[end_index]);
			}
		}
	}
	return std::move(result);
}

void FlushCopyTarget::RowsWritten(OrderedCopyTracking *tracking, idx_t file_index, idx_t position) {
	if (!tracking) {
		return;
	}
	auto &batch = static_cast<FlushBatchRows *>(tracking)->rows;
	if (!batch.any) {
		return;
	}
	std::lock_guard<std::mutex> guard(lock);
	if (file_rows.size() <= file_index) {
		file_rows.resize(file_index + 1);
	}
	auto &file = file_rows[file_index];
	if (!file.any) {
		file = FlushedFileRows();
		file.any = true;
		file.min_row_id = batch.min_row_id;
		file.min_snapshot = batch.min_snapshot;
		file.max_snapshot = batch.max_snapshot;
	}
	file.min_row_id = std::min(file.min_row_id, batch.min_row_id);
	file.min_snapshot = std::min(file.min_snapshot, batch.min_snapshot);
	file.max_snapshot = std::max(file.max_snapshot, batch.max_snapshot);
	for (auto &deleted : batch.deleted) {
		file.deleted.emplace_back(int64_t(position) + deleted.first, deleted.second);
	}
}

void FlushCopyTarget::HandOver(std::vector<WrittenDataFile> files_p, unique_ptr<ColumnDataCollection> held_back) {
	std::lock_guard<std::mutex> guard(lock);
	files = std::move(files_p);
}

} // namespace inlake
