// DuckDBWriteTxn, the table statistics part: ducklake_table_stats and ducklake_table_column_stats rows,
// updated in place through the storage API (one row per table, one per column), appended for a new table.
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/duckdb_write_txn.hpp"
#include "metadata/sql_literal.hpp"

namespace inlake {

static std::vector<duckdb::Value> ColumnStatsValues(const ColumnStatsRecord &column) {
	auto text = [&](const std::string &value) {
		return column.has_min_max ? duckdb::Value(value) : duckdb::Value(duckdb::LogicalType::VARCHAR);
	};
	return {duckdb::Value::BOOLEAN(column.contains_null), duckdb::Value::BOOLEAN(column.contains_nan),
	        text(column.min_value), text(column.max_value)};
}

void DuckDBWriteTxn::WriteTableStats(const TableStatsRecord &stats, bool exists) {
	auto previous = GetTableStats(stats.table_id);
	staged.stats[stats.table_id] = stats;
	stats_writes.push_back({stats, previous, exists});
}

void DuckDBWriteTxn::WriteStatsRows(const StatsWrite &write) {
	auto &stats = write.stats;
	auto table_id = duckdb::Value::BIGINT(stats.table_id);
	std::vector<duckdb::Value> counts {duckdb::Value::BIGINT(stats.record_count),
	                                   duckdb::Value::BIGINT(stats.next_row_id),
	                                   duckdb::Value::BIGINT(stats.file_size_bytes)};
	if (!write.exists) {
		counts.insert(counts.begin(), table_id);
		direct.AppendValues("ducklake_table_stats", {counts});
		AppendColumnStats(stats);
		return;
	}
	auto matched = direct.UpdateByKey("ducklake_table_stats", {"table_id"},
	                                  {"record_count", "next_row_id", "file_size_bytes"}, {{{stats.table_id}, counts}});
	if (matched[0] != 1) {
		throw duckdb::IOException("DuckLake catalog: table %lld has %llu rows in ducklake_table_stats instead of one: "
		                          "the catalog database is damaged",
		                          (long long)stats.table_id, (unsigned long long)matched[0]);
	}
	if (write.previous.SameColumnStats(stats)) {
		return;
	}
	if (write.previous.SameColumnIds(stats)) {
		std::vector<KeyedUpdate> updates;
		for (size_t i = 0; i < stats.column_stats.size(); i++) {
			auto &column = stats.column_stats[i];
			if (!column.Same(write.previous.column_stats[i])) {
				updates.push_back({{stats.table_id, column.column_id}, ColumnStatsValues(column)});
			}
		}
		auto column_matches = direct.UpdateByKey("ducklake_table_column_stats", {"table_id", "column_id"},
		                                         {"contains_null", "contains_nan", "min_value", "max_value"}, updates);
		bool one_row_each = true;
		for (auto count : column_matches) {
			one_row_each = one_row_each && count == 1;
		}
		if (one_row_each) {
			return;
		}
	}
	// the columns changed (or the rows are not one per column): replace the table's rows
	Execute("DELETE FROM " + store.Prefix() + "ducklake_table_column_stats WHERE table_id = " +
	        SqlInt(stats.table_id));
	AppendColumnStats(stats);
}

void DuckDBWriteTxn::AppendColumnStats(const TableStatsRecord &stats) {
	std::vector<std::vector<duckdb::Value>> rows;
	for (auto &column : stats.column_stats) {
		std::vector<duckdb::Value> row {duckdb::Value::BIGINT(stats.table_id), duckdb::Value::BIGINT(column.column_id)};
		for (auto &value : ColumnStatsValues(column)) {
			row.push_back(std::move(value));
		}
		rows.push_back(std::move(row));
	}
	direct.AppendValues("ducklake_table_column_stats", rows);
}

} // namespace inlake
