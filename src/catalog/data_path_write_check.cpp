#include "catalog/data_path_write_check.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/file_system.hpp"
#include "duckdb/common/types/uuid.hpp"

namespace inlake {

using duckdb::FileFlags;

const char *const kProbePrefix = ".inlake-write-check-";

void CheckDataPathWritable(duckdb::FileSystem &fs, const std::string &lake_name, const std::string &location) {
	auto probe = location + kProbePrefix + duckdb::UUID::ToString(duckdb::UUID::GenerateRandomUUID());
	try {
		auto handle = fs.OpenFile(probe, FileFlags::FILE_FLAGS_WRITE | FileFlags::FILE_FLAGS_FILE_CREATE_NEW);
		char byte = 0;
		handle->Write(&byte, 1);
		handle->Close();
	} catch (std::exception &ex) {
		try {
			fs.TryRemoveFile(probe);
		} catch (...) { // NOLINT: the write's failure is what the user needs to see
		}
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": its data path \"%s\" cannot be written (a missing "
		                          "bucket or folder, or no permission to write there): %s",
		                          lake_name, location, duckdb::ErrorData(ex).RawMessage());
	}
	try {
		fs.RemoveFile(probe);
	} catch (std::exception &ex) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": a file written into its data path \"%s\" cannot be "
		                          "removed again (%s), so expired and orphaned files could never be cleaned up: %s",
		                          lake_name, location, probe, duckdb::ErrorData(ex).RawMessage());
	}
}

} // namespace inlake
