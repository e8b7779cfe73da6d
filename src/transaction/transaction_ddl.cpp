// LakeTransaction, part 2: schemas and tables (create, drop, alter, lookups merging the
// transaction's own DDL into the committed catalog).
#include "transaction/lake_transaction.hpp"
#include "transaction/unsupported_alter.hpp"

#include "common/initial_default.hpp"

#include "catalog/lake_schema_entry.hpp"
#include "common/internal_connection.hpp"
#include "metadata/sql_literal.hpp"
#include "catalog/option_registry.hpp"
#include "catalog/table_columns.hpp"
#include "catalog/table_options_clause.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/table_alter.hpp"
#include "transaction/nested_field_alter.hpp"
#include "common/nested_remap.hpp"
#include "transaction/partition_alter.hpp"

#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/planner/binder.hpp"
#include "duckdb/planner/expression_binder/constant_binder.hpp"
#include "duckdb/planner/expression/bound_cast_expression.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "write/inlining_policy.hpp"
#include "transaction/lake_commit.hpp"

#include "duckdb/common/file_system.hpp"

#include <algorithm>
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/parser/parsed_data/create_schema_info.hpp"
#include "duckdb/planner/parsed_data/bound_create_table_info.hpp"
#include "duckdb/planner/tableref/bound_at_clause.hpp"

