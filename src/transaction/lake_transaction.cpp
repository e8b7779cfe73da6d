#include "transaction/lake_transaction.hpp"

#include "catalog/lake_schema_entry.hpp"
#include "catalog/option_registry.hpp"
#include "catalog/table_columns.hpp"
#include "catalog/table_options_clause.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/table_alter.hpp"

#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parser.hpp"
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

LakeTransaction::LakeTransaction(LakeCatalog &catalog, duckdb::TransactionManager &manager,
                                 duckdb::ClientContext &context)
    : duckdb::Transaction(manager, context), catalog(catalog), context(context) {
}

LakeTransaction::~LakeTransaction() = default;

LakeTransaction &LakeTransaction::Get(duckdb::ClientContext &context, duckdb::Catalog &catalog) {
	return duckdb::Transaction::Get(context, catalog).Cast<LakeTransaction>();
}

LakeTransaction &LakeTransaction::Get(duckdb::CatalogTransaction transaction, duckdb::Catalog &catalog) {
	if (transaction.transaction) {
		return transaction.transaction->Cast<LakeTransaction>();
	}
	return Get(transaction.GetContext(), catalog);
}

const SnapshotRecord &LakeTransaction::Snapshot() {
	if (!has_snapshot) {
		auto pinned = catalog.Options().snapshot_version;
		if (pinned >= 0) {
			if (!catalog.Store().GetSnapshot(pinned, snapshot)) {
				throw duckdb::InvalidInputException("SNAPSHOT_VERSION %lld does not exist in lake \"%s\"",
				                                    (long long)pinned, catalog.GetName());
			}
		} else {
			snapshot = catalog.Store().GetLatestSnapshot();
		}
		has_snapshot = true;
	}
	return snapshot;
}

LakeCatalogSet &LakeTransaction::CommittedSet() {
	if (!committed_set) {
		committed_set = catalog.GetCatalogSet(Snapshot());
	}
	return *committed_set;
}

SnapshotRecord LakeTransaction::ResolveAtClause(const duckdb::BoundAtClause &at_clause) {
	SnapshotRecord result;
	auto unit = duckdb::StringUtil::Upper(at_clause.Unit());
	auto &value = at_clause.GetValue();
	if (unit == "VERSION") {
		auto version = value.DefaultCastAs(duckdb::LogicalType::BIGINT).GetValue<int64_t>();
		if (!catalog.Store().GetSnapshot(version, result)) {
			throw duckdb::InvalidInputException("No snapshot with version %lld in lake \"%s\"", (long long)version,
			                                    catalog.GetName());
		}
	} else if (unit == "TIMESTAMP") {
		auto time = value.DefaultCastAs(duckdb::LogicalType::TIMESTAMP_TZ).GetValue<duckdb::timestamp_tz_t>();
		if (!catalog.Store().GetSnapshotAtTime(time, result)) {
			throw duckdb::InvalidInputException("No snapshot at or before %s in lake \"%s\"", value.ToString(),
			                                    catalog.GetName());
		}
	} else {
		throw duckdb::InvalidInputException("Unsupported AT clause unit \"%s\" (use VERSION or TIMESTAMP)", unit);
	}
	return result;
}

LakeCatalogSet &LakeTransaction::CatalogSetAt(const SnapshotRecord &at) {
	auto set = catalog.GetCatalogSet(at);
	historical_sets.push_back(set);
	return *set;
}

void LakeTransaction::CheckWritable(const std::string &what) {
	if (catalog.Options().read_only) {
		throw duckdb::PermissionException("Cannot %s: lake \"%s\" is attached READ_ONLY", what, catalog.GetName());
	}
	if (catalog.Options().snapshot_version >= 0) {
		throw duckdb::PermissionException("Cannot %s: lake \"%s\" is attached at a fixed SNAPSHOT_VERSION", what,
		                                  catalog.GetName());
	}
}

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

