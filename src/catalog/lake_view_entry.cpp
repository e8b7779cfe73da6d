#include "catalog/lake_view_entry.hpp"

#include "catalog/view_sql.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/common/error_data.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/expression/columnref_expression.hpp"
#include "duckdb/parser/keyword_helper.hpp"
#include "duckdb/parser/parsed_data/create_view_info.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/catalog/catalog_search_path.hpp"
#include "duckdb/main/client_data.hpp"
#include "duckdb/parser/statement/select_statement.hpp"
#include "duckdb/planner/binder.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

LakeViewEntry::LakeViewEntry(Catalog &catalog, SchemaCatalogEntry &schema, CreateViewInfo &info, ViewRecord record_p)
    : ViewCatalogEntry(catalog, schema, info), record(std::move(record_p)) {
}

static vector<string> ParseAliases(const std::string &text) {
	vector<string> aliases;
	if (text.empty()) {
		return aliases;
	}
	for (auto &expression : Parser::ParseExpressionList(text)) {
		if (expression->GetExpressionClass() != ExpressionClass::COLUMN_REF) {
			throw InvalidInputException("ducklake_view.column_aliases \"%s\" is not a list of names", text);
		}
		aliases.push_back(expression->Cast<ColumnRefExpression>().GetColumnName());
	}
	return aliases;
}

unique_ptr<LakeViewEntry> LakeViewEntry::FromRecord(Catalog &catalog, SchemaCatalogEntry &schema, ViewRecord record,
                                                    const std::function<bool(const std::string &)> &is_lake_schema) {
	CreateViewInfo info(schema, record.view_name);
	try {
		info.query = CreateViewInfo::ParseSelect(record.sql);
		QualifyLakeNames(*info.query->node, catalog.GetName(), is_lake_schema);
		info.aliases = ParseAliases(record.column_aliases);
	} catch (std::exception &ex) {
		// a view another writer stored in SQL this DuckDB cannot parse: using it says so, the rest of the lake works
		auto message = "view \"" + record.view_name + "\" of lake \"" + catalog.GetName() +
		               "\" cannot be read: " + ErrorData(ex).RawMessage();
		info.query = CreateViewInfo::ParseSelect("SELECT error(" + KeywordHelper::WriteQuoted(message, '\'') + ")");
		info.aliases.clear();
	}
	info.sql = "CREATE VIEW " + KeywordHelper::WriteOptionallyQuoted(record.view_name) + " AS " + record.sql + ";";
	if (record.has_comment) {
		info.comment = Value(record.comment);
	}
	return make_uniq<LakeViewEntry>(catalog, schema, info, std::move(record));
}

//! How many views this thread is binding (BindColumns)
static thread_local int binding_views = 0;

bool LakeViewEntry::BindColumns(ClientContext &context) {
	if (binding_views > 0) {
		return false;
	}
	std::unique_lock<std::mutex> guard(bind_lock);
	bound.wait(guard, [&]() { return columns_state != ColumnsState::BINDING; });
	if (columns_state == ColumnsState::BOUND) {
		return true;
	}
	columns_state = ColumnsState::BINDING;
	guard.unlock();
	BoundStatement result;
	binding_views++;
	try {
		// as DuckDB binds a view: its own catalog and schema first, then the session's search path
		auto binder = Binder::CreateBinder(context);
		binder->SetCanContainNulls(true);
		vector<CatalogSearchEntry> path {CatalogSearchEntry(ParentCatalog().GetName(), ParentSchema().name)};
		for (auto &entry : ClientData::Get(context).catalog_search_path->Get()) {
			path.push_back(entry);
		}
		binder->EntryRetriever().SetSearchPath(std::move(path));
		auto statement = query->Copy();
		result = binder->Bind(*statement);
	} catch (std::exception &) { // NOLINT: a view that does not bind shows no columns (using it says why)
	}
	binding_views--;
	guard.lock();
	types = result.types;
	names = result.names;
	columns_state = ColumnsState::BOUND;
	bound.notify_all();
	return true;
}

ViewRecord LakeViewEntry::RecordOf(const CreateViewInfo &info, int64_t schema_id, const std::string &lake_name,
                                   const std::function<bool(const std::string &)> &is_lake_schema) {
	ViewRecord record;
	record.schema_id = schema_id;
	record.view_name = info.view_name;
	record.sql = PortableViewSql(*info.query->node, lake_name, is_lake_schema);
	for (auto &alias : info.aliases) {
		record.column_aliases += (record.column_aliases.empty() ? "" : ", ") + KeywordHelper::WriteQuoted(alias, '"');
	}
	if (!info.comment.IsNull()) {
		record.comment = info.comment.ToString();
		record.has_comment = true;
	}
	return record;
}

} // namespace inlake
