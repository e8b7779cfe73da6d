#include "metadata/sql/inlined_insert_statement.hpp"

#include "metadata/catalog_tables_sql.hpp"
#include "metadata/sql_literal.hpp"

namespace inlake {
using duckdb::Value;

namespace {

class StatementBuilder {
public:
	StatementBuilder(const InlinedInsertCommit &commit, const SqlDialect &dialect, const std::string &prefix)
	    : commit(commit), dialect(dialect), prefix(prefix) {
	}

	CatalogStatement Build() {
		// each part's parameters are numbered as the part is built: the parts are built one statement at a time,
		// in text order (the operands of one `+` chain may be evaluated in any order), which is the order
		// InlinedInsertParameters gives the values in
		auto conditions = Conditions();
		auto snapshot_rows = SnapshotRows();
		statement.sql = "WITH latest AS (SELECT snapshot_id, snapshot_time, schema_version, next_catalog_id, "
		                "next_file_id FROM " +
		                prefix + "ducklake_snapshot ORDER BY snapshot_id DESC LIMIT 1), ok AS (SELECT * FROM latest WHERE " +
		                conditions + "), " + snapshot_rows;
		std::string stats_found;
		for (size_t i = 0; i < commit.tables.size(); i++) {
			statement.sql += ", " + TableRows(i);
			stats_found += (i ? " AND " : "") + std::string("(SELECT count(*) FROM stats_") + std::to_string(i) + ") = 1";
		}
		statement.sql += " SELECT snapshot_id, 1 / (CASE WHEN " + stats_found + " THEN 1 ELSE 0 END) FROM snap";
		statement.recovery_sql = "SELECT snapshot_id FROM " + prefix +
		                         "ducklake_snapshot WHERE CAST(CAST(xmin AS TEXT) AS BIGINT) = CAST(" +
		                         dialect.Parameter(1) + " AS BIGINT) % 4294967296";
		return std::move(statement);
	}

private:
	//! A parameter holding `value`, read as `type`
	std::string Bind(const Value &value, const std::string &type) {
		statement.parameters.push_back(value);
		return "CAST(" + dialect.Parameter(statement.parameters.size()) + " AS " + type + ")";
	}

	//! What the full commit of an insert checks, and what this statement relies on
	std::string Conditions() {
		// the base snapshot is a parameter: the text stays the same from commit to commit (a prepared statement).
		// The upper bound (the latest snapshot: no change row is after it) changes nothing in what is found, but
		// it makes the range one whose size the planner cannot know either way: the generic plan then reads the
		// few rows after the base through the primary key, where `> $n` alone gave a scan of every change row
		// the lake ever made, under the lock, at every commit
		auto base = Bind(Value::BIGINT(commit.base_snapshot_id), "BIGINT");
		std::string touched;
		std::string exist;
		for (auto &table : commit.tables) {
			auto id = SqlInt(table.table_id);
			for (auto kind : {"dropped_table:", "altered_table:"}) {
				touched += std::string(touched.empty() ? "" : " OR ") + "POSITION(" + SqlString(std::string(",") + kind +
				           std::to_string(table.table_id) + ",") + " IN ',' || COALESCE(changes_made, '') || ',') > 0";
			}
			exist += " AND EXISTS (SELECT 1 FROM " + prefix + "ducklake_table_stats WHERE table_id = " + id +
			         ") AND EXISTS (SELECT 1 FROM " + prefix + "ducklake_inlined_data_tables WHERE table_id = " + id +
			         " AND schema_version = " + SqlInt(table.schema_version) +
			         " AND table_name = " + SqlString(table.inlined_table) + ")";
			for (auto &change : table.column_stats_changes) {
				if (change.bounds == ColumnStatsChange::Bounds::WIDEN) {
					// widened from these bounds: still the catalog's (bounds only grow, so any others are wider)
					auto min_value = Bind(Value(change.expected.min_value), "VARCHAR");
					auto max_value = Bind(Value(change.expected.max_value), "VARCHAR");
					exist += " AND EXISTS (SELECT 1 FROM " + prefix + "ducklake_table_column_stats WHERE table_id = " +
					         id + " AND column_id = " + SqlInt(change.expected.column_id) + " AND min_value = " +
					         min_value + " AND max_value = " + max_value + ")";
				}
			}
		}
		return "NOT EXISTS (SELECT 1 FROM " + prefix + "ducklake_snapshot_changes WHERE snapshot_id > " + base +
		       " AND snapshot_id <= (SELECT snapshot_id FROM latest) AND (" + touched + "))" + exist;
	}

