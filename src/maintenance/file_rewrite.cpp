#include "maintenance/file_rewrite.hpp"

#include "common/file_encryption_key.hpp"
#include "common/internal_connection.hpp"
#include "maintenance/combined_file_stats.hpp"
#include "maintenance/parallel_flush.hpp"
#include "metadata/sql_literal.hpp"
#include "read/delete_file_loader.hpp"
#include "write/parquet_field_ids.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/file_system.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"

#include <algorithm>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

constexpr const char *kRowIdAlias = "_inlake_row_id";
constexpr const char *kSnapshotAlias = "_inlake_snapshot_id";

std::string StoredAlias(size_t column) {
	return "_inlake_c" + std::to_string(column);
}

void CheckResult(duckdb::unique_ptr<MaterializedQueryResult> &result, const std::string &what) {
	if (result->HasError()) {
		throw IOException("Compaction could not %s: %s", what, result->GetError());
	}
}

//! `type` without type aliases (JSON is VARCHAR underneath): read_parquet's `schema` option resolves a type name
//! such as JSON as a user type it cannot cast to, so columns are read as the underlying type and cast back.
LogicalType WithoutAliases(const LogicalType &type) {
	switch (type.id()) {
	case LogicalTypeId::LIST:
		return LogicalType::LIST(WithoutAliases(ListType::GetChildType(type)));
	case LogicalTypeId::ARRAY:
		return LogicalType::ARRAY(WithoutAliases(ArrayType::GetChildType(type)), ArrayType::GetSize(type));
	case LogicalTypeId::MAP:
		return LogicalType::MAP(WithoutAliases(MapType::KeyType(type)), WithoutAliases(MapType::ValueType(type)));
	case LogicalTypeId::STRUCT: {
		child_list_t<LogicalType> children;
		for (auto &child : StructType::GetChildTypes(type)) {
			children.emplace_back(child.first, WithoutAliases(child.second));
		}
		return LogicalType::STRUCT(std::move(children));
	}
	default:
		// a new type, not a copy with its alias cleared: copies share their type info, SetAlias would change the
		// caller's type too
		if (!type.HasAlias()) {
			return type;
		}
		if (type.id() == LogicalTypeId::DECIMAL) {
			return LogicalType::DECIMAL(DecimalType::GetWidth(type), DecimalType::GetScale(type));
		}
		return LogicalType(type.id());
	}
}

//! read_parquet's `schema` option: every stored column by field id under an alias of its own, and the hidden
//! row id and snapshot columns (NULL in files without them).
std::string SchemaOption(const ParquetLayout &layout) {
	std::string entries;
	auto entry = [&](int64_t field_id, const std::string &alias, const LogicalType &type) {
		entries += (entries.empty() ? "" : ", ") + std::to_string(field_id) + ": {name: " + SqlString(alias) +
		           ", type: " + SqlString(type.ToString()) + ", default_value: NULL}";
	};
	for (size_t i = 0; i < layout.columns.size(); i++) {
		entry(layout.columns[i].column_id, StoredAlias(i), WithoutAliases(layout.columns[i].type));
	}
	entry(2147483540, kRowIdAlias, LogicalType::BIGINT);
	entry(2147483539, kSnapshotAlias, LogicalType::BIGINT);
	return "MAP {" + entries + "}";
}

//! A constant BIGINT list with one value per source, indexed by the row's file_index.
template <class GET>
std::string PerSource(const RewriteRequest &request, GET get) {
	std::string list;
	for (auto &source : request.sources) {
		list += (list.empty() ? "" : ", ") + SqlInt(get(source));
	}
	return "list_extract([" + list + "]::BIGINT[], _inlake_file + 1)";
}

//! The rows of the sources with their file index and position, every column under its alias.
std::string SourceRows(const RewriteRequest &request) {
	std::vector<StoredFile> files;
	for (auto &source : request.sources) {
		files.push_back(StoredFile {source.path, 0, 0, source.record.encryption_key});
	}
	return "SELECT *, file_index::BIGINT AS _inlake_file, file_row_number AS _inlake_position FROM " +
	       KnownFilesReadSql(files, ", schema = " + SchemaOption(request.layout) + ", file_row_number = true");
}

