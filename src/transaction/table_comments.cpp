// COMMENT ON TABLE / COMMENT ON COLUMN of a lake table: a new version of the table's record with the comment,
// committed as an ALTER (the catalog keeps it in ducklake_tag / ducklake_column_tag, versioned by snapshot).
#include "transaction/table_alter.hpp"

#include "duckdb/common/exception/catalog_exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parsed_data/comment_on_column_info.hpp"

namespace inlake {

bool IsTableComment(const duckdb::AlterInfo &info) {
	if (info.type == duckdb::AlterType::SET_COMMENT) {
		return info.Cast<duckdb::SetCommentInfo>().entry_catalog_type == duckdb::CatalogType::TABLE_ENTRY;
	}
	if (info.type == duckdb::AlterType::SET_COLUMN_COMMENT) {
		return info.Cast<duckdb::SetColumnCommentInfo>().catalog_entry_type == duckdb::CatalogType::TABLE_ENTRY;
	}
	return false;
}

static void SetComment(const duckdb::Value &value, std::string &comment, bool &has_comment) {
	has_comment = !value.IsNull();
	comment = has_comment ? value.ToString() : std::string();
}

TableRecord CommentedTableRecord(const TableRecord &record, const duckdb::AlterInfo &info) {
	auto result = record;
	if (info.type == duckdb::AlterType::SET_COMMENT) {
		SetComment(info.Cast<duckdb::SetCommentInfo>().comment_value, result.comment, result.has_comment);
		return result;
	}
	auto &column_info = info.Cast<duckdb::SetColumnCommentInfo>();
	for (auto &column : result.columns) {
		if (duckdb::StringUtil::CIEquals(column.name, column_info.column_name)) {
			SetComment(column_info.comment_value, column.comment, column.has_comment);
			return result;
		}
	}
	throw duckdb::CatalogException("COMMENT ON COLUMN: table \"%s\" has no column \"%s\"", record.table_name,
	                               column_info.column_name);
}

bool SameComments(const TableRecord &before, const TableRecord &after) {
	if (before.has_comment != after.has_comment || before.comment != after.comment ||
	    before.columns.size() != after.columns.size()) {
		return false;
	}
	for (size_t i = 0; i < before.columns.size(); i++) {
		auto &old_column = before.columns[i], &new_column = after.columns[i];
		if (old_column.has_comment != new_column.has_comment || old_column.comment != new_column.comment) {
			return false;
		}
	}
	return true;
}

} // namespace inlake
