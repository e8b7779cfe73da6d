#include "maintenance/parquet_layout.hpp"

#include "common/file_encryption_key.hpp"
#include "common/internal_connection.hpp"
#include "metadata/sql_literal.hpp"
#include "read/data_file_open_info.hpp"

#include "duckdb/common/error_data.hpp"
#include "parquet_reader.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"

#include <map>
#include <sstream>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

constexpr int64_t kRowIdFieldId = 2147483540;
constexpr int64_t kSnapshotFieldId = 2147483539;

//! One element of a file's Parquet schema (depth first).
struct SchemaElement {
	std::string name;
	int64_t num_children = 0;
	bool has_field_id = false;
	int64_t field_id = 0;
	//! Everything about the element's physical layout but its name and field id
	std::string layout;
};

class LayoutBuilder {
public:
	LayoutBuilder(const std::vector<SchemaElement> &elements, ParquetLayout &layout)
	    : elements(elements), layout(layout) {
	}

	void Build() {
		if (elements.empty()) {
			layout.mergeable = false;
			return;
		}
		auto top_level = elements[0].num_children;
		next = 1;
		for (int64_t i = 0; i < top_level && next < elements.size(); i++) {
			auto &element = elements[next];
			if (element.has_field_id && element.field_id == kRowIdFieldId) {
				layout.has_row_ids = true;
				Skip();
				continue;
			}
			if (element.has_field_id && element.field_id == kSnapshotFieldId) {
				layout.has_snapshots = true;
				Skip();
				continue;
			}
			// read_parquet cannot add its file_row_number column to a file that has a column of that name
			if (duckdb::StringUtil::CIEquals(element.name, "file_row_number")) {
				layout.mergeable = false;
			}
			std::string signature;
			layout.columns.push_back(Column(signature));
			layout.signature += signature + ";";
		}
	}

private:
	//! The column at `next` with its nested fields (the signature of the subtree goes to `signature`).
	LakeColumn Column(std::string &signature) {
		auto &element = elements[next++];
		LakeColumn column;
		column.name = element.name;
		column.column_id = element.has_field_id ? element.field_id : -1;
		if (element.has_field_id && element.layout.find("JsonType") != std::string::npos) {
			layout.json_field_ids.insert(element.field_id);
		}
		if (!element.has_field_id) {
			layout.mergeable = false;
		}
		signature += std::to_string(column.column_id) + "(" + element.layout;
		for (int64_t i = 0; i < element.num_children && next < elements.size(); i++) {
			auto &child = elements[next];
			bool grouping = !child.has_field_id && child.num_children > 0 &&
			                (element.layout.find("LIST") != std::string::npos ||
			                 element.layout.find("MAP") != std::string::npos);
			if (grouping) {
				// the repeated group between a LIST / MAP and its element / key and value
				next++;
				signature += "[" + child.layout;
				for (int64_t j = 0; j < child.num_children && next < elements.size(); j++) {
					auto name = elements[next].name;
					column.children.push_back(Column(signature));
					signature += ":" + name;
				}
				signature += "]";
				continue;
			}
			column.children.push_back(Column(signature));
			signature += ":" + child.name;
		}
		signature += ")";
		return column;
	}

	void Skip() {
		auto children = elements[next++].num_children;
		for (int64_t i = 0; i < children && next < elements.size(); i++) {
			Skip();
		}
	}

	const std::vector<SchemaElement> &elements;
	ParquetLayout &layout;
	size_t next = 0;
};

//! Gives the columns (and their nested fields) the types DuckDB reads them as (JSON where the file says so);
//! false when the nesting does not match the type (then the file is not mergeable).
bool AssignTypes(LakeColumn &column, const LogicalType &type, const std::set<int64_t> &json_field_ids) {
	auto &children = column.children;
	switch (type.id()) {
	case LogicalTypeId::LIST:
		if (children.size() != 1 || !AssignTypes(children[0], ListType::GetChildType(type), json_field_ids)) {
			return false;
		}
		column.type = LogicalType::LIST(children[0].type);
		return true;
	case LogicalTypeId::MAP:
		if (children.size() != 2 || !AssignTypes(children[0], MapType::KeyType(type), json_field_ids) ||
		    !AssignTypes(children[1], MapType::ValueType(type), json_field_ids)) {
			return false;
		}
		column.type = LogicalType::MAP(children[0].type, children[1].type);
		return true;
	case LogicalTypeId::STRUCT: {
		auto &fields = StructType::GetChildTypes(type);
		if (fields.size() != children.size()) {
			return false;
		}
		child_list_t<LogicalType> typed;
		for (idx_t i = 0; i < fields.size(); i++) {
			if (!AssignTypes(children[i], fields[i].second, json_field_ids)) {
				return false;
			}
			typed.emplace_back(fields[i].first, children[i].type);
		}
		column.type = LogicalType::STRUCT(std::move(typed));
		return true;
	}
	default:
		column.type = type;
		if (type.id() == LogicalTypeId::VARCHAR && json_field_ids.count(column.column_id)) {
			column.type = LogicalType::JSON();
		}
		return children.empty();
	}
}

bool HasAllFieldIds(const std::vector<LakeColumn> &columns) {
	for (auto &column : columns) {
		if (column.column_id < 0 || !HasAllFieldIds(column.children)) {
			return false;
		}
	}
	return true;
}