std::string SelectList(const RewriteRequest &request) {
	std::string select;
	auto &columns = request.layout.columns;
	for (size_t i = 0; i < columns.size(); i++) {
		auto stored = SqlIdentifier(StoredAlias(i));
		if (WithoutAliases(columns[i].type).ToString() != columns[i].type.ToString()) {
			stored = "CAST(" + stored + " AS " + columns[i].type.ToString() + ")";
		}
		select += stored + " AS " + SqlIdentifier(columns[i].name) + ", ";
	}
	auto row_id_start = PerSource(request, [](const RewriteSource &s) { return s.record.row_id_start; });
	select += "COALESCE(" + std::string(kRowIdAlias) + ", " + row_id_start + " + _inlake_position) AS _ducklake_internal_row_id";
	auto begin = PerSource(request, [](const RewriteSource &s) { return s.record.begin_snapshot; });
	select += ", COALESCE(" + std::string(kSnapshotAlias) + ", " + begin + ") AS _ducklake_internal_snapshot_id";
	return select;
}

//! A temporary table of the deleted (file index, position) pairs, for DROP_DELETED's anti join.
void CreateDeletedTable(InternalConnection &connection, const RewriteRequest &request) {
	auto created = connection.Query("CREATE TEMPORARY TABLE _inlake_deleted (f BIGINT, p BIGINT)");
	CheckResult(created, "create its working table");
	std::string values;
	size_t pending = 0;
	auto flush = [&]() {
		if (pending == 0) {
			return;
		}
		auto inserted = connection.Query("INSERT INTO _inlake_deleted VALUES " + values);
		CheckResult(inserted, "fill its working table");
		values.clear();
		pending = 0;
	};
	for (size_t i = 0; i < request.sources.size(); i++) {
		for (auto &entry : request.sources[i].deletes) {
			values += std::string(pending ? ", " : "") + "(" + std::to_string(i) + ", " + std::to_string(entry.first) +
			          ")";
			if (++pending == 4096) {
				flush();
			}
		}
	}
	flush();
}

std::string CopyStatement(InternalConnection &connection, const RewriteRequest &request, const std::string &path,
                          const std::string &encryption_key) {
	auto rows = "(" + SourceRows(request) + ") _inlake_rows";
	std::string query;
	if (request.deleted_rows == DeletedRows::DROP_DELETED) {
		query = "SELECT " + SelectList(request) + " FROM " + rows +
		        " ANTI JOIN _inlake_deleted d ON d.f = _inlake_file AND d.p = _inlake_position";
	} else {
		query = "SELECT " + SelectList(request) + " FROM " + rows;
		// positions of the new file follow the sources' order, which COPY keeps only while
		// preserve_insertion_order is on
		auto setting = connection.Query("SELECT current_setting('preserve_insertion_order')::BOOLEAN");
		CheckResult(setting, "read preserve_insertion_order");
		if (!setting->GetValue(0, 0).GetValue<bool>()) {
			query += " ORDER BY _inlake_file, _inlake_position";
		}
	}
	auto field_ids = FieldIdsOptionSql(BuildFieldIdsOption(request.layout.columns, RowIdAndSnapshotColumns()));
	auto encryption = encryption_key.empty()
	                      ? std::string()
	                      : ", ENCRYPTION_CONFIG " + ParquetEncryptionConfig(encryption_key, path).ToSQLString();
	return "COPY (" + query + ") TO " + SqlString(path) + " (FORMAT parquet, RETURN_STATS true, FIELD_IDS " +
	       field_ids + ", " + ParquetCopyOptionsSql(request.options) + encryption + ")";
}

