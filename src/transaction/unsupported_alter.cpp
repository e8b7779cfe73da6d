#include "unsupported_alter.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parsed_data/comment_on_column_info.hpp"

namespace inlake {

using duckdb::AlterTableType;
using duckdb::AlterType;

namespace {

std::string AlterTableStatementName(AlterTableType type) {
	switch (type) {
	case AlterTableType::RENAME_COLUMN:
		return "ALTER TABLE ... RENAME COLUMN";
	case AlterTableType::RENAME_TABLE:
		return "ALTER TABLE ... RENAME TO";
	case AlterTableType::ADD_COLUMN:
		return "ALTER TABLE ... ADD COLUMN";
	case AlterTableType::REMOVE_COLUMN:
		return "ALTER TABLE ... DROP COLUMN";
	case AlterTableType::ALTER_COLUMN_TYPE:
		return "ALTER TABLE ... ALTER COLUMN ... TYPE";
	case AlterTableType::SET_DEFAULT:
		return "ALTER TABLE ... ALTER COLUMN ... SET DEFAULT";
	case AlterTableType::FOREIGN_KEY_CONSTRAINT:
		return "a FOREIGN KEY constraint";
	case AlterTableType::SET_NOT_NULL:
		return "ALTER TABLE ... ALTER COLUMN ... SET NOT NULL";
	case AlterTableType::DROP_NOT_NULL:
		return "ALTER TABLE ... ALTER COLUMN ... DROP NOT NULL";
	case AlterTableType::SET_COLUMN_COMMENT:
		return "COMMENT ON COLUMN";
	case AlterTableType::ADD_CONSTRAINT:
		return "ALTER TABLE ... ADD CONSTRAINT";
	case AlterTableType::SET_PARTITIONED_BY:
		return "ALTER TABLE ... SET/RESET PARTITIONED BY";
	case AlterTableType::SET_SORTED_BY:
		return "ALTER TABLE ... SET SORTED BY";
	case AlterTableType::ADD_FIELD:
		return "ALTER TABLE ... ADD COLUMN on a struct field";
	case AlterTableType::REMOVE_FIELD:
		return "ALTER TABLE ... DROP COLUMN on a struct field";
	case AlterTableType::RENAME_FIELD:
		return "ALTER TABLE ... RENAME COLUMN on a struct field";
	default:
		return "this ALTER TABLE statement";
	}
}

std::string CommentTarget(duckdb::CatalogType type) {
	switch (type) {
	case duckdb::CatalogType::TABLE_ENTRY:
		return "COMMENT ON TABLE";
	case duckdb::CatalogType::VIEW_ENTRY:
		return "COMMENT ON VIEW";
	case duckdb::CatalogType::INDEX_ENTRY:
		return "COMMENT ON INDEX";
	case duckdb::CatalogType::SEQUENCE_ENTRY:
		return "COMMENT ON SEQUENCE";
	case duckdb::CatalogType::TYPE_ENTRY:
		return "COMMENT ON TYPE";
	case duckdb::CatalogType::MACRO_ENTRY:
	case duckdb::CatalogType::TABLE_MACRO_ENTRY:
		return "COMMENT ON MACRO";
	default:
		return "COMMENT ON";
	}
}

std::string ObjectName(const duckdb::AlterInfo &info) {
	std::string name;
	for (auto &part : {info.catalog, info.schema, info.name}) {
		if (!part.empty()) {
			name += (name.empty() ? "" : ".") + duckdb::KeywordHelper::WriteOptionallyQuoted(part, '"', false);
		}
	}
	return name;
}

} // namespace

std::string AlterStatementName(const duckdb::AlterInfo &info) {
	switch (info.type) {
	case AlterType::ALTER_TABLE:
		return AlterTableStatementName(info.Cast<duckdb::AlterTableInfo>().alter_table_type);
	case AlterType::ALTER_VIEW:
		return "ALTER VIEW";
	case AlterType::ALTER_SEQUENCE:
		return "ALTER SEQUENCE";
	case AlterType::CHANGE_OWNERSHIP:
		return "ALTER SEQUENCE ... OWNED BY";
	case AlterType::ALTER_SCALAR_FUNCTION:
	case AlterType::ALTER_TABLE_FUNCTION:
		return "ALTER FUNCTION";
	case AlterType::SET_COMMENT:
		return CommentTarget(info.GetCatalogType());
	case AlterType::SET_COLUMN_COMMENT:
		return "COMMENT ON COLUMN";
	default:
		return "this ALTER statement";
	}
}

void ThrowUnsupportedAlter(const duckdb::AlterInfo &info) {
	auto object = ObjectName(info);
	if (info.type == AlterType::SET_COLUMN_COMMENT) {
		auto &column = info.Cast<duckdb::SetColumnCommentInfo>();
		object += "." + duckdb::KeywordHelper::WriteOptionallyQuoted(column.column_name, '"', false);
	}
	throw duckdb::NotImplementedException("%s is not supported by inlake (yet): %s", AlterStatementName(info),
	                                      object);
}

} // namespace inlake