void ReadTypes(InternalConnection &connection, const StoredFile &file, ParquetLayout &layout) {
	// (the sizes are left out: an added file may have changed since the catalog recorded them)
	auto result = connection.Query("SELECT * FROM " + KnownFileReadSql(StoredFile {file.path, 0, 0, file.encryption_key}) +
	                               " LIMIT 0");
	if (result->HasError()) {
		auto message = InternalQueryError(*result);
		auto explained = ExplainKeyMismatch(message);
		throw IOException("Cannot read data file \"%s\": %s", file.path, explained.empty() ? message : explained);
	}
	idx_t stored = 0;
	for (idx_t i = 0; i < result->types.size(); i++) {
		auto &name = result->names[i];
		if (name == "_ducklake_internal_row_id" || name == "_ducklake_internal_snapshot_id") {
			continue;
		}
		if (stored >= layout.columns.size() || !AssignTypes(layout.columns[stored], result->types[i], layout.json_field_ids)) {
			layout.mergeable = false;
			return;
		}
		stored++;
	}
	if (stored != layout.columns.size()) {
		layout.mergeable = false;
	}
}

//! The thrift struct's set fields, "JSON=JsonType()" say (its printTo lists every field, unset ones as <null>).
std::string SetFields(const duckdb_parquet::LogicalType &logical_type) {
	std::ostringstream printed;
	logical_type.printTo(printed);
	auto text = printed.str();
	auto open = text.find('(');
	if (open == std::string::npos || text.size() < open + 2) {
		return text;
	}
	std::string result, field;
	int depth = 0;
	for (auto c : text.substr(open + 1, text.size() - open - 2)) {
		depth += c == '(' ? 1 : c == ')' ? -1 : 0;
		if (c == ',' && depth == 0) {
			result += field.find("=<null>") == std::string::npos ? field + ";" : "";
			field.clear();
			continue;
		}
		field += c;
	}
	result += field.find("=<null>") == std::string::npos ? field : "";
	return result;
}

//! Everything about an element's physical layout but its name, field id and child count.
std::string PhysicalLayout(const duckdb_parquet::SchemaElement &element) {
	auto &set = element.__isset;
	std::string layout;
	layout += (set.type ? duckdb_parquet::to_string(element.type) : "-") + ",";
	layout += (set.type_length ? std::to_string(element.type_length) : "-") + ",";
	layout += (set.repetition_type ? duckdb_parquet::to_string(element.repetition_type) : "-") + ",";
	layout += (set.converted_type ? duckdb_parquet::to_string(element.converted_type) : "-") + ",";
	layout += (set.scale ? std::to_string(element.scale) : "-") + ",";
	layout += (set.precision ? std::to_string(element.precision) : "-") + ",";
	return layout + (set.logicalType ? SetFields(element.logicalType) : "-");
}

//! The file's schema elements, depth first, from its footer through DuckDB's Parquet reader (parquet_schema()
//! cannot be given an encrypted file's key).
std::vector<SchemaElement> ReadSchemaElements(ClientContext &context, const StoredFile &file) {
	OpenFileInfo info(file.path);
	AddEncryptionKey(info, file.encryption_key);
	ParquetReader reader(context, std::move(info), ParquetOptions(context));
	std::vector<SchemaElement> elements;
	for (auto &element : reader.metadata->metadata->schema) {
		SchemaElement result;
		result.name = element.name;
		result.num_children = element.__isset.num_children ? element.num_children : 0;
		result.has_field_id = element.__isset.field_id;
		result.field_id = result.has_field_id ? element.field_id : 0;
		result.layout = PhysicalLayout(element);
		elements.push_back(std::move(result));
	}
	return elements;
}

} // namespace

std::vector<ParquetLayout> ReadParquetLayouts(InternalConnection &connection, const std::vector<StoredFile> &files) {
	std::vector<ParquetLayout> layouts(files.size());
	std::vector<std::vector<SchemaElement>> elements(files.size());
	auto &context = *connection.context;
	for (size_t i = 0; i < files.size(); i++) {
		try {
			context.RunFunctionInTransaction([&]() { elements[i] = ReadSchemaElements(context, files[i]); });
		} catch (std::exception &ex) {
			auto message = ErrorData(ex).RawMessage();
			auto explained = ExplainKeyMismatch(message);
			throw IOException("Cannot read the Parquet schema of data file \"%s\": %s", files[i].path,
			                  explained.empty() ? message : explained);
		}
	}
	std::map<std::string, ParquetLayout> typed; // one typed layout per signature
	for (size_t i = 0; i < files.size(); i++) {
		auto &layout = layouts[i];
		LayoutBuilder(elements[i], layout).Build();
		if (!layout.mergeable || !HasAllFieldIds(layout.columns)) {
			layout.mergeable = false;
			continue;
		}
		auto known = typed.find(layout.signature);
		if (known == typed.end()) {
			ReadTypes(connection, files[i], layout);
			typed[layout.signature] = layout;
			continue;
		}
		// same signature: same types, but each file keeps its own column names
		auto names = layout.columns;
		layout.columns = known->second.columns;
		layout.mergeable = known->second.mergeable;
		for (size_t c = 0; c < names.size() && c < layout.columns.size(); c++) {
			layout.columns[c].name = names[c].name;
		}
	}
	return layouts;
}

} // namespace inlake