std::string LakeTransaction::NewObjectPath(const std::string &name, const std::string &uuid) {
	for (char c : name) {
		bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
		if (!plain) {
			return uuid + "/";
		}
	}
	return name.empty() ? uuid + "/" : name + "/";
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
	for (auto table : tables) {
		DropTable(*table);
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
	for (size_t i = 0; i < changes.created_tables.size(); i++) {
		if (changes.created_tables[i].get() == &table) {
			changes.discarded_tables.push_back(std::move(changes.created_tables[i]));
			changes.created_tables.erase(changes.created_tables.begin() + i);
			break;
		}
	}
	changes.dropped_table_ids.insert(table.TableId());
}

void LakeTransaction::AlterTable(LakeSchemaEntry &schema, duckdb::AlterInfo &info) {
	CheckWritable("alter a table");
	if (info.type != duckdb::AlterType::ALTER_TABLE) {
		throw duckdb::NotImplementedException("DuckLake supports ALTER TABLE only");
	}
	auto &alter = info.Cast<duckdb::AlterTableInfo>();
	auto table = LookupTable(schema, alter.name);
	if (!table) {
		if (alter.if_not_found == duckdb::OnEntryNotFound::RETURN_NULL) {
			return;
		}
		throw CatalogException("Table with name %s does not exist!", alter.name);
	}
	auto result = AlterTableRecord(table->Record(), alter);
	if (alter.alter_table_type == duckdb::AlterTableType::RENAME_TABLE && LookupTable(schema, result.record.table_name)) {
		throw CatalogException("Could not rename \"%s\" to \"%s\": another table with this name exists",
		                       alter.name, result.record.table_name);
	}
	CheckReservedColumnNames(result.record.columns, catalog.FormatVersion());
	changes.version++;
	auto table_id = table->TableId();
	auto entry = LakeTableEntry::FromRecord(catalog, schema, result.record);
	auto &new_table = *entry;
	if (IsLocalId(table_id)) {
		for (auto &created : changes.created_tables) {
			if (created.get() == table.get()) {
				changes.discarded_tables.push_back(std::move(created));
				created = std::move(entry);
				break;
			}
		}
	} else {
		auto previous = changes.altered_tables.find(table_id);
		if (previous != changes.altered_tables.end()) {
			changes.discarded_tables.push_back(std::move(previous->second));
		}
		changes.altered_tables[table_id] = std::move(entry);
		if (result.columns_changed) {
			changes.column_altered_tables.insert(table_id);
		}
		if (alter.alter_table_type == duckdb::AlterTableType::SET_SORTED_BY) {
			changes.sort_altered_tables.insert(table_id);
		}
	}
	auto local = changes.table_changes.find(table_id);
	if (result.columns_changed && local != changes.table_changes.end() && local->second.inlined_rows) {
		ReshapeInlinedRows(local->second, result.column_sources, new_table);
	}
}

void LakeTransaction::ReshapeInlinedRows(LocalTableChanges &table_changes, const std::vector<int64_t> &column_sources,
                                         LakeTableEntry &table) {
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
				duckdb::Value value(column.type);
				if (!column.default_sql.empty()) {
					auto parsed = duckdb::Parser::ParseExpressionList(column.default_sql);
					if (parsed.size() == 1 && parsed[0]->GetExpressionClass() == duckdb::ExpressionClass::CONSTANT) {
						value = parsed[0]->Cast<duckdb::ConstantExpression>().value.DefaultCastAs(column.type);
					}
				}
				target.Reference(value);
			} else {
				duckdb::VectorOperations::DefaultCast(chunk.data[column_sources[col]], target, chunk.size());
			}
		}
		out.data[column_sources.size()].Reference(chunk.data[old_count - 2]);
		out.data[column_sources.size() + 1].Reference(chunk.data[old_count - 1]);
		out.SetCardinality(chunk.size());
		reshaped->Append(out);
	}
	table_changes.inlined_rows = std::move(reshaped);
}

// --- data ---------------------------------------------------------------------

static std::string JoinPath(const std::string &base, const std::string &path, bool relative) {
	return relative ? base + path : path;
}

std::string LakeTransaction::TableDataPath(LakeTableEntry &table) {
	auto &schema = table.ParentSchema().Cast<LakeSchemaEntry>();
	auto schema_path = JoinPath(catalog.DataPath(), schema.Record().path, schema.Record().path_is_relative);
	return JoinPath(schema_path, table.Record().path, table.Record().path_is_relative);
}