//! Row id and snapshot spans of the new file, from the sources (a rewrite's bounds may be wider than needed).
void DescribeSpans(const RewriteRequest &request, FlushedDataFile &result) {
	bool first = true;
	for (auto &source : request.sources) {
		auto &record = source.record;
		// (a rewritten file's rows are older than the file: its partial_max is below its begin snapshot)
		auto max_snapshot = record.partial_max >= 0 ? record.partial_max : record.begin_snapshot;
		if (first || record.row_id_start < result.min_row_id) {
			result.min_row_id = record.row_id_start;
		}
		if (first || record.begin_snapshot < result.min_snapshot) {
			result.min_snapshot = record.begin_snapshot;
		}
		if (first || max_snapshot > result.max_snapshot) {
			result.max_snapshot = max_snapshot;
		}
		first = false;
	}
}

//! KEEP_DELETED: the deleted rows' positions in the new file (sources in order) go to a partial delete file.
void CarryDeletes(ClientContext &context, const RewriteRequest &request, FlushedDataFile &result) {
	std::vector<int64_t> positions, snapshots;
	int64_t offset = 0;
	for (auto &source : request.sources) {
		for (auto &entry : source.deletes) {
			positions.push_back(offset + entry.first);
			snapshots.push_back(entry.second);
		}
		offset += source.record.record_count;
	}
	if (positions.empty()) {
		return;
	}
	result.delete_file = WriteDeleteFile(context, request.delete_directory, result.file.path, positions, snapshots,
	                                     request.deletion_vectors, request.options.encrypt);
	result.delete_count = int64_t(positions.size());
	result.deleted_positions = positions;
	result.min_delete_snapshot = *std::min_element(snapshots.begin(), snapshots.end());
	result.max_delete_snapshot = *std::max_element(snapshots.begin(), snapshots.end());
}

} // namespace

FlushedDataFile RewriteFiles(ClientContext &context, const RewriteRequest &request) {
	FlushedDataFile result;
	result.embedded_row_ids = true;
	DescribeSpans(request, result);
	auto connection = OpenKnownFileReadConnection(*context.db);
	if (request.deleted_rows == DeletedRows::DROP_DELETED) {
		CreateDeletedTable(*connection, request);
	}
	auto file_name = "ducklake-" + UUID::ToString(UUIDv7::GenerateRandomUUID()) + ".parquet";
	auto path = request.options.directory + file_name;
	auto &fs = FileSystem::GetFileSystem(context);
	try {
		std::string encryption_key;
		if (request.options.encrypt) {
			encryption_key = NewFileEncryptionKey();
		}
		auto copied = connection->Query(CopyStatement(*connection, request, path, encryption_key));
		CheckResult(copied, "write the new data file");
		if (copied->RowCount() == 0) {
			return result; // no row left (WRITE_EMPTY_FILE false)
		}
		result.file.path = path;
		result.file.file_name = file_name;
		result.file.encryption_key = encryption_key;
		result.file.record_count = copied->GetValue(1, 0).GetValue<int64_t>();
		result.file.file_size_bytes = copied->GetValue(2, 0).GetValue<int64_t>();
		result.file.footer_size = copied->GetValue(3, 0).GetValue<int64_t>();
		int64_t expected = 0;
		for (auto &source : request.sources) {
			expected += source.record.record_count;
			if (request.deleted_rows == DeletedRows::DROP_DELETED) {
				expected -= int64_t(source.deletes.size());
			}
		}
		if (result.file.record_count != expected) {
			throw IOException("Compaction read %lld rows from %llu data files, expected %lld (a file changed or "
			                  "its catalog row count is wrong); nothing was changed",
			                  (long long)result.file.record_count, (unsigned long long)request.sources.size(),
			                  (long long)expected);
		}
		std::vector<const DataFileRecord *> records;
		for (auto &source : request.sources) {
			records.push_back(&source.record);
		}
		result.file.column_stats = CombineFileStats(request.table_columns, records);
		if (request.count_row_groups) {
			result.file.row_group_count = ReadRowGroupCount(*context.db, StoredFileOf(result.file));
		}
		if (request.deleted_rows == DeletedRows::KEEP_DELETED) {
			CarryDeletes(context, request, result);
		}
	} catch (...) {
		fs.TryRemoveFile(path);
		if (result.delete_count > 0) {
			fs.TryRemoveFile(result.delete_file.path);
		}
		throw;
	}
	return result;
}

} // namespace inlake
