#include "write/parquet_footer_reader.hpp"

#include "common/internal_connection.hpp"
#include "metadata/sql_literal.hpp"
#include "transaction/table_stats_merge.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/types/value.hpp"

#include <algorithm>
#include <functional>

namespace inlake {

using duckdb::LogicalType;
using duckdb::MaterializedQueryResult;
using duckdb::Value;

namespace {

std::string PathList(const std::vector<std::string> &paths, size_t begin, size_t end) {
	std::string list;
	for (size_t i = begin; i < end; i++) {
		list += (list.empty() ? "" : ", ") + SqlString(paths[i]);
	}
	return "[" + list + "]";
}

duckdb::unique_ptr<MaterializedQueryResult> Run(InternalConnection &connection, const std::string &sql,
                                                const std::string &function_name, const std::string &what) {
	auto result = connection.Query(sql);
	if (result->HasError()) {
		throw duckdb::InvalidInputException("%s: cannot read %s: %s", function_name, what,
		                                    InternalQueryError(*result));
	}
	return result;
}

void ReadColumns(InternalConnection &connection, ParquetFooter &footer, const std::string &function_name) {
	// binding read_parquet gives the columns as the lake's scan (DuckDB's Parquet reader) will read them
	auto result = connection.Query("SELECT * FROM read_parquet(" + SqlString(footer.path) + ", hive_partitioning = false) LIMIT 0");
	if (result->HasError()) {
		throw duckdb::InvalidInputException("%s: \"%s\" is not a readable Parquet file: %s", function_name,
		                                    footer.path, InternalQueryError(*result));
	}
	for (duckdb::idx_t i = 0; i < result->ColumnCount(); i++) {
		FooterColumn column;
		column.name = result->names[i];
		column.type = result->types[i];
		footer.columns.push_back(std::move(column));
	}
}

//! Top-level field ids from parquet_schema(): the schema is a depth-first tree whose first row is the root.
void ReadFieldIds(const std::vector<std::vector<Value>> &rows, ParquetFooter &footer) {
	if (rows.empty()) {
		return;
	}
	std::vector<int64_t> children(rows.size());
	for (size_t i = 0; i < rows.size(); i++) {
		children[i] = rows[i][3].IsNull() ? 0 : rows[i][3].GetValue<int64_t>();
	}
	// the index after the subtree that starts at `index`
	std::function<size_t(size_t)> skip = [&](size_t index) {
		auto next = index + 1;
		for (int64_t c = 0; c < children[index] && next < rows.size(); c++) {
			next = skip(next);
		}
		return next;
	};
	size_t index = 1;
	for (int64_t c = 0; c < children[0] && index < rows.size(); c++) {
		auto &name = rows[index][1];
		auto &field_id = rows[index][2];
		for (auto &column : footer.columns) {
			if (!name.IsNull() && column.name == name.ToString() && !field_id.IsNull()) {
				column.field_id = field_id.GetValue<int64_t>();
			}
		}
		index = skip(index);
	}
}

} // namespace

std::vector<ParquetFooter> ReadParquetFooters(duckdb::DatabaseInstance &db, const std::vector<std::string> &paths,
                                              const std::string &function_name) {
	std::vector<ParquetFooter> footers(paths.size());
	std::map<std::string, size_t> index_of;
	auto connection = OpenInternalConnection(db);
	for (size_t i = 0; i < paths.size(); i++) {
		footers[i].path = paths[i];
		index_of[paths[i]] = i;
		ReadColumns(*connection, footers[i], function_name);
	}
	// the rest in batches of files, a few queries per batch
	const size_t batch = 256;
	for (size_t begin = 0; begin < paths.size(); begin += batch) {
		auto end = std::min(paths.size(), begin + batch);
		auto list = PathList(paths, begin, end);
		auto what = end - begin == 1 ? "\"" + paths[begin] + "\"" : std::string("the Parquet footers");
		auto files = Run(*connection,
		                 "SELECT file_name, num_rows, num_row_groups, file_size_bytes, footer_size FROM "
		                 "parquet_file_metadata(" +
		                     list + ")",
		                 function_name, what);
		for (duckdb::idx_t row = 0; row < files->RowCount(); row++) {
			auto found = index_of.find(files->GetValue(0, row).ToString());
			if (found == index_of.end()) {
				continue;
			}
			auto &footer = footers[found->second];
			footer.record_count = files->GetValue(1, row).GetValue<int64_t>();
			footer.row_group_count = files->GetValue(2, row).GetValue<int64_t>();
			footer.file_size_bytes = files->GetValue(3, row).GetValue<int64_t>();
			footer.footer_size = files->GetValue(4, row).GetValue<int64_t>();
		}
		auto schema = Run(*connection,
		                  "SELECT file_name, name, field_id, num_children FROM parquet_schema(" + list + ")",
		                  function_name, what);
		std::map<size_t, std::vector<std::vector<Value>>> schema_rows;
		for (duckdb::idx_t row = 0; row < schema->RowCount(); row++) {
			auto found = index_of.find(schema->GetValue(0, row).ToString());
			if (found != index_of.end()) {
				schema_rows[found->second].push_back({schema->GetValue(0, row), schema->GetValue(1, row),
				                                      schema->GetValue(2, row), schema->GetValue(3, row)});
			}
		}
		for (auto &entry : schema_rows) {
			ReadFieldIds(entry.second, footers[entry.first]);
		}
		auto chunks = Run(*connection,
		                  "SELECT file_name, path_in_schema, num_values, total_compressed_size, stats_null_count, "
		                  "stats_min_value, stats_max_value FROM parquet_metadata(" +
		                      list + ")",
		                  function_name, what);
		for (duckdb::idx_t row = 0; row < chunks->RowCount(); row++) {
			auto found = index_of.find(chunks->GetValue(0, row).ToString());
			if (found == index_of.end()) {
				continue;
			}
			auto &footer = footers[found->second];
			auto name = chunks->GetValue(1, row).ToString();
			const FooterColumn *column = nullptr;
			for (auto &candidate : footer.columns) {
				if (candidate.name == name && !candidate.type.IsNested()) {
					column = &candidate;
				}
			}
			if (!column) {
				continue; // a nested column's leaf: no statistics are kept for it
			}
			bool first = !footer.stats.count(name);
			auto &stats = footer.stats[name];
			stats.value_count += chunks->GetValue(2, row).IsNull() ? 0 : chunks->GetValue(2, row).GetValue<int64_t>();
			stats.column_size_bytes +=
			    chunks->GetValue(3, row).IsNull() ? 0 : chunks->GetValue(3, row).GetValue<int64_t>();
			auto nulls = chunks->GetValue(4, row);
			if (nulls.IsNull() || stats.null_count < 0) {
				stats.null_count = -1;
			} else {
				stats.null_count += nulls.GetValue<int64_t>();
			}
			auto min = chunks->GetValue(5, row), max = chunks->GetValue(6, row);
			if (min.IsNull() || max.IsNull()) {
				stats.has_min_max = false;
				continue;
			}
			if (first || StatValueReplaces(min.ToString(), stats.min_value, column->type, true)) {
				stats.min_value = min.ToString();
			}
			if (first || StatValueReplaces(max.ToString(), stats.max_value, column->type, false)) {
				stats.max_value = max.ToString();
			}
		}
	}
	return footers;
}

} // namespace inlake
