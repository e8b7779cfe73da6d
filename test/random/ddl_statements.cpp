#include "ddl_statements.hpp"

#include "dml_statements.hpp"
#include "value_sql.hpp"

#include <algorithm>

namespace inlake_random {

TableModel RandomTable(const std::string &name, int64_t first_key, int max_columns, Rng &rng,
                       const FeatureSet &features) {
	TableModel table;
	table.name = name;
	table.next_key = first_key;
	table.first_key = first_key;
	table.columns.push_back({0, "k", ColumnType::Of(Scalar::BIGINT), ""});
	auto count = rng.Range(1, max_columns);
	for (int64_t i = 0; i < count; i++) {
		auto id = table.next_column_id++;
		table.columns.push_back({id, table.NewColumnName(id, rng.Next()), RandomColumnType(rng, features), ""});
	}
	return table;
}

//! The features for a DEFAULT constant: no invalid literal while "bad-default" is excluded, and no chr(0) (the
//! lake refuses such a default by design, README known limits).
static FeatureSet DefaultFeatures(const FeatureSet &features) {
	auto result = features;
	result.ExcludeList("nul");
	if (features.Off("bad-default")) {
		result.ExcludeList("invalid-literals");
	}
	return result;
}

//! A literal like 'x'::T, NULL::T or true (not an expression such as [1, 2], unhex(..) or repeat(..)).
static bool IsPlainLiteral(const ColumnType &type, const std::string &sql) {
	return type.IsScalar() && sql[0] != '(' && sql.find("unhex(") == std::string::npos &&
	       sql.find("repeat(") == std::string::npos && sql.find("chr(") == std::string::npos;
}

static std::string AlterPrefix(const TableModel &table) {
	return "ALTER TABLE " + Placeholder(table) + " ";
}

static void AddColumn(TableModel &table, Rng &rng, const FeatureSet &features, Step &step) {
	auto id = table.next_column_id++;
	ColumnModel column {id, table.NewColumnName(id, rng.Next()), RandomColumnType(rng, features), ""};
	while (column.type.Contains(Scalar::JSON) && features.Off("add-json")) {
		column.type = RandomColumnType(rng, features);
	}
	step.label = "alter-add-column";
	step.sql = AlterPrefix(table) + "ADD COLUMN " + QuoteIdentifier(column.name) + " " + column.type.Sql();
	// DuckDB 1.4.4's own ALTER TABLE ADD COLUMN ... DEFAULT <a MAP holding lists> on a table with rows fails with
	// an INTERNAL error ("Operation requires a flat vector"): the native side cannot take such defaults
	if (rng.Percent(40) && !column.type.ContainsMap()) {
		auto default_sql = Literal(column.type, rng, DefaultFeatures(features), 10);
		if (features.On("expr-default") || IsPlainLiteral(column.type, default_sql)) {
			column.default_sql = default_sql;
			step.sql += " DEFAULT " + column.default_sql;
		}
	}
	table.columns.push_back(column);
}

static bool DropColumn(TableModel &table, int index, Rng &rng, Step &step) {
	if (table.columns.size() < 2) {
		return false;
	}
	// a partition key column cannot be dropped on the lake (refused, naming it): never a key
	std::vector<int64_t> positions;
	for (size_t i = 1; i < table.columns.size(); i++) {
		auto &keys = table.partition_column_ids;
		if (std::find(keys.begin(), keys.end(), table.columns[i].id) == keys.end()) {
			positions.push_back(int64_t(i));
		}
	}
	if (positions.empty()) {
		return false;
	}
	auto position = rng.Pick(positions);
	step.label = "alter-drop-column";
	step.sql = AlterPrefix(table) + "DROP COLUMN " + QuoteIdentifier(table.columns[position].name);
	table.columns.erase(table.columns.begin() + position);
	return true;
}

static bool RenameColumn(TableModel &table, Rng &rng, Step &step) {
	if (table.columns.size() < 2) {
		return false;
	}
	auto &column = table.columns[rng.Range(1, int64_t(table.columns.size()) - 1)];
	auto new_name = column.name + "_r" + std::to_string(table.next_column_id++);
	step.label = "alter-rename-column";
	step.sql = AlterPrefix(table) + "RENAME COLUMN " + QuoteIdentifier(column.name) + " TO " + QuoteIdentifier(new_name);
	column.name = new_name;
	return true;
}

static bool WidenColumn(TableModel &table, Rng &rng, Step &step) {
	std::vector<ColumnModel *> candidates;
	for (size_t i = 1; i < table.columns.size(); i++) {
		if (!WideningTargets(table.columns[i].type).empty()) {
			candidates.push_back(&table.columns[i]);
		}
	}
	if (candidates.empty()) {
		return false;
	}
	auto &column = *rng.Pick(candidates);
	auto target = rng.Pick(WideningTargets(column.type));
	step.label = "alter-column-type";
	step.sql = AlterPrefix(table) + "ALTER COLUMN " + QuoteIdentifier(column.name) + " TYPE " + target.Sql();
	column.type = target;
	if (!column.default_sql.empty()) {
		column.default_sql = "(" + column.default_sql + ")::" + target.Sql();
	}
	return true;
}

static bool SetDefault(TableModel &table, Rng &rng, const FeatureSet &features, Step &step) {
	if (table.columns.size() < 2) {
		return false;
	}
	auto &column = table.columns[rng.Range(1, int64_t(table.columns.size()) - 1)];
	step.label = "alter-set-default";
	if (!column.default_sql.empty() && rng.Percent(40)) {
		step.sql = AlterPrefix(table) + "ALTER COLUMN " + QuoteIdentifier(column.name) + " DROP DEFAULT";
		column.default_sql.clear();
		return true;
	}
	column.default_sql = Literal(column.type, rng, DefaultFeatures(features), 10);
	step.sql = AlterPrefix(table) + "ALTER COLUMN " + QuoteIdentifier(column.name) + " SET DEFAULT " +
	           column.default_sql;
	return true;
}

//! A STRUCT somewhere in a column's type: the path DuckDB's ALTER names it by (c, c.f, c.element, c.value, ...)
struct StructPlace {
	std::string path;
	ColumnType *type;
};

static void FindStructs(const std::string &path, ColumnType &type, std::vector<StructPlace> &places) {
	switch (type.kind) {
	case ColumnType::Kind::STRUCT:
		places.push_back({path, &type});
		for (auto &field : type.children) {
			FindStructs(path + "." + QuoteIdentifier(field.first), field.second, places);
		}
		break;
	case ColumnType::Kind::LIST:
		FindStructs(path + ".element", type.children[0].second, places);
		break;
	case ColumnType::Kind::MAP:
		// (not in keys: a MAP's keys cannot be NULL, and a new field would be)
		FindStructs(path + ".value", type.children[1].second, places);
		break;
	default:
		break;
	}
}

//! ADD / DROP / RENAME COLUMN of a field of a STRUCT in a column (issue 32).
static bool AlterNestedField(TableModel &table, Rng &rng, const FeatureSet &features, Step &step) {
	std::vector<StructPlace> places;
	for (size_t i = 1; i < table.columns.size(); i++) {
		FindStructs(QuoteIdentifier(table.columns[i].name), table.columns[i].type, places);
	}
	if (places.empty()) {
		return false;
	}
	auto &place = places[rng.Below(places.size())];
	auto &fields = place.type->children;
	auto choice = rng.Below(3);
	if (choice == 1 && fields.size() < 2) {
		choice = 0; // not a struct's last field
	}
	if (choice == 0) {
		auto name = "f" + std::to_string(table.next_column_id++);
		auto type = RandomColumnType(rng, features);
		while (type.Contains(Scalar::JSON) || type.ContainsMap()) {
			type = RandomColumnType(rng, features);
		}
		step.label = "alter-add-field";
		step.sql = AlterPrefix(table) + "ADD COLUMN " + place.path + "." + name + " " + type.Sql();
		if (rng.Percent(30) && type.IsScalar()) {
			auto default_sql = Literal(type, rng, DefaultFeatures(features), 10);
			if (IsPlainLiteral(type, default_sql)) {
				step.sql += " DEFAULT " + default_sql;
			}
		}
		fields.emplace_back(name, type);
		return true;
	}
	auto position = rng.Below(fields.size());
	auto field_path = place.path + "." + QuoteIdentifier(fields[position].first);
	if (choice == 1) {
		step.label = "alter-drop-field";
		step.sql = AlterPrefix(table) + "DROP COLUMN " + field_path;
		fields.erase(fields.begin() + position);
		return true;
	}
	auto new_name = fields[position].first + "_r" + std::to_string(table.next_column_id++);
	step.label = "alter-rename-field";
	step.sql = AlterPrefix(table) + "RENAME COLUMN " + field_path + " TO " + QuoteIdentifier(new_name);
	fields[position].first = new_name;
	return true;
}

bool RandomAlter(const TableModel &table_p, int index, Rng &rng, const FeatureSet &features, Step &step) {
	auto table = table_p;
	bool done = false;
	if (features.On("nested-alter") && features.On("nested") && rng.Percent(15)) {
		done = AlterNestedField(table, rng, features, step);
	}
	switch (done ? -1 : int(rng.Below(6))) {
	case -1:
		break;
	case 0:
	case 1:
		AddColumn(table, rng, features, step);
		done = true;
		break;
	case 2:
		done = table.columns.size() > 2 && DropColumn(table, index, rng, step);
		break;
	case 3:
		done = RenameColumn(table, rng, step);
		break;
	case 4:
		done = WidenColumn(table, rng, step);
		break;
	default:
		done = SetDefault(table, rng, features, step);
		break;
	}
	if (!done) {
		return false;
	}
	step.kind = StepKind::BOTH;
	step.tables = {index};
	step.models_after = {{index, table}};
	return true;
}

} // namespace inlake_random
