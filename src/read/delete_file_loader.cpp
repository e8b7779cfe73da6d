#include "read/delete_file_loader.hpp"

#include "common/file_encryption_key.hpp"
#include "common/internal_connection.hpp"
#include "metadata/sql_literal.hpp"
#include "read/data_file_open_info.hpp"
#include "read/known_file_read.hpp"
#include "read/puffin_reader.hpp"
#include "write/puffin_writer.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/main/connection.hpp"
#include "duckdb/main/database.hpp"
#include "parquet_reader.hpp"

#include <algorithm>

namespace inlake {
using namespace duckdb; // NOLINT

static constexpr int64_t kFilePathFieldId = 2147483546;
static constexpr int64_t kPosFieldId = 2147483545;

//! Whether the delete file is a Puffin file of deletion vectors (else Parquet; any other format is refused).
static bool IsPuffin(const DataFileRecord::DeleteFileRef &ref, const std::string &path) {
	if (ref.format == "puffin") {
		return true;
	}
	if (ref.format != "parquet") {
		throw NotImplementedException("Cannot read DuckLake delete file \"%s\": its format \"%s\" is not supported "
		                              "(inlake reads parquet and puffin delete files)",
		                              path, ref.format);
	}
	return false;
}

StoredFile StoredFileOf(const WrittenDataFile &written) {
	return StoredFile {written.path, written.file_size_bytes, written.footer_size, written.encryption_key};
}

StoredFile StoredFileOf(const DataFileRecord &record, const std::string &path) {
	return StoredFile {path, record.file_size_bytes, record.footer_size, record.encryption_key};
}

//! Why a read of a lake file failed: the reader's message without the internal statement it ran, or what a key that
//! does not fit the file means.
static std::string ReadFailure(MaterializedQueryResult &result) {
	auto message = InternalQueryError(result);
	auto explained = ExplainKeyMismatch(message);
	return explained.empty() ? message : explained;
}

//! The delete file `ref` at `path` (its footer size is not kept).
static StoredFile StoredDeleteFile(const std::string &path, const DataFileRecord::DeleteFileRef &ref) {
	StoredFile file;
	file.path = path;
	file.file_size = ref.file_size_bytes;
	file.encryption_key = ref.encryption_key;
	return file;
}

std::vector<int64_t> ReadDeleteFilePositions(DatabaseInstance &db, const std::string &path,
                                             const DataFileRecord::DeleteFileRef &ref, int64_t snapshot_id) {
	if (IsPuffin(ref, path)) {
		auto vectors = ReadPuffinDeleteFile(FileSystem::GetFileSystem(db), path);
		return VectorPositionsAt(vectors, ref.begin_snapshot, snapshot_id);
	}
	bool partial = ref.partial_max >= 0;
	auto connection = OpenKnownFileReadConnection(db);
	auto sql = "SELECT pos::BIGINT FROM " + KnownFileReadSql(StoredDeleteFile(path, ref));
	if (partial) {
		sql += " WHERE _ducklake_internal_snapshot_id <= " + SqlInt(snapshot_id);
	}
	auto result = connection->Query(sql + " ORDER BY pos");
	if (result->HasError()) {
		throw IOException("Cannot read DuckLake delete file \"%s\": %s", path, ReadFailure(*result));
	}
	std::vector<int64_t> positions;
	positions.reserve(result->RowCount());
	for (auto &chunk : result->Collection().Chunks()) {
		auto data = FlatVector::GetData<int64_t>(chunk.data[0]);
		positions.insert(positions.end(), data, data + chunk.size());
	}
	return positions;
}

static constexpr int64_t kSnapshotFieldId = 2147483539;

std::vector<std::pair<int64_t, int64_t>> ReadDeletePositionsWithSnapshots(DatabaseInstance &db, const std::string &path,
                                                                         const DataFileRecord::DeleteFileRef &ref) {
	if (IsPuffin(ref, path)) {
		auto vectors = ReadPuffinDeleteFile(FileSystem::GetFileSystem(db), path);
		return VectorPositionsWithSnapshots(vectors, ref.begin_snapshot);
	}
	bool partial = ref.partial_max >= 0;
	auto file_snapshot = ref.begin_snapshot;
	auto connection = OpenKnownFileReadConnection(db);
	// both columns are read as BIGINT vectors: a bare integer literal would come back as INTEGER
	auto snapshot = partial ? std::string("_ducklake_internal_snapshot_id::BIGINT")
	                        : "CAST(" + SqlInt(file_snapshot) + " AS BIGINT)";
	auto result = connection->Query("SELECT pos::BIGINT, " + snapshot + " FROM " +
	                               KnownFileReadSql(StoredDeleteFile(path, ref)) + " ORDER BY pos");
	if (result->HasError()) {
		throw IOException("Cannot read DuckLake delete file \"%s\": %s", path, ReadFailure(*result));
	}
	std::vector<std::pair<int64_t, int64_t>> positions;
	for (auto &chunk : result->Collection().Chunks()) {
		auto pos = FlatVector::GetData<int64_t>(chunk.data[0]);
		auto snapshots = FlatVector::GetData<int64_t>(chunk.data[1]);
		for (idx_t row = 0; row < chunk.size(); row++) {
			positions.emplace_back(pos[row], snapshots[row]);
		}
	}
	return positions;
}

int64_t ReadMinRowId(DatabaseInstance &db, const StoredFile &file) {
	auto connection = OpenKnownFileReadConnection(db);
	auto result =
	    connection->Query("SELECT min(_ducklake_internal_row_id)::BIGINT FROM " + KnownFileReadSql(file));
	if (result->HasError()) {
		throw IOException("Cannot read DuckLake data file \"%s\": %s", file.path, ReadFailure(*result));
	}
	auto value = result->GetValue(0, 0);
	return value.IsNull() ? 0 : value.GetValue<int64_t>();
}

namespace {

//! Whether an id is one of the sorted, non-empty `wanted`, for `lookups` ids: a bitmap over their range when they
//! are dense and the lookups many (an UPDATE of most rows of a large file), else a binary search (building the
//! bitmap costs a pass over `wanted`, which a small file of a large UPDATE must not pay per file).
class WantedIds {
public:
	WantedIds(const std::vector<int64_t> &wanted_p, idx_t lookups) : wanted(wanted_p), first(wanted_p.front()) {
		auto range = uint64_t(wanted.back()) - uint64_t(first) + 1;
		if (range <= 64 * uint64_t(wanted.size()) && lookups * 8 >= wanted.size()) {
			bits.assign((range + 63) / 64, 0);
			for (auto id : wanted) {
				auto offset = uint64_t(id) - uint64_t(first);
				bits[offset / 64] |= uint64_t(1) << (offset % 64);
			}
		}
	}

