#include "counting_file_system.hpp"

#include "fs_calls_function.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/main/database.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace inlake_test {

using namespace duckdb; // NOLINT

void FileCallCounts::Add(const std::string &path, const std::string &operation) {
	std::lock_guard<std::mutex> guard(lock);
	counts[std::make_pair(path, operation)]++;
}

void FileCallCounts::Max(const std::string &path, const std::string &operation, int64_t value) {
	std::lock_guard<std::mutex> guard(lock);
	auto &kept = counts[std::make_pair(path, operation)];
	kept = std::max(kept, value);
}

std::map<std::pair<std::string, std::string>, int64_t> FileCallCounts::Take() {
	std::lock_guard<std::mutex> guard(lock);
	auto result = std::move(counts);
	counts.clear();
	return result;
}

namespace {

//! A handle of ours: the local file system's handle of the file behind it
struct CountingFileHandle : public FileHandle {
	CountingFileHandle(FileSystem &fs, const std::string &path, FileOpenFlags flags, unique_ptr<FileHandle> inner_p)
	    : FileHandle(fs, path, flags), inner(std::move(inner_p)) {
	}
	void Close() override {
		inner->Close();
	}
	unique_ptr<FileHandle> inner;
};

//! Whether httpfs would open `file` without a HEAD request: it knows size, last modification and etag already
bool KnowsFileMetadata(const OpenFileInfo &file) {
	if (!file.extended_info) {
		return false;
	}
	auto &options = file.extended_info->options;
	return options.count("file_size") && options.count("last_modified") && options.count("etag");
}

} // namespace

CountingFileSystem::CountingFileSystem(std::shared_ptr<FileCallCounts> counts_p)
    : counts(std::move(counts_p)), local(FileSystem::CreateLocal()) {
}

bool CountingFileSystem::CanHandleFile(const std::string &path) {
	return StringUtil::StartsWith(path, PREFIX);
}

std::string CountingFileSystem::Local(const std::string &path) {
	if (!StringUtil::StartsWith(path, PREFIX)) {
		throw IOException("CountingFileSystem: \"%s\" is not a counting:// path", path);
	}
	return path.substr(strlen(PREFIX));
}

FileHandle &CountingFileSystem::Inner(FileHandle &handle) {
	return *handle.Cast<CountingFileHandle>().inner;
}

void CountingFileSystem::Count(const std::string &path, const char *operation) {
	counts->Add(path, operation);
}

unique_ptr<FileHandle> CountingFileSystem::OpenFileExtended(const OpenFileInfo &file, FileOpenFlags flags,
                                                            optional_ptr<FileOpener> opener) {
	if (flags.OpenForWriting()) {
		Count(file.path, "create");
	} else {
		Count(file.path, "open");
		if (!KnowsFileMetadata(file)) {
			Count(file.path, "head");
		}
	}
	auto inner = local->OpenFile(Local(file.path), flags, opener);
	if (!inner) {
		return nullptr; // FILE_FLAGS_NULL_IF_NOT_EXISTS
	}
	return make_uniq<CountingFileHandle>(*this, file.path, flags, std::move(inner));
}

void CountingFileSystem::Read(FileHandle &handle, void *buffer, int64_t nr_bytes, idx_t location) {
	Count(handle.path, "read");
	local->Read(Inner(handle), buffer, nr_bytes, location);
}

void CountingFileSystem::Write(FileHandle &handle, void *buffer, int64_t nr_bytes, idx_t location) {
	Count(handle.path, "write");
	local->Write(Inner(handle), buffer, nr_bytes, location);
}

int64_t CountingFileSystem::Read(FileHandle &handle, void *buffer, int64_t nr_bytes) {
	Count(handle.path, "read");
	return local->Read(Inner(handle), buffer, nr_bytes);
}

int64_t CountingFileSystem::Write(FileHandle &handle, void *buffer, int64_t nr_bytes) {
	Count(handle.path, "write");
	return local->Write(Inner(handle), buffer, nr_bytes);
}

bool CountingFileSystem::Trim(FileHandle &handle, idx_t offset_bytes, idx_t length_bytes) {
	return local->Trim(Inner(handle), offset_bytes, length_bytes);
}