void LakeTransaction::AppendFiles(LakeTableEntry &table, std::vector<WrittenDataFile> files) {
	CheckWritable("insert");
	changes.version++;
	auto &table_changes = changes.table_changes[table.TableId()];
	for (auto &file : files) {
		if (catalog.FormatVersion() != "1.0") {
			file.row_group_count = ReadRowGroupCount(*context.db, file.path);
		}
		table_changes.new_file_row_id_starts.push_back(kLocalRowIdBase + table_changes.new_row_count);
		table_changes.new_row_count += file.record_count;
		table_changes.new_files.push_back(std::move(file));
	}
}

void LakeTransaction::AppendInlinedRows(LakeTableEntry &table, duckdb::ColumnDataCollection &rows) {
	CheckWritable("insert");
	changes.version++;
	auto &table_changes = changes.table_changes[table.TableId()];
	if (!table_changes.inlined_rows) {
		auto types = rows.Types();
		types.push_back(duckdb::LogicalType::BIGINT); // provisional row id
		types.push_back(duckdb::LogicalType::BIGINT); // snapshot id (NULL until commit)
		table_changes.inlined_rows =
		    std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(), types);
	}
	auto &target = *table_changes.inlined_rows;
	duckdb::DataChunk out;
	out.Initialize(duckdb::Allocator::DefaultAllocator(), target.Types());
	for (auto &chunk : rows.Chunks()) {
		out.Reset();
		for (duckdb::idx_t col = 0; col < chunk.ColumnCount(); col++) {
			out.data[col].Reference(chunk.data[col]);
		}
		auto row_ids = duckdb::FlatVector::GetData<int64_t>(out.data[chunk.ColumnCount()]);
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			row_ids[row] = kLocalRowIdBase + table_changes.new_row_count++;
		}
		auto &snapshot_ids = out.data[chunk.ColumnCount() + 1];
		snapshot_ids.SetVectorType(duckdb::VectorType::CONSTANT_VECTOR);
		duckdb::ConstantVector::SetNull(snapshot_ids, true);
		out.SetCardinality(chunk.size());
		target.Append(out);
	}
}

void LakeTransaction::DeleteRows(LakeTableEntry &table, const std::vector<int64_t> &row_ids) {
	CheckWritable("delete");
	if (row_ids.empty()) {
		return; // nothing deleted: no change, no snapshot
	}
	changes.version++;
	auto &table_changes = changes.table_changes[table.TableId()];
	std::set<int64_t> deleted(row_ids.begin(), row_ids.end());
	if (table_changes.inlined_rows) {
		RemoveInlinedRows(table_changes, deleted);
	}
	// Per data file: more deleted rows in this statement than the inlining limit go to a delete file.
	auto limit = InliningRowLimit(table);
	if (!IsLocalId(table.TableId())) {
		for (auto &file : CommittedFiles(table)) {
			if (file.partial_max >= 0) {
				continue;
			}
			auto begin = deleted.lower_bound(file.row_id_start);
			auto end = deleted.lower_bound(file.row_id_start + file.record_count);
			if (std::distance(begin, end) <= limit) {
				continue;
			}
			std::vector<int64_t> positions;
			for (auto it = begin; it != end; ++it) {
				positions.push_back(*it - file.row_id_start);
			}
			deleted.erase(begin, end);
			WriteDeleteFile(table, table_changes, file, positions);
		}
		MatchPartialFileRows(table, table_changes, deleted);
	}
	table_changes.deleted_row_ids.insert(deleted.begin(), deleted.end());
}

void LakeTransaction::MatchPartialFileRows(LakeTableEntry &table, LocalTableChanges &table_changes,
                                           std::set<int64_t> &row_ids) {
	std::vector<int64_t> committed;
	for (auto row_id : row_ids) {
		if (!IsLocalRowId(row_id) && !InCommittedFileRange(table, row_id)) {
			committed.push_back(row_id);
		}
	}
	if (committed.empty()) {
		return;
	}
	auto table_path = TableDataPath(table);
	for (auto &file : CommittedFiles(table)) {
		if (file.partial_max < 0) {
			continue;
		}
		auto path = JoinPath(table_path, file.path, file.path_is_relative);
		for (auto &match : ReadPositionsOfRowIds(*context.db, path, committed)) {
			table_changes.partial_file_deletes[match.first] = std::make_pair(file.data_file_id, match.second);
			row_ids.erase(match.first);
		}
	}
}