	//! The database's time under the lock, and never before the latest snapshot's: snapshot times grow with
	//! snapshot ids whatever clocks the writers' machines keep (AT (TIMESTAMP => ...) relies on it)
	std::string SnapshotTime() {
		return "GREATEST(" + dialect.NowExpression() + ", snapshot_time + INTERVAL '1 microsecond')";
	}

	//! The snapshot row (an insert changes neither the schema version nor the id counters) and its changes row
	std::string SnapshotRows() {
		auto &changes = commit.changes;
		auto text = [](const std::string &value, bool present) {
			return present ? Value(value) : Value(duckdb::LogicalType::VARCHAR);
		};
		std::string columns;
		for (auto &name : CatalogTableColumnNames("ducklake_snapshot_changes")) {
			columns += (columns.empty() ? "" : ", ") + name;
		}
		auto sql = "snap AS (INSERT INTO " + prefix +
		           "ducklake_snapshot (snapshot_id, snapshot_time, schema_version, next_catalog_id, next_file_id) "
		           "SELECT snapshot_id + 1, " + SnapshotTime() +
		           ", schema_version, next_catalog_id, next_file_id FROM ok RETURNING snapshot_id), ";
		sql += "changes AS (INSERT INTO " + prefix + "ducklake_snapshot_changes (" + columns + ") SELECT snapshot_id";
		for (auto &value : {Value(changes.changes_made), text(changes.author, changes.has_author),
		                    text(changes.commit_message, changes.has_commit_message),
		                    text(changes.commit_extra_info, changes.has_commit_extra_info)}) {
			sql += ", " + Bind(value, "VARCHAR");
		}
		sql += " FROM snap)";
		return sql;
	}

	//! Table `index`: its stats (stats_<index>: the first new row id and the snapshot) and its inlined rows
	std::string TableRows(size_t index) {
		auto &table = commit.tables[index];
		auto suffix = std::to_string(index);
		auto row_count = SqlInt(int64_t(table.rows->Count()));
		auto advance = SqlInt(table.new_row_count);
		auto sql = "stats_" + suffix + " AS (UPDATE " + prefix + "ducklake_table_stats SET record_count = record_count + " +
		           row_count + ", next_row_id = next_row_id + " + advance +
		           " FROM snap WHERE table_id = " + SqlInt(table.table_id) + " RETURNING next_row_id - " + advance +
		           " AS first_row_id, snap.snapshot_id), ";
		std::vector<std::string> column_types;
		std::string names = "row_offset";
		std::string selected;
		for (size_t column = 0; column < table.column_types.size(); column++) {
			column_types.push_back(dialect.InlinedColumnType(table.column_types[column]));
			names += ", c" + std::to_string(column);
			selected += ", v.c" + std::to_string(column);
		}
		sql += "rows_" + suffix + " AS (INSERT INTO " + prefix + SqlIdentifier(table.inlined_table) +
		       " SELECT s.first_row_id + v.row_offset, s.snapshot_id, CAST(NULL AS BIGINT)" + selected + " FROM stats_" +
		       suffix + " AS s, (VALUES " + Values(table, column_types) + ") AS v(" + names + "))";
		for (size_t k = 0; k < table.column_stats_changes.size(); k++) {
			sql += ", " + ColumnStatsRow(table, table.column_stats_changes[k], suffix + "_" + std::to_string(k));
		}
		return sql;
	}

	//! One column statistics row the rows change (cs_<suffix>)
	std::string ColumnStatsRow(const InlinedInsertCommit::Table &table, const ColumnStatsChange &change,
	                           const std::string &suffix) {
		auto &updated = change.updated;
		auto contains_null = Bind(Value::BOOLEAN(updated.contains_null), "BOOLEAN");
		auto contains_nan = Bind(Value::BOOLEAN(updated.contains_nan), "BOOLEAN");
		auto sql = "cs_" + suffix + " AS (UPDATE " + prefix + "ducklake_table_column_stats SET contains_null = " +
		           "contains_null OR " + contains_null + ", contains_nan = contains_nan OR " + contains_nan;
		if (change.bounds == ColumnStatsChange::Bounds::UNKNOWN) {
			sql += ", min_value = NULL, max_value = NULL";
		} else if (change.bounds == ColumnStatsChange::Bounds::WIDEN) {
			auto min_value = Bind(Value(updated.min_value), "VARCHAR");
			auto max_value = Bind(Value(updated.max_value), "VARCHAR");
			sql += ", min_value = " + min_value + ", max_value = " + max_value;
		}
		return sql + " FROM snap WHERE table_id = " + SqlInt(table.table_id) +
		       " AND column_id = " + SqlInt(updated.column_id) + ")";
	}