int64_t CountingFileSystem::GetFileSize(FileHandle &handle) {
	Count(handle.path, "size");
	return local->GetFileSize(Inner(handle));
}

timestamp_t CountingFileSystem::GetLastModifiedTime(FileHandle &handle) {
	Count(handle.path, "mtime");
	return local->GetLastModifiedTime(Inner(handle));
}

std::string CountingFileSystem::GetVersionTag(FileHandle &handle) {
	return local->GetVersionTag(Inner(handle));
}

FileType CountingFileSystem::GetFileType(FileHandle &handle) {
	return local->GetFileType(Inner(handle));
}

void CountingFileSystem::Truncate(FileHandle &handle, int64_t new_size) {
	local->Truncate(Inner(handle), new_size);
}

void CountingFileSystem::FileSync(FileHandle &handle) {
	local->FileSync(Inner(handle));
}

void CountingFileSystem::Seek(FileHandle &handle, idx_t location) {
	local->Seek(Inner(handle), location);
}

void CountingFileSystem::Reset(FileHandle &handle) {
	local->Reset(Inner(handle));
}

idx_t CountingFileSystem::SeekPosition(FileHandle &handle) {
	return local->SeekPosition(Inner(handle));
}

bool CountingFileSystem::DirectoryExists(const std::string &directory, optional_ptr<FileOpener> opener) {
	Count(directory, "dir_exists");
	return local->DirectoryExists(Local(directory), opener);
}

void CountingFileSystem::CreateDirectory(const std::string &directory, optional_ptr<FileOpener> opener) {
	Count(directory, "mkdir");
	local->CreateDirectory(Local(directory), opener);
}

void CountingFileSystem::RemoveDirectory(const std::string &directory, optional_ptr<FileOpener> opener) {
	Count(directory, "rmdir");
	local->RemoveDirectory(Local(directory), opener);
}

bool CountingFileSystem::ListFilesExtended(const std::string &directory,
                                           const std::function<void(OpenFileInfo &info)> &callback,
                                           optional_ptr<FileOpener> opener) {
	Count(directory, "list");
	return local->ListFiles(Local(directory), callback, opener);
}

void CountingFileSystem::MoveFile(const std::string &source, const std::string &target,
                                  optional_ptr<FileOpener> opener) {
	Count(source, "move");
	local->MoveFile(Local(source), Local(target), opener);
}

bool CountingFileSystem::FileExists(const std::string &filename, optional_ptr<FileOpener> opener) {
	Count(filename, "exists");
	return local->FileExists(Local(filename), opener);
}

bool CountingFileSystem::IsPipe(const std::string &filename, optional_ptr<FileOpener> opener) {
	return false;
}

bool CountingFileSystem::Remove(const std::string &filename, bool must_exist, optional_ptr<FileOpener> opener) {
	Count(filename, "remove");
	counts->Max(PREFIX, "concurrent_removes", ++removals_in_flight);
	std::this_thread::sleep_for(std::chrono::milliseconds(kRemoveLatencyMs));
	bool removed = false;
	try {
		if (must_exist) {
			local->RemoveFile(Local(filename), opener);
			removed = true;
		} else {
			removed = local->TryRemoveFile(Local(filename), opener);
		}
	} catch (...) {
		--removals_in_flight;
		throw;
	}
	--removals_in_flight;
	return removed;
}

void CountingFileSystem::RemoveFile(const std::string &filename, optional_ptr<FileOpener> opener) {
	Remove(filename, true, opener);
}

bool CountingFileSystem::TryRemoveFile(const std::string &filename, optional_ptr<FileOpener> opener) {
	return Remove(filename, false, opener);
}

vector<OpenFileInfo> CountingFileSystem::Glob(const std::string &path, FileOpener *opener) {
	Count(path, "glob");
	auto found = local->Glob(Local(path), opener);
	for (auto &file : found) {
		file.path = PREFIX + file.path;
	}
	return found;
}

void RegisterCountingFileSystem(DatabaseInstance &db) {
	auto counts = std::make_shared<FileCallCounts>();
	db.GetFileSystem().RegisterSubSystem(make_uniq<CountingFileSystem>(counts));
	RegisterFileCallsFunction(db, counts);
}

} // namespace inlake_test