namespace inlake {
using duckdb::CatalogException;

// --- schemas ------------------------------------------------------------------

duckdb::optional_ptr<LakeSchemaEntry> LakeTransaction::LookupSchema(const std::string &name) {
	for (auto &schema : changes.created_schemas) {
		if (duckdb::StringUtil::CIEquals(schema->name, name)) {
			return schema.get();
		}
	}
	auto schema = CommittedSet().GetSchema(name);
	if (schema && changes.dropped_schema_ids.count(schema->SchemaId())) {
		return nullptr;
	}
	return schema;
}

void LakeTransaction::ScanSchemas(const std::function<void(LakeSchemaEntry &)> &callback) {
	for (auto &entry : CommittedSet().Schemas()) {
		if (!changes.dropped_schema_ids.count(entry.second->SchemaId())) {
			callback(*entry.second);
		}
	}
	for (auto &schema : changes.created_schemas) {
		callback(*schema);
	}
}

//! Longest schema or table name used as its folder name; longer ones (up to DuckDB's limits, far beyond what a
//! file system takes in one path component) get their UUID as folder name instead.
static constexpr size_t kMaxFolderNameLength = 64;

//! Binds a column default as DuckDB binds its own tables' defaults: no subqueries, no column references, only
//! functions that exist (before, such defaults were accepted and every later INSERT failed). `volatile_allowed`:
//! whether a volatile default (random(), uuid()) is fine; ADD COLUMN gives the rows the table holds one value.
static void CheckColumnDefault(duckdb::ClientContext &context, duckdb::Binder &binder,
                               const duckdb::ParsedExpression &expression, const duckdb::LogicalType &type,
                               const std::string &column_name, bool volatile_allowed) {
	auto copy = expression.Copy();
	duckdb::ConstantBinder default_binder(binder, context, "DEFAULT value");
	default_binder.target_type = type;
	auto bound = default_binder.Bind(copy);
	if (!volatile_allowed && bound->IsVolatile()) {
		throw duckdb::NotImplementedException(
		    "Cannot add column \"%s\" with the volatile default %s: a lake gives the rows a table already holds "
		    "one value of a new column's default. Add the column without it, then UPDATE, then SET DEFAULT",
		    column_name, expression.ToString());
	}
}

void LakeTransaction::BindAlterTypes(duckdb::AlterTableInfo &alter) {
	// DuckDB hands a catalog's ALTER the types and defaults as written: names of user types (JSON) are still
	// unresolved and defaults unchecked
	auto binder = duckdb::Binder::CreateBinder(context);
	if (alter.alter_table_type == duckdb::AlterTableType::ADD_COLUMN) {
		auto &column = alter.Cast<duckdb::AddColumnInfo>().new_column;
		auto type = column.Type();
		binder->BindLogicalType(type);
		column.SetType(type);
		if (column.HasDefaultValue()) {
			CheckColumnDefault(context, *binder, column.DefaultValue(), type, column.Name(), false);
		}
	} else if (alter.alter_table_type == duckdb::AlterTableType::ADD_FIELD) {
		auto &field = alter.Cast<duckdb::AddFieldInfo>().new_field;
		auto type = field.Type();
		binder->BindLogicalType(type);
		field.SetType(type);
		if (field.HasDefaultValue()) {
			CheckColumnDefault(context, *binder, field.DefaultValue(), type, field.Name(), false);
		}
	} else if (alter.alter_table_type == duckdb::AlterTableType::ALTER_COLUMN_TYPE) {
		binder->BindLogicalType(alter.Cast<duckdb::ChangeColumnTypeInfo>().target_type);
	} else if (alter.alter_table_type == duckdb::AlterTableType::SET_DEFAULT) {
		auto &set_default = alter.Cast<duckdb::SetDefaultInfo>();
		if (set_default.expression) {
			CheckColumnDefault(context, *binder, *set_default.expression, duckdb::LogicalType::ANY,
			                   set_default.column_name, true);
		}
	}
}

void LakeTransaction::FixInitialDefault(LakeColumn &column, const std::string &table_name) {
	if (column.default_sql.empty()) {
		return;
	}
	// The rows the table already holds read the default as it is now, once: evaluated here into a constant, in
	// the user's context, so the session's settings (TimeZone: '2000-01-01' as TIMESTAMPTZ is local time) apply
	// as they do when DuckDB evaluates a default
	duckdb::Value value;
	try {
		auto expressions = duckdb::Parser::ParseExpressionList(column.default_sql);
		auto binder = duckdb::Binder::CreateBinder(context);
		duckdb::ConstantBinder default_binder(*binder, context, "DEFAULT value");
		auto bound = default_binder.Bind(expressions[0]);
		bound = duckdb::BoundCastExpression::AddCastToType(context, std::move(bound), column.type);
		value = duckdb::ExpressionExecutor::EvaluateScalar(context, *bound, true);
	} catch (std::exception &ex) {
		throw duckdb::InvalidInputException("Cannot add column \"%s\" to table \"%s\": its default cannot be "
		                                    "computed for the rows the table holds: %s",
		                                    column.name, table_name, duckdb::ErrorData(ex).Message());
	}
	if (!value.IsNull() && value.ToString().find('\0') != std::string::npos) {
		throw duckdb::NotImplementedException("Cannot add column \"%s\" to table \"%s\": a default holding chr(0) is "
		                                      "not supported",
		                                      column.name, table_name);
	}
	column.has_initial_default = !value.IsNull();
	column.initial_default = InitialDefaultText(value);
}

void LakeTransaction::CheckSortKeys(const TableRecord &record) {
	if (record.sort_keys.empty()) {
		return;
	}
	// a flush orders the table's rows by these expressions: each must bind to the table's columns and evaluate,
	// here on a row of NULLs, or every later flush of the table would fail
	std::string row;
	for (auto &column : record.columns) {
		row += std::string(row.empty() ? "" : ", ") + "CAST(NULL AS " + column.type.ToString() + ") AS " +
		       SqlIdentifier(column.name);
	}
	auto connection = OpenInternalConnection(*context.db);
	for (auto &key : record.sort_keys) {
		auto result = connection->Query("SELECT * FROM (SELECT " + row + ") ORDER BY " + key.expression);
		if (result->HasError()) {
			throw duckdb::BinderException("Cannot sort table \"%s\" by %s: %s", record.table_name, key.expression,
			                              result->GetErrorObject().RawMessage());
		}
	}
}

std::string LakeTransaction::NewObjectPath(const std::string &name, const std::string &uuid) {
	if (name.empty() || name.size() > kMaxFolderNameLength) {
		return uuid + "/";
	}
	for (char c : name) {
		bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
		if (!plain) {
			return uuid + "/";
		}
	}
	return name + "/";
}

LakeSchemaEntry &LakeTransaction::CreateSchema(duckdb::CreateSchemaInfo &info) {
	CheckWritable("create a schema");
	changes.version++;
	SchemaRecord record;
	record.schema_id = changes.next_local_id++;
	record.schema_uuid = duckdb::UUID::ToString(duckdb::UUID::GenerateRandomUUID());
	record.schema_name = info.schema;
	record.path = NewObjectPath(info.schema, record.schema_uuid);
	auto entry = duckdb::make_uniq<LakeSchemaEntry>(catalog, info, record);
	auto &result = *entry;
	changes.created_schemas.push_back(std::move(entry));
	return result;
}

void LakeTransaction::DropSchema(LakeSchemaEntry &schema, bool cascade) {
	CheckWritable("drop a schema");
	changes.version++;
	std::vector<LakeTableEntry *> tables;
	ScanTables(schema, [&](LakeTableEntry &table) { tables.push_back(&table); });
	if (!tables.empty() && !cascade) {
		throw duckdb::DependencyException("Cannot drop schema \"%s\" because there are tables in it (%s, ...); use "
		                                  "DROP SCHEMA ... CASCADE",
		                                  schema.name, tables[0]->name);
	}
	std::vector<LakeViewEntry *> views;
	ScanViews(schema, [&](LakeViewEntry &view) { views.push_back(&view); });
	if (!views.empty() && !cascade) {
		throw duckdb::DependencyException("Cannot drop schema \"%s\" because there are views in it (%s, ...); use "
		                                  "DROP SCHEMA ... CASCADE",
		                                  schema.name, views[0]->name);
	}
	std::vector<LakeMacro *> macros;
	for (bool table_macros : {false, true}) {
		ScanMacros(schema, table_macros, [&](LakeMacro &macro) { macros.push_back(&macro); });
	}
	if (!macros.empty() && !cascade) {
		throw duckdb::DependencyException("Cannot drop schema \"%s\" because there are macros in it (%s, ...); use "
		                                  "DROP SCHEMA ... CASCADE",
		                                  schema.name, macros[0]->Name());
	}
	for (auto table : tables) {
		DropTable(*table);
	}
	for (auto view : views) {
		DropView(*view);
	}
	for (auto macro : macros) {
		DropMacro(*macro);
	}
	for (size_t i = 0; i < changes.created_schemas.size(); i++) {
		if (changes.created_schemas[i].get() == &schema) {
			changes.created_schemas.erase(changes.created_schemas.begin() + i);
			return;
		}
	}
	changes.dropped_schema_ids.insert(schema.SchemaId());
}

// --- tables -------------------------------------------------------------------

bool LakeTransaction::IsTableDropped(int64_t table_id) const {
	return changes.dropped_table_ids.count(table_id) > 0;
}

duckdb::optional_ptr<LakeTableEntry> LakeTransaction::LookupTable(LakeSchemaEntry &schema, const std::string &name) {
	for (auto &table : changes.created_tables) {
		if (&table->ParentSchema() == &schema && duckdb::StringUtil::CIEquals(table->name, name)) {
			return table.get();
		}
	}
	for (auto &entry : changes.altered_tables) {
		auto &altered = *entry.second;
		if (&altered.ParentSchema() == &schema && !IsTableDropped(entry.first) &&
		    duckdb::StringUtil::CIEquals(altered.name, name)) {
			return &altered;
		}
	}
	auto table = schema.GetCommittedTable(name);
	if (table && (IsTableDropped(table->TableId()) || changes.altered_tables.count(table->TableId()))) {
		return nullptr;
	}
	return table;
}

duckdb::optional_ptr<LakeTableEntry> LakeTransaction::CurrentTable(int64_t table_id) {
	for (auto &table : changes.created_tables) {
		if (table->TableId() == table_id) {
			return table.get();
		}
	}
	auto altered = changes.altered_tables.find(table_id);
	if (altered != changes.altered_tables.end()) {
		return altered->second.get();
	}
	return CommittedSet().GetTableById(table_id);
}

void LakeTransaction::ScanTables(LakeSchemaEntry &schema, const std::function<void(LakeTableEntry &)> &callback) {
	schema.Scan(duckdb::CatalogType::TABLE_ENTRY, [&](duckdb::CatalogEntry &entry) {
		auto &table = entry.Cast<LakeTableEntry>();
		if (IsTableDropped(table.TableId())) {
			return;
		}
		auto altered = changes.altered_tables.find(table.TableId());
		callback(altered == changes.altered_tables.end() ? table : *altered->second);
	});
	for (auto &table : changes.created_tables) {
		if (&table->ParentSchema() == &schema) {
			callback(*table);
		}
	}
}

LakeTableEntry &LakeTransaction::CreateTable(LakeSchemaEntry &schema, duckdb::BoundCreateTableInfo &bound_info) {
	CheckWritable("create a table");
	changes.version++;
	auto &info = bound_info.Base();
	auto existing = LookupTable(schema, info.table);
	if (existing) {
		if (info.on_conflict == duckdb::OnCreateConflict::REPLACE_ON_CONFLICT) {
			DropTable(*existing);
		} else {
			throw CatalogException("Table with name \"%s\" already exists!", info.table);
		}
	}
	TableRecord record;
	record.table_id = changes.next_local_id++;
	record.table_uuid = duckdb::UUID::ToString(duckdb::UUID::GenerateRandomUUID());
	record.schema_id = schema.SchemaId();
	record.table_name = info.table;
	record.path = NewObjectPath(info.table, record.table_uuid);
	record.columns = ColumnsFromCreateInfo(info);
	record.max_column_id = MaxColumnId(record.columns);
	CheckReservedColumnNames(record.columns, catalog.FormatVersion());
	auto table_options = ParseTableOptionsClause(info.sql);
	auto entry = LakeTableEntry::FromRecord(catalog, schema, std::move(record));
	auto &result = *entry;
	changes.created_tables.push_back(std::move(entry));
	for (auto &option : table_options) {
		OptionRecord record_option;
		record_option.key = CanonicalOptionKey(option.first, OptionScope::TABLE);
		record_option.value = ValidateOptionValue(record_option.key, duckdb::Value(option.second));
		record_option.scope = "table";
		record_option.scope_id = result.TableId();
		SetOption(record_option, false);
	}
	return result;
}

void LakeTransaction::DropTable(LakeTableEntry &table) {
	CheckWritable("drop a table");
	changes.version++;
	DiscardCreated(changes.created_tables, changes.discarded_tables, table);
	changes.dropped_table_ids.insert(table.TableId());
}

void LakeTransaction::AlterTable(LakeSchemaEntry &schema, duckdb::AlterInfo &info) {
	CheckWritable("alter a table");
	bool is_comment = IsTableComment(info);
	if (info.type != duckdb::AlterType::ALTER_TABLE && !is_comment) {
		ThrowUnsupportedAlter(info);
	}
	auto table = LookupTable(schema, info.name);
	if (!table) {
		if (!is_comment && LookupView(schema, info.name)) {
			// as DuckDB's own catalog says it, also under IF EXISTS
			throw CatalogException("Can only modify view with ALTER VIEW statement");
		}
		if (info.if_not_found == duckdb::OnEntryNotFound::RETURN_NULL) {
			return;
		}
		throw CatalogException("Table with name %s does not exist!", info.name);
	}
	AlterResult result;
	if (is_comment) {
		result.record = CommentedTableRecord(table->Record(), info);
		if (SameComments(table->Record(), result.record)) {
			return; // the comment it has (or none, as before): nothing changes, no snapshot
		}
	} else {
		auto &alter = info.Cast<duckdb::AlterTableInfo>();
		BindAlterTypes(alter);
		result = AlterTableRecord(table->Record(), alter);
		if (alter.alter_table_type == duckdb::AlterTableType::ADD_COLUMN && result.columns_changed) {
			FixInitialDefault(result.record.columns.back(), result.record.table_name);
		}
		if (IsNestedFieldAlter(alter)) {
			if (!result.columns_changed) {
				return; // IF [NOT] EXISTS found nothing to do: no snapshot
			}
			if (result.added_field_id >= 0) {
				// the field's DEFAULT is what rows written before read in it (DuckDB's native tables do the same);
				// rows inserted later give the whole column, so the field keeps no default of its own
				auto field = FindColumnById(result.record.columns, result.added_field_id);
				FixInitialDefault(*field, result.record.table_name);
				field->default_sql.clear();
			}
		}
		if (alter.alter_table_type == duckdb::AlterTableType::SET_SORTED_BY || IsNestedFieldAlter(alter)) {
			CheckSortKeys(result.record);
		}
		if (result.partition_changed) {
			CheckPartitionFormat(result.record, catalog.FormatVersion());
			auto &replaced = table->Record().partition;
			if (replaced.IsPartitioned() && IsLocalId(replaced.partition_id)) {
				changes.superseded_partition_specs[table->TableId()].push_back(replaced);
			}
			// files written from now on name the new spec; the commit gives it its catalog id
			result.record.partition.partition_id =
			    result.record.partition.IsPartitioned() ? changes.next_local_id++ : -1;
		}
		if (alter.alter_table_type == duckdb::AlterTableType::RENAME_TABLE) {
			auto &new_name = result.record.table_name;
			auto same_name = LookupTable(schema, new_name);
			// (a rename that changes only the name's case finds the table itself)
			if (same_name && same_name->TableId() != table->TableId()) {
				throw CatalogException("Could not rename \"%s\" to \"%s\": another table with this name exists",
				                       alter.name, new_name);
			}
			if (LookupView(schema, new_name)) {
				throw CatalogException("Could not rename \"%s\" to \"%s\": a view with this name exists",
				                       alter.name, new_name);
			}
		}
	}
	CheckReservedColumnNames(result.record.columns, catalog.FormatVersion());
	changes.version++;
	auto table_id = table->TableId();
	auto old_columns = table->Record().columns; // the entry may go with ReplaceLocalEntry
	auto entry = LakeTableEntry::FromRecord(catalog, schema, result.record);
	auto &new_table = *entry;
	auto created = ReplaceLocalEntry(changes.created_tables, changes.altered_tables, changes.discarded_tables, *table,
	                                 table_id, std::move(entry));
	if (!created) {
		if (result.columns_changed) {
			changes.column_altered_tables.insert(table_id);
		}
		if (result.sort_changed) {
			changes.sort_altered_tables.insert(table_id);
		}
		if (result.partition_changed) {
			changes.partition_altered_tables.insert(table_id);
		}
	}
	auto local = changes.table_changes.find(table_id);
	if (result.columns_changed && local != changes.table_changes.end() && local->second.inlined_rows) {
		ReshapeInlinedRows(local->second, result.column_sources, old_columns, new_table);
	}
}

void LakeTransaction::ReshapeInlinedRows(LocalTableChanges &table_changes, const std::vector<int64_t> &column_sources,
                                         const std::vector<LakeColumn> &old_columns, LakeTableEntry &table) {
	auto &old_rows = *table_changes.inlined_rows;
	auto types = table.GetTypes();
	types.push_back(duckdb::LogicalType::BIGINT);
	types.push_back(duckdb::LogicalType::BIGINT);
	auto reshaped = std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(), types);
	duckdb::DataChunk out;
	out.Initialize(duckdb::Allocator::DefaultAllocator(), types);
	auto old_count = old_rows.ColumnCount();
	for (auto &chunk : old_rows.Chunks()) {
		out.Reset();
		for (size_t col = 0; col < column_sources.size(); col++) {
			auto &target = out.data[col];
			if (column_sources[col] < 0) {
				auto &column = table.Record().columns[col];
				auto value = InitialDefaultValue(column);
				target.Reference(value);
			} else {
				// by column and field id: nested fields may have been added, dropped or renamed
				RemapColumnVector(chunk.data[column_sources[col]], old_columns[column_sources[col]],
				                  table.Record().columns[col], target, chunk.size());
			}
		}
		out.data[column_sources.size()].Reference(chunk.data[old_count - 2]);
		out.data[column_sources.size() + 1].Reference(chunk.data[old_count - 1]);
		out.SetCardinality(chunk.size());
		reshaped->Append(out);
	}
	table_changes.inlined_rows = std::move(reshaped);
}

} // namespace inlake