bool LakeTransaction::InCommittedFileRange(LakeTableEntry &table, int64_t row_id) {
	for (auto &file : CommittedFiles(table)) {
		if (file.partial_max < 0 && row_id >= file.row_id_start && row_id < file.row_id_start + file.record_count) {
			return true;
		}
	}
	return false;
}

const std::vector<DataFileRecord> &LakeTransaction::CommittedFiles(LakeTableEntry &table) {
	auto entry = committed_files.find(table.TableId());
	if (entry == committed_files.end()) {
		auto files = catalog.Store().LoadDataFiles(table.TableId(), Snapshot().snapshot_id);
		std::sort(files.begin(), files.end(),
		          [](const DataFileRecord &a, const DataFileRecord &b) { return a.row_id_start < b.row_id_start; });
		entry = committed_files.emplace(table.TableId(), std::move(files)).first;
	}
	return entry->second;
}

std::vector<int64_t> LakeTransaction::CommittedDeletedPositions(const DataFileRecord &file,
                                                                const std::string &table_path, int64_t snapshot_id) {
	auto positions = file.deleted_positions;
	auto &ref = file.delete_file;
	if (ref.delete_file_id >= 0) {
		auto path = JoinPath(table_path, ref.path, ref.path_is_relative);
		auto from_file = ReadDeleteFilePositions(*context.db, path, ref.partial_max >= 0, snapshot_id);
		positions.insert(positions.end(), from_file.begin(), from_file.end());
		std::sort(positions.begin(), positions.end());
		positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
	}
	return positions;
}

void LakeTransaction::WriteDeleteFile(LakeTableEntry &table, LocalTableChanges &table_changes,
                                      const DataFileRecord &file, const std::vector<int64_t> &new_positions) {
	auto table_path = TableDataPath(table);
	auto existing = table_changes.delete_files.find(file.data_file_id);
	std::set<int64_t> all;
	if (existing != table_changes.delete_files.end()) {
		all.insert(existing->second.positions.begin(), existing->second.positions.end());
	} else {
		auto committed = CommittedDeletedPositions(file, table_path, Snapshot().snapshot_id);
		all.insert(committed.begin(), committed.end());
	}
	// Inlined deletions of this transaction on the same file move into the delete file.
	auto begin = table_changes.deleted_row_ids.lower_bound(file.row_id_start);
	auto end = table_changes.deleted_row_ids.lower_bound(file.row_id_start + file.record_count);
	int64_t moved = 0;
	for (auto it = begin; it != end; ++it, ++moved) {
		all.insert(*it - file.row_id_start);
	}
	table_changes.deleted_row_ids.erase(begin, end);
	auto before = int64_t(all.size());
	all.insert(new_positions.begin(), new_positions.end());
	LocalDeleteFile local;
	local.data_file_id = file.data_file_id;
	local.positions.assign(all.begin(), all.end());
	local.newly_deleted = (existing != table_changes.delete_files.end() ? existing->second.newly_deleted : 0) +
	                      int64_t(all.size()) - before + moved;
	local.file =
	    inlake::WriteDeleteFile(context, table_path, JoinPath(table_path, file.path, file.path_is_relative),
	                            local.positions);
	if (existing != table_changes.delete_files.end()) {
		duckdb::FileSystem::GetFileSystem(context).TryRemoveFile(existing->second.file.path);
	}
	table_changes.delete_files[file.data_file_id] = std::move(local);
}

void LakeTransaction::RemoveInlinedRows(LocalTableChanges &table_changes, std::set<int64_t> &row_ids) {
	auto &old_rows = *table_changes.inlined_rows;
	auto row_id_column = old_rows.ColumnCount() - 2;
	auto kept = std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(), old_rows.Types());
	duckdb::SelectionVector keep(STANDARD_VECTOR_SIZE);
	for (auto &chunk : old_rows.Chunks()) {
		auto ids = duckdb::FlatVector::GetData<int64_t>(chunk.data[row_id_column]);
		duckdb::idx_t kept_count = 0;
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			if (row_ids.erase(ids[row]) == 0) {
				keep.set_index(kept_count++, row);
			}
		}
		if (kept_count == chunk.size()) {
			kept->Append(chunk);
		} else if (kept_count > 0) {
			chunk.Slice(keep, kept_count);
			kept->Append(chunk);
		}
	}
	table_changes.inlined_rows = std::move(kept);
}