	bool Contains(int64_t id) const {
		if (bits.empty()) {
			return std::binary_search(wanted.begin(), wanted.end(), id);
		}
		if (id < first || id > wanted.back()) {
			return false;
		}
		auto offset = uint64_t(id) - uint64_t(first);
		return (bits[offset / 64] >> (offset % 64)) & 1;
	}

private:
	const std::vector<int64_t> &wanted;
	int64_t first;
	std::vector<uint64_t> bits;
};

} // namespace

std::vector<std::pair<int64_t, int64_t>> ReadPositionsOfRowIds(DatabaseInstance &db, const StoredFile &file,
                                                               const std::vector<int64_t> &row_ids) {
	std::vector<std::pair<int64_t, int64_t>> result;
	if (row_ids.empty()) {
		return result;
	}
	// The file's ids within the wanted range are read (a range the reader can skip row groups by) and matched
	// here: an IN list of the ids made the query's planning grow faster than the list (40 s for an UPDATE of
	// 800,000 rows that kept their ids in files)
	std::vector<int64_t> sorted_copy;
	if (!std::is_sorted(row_ids.begin(), row_ids.end())) {
		sorted_copy = row_ids;
		std::sort(sorted_copy.begin(), sorted_copy.end());
	}
	auto &wanted = sorted_copy.empty() ? row_ids : sorted_copy;
	auto connection = OpenKnownFileReadConnection(db);
	auto query = connection->Query("SELECT _ducklake_internal_row_id, file_row_number FROM " +
	                              KnownFileReadSql(file, ", file_row_number = true") +
	                              " WHERE _ducklake_internal_row_id BETWEEN " + SqlInt(wanted.front()) + " AND " +
	                              SqlInt(wanted.back()));
	if (query->HasError()) {
		throw IOException("Cannot read DuckLake data file \"%s\": %s", file.path, ReadFailure(*query));
	}
	WantedIds lookup(wanted, query->RowCount());
	for (auto &chunk : query->Collection().Chunks()) {
		chunk.Flatten();
		auto ids = FlatVector::GetData<int64_t>(chunk.data[0]);
		auto &validity = FlatVector::Validity(chunk.data[0]);
		auto positions = FlatVector::GetData<int64_t>(chunk.data[1]);
		for (idx_t row = 0; row < chunk.size(); row++) {
			if (validity.RowIsValid(row) && lookup.Contains(ids[row])) {
				result.emplace_back(ids[row], positions[row]);
			}
		}
	}
	return result;
}

int64_t ReadRowGroupCount(DatabaseInstance &db, const StoredFile &file) {
	auto connection = OpenInternalConnection(db);
	auto &context = *connection->context;
	int64_t count = 0;
	try {
		context.RunFunctionInTransaction([&]() {
			// the reader, not parquet_metadata(), which cannot be given an encrypted file's key
			OpenFileInfo info(file.path);
			AddEncryptionKey(info, file.encryption_key);
			ParquetReader reader(context, std::move(info), ParquetOptions(context));
			count = int64_t(reader.NumRowGroups());
		});
	} catch (std::exception &ex) {
		throw IOException("Cannot read the footer of \"%s\": %s", file.path, ErrorData(ex).RawMessage());
	}
	return count;
}

std::vector<int64_t> ReadRowsAfterSnapshot(DatabaseInstance &db, const StoredFile &file, int64_t snapshot_id) {
	auto connection = OpenKnownFileReadConnection(db);
	auto result = connection->Query("SELECT file_row_number FROM " + KnownFileReadSql(file, ", file_row_number = true") +
	                               " WHERE _ducklake_internal_snapshot_id > " + SqlInt(snapshot_id) +
	                               " ORDER BY file_row_number");
	if (result->HasError()) {
		throw IOException("Cannot read DuckLake data file \"%s\": %s", file.path, ReadFailure(*result));
	}
	std::vector<int64_t> positions;
	for (auto &chunk : result->Collection().Chunks()) {
		auto data = FlatVector::GetData<int64_t>(chunk.data[0]);
		positions.insert(positions.end(), data, data + chunk.size());
	}
	return positions;
}

WrittenDataFile WriteDeleteFile(ClientContext &context, const std::string &directory,
                                const std::string &data_file_path, const std::vector<int64_t> &positions,
                                const std::vector<int64_t> &snapshots, bool deletion_vector, bool encrypt) {
	if (deletion_vector && encrypt) {
		throw InvalidInputException("Deletion vectors (Puffin files) cannot be encrypted: an encrypted lake writes its "
		                            "deletes to encrypted Parquet delete files");
	}
	if (deletion_vector) {
		return WritePuffinDeleteFile(context, directory, data_file_path, VectorsOf(positions, snapshots));
	}
	bool partial = !snapshots.empty();
	ParquetWriteOptions options;
	options.directory = directory;
	options.file_suffix = "-delete.parquet";
	options.encrypt = encrypt;
	LakeColumn file_path;
	file_path.column_id = kFilePathFieldId;
	file_path.name = "file_path";
	file_path.type = LogicalType::VARCHAR;
	LakeColumn pos;
	pos.column_id = kPosFieldId;
	pos.name = "pos";
	pos.type = LogicalType::BIGINT;
	options.columns = {file_path, pos};
	vector<LogicalType> types {LogicalType::VARCHAR, LogicalType::BIGINT};
	if (partial) {
		LakeColumn snapshot;
		snapshot.column_id = kSnapshotFieldId;
		snapshot.name = "_ducklake_internal_snapshot_id";
		snapshot.type = LogicalType::BIGINT;
		options.columns.push_back(snapshot);
		types.push_back(LogicalType::BIGINT);
	}
	ParquetFileWriter writer(context, std::move(options));
	DataChunk chunk;
	chunk.Initialize(context, types);
	for (size_t offset = 0; offset < positions.size(); offset += STANDARD_VECTOR_SIZE) {
		auto count = std::min<size_t>(STANDARD_VECTOR_SIZE, positions.size() - offset);
		chunk.Reset();
		chunk.data[0].Reference(Value(data_file_path));
		auto data = FlatVector::GetData<int64_t>(chunk.data[1]);
		std::copy(positions.begin() + offset, positions.begin() + offset + count, data);
		if (partial) {
			auto snapshot_data = FlatVector::GetData<int64_t>(chunk.data[2]);
			std::copy(snapshots.begin() + offset, snapshots.begin() + offset + count, snapshot_data);
		}
		chunk.SetCardinality(count);
		writer.Append(chunk);
	}
	auto files = writer.Finish();
	if (files.size() != 1) {
		throw InternalException("DuckLake delete file writer produced %d files", files.size());
	}
	return files[0];
}

} // namespace inlake