	std::string Values(const InlinedInsertCommit::Table &table, const std::vector<std::string> &column_types) {
		std::string values;
		size_t row_index = 0;
		for (auto &chunk : table.rows->Chunks()) {
			for (duckdb::idx_t row = 0; row < chunk.size(); row++, row_index++) {
				values += row_index ? ", (" : "(";
				values += Bind(Value::BIGINT(table.row_offsets[row_index]), "BIGINT");
				for (size_t column = 0; column < column_types.size(); column++) {
					values += ", " + Bind(dialect.EncodeInlined(chunk.GetValue(column, row)), column_types[column]);
				}
				values += ")";
			}
		}
		return values;
	}

	const InlinedInsertCommit &commit;
	const SqlDialect &dialect;
	const std::string &prefix;
	CatalogStatement statement;
};

} // namespace

CatalogStatement InlinedInsertStatement(const InlinedInsertCommit &commit, const SqlDialect &dialect,
                                        const std::string &prefix) {
	return StatementBuilder(commit, dialect, prefix).Build();
}

std::string InlinedInsertShape(const InlinedInsertCommit &commit, const SqlDialect &dialect) {
	std::string shape;
	for (auto &table : commit.tables) {
		shape += std::to_string(table.table_id) + ":" + std::to_string(table.schema_version) + ":" +
		         table.inlined_table + ":" + std::to_string(table.rows->Count()) + ":" +
		         std::to_string(table.new_row_count);
		for (auto &type : table.column_types) {
			shape += ":" + dialect.InlinedColumnType(type);
		}
		for (auto &change : table.column_stats_changes) {
			shape += ":cs" + std::to_string(change.updated.column_id) + "/" + std::to_string(int(change.bounds));
		}
		shape += "\n";
	}
	return shape;
}

std::vector<Value> InlinedInsertParameters(const InlinedInsertCommit &commit, const SqlDialect &dialect) {
	// the order of StatementBuilder's Bind calls: the base snapshot and the widened bounds' starting points
	// (Conditions), the changes row (SnapshotRows), then each table's rows (Values: a row's offset, then its
	// columns) and column statistics changes (ColumnStatsRow)
	std::vector<Value> parameters;
	parameters.push_back(Value::BIGINT(commit.base_snapshot_id));
	for (auto &table : commit.tables) {
		for (auto &change : table.column_stats_changes) {
			if (change.bounds == ColumnStatsChange::Bounds::WIDEN) {
				parameters.push_back(Value(change.expected.min_value));
				parameters.push_back(Value(change.expected.max_value));
			}
		}
	}
	auto &changes = commit.changes;
	auto text = [](const std::string &value, bool present) {
		return present ? Value(value) : Value(duckdb::LogicalType::VARCHAR);
	};
	parameters.push_back(Value(changes.changes_made));
	parameters.push_back(text(changes.author, changes.has_author));
	parameters.push_back(text(changes.commit_message, changes.has_commit_message));
	parameters.push_back(text(changes.commit_extra_info, changes.has_commit_extra_info));
	for (auto &table : commit.tables) {
		size_t row_index = 0;
		for (auto &chunk : table.rows->Chunks()) {
			for (duckdb::idx_t row = 0; row < chunk.size(); row++, row_index++) {
				parameters.push_back(Value::BIGINT(table.row_offsets[row_index]));
				for (size_t column = 0; column < table.column_types.size(); column++) {
					parameters.push_back(dialect.EncodeInlined(chunk.GetValue(column, row)));
				}
			}
		}
		for (auto &change : table.column_stats_changes) {
			parameters.push_back(Value::BOOLEAN(change.updated.contains_null));
			parameters.push_back(Value::BOOLEAN(change.updated.contains_nan));
			if (change.bounds == ColumnStatsChange::Bounds::WIDEN) {
				parameters.push_back(Value(change.updated.min_value));
				parameters.push_back(Value(change.updated.max_value));
			}
		}
	}
	return parameters;
}

} // namespace inlake