void LakeTransaction::AddFlush(TableFlush flush) {
	changes.version++;
	changes.flushes.push_back(std::move(flush));
}

// --- options ------------------------------------------------------------------

static bool MatchOption(const OptionRecord &option, const std::string &key, const std::string &scope,
                        int64_t scope_id) {
	return option.key == key && option.scope == scope && (scope.empty() || option.scope_id == scope_id);
}

bool LakeTransaction::FindOption(const std::string &key, LakeTableEntry *table, std::string &value) {
	std::vector<std::pair<std::string, int64_t>> scopes;
	if (table) {
		scopes.emplace_back("table", table->TableId());
		scopes.emplace_back("schema", table->ParentSchema().Cast<LakeSchemaEntry>().SchemaId());
	}
	scopes.emplace_back("", -1);
	auto persisted = catalog.PersistedOptions();
	for (auto &scope : scopes) {
		for (auto it = changes.option_changes.rbegin(); it != changes.option_changes.rend(); ++it) {
			if (MatchOption(it->option, key, scope.first, scope.second)) {
				if (it->remove) {
					goto next_scope; // reset in this transaction: fall through to the wider scope
				}
				value = it->option.value;
				return true;
			}
		}
		for (auto &option : persisted) {
			if (MatchOption(option, key, scope.first, scope.second)) {
				value = option.value;
				return true;
			}
		}
	next_scope:;
	}
	return false;
}

int64_t LakeTransaction::InliningRowLimit(LakeTableEntry &table) {
	std::string value;
	if (FindOption("data_inlining_row_limit", &table, value)) {
		return std::stoll(value);
	}
	auto &attach_limit = catalog.Options().data_inlining_row_limit;
	if (attach_limit.IsValid()) {
		return int64_t(attach_limit.GetIndex());
	}
	duckdb::Value setting;
	if (context.TryGetCurrentSetting("ducklake_default_data_inlining_row_limit", setting) && !setting.IsNull()) {
		return setting.GetValue<int64_t>();
	}
	return 10;
}

ParquetWriteOptions LakeTransaction::WriteOptionsFor(LakeTableEntry &table) {
	ParquetWriteOptions options;
	options.directory = TableDataPath(table);
	options.columns = table.Record().columns;
	std::string value;
	options.target_file_size =
	    FindOption("target_file_size", &table, value) ? std::stoll(value) : catalog.Options().target_file_size;
	if (FindOption("parquet_row_group_size", &table, value)) {
		options.row_group_size = std::stoll(value);
	} else if (options.target_file_size < 64LL * 1024 * 1024) {
		// DuckDB's default row group (122880 rows) would make every small target a single file
		options.row_group_size = std::max<int64_t>(1024, std::min<int64_t>(122880, options.target_file_size / 64));
	}
	std::string compression;
	if (FindOption("parquet_compression", &table, compression)) {
		options.compression = compression;
	}
	return options;
}

void LakeTransaction::SetOption(OptionRecord option, bool remove) {
	CheckWritable("set an option");
	changes.version++;
	changes.option_changes.push_back(OptionChange {std::move(option), remove});
}

