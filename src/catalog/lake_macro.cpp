#include "catalog/lake_macro.hpp"

#include "common/lake_type_names.hpp"

#include "duckdb/catalog/catalog_entry/scalar_macro_catalog_entry.hpp"
#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/catalog/catalog_entry/table_macro_catalog_entry.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/function/scalar_macro_function.hpp"
#include "duckdb/function/table_macro_function.hpp"
#include "duckdb/parser/expression/columnref_expression.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/parser/statement/select_statement.hpp"

namespace inlake {
using namespace duckdb; // NOLINT: this file translates DuckDB's macro objects

static std::string TypeName(const LogicalType &type) {
	if (type.id() == LogicalTypeId::UNKNOWN) {
		return "unknown";
	}
	if (type.IsNested()) {
		return type.ToString(); // DuckLake names nested types only through child rows: DuckDB's name instead
	}
	try {
		return ToLakeTypeName(type);
	} catch (std::exception &) {
		return type.ToString();
	}
}

static LogicalType TypeOf(const std::string &name) {
	if (name.empty() || StringUtil::CIEquals(name, "unknown")) {
		return LogicalType::UNKNOWN;
	}
	try {
		return FromLakeTypeName(name);
	} catch (std::exception &) {
	}
	try {
		return TransformStringToLogicalType(name);
	} catch (std::exception &) {
		return LogicalType::UNKNOWN; // a type this DuckDB does not know: the parameter is untyped
	}
}

MacroRecord LakeMacro::RecordOf(CreateMacroInfo &info, int64_t schema_id) {
	MacroRecord record;
	record.schema_id = schema_id;
	record.macro_name = info.name;
	for (auto &macro : info.macros) {
		MacroImplRecord impl;
		if (macro->type == MacroType::SCALAR_MACRO) {
			impl.type = "scalar";
			impl.sql = macro->Cast<ScalarMacroFunction>().expression->ToString();
		} else if (macro->type == MacroType::TABLE_MACRO) {
			impl.type = "table";
			impl.sql = macro->Cast<TableMacroFunction>().query_node->ToString();
		} else {
			throw NotImplementedException("DuckLake cannot store this kind of macro");
		}
		for (idx_t i = 0; i < macro->parameters.size(); i++) {
			MacroParameterRecord parameter;
			parameter.parameter_name = macro->parameters[i]->GetName();
			if (i < macro->types.size()) {
				parameter.parameter_type = TypeName(macro->types[i]);
			}
			auto default_value = macro->default_parameters.find(parameter.parameter_name);
			if (default_value != macro->default_parameters.end()) {
				auto &expression = *default_value->second;
				bool constant = expression.GetExpressionType() == ExpressionType::VALUE_CONSTANT &&
				                !expression.Cast<ConstantExpression>().value.IsNull() &&
				                !expression.Cast<ConstantExpression>().value.type().IsNested();
				if (constant) {
					auto &value = expression.Cast<ConstantExpression>().value;
					parameter.default_value = value.ToString();
					parameter.default_value_type = TypeName(value.type());
				} else {
					parameter.default_value = expression.ToString();
					parameter.default_value_type = "expression";
				}
			}
			impl.parameters.push_back(std::move(parameter));
		}
		record.impls.push_back(std::move(impl));
	}
	return record;
}

static unique_ptr<ParsedExpression> ParseOneExpression(const std::string &sql, const std::string &macro_name) {
	auto expressions = Parser::ParseExpressionList(sql);
	if (expressions.size() != 1) {
		throw InvalidInputException("The DuckLake macro \"%s\" has a body that is not one expression: %s", macro_name,
		                            sql);
	}
	return std::move(expressions[0]);
}

unique_ptr<LakeMacro> LakeMacro::FromRecord(Catalog &catalog, SchemaCatalogEntry &schema, MacroRecord record) {
	if (record.impls.empty()) {
		throw InvalidInputException("The DuckLake macro \"%s\" has no implementation (ducklake_macro_impl)",
		                            record.macro_name);
	}
	auto table_macro = record.IsTableMacro();
	CreateMacroInfo info(table_macro ? CatalogType::TABLE_MACRO_ENTRY : CatalogType::MACRO_ENTRY);
	info.catalog = catalog.GetName();
	info.schema = schema.name;
	info.name = record.macro_name;
	info.temporary = false;
	info.internal = false;
	for (auto &impl : record.impls) {
		if (!StringUtil::CIEquals(impl.dialect, "duckdb")) {
			throw NotImplementedException("The DuckLake macro \"%s\" is written in the dialect \"%s\", not duckdb",
			                              record.macro_name, impl.dialect);
		}
		unique_ptr<MacroFunction> function;
		if ((impl.type == "table") != table_macro) {
			throw InvalidInputException("The DuckLake macro \"%s\" mixes scalar and table implementations",
			                            record.macro_name);
		}
		if (impl.type == "scalar") {
			function = make_uniq<ScalarMacroFunction>(ParseOneExpression(impl.sql, record.macro_name));
		} else if (impl.type == "table") {
			Parser parser;
			parser.ParseQuery(impl.sql);
			if (parser.statements.size() != 1 || parser.statements[0]->type != StatementType::SELECT_STATEMENT) {
				throw InvalidInputException("The DuckLake table macro \"%s\" has a body that is not one SELECT: %s",
				                            record.macro_name, impl.sql);
			}
			function = make_uniq<TableMacroFunction>(std::move(parser.statements[0]->Cast<SelectStatement>().node));
		} else {
			throw NotImplementedException("The DuckLake macro \"%s\" has the unknown type \"%s\"", record.macro_name,
			                              impl.type);
		}
		for (auto &parameter : impl.parameters) {
			function->parameters.push_back(make_uniq<ColumnRefExpression>(parameter.parameter_name));
			function->types.push_back(TypeOf(parameter.parameter_type));
			if (parameter.default_value_type == "unknown") {
				continue;
			}
			unique_ptr<ParsedExpression> default_value;
			if (parameter.default_value_type == "expression") {
				default_value = ParseOneExpression(parameter.default_value, record.macro_name);
			} else {
				auto type = TypeOf(parameter.default_value_type);
				Value value(parameter.default_value);
				if (type.id() != LogicalTypeId::UNKNOWN) {
					value = value.DefaultCastAs(type);
				}
				default_value = make_uniq<ConstantExpression>(std::move(value));
			}
			function->default_parameters.insert(parameter.parameter_name, std::move(default_value));
		}
		info.macros.push_back(std::move(function));
	}
	auto result = make_uniq<LakeMacro>();
	if (table_macro) {
		result->entry = make_uniq<TableMacroCatalogEntry>(catalog, schema, info);
	} else {
		result->entry = make_uniq<ScalarMacroCatalogEntry>(catalog, schema, info);
	}
	result->schema = &schema;
	result->record = std::move(record);
	return result;
}

} // namespace inlake
