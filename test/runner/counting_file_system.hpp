//===----------------------------------------------------------------------===//
// inlake-sqllogictest: a file system that counts what is asked of it, per
// file, so that tests can assert the request pattern of object storage
// without a network.
//
// CountingFileSystem handles paths "counting://<local path>": every call is
// passed to DuckDB's local file system on <local path>, and counted under the
// counting:// path and an operation name:
//   open     a file opened for reading
//   head     ... without all of file_size, last_modified and etag in its
//            OpenFileInfo: the HEAD request httpfs sends to learn them
//   create   a file opened for writing
//   read     a read (each is one ranged GET on object storage)
//   write    a write
//   size     GetFileSize on a handle
//   mtime    GetLastModifiedTime on a handle
//   exists   FileExists
//   dir_exists, mkdir, rmdir, list (ListFiles), glob (under the glob's path),
//   remove (RemoveFile / TryRemoveFile), move
// A removal takes kRemoveLatencyMs, as a round trip to object storage would;
// the most removals in flight at once is kept under the path "counting://"
// and the operation "concurrent_removes".
// Its handles say they are not on disk (as httpfs's), so DuckDB's Parquet
// reader treats the files as remote (prefetching, as on S3). Counts are kept
// by FileCallCounts, shared with the SQL function that reports them
// (fs_calls_function.hpp). Thread-safe.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/file_system.hpp"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace duckdb {
class DatabaseInstance;
}

namespace inlake_test {

class FileCallCounts {
public:
	void Add(const std::string &path, const std::string &operation);
	//! Keeps `value` under (path, operation) if it is more than the value kept there
	void Max(const std::string &path, const std::string &operation, int64_t value);
	//! (path, operation) -> calls since the previous Take; the counts start again from zero
	std::map<std::pair<std::string, std::string>, int64_t> Take();

private:
	std::mutex lock;
	std::map<std::pair<std::string, std::string>, int64_t> counts;
};

class CountingFileSystem : public duckdb::FileSystem {
public:
	static constexpr const char *PREFIX = "counting://";
	static constexpr int kRemoveLatencyMs = 10;

	explicit CountingFileSystem(std::shared_ptr<FileCallCounts> counts);

	std::string GetName() const override {
		return "CountingFileSystem";
	}
	bool CanHandleFile(const std::string &path) override;

	void Read(duckdb::FileHandle &handle, void *buffer, int64_t nr_bytes, duckdb::idx_t location) override;
	void Write(duckdb::FileHandle &handle, void *buffer, int64_t nr_bytes, duckdb::idx_t location) override;
	int64_t Read(duckdb::FileHandle &handle, void *buffer, int64_t nr_bytes) override;
	int64_t Write(duckdb::FileHandle &handle, void *buffer, int64_t nr_bytes) override;
	bool Trim(duckdb::FileHandle &handle, duckdb::idx_t offset_bytes, duckdb::idx_t length_bytes) override;
	int64_t GetFileSize(duckdb::FileHandle &handle) override;
	duckdb::timestamp_t GetLastModifiedTime(duckdb::FileHandle &handle) override;
	std::string GetVersionTag(duckdb::FileHandle &handle) override;
	duckdb::FileType GetFileType(duckdb::FileHandle &handle) override;
	void Truncate(duckdb::FileHandle &handle, int64_t new_size) override;
	void FileSync(duckdb::FileHandle &handle) override;
	void Seek(duckdb::FileHandle &handle, duckdb::idx_t location) override;
	void Reset(duckdb::FileHandle &handle) override;
	duckdb::idx_t SeekPosition(duckdb::FileHandle &handle) override;
	bool CanSeek() override {
		return true;
	}
	bool OnDiskFile(duckdb::FileHandle &handle) override {
		return false;
	}

	bool DirectoryExists(const std::string &directory, duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	void CreateDirectory(const std::string &directory, duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	void RemoveDirectory(const std::string &directory, duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	void MoveFile(const std::string &source, const std::string &target,
	              duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	bool FileExists(const std::string &filename, duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	bool IsPipe(const std::string &filename, duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	void RemoveFile(const std::string &filename, duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	bool TryRemoveFile(const std::string &filename, duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	duckdb::vector<duckdb::OpenFileInfo> Glob(const std::string &path, duckdb::FileOpener *opener) override;

protected:
	duckdb::unique_ptr<duckdb::FileHandle> OpenFileExtended(const duckdb::OpenFileInfo &file,
	                                                        duckdb::FileOpenFlags flags,
	                                                        duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	bool SupportsOpenFileExtended() const override {
		return true;
	}
	bool ListFilesExtended(const std::string &directory,
	                       const std::function<void(duckdb::OpenFileInfo &info)> &callback,
	                       duckdb::optional_ptr<duckdb::FileOpener> opener) override;
	bool SupportsListFilesExtended() const override {
		return true;
	}

private:
	//! The local path behind a counting:// path
	static std::string Local(const std::string &path);
	//! The handle of the local file system behind one of ours
	static duckdb::FileHandle &Inner(duckdb::FileHandle &handle);
	void Count(const std::string &path, const char *operation);
	//! Removes the local file behind `filename` after kRemoveLatencyMs, noting how many removals are in flight
	bool Remove(const std::string &filename, bool must_exist, duckdb::optional_ptr<duckdb::FileOpener> opener);

	std::shared_ptr<FileCallCounts> counts;
	duckdb::unique_ptr<duckdb::FileSystem> local;
	std::atomic<int64_t> removals_in_flight {0};
};

//! Registers a CountingFileSystem with `db` and the SQL function inlake_test_fs_calls() reporting its counts.
void RegisterCountingFileSystem(duckdb::DatabaseInstance &db);

} // namespace inlake_test
