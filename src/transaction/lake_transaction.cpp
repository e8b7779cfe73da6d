#include "transaction/lake_transaction.hpp"

#include "catalog/lake_schema_entry.hpp"
#include "catalog/table_columns.hpp"
#include "transaction/lake_commit.hpp"

#include "duckdb/common/file_system.hpp"
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
	auto table = schema.GetCommittedTable(name);
	if (table && IsTableDropped(table->TableId())) {
		return nullptr;
	}
	return table;
}

void LakeTransaction::ScanTables(LakeSchemaEntry &schema, const std::function<void(LakeTableEntry &)> &callback) {
	schema.Scan(duckdb::CatalogType::TABLE_ENTRY, [&](duckdb::CatalogEntry &entry) {
		auto &table = entry.Cast<LakeTableEntry>();
		if (!IsTableDropped(table.TableId())) {
			callback(table);
		}
	});
	for (auto &table : changes.created_tables) {
		if (&table->ParentSchema() == &schema) {
			callback(*table);
		}
	}
}

LakeTableEntry &LakeTransaction::CreateTable(LakeSchemaEntry &schema, duckdb::BoundCreateTableInfo &bound_info) {
	CheckWritable("create a table");
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
	auto entry = LakeTableEntry::FromRecord(catalog, schema, std::move(record));
	auto &result = *entry;
	changes.created_tables.push_back(std::move(entry));
	return result;
}

void LakeTransaction::DropTable(LakeTableEntry &table) {
	CheckWritable("drop a table");
	for (size_t i = 0; i < changes.created_tables.size(); i++) {
		if (changes.created_tables[i].get() == &table) {
			changes.discarded_tables.push_back(std::move(changes.created_tables[i]));
			changes.created_tables.erase(changes.created_tables.begin() + i);
			break;
		}
	}
	changes.dropped_table_ids.insert(table.TableId());
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
	auto &table_changes = changes.table_changes[table.TableId()];
	for (auto &file : files) {
		table_changes.new_row_count += file.record_count;
		table_changes.new_files.push_back(std::move(file));
	}
}

std::shared_ptr<LakeScanSpec> LakeTransaction::BuildScanSpec(LakeTableEntry &table, int64_t snapshot_id) {
	auto spec = std::make_shared<LakeScanSpec>();
	spec->table_name = table.name;
	spec->columns = table.Record().columns;
	bool own_view = snapshot_id < 0;
	auto read_snapshot = own_view ? Snapshot().snapshot_id : snapshot_id;
	auto table_path = TableDataPath(table);
	if (!IsLocalId(table.TableId())) {
		for (auto &file : catalog.Store().LoadDataFiles(table.TableId(), read_snapshot)) {
			ScanDataFile scan_file;
			scan_file.file_id = file.data_file_id;
			scan_file.path = JoinPath(table_path, file.path, file.path_is_relative);
			scan_file.record_count = file.record_count;
			scan_file.file_size_bytes = file.file_size_bytes;
			scan_file.footer_size = file.footer_size;
			scan_file.row_id_start = file.row_id_start;
			scan_file.has_embedded_row_ids = file.partial_max >= 0;
			scan_file.begin_snapshot = file.begin_snapshot;
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
	if (!own_view) {
		return spec;
	}
	auto local = changes.table_changes.find(table.TableId());
	if (local == changes.table_changes.end()) {
		return spec;
	}
	int64_t local_row_id = kLocalIdBase;
	for (auto &file : local->second.new_files) {
		ScanDataFile scan_file;
		scan_file.path = file.path;
		scan_file.record_count = file.record_count;
		scan_file.file_size_bytes = file.file_size_bytes;
		scan_file.footer_size = file.footer_size;
		scan_file.row_id_start = local_row_id;
		scan_file.begin_snapshot = Snapshot().snapshot_id + 1;
		local_row_id += file.record_count;
		spec->files.push_back(std::move(scan_file));
	}
	return spec;
}

// --- end ----------------------------------------------------------------------

void LakeTransaction::Commit() {
	if (changes.Empty()) {
		return;
	}
	CommitLakeTransaction(*this);
}

void LakeTransaction::Rollback() {
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	for (auto &entry : changes.table_changes) {
		for (auto &file : entry.second.new_files) {
			fs.TryRemoveFile(file.path);
		}
	}
	changes = LocalChanges();
}

} // namespace inlake