std::shared_ptr<LakeScanSpec> LakeTransaction::BuildScanSpec(LakeTableEntry &table, int64_t snapshot_id) {
	auto spec = std::make_shared<LakeScanSpec>();
	spec->table = &table;
	spec->table_name = table.name;
	spec->columns = table.Record().columns;
	bool own_view = snapshot_id < 0;
	auto read_snapshot = own_view ? Snapshot().snapshot_id : snapshot_id;
	auto table_path = TableDataPath(table);
	std::shared_ptr<InlinedReadSession> session;
	std::vector<InlinedTableRecord> inlined_tables;
	std::vector<DataFileRecord> committed;
	if (!IsLocalId(table.TableId())) {
		inlined_tables = catalog.Store().LoadInlinedTables(table.TableId());
		if (inlined_tables.empty()) {
			committed = catalog.Store().LoadDataFiles(table.TableId(), read_snapshot);
		} else {
			// files and inlined rows from one catalog state, even if a flush commits before the scan runs
			session = catalog.Store().OpenReadSession(table.TableId(), read_snapshot, committed);
		}
		for (auto &file : committed) {
			ScanDataFile scan_file;
			scan_file.file_id = file.data_file_id;
			scan_file.path = JoinPath(table_path, file.path, file.path_is_relative);
			scan_file.record_count = file.record_count;
			scan_file.file_size_bytes = file.file_size_bytes;
			scan_file.footer_size = file.footer_size;
			scan_file.row_id_start = file.row_id_start;
			scan_file.has_embedded_row_ids = file.partial_max >= 0;
			scan_file.begin_snapshot = file.begin_snapshot;
			scan_file.deleted_positions = CommittedDeletedPositions(file, table_path, read_snapshot);
			if (file.partial_max > read_snapshot) {
				// a flushed file holding rows inserted after the snapshot being read
				auto later = ReadRowsAfterSnapshot(*context.db, scan_file.path, read_snapshot);
				scan_file.deleted_positions.insert(scan_file.deleted_positions.end(), later.begin(), later.end());
				std::sort(scan_file.deleted_positions.begin(), scan_file.deleted_positions.end());
				scan_file.deleted_positions.erase(
				    std::unique(scan_file.deleted_positions.begin(), scan_file.deleted_positions.end()),
				    scan_file.deleted_positions.end());
			}
			for (auto &stats : file.column_stats) {
				ScanColumnStats column;
				column.has_min_max = stats.has_min_max;
				column.min_value = stats.min_value;
				column.max_value = stats.max_value;
				column.contains_null = stats.null_count > 0;
				scan_file.column_stats[stats.column_id] = column;
			}
			spec->files.push_back(std::move(scan_file));
		}
	}
	auto local = own_view ? changes.table_changes.find(table.TableId()) : changes.table_changes.end();
	const LocalTableChanges *local_changes = local == changes.table_changes.end() ? nullptr : &local->second;
	if (session) {
		AddInlinedRowSets(table, read_snapshot, *spec, local_changes, session, inlined_tables);
	}
	if (!local_changes) {
		return spec;
	}
	auto &table_changes = local->second;
	for (size_t i = 0; i < table_changes.new_files.size(); i++) {
		auto &file = table_changes.new_files[i];
		ScanDataFile scan_file;
		scan_file.path = file.path;
		scan_file.record_count = file.record_count;
		scan_file.file_size_bytes = file.file_size_bytes;
		scan_file.footer_size = file.footer_size;
		scan_file.row_id_start = table_changes.new_file_row_id_starts[i];
		scan_file.begin_snapshot = Snapshot().snapshot_id + 1;
		spec->files.push_back(std::move(scan_file));
	}
	if (table_changes.inlined_rows) {
		ScanRowSet row_set;
		row_set.rows = table_changes.inlined_rows;
		spec->row_sets.push_back(std::move(row_set));
	}
	ApplyLocalDeletes(table_changes, *spec);
	return spec;
}

void LakeTransaction::AddInlinedRowSets(LakeTableEntry &table, int64_t snapshot_id, LakeScanSpec &spec,
                                        const LocalTableChanges *table_changes,
                                        std::shared_ptr<InlinedReadSession> session,
                                        const std::vector<InlinedTableRecord> &inlined_tables) {
	auto names = InlinedColumnNames::ForFormat(catalog.FormatVersion());
	std::string excluded;
	if (table_changes) {
		for (auto row_id : table_changes->deleted_row_ids) {
			if (!IsLocalRowId(row_id)) {
				excluded += (excluded.empty() ? "" : ", ") + std::to_string(row_id);
			}
		}
	}
	for (auto &inlined : inlined_tables) {
		ScanRowSet row_set;
		auto source = InlinedSourceFor(table, inlined);
		row_set.estimated_count = 1;
		row_set.loader = [session, source, names, snapshot_id, excluded](const std::vector<std::string> &predicates) {
			std::vector<std::string> all;
			if (source.same_schema) {
				all = predicates; // predicates name current columns: exact only without renames or casts
			}
			if (!excluded.empty()) {
				all.push_back("\"" + names.row_id + "\" NOT IN (" + excluded + ")");
			}
			return std::shared_ptr<duckdb::ColumnDataCollection>(
			    session->ScanInlinedRows(source, names, snapshot_id, all).release());
		};
		spec.row_sets.push_back(std::move(row_set));
	}
}

