#include "metadata/duckdb/inlined_select.hpp"

#include "common/initial_default.hpp"
#include "common/nested_remap.hpp"
#include "metadata/sql_literal.hpp"

namespace inlake {

std::string InlinedSelectList(const InlinedSource &source) {
	std::string list;
	for (auto &column : source.columns) {
		auto target = SqlIdentifier(column.target.name);
		std::string expression;
		if (column.skip) {
			expression = "CAST(NULL AS " + column.target.type.ToString() + ")";
		} else if (column.source_name.empty()) {
			auto initial = InitialDefaultValue(column.target);
			auto value = initial.IsNull() ? std::string("NULL")
			                              : "CAST(" + SqlString(InitialDefaultText(initial)) + " AS " +
			                                    InitialDefaultTextType(column.target.type).ToString() + ")";
			expression = "CAST(" + value + " AS " + column.target.type.ToString() + ")";
		} else if (!SameColumnLayout(column.source, column.target)) {
			// a widened type, or nested fields added, dropped or renamed since: by field id
			expression = RemapColumnSql(SqlIdentifier(column.source_name), column.source, column.target);
		} else {
			expression = SqlIdentifier(column.source_name);
		}
		list += (list.empty() ? "" : ", ") + expression + " AS " + target;
	}
	return list;
}

} // namespace inlake