InlinedSource LakeTransaction::InlinedSourceFor(LakeTableEntry &table, const InlinedTableRecord &inlined) {
	InlinedSource source;
	source.table_name = inlined.table_name;
	const std::vector<LakeColumn> *old_columns = &table.Record().columns;
	if (inlined.schema_version != table.Record().schema_version) {
		SnapshotRecord then;
		if (catalog.Store().GetSnapshotForSchemaVersion(inlined.schema_version, then)) {
			auto old_table = CatalogSetAt(then).GetTableById(table.TableId());
			if (old_table) {
				old_columns = &old_table->Record().columns;
			}
		}
	}
	for (auto &column : table.Record().columns) {
		InlinedColumnSource column_source;
		column_source.target = column;
		for (auto &old : *old_columns) {
			if (old.column_id == column.column_id) {
				column_source.source_name = old.name;
				column_source.source_type = old.type;
			}
		}
		if (column_source.source_name != column.name || column_source.source_type != column.type) {
			source.same_schema = false;
		}
		source.columns.push_back(std::move(column_source));
	}
	return source;
}

void LakeTransaction::ApplyLocalDeletes(const LocalTableChanges &table_changes, LakeScanSpec &spec) {
	for (auto &file : spec.files) {
		auto local_file = table_changes.delete_files.find(file.file_id);
		if (file.file_id >= 0 && local_file != table_changes.delete_files.end()) {
			file.deleted_positions = local_file->second.positions;
		}
		bool added = false;
		for (auto &entry : table_changes.partial_file_deletes) {
			if (entry.second.first == file.file_id) {
				file.deleted_positions.push_back(entry.second.second);
				added = true;
			}
		}
		if (added) {
			std::sort(file.deleted_positions.begin(), file.deleted_positions.end());
		}
	}
	if (table_changes.deleted_row_ids.empty()) {
		return;
	}
	for (auto &file : spec.files) {
		if (file.has_embedded_row_ids) {
			continue;
		}
		auto begin = table_changes.deleted_row_ids.lower_bound(file.row_id_start);
		auto end = table_changes.deleted_row_ids.lower_bound(file.row_id_start + file.record_count);
		if (begin == end) {
			continue;
		}
		for (auto it = begin; it != end; ++it) {
			file.deleted_positions.push_back(*it - file.row_id_start);
		}
		std::sort(file.deleted_positions.begin(), file.deleted_positions.end());
		file.deleted_positions.erase(std::unique(file.deleted_positions.begin(), file.deleted_positions.end()),
		                             file.deleted_positions.end());
	}
}

// --- end ----------------------------------------------------------------------

void LakeTransaction::Commit() {
	if (changes.Empty()) {
		return;
	}
	CommitLakeTransaction(*this);
	if (!changes.option_changes.empty()) {
		catalog.SetPersistedOptions(catalog.Store().LoadOptions());
	}
}

void LakeTransaction::Rollback() {
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	for (auto &entry : changes.table_changes) {
		for (auto &file : entry.second.new_files) {
			fs.TryRemoveFile(file.path);
		}
		for (auto &delete_file : entry.second.delete_files) {
			fs.TryRemoveFile(delete_file.second.file.path);
		}
	}
	for (auto &flush : changes.flushes) {
		for (auto &file : flush.files) {
			fs.TryRemoveFile(file.file.path);
			if (file.delete_count > 0) {
				fs.TryRemoveFile(file.delete_file.path);
			}
		}
		for (auto &deletes : flush.deletes) {
			fs.TryRemoveFile(deletes.delete_file.path);
		}
	}
	changes = LocalChanges();
}

} // namespace inlake
