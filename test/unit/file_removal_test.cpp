// RemoveFiles (common/file_removal.hpp): every path is tried, several at once on object storage, one at a time
// locally, and the first failure is thrown after all were tried.
#include "common/file_removal.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/file_system.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

namespace {

//! Records the removals asked of it (each taking a few milliseconds, as a round trip would), the most in flight
//! at once, and fails the removal of paths containing "fail".
class RecordingFileSystem : public duckdb::FileSystem {
public:
	bool TryRemoveFile(const std::string &filename, duckdb::optional_ptr<duckdb::FileOpener> opener) override {
		auto now = ++in_flight;
		{
			std::lock_guard<std::mutex> guard(lock);
			peak = std::max(peak, now);
			removed.insert(filename);
		}
		std::this_thread::sleep_for(std::chrono::milliseconds(5));
		--in_flight;
		if (filename.find("fail") != std::string::npos) {
			throw duckdb::IOException("cannot remove %s", filename);
		}
		return true;
	}
	std::string GetName() const override {
		return "RecordingFileSystem";
	}

	std::atomic<int> in_flight {0};
	std::mutex lock;
	int peak = 0;
	std::set<std::string> removed;
};

std::vector<std::string> Paths(const std::string &prefix, int count) {
	std::vector<std::string> paths;
	for (int i = 0; i < count; i++) {
		paths.push_back(prefix + "ducklake-" + std::to_string(i) + ".parquet");
	}
	return paths;
}

} // namespace

TEST(FileRemovalTest, RemovesObjectStorageFilesSeveralAtOnce) {
	RecordingFileSystem fs;
	auto paths = Paths("s3://bucket/lake/", 40);
	inlake::RemoveFiles(fs, paths);
	EXPECT_EQ(fs.removed, std::set<std::string>(paths.begin(), paths.end()));
	EXPECT_GT(fs.peak, 1);
	EXPECT_LE(fs.peak, static_cast<int>(inlake::kMaxParallelRemovals));
}

TEST(FileRemovalTest, RemovesLocalFilesOneAtATime) {
	RecordingFileSystem fs;
	auto paths = Paths("/tmp/lake/", 5);
	inlake::RemoveFiles(fs, paths);
	EXPECT_EQ(fs.removed.size(), paths.size());
	EXPECT_EQ(fs.peak, 1);
}

TEST(FileRemovalTest, TriesEveryPathAndThrowsTheFailure) {
	RecordingFileSystem fs;
	auto paths = Paths("s3://bucket/lake/", 10);
	paths.insert(paths.begin() + 3, "s3://bucket/lake/fail-ducklake-x.parquet");
	EXPECT_THROW(inlake::RemoveFiles(fs, paths), duckdb::IOException);
	EXPECT_EQ(fs.removed, std::set<std::string>(paths.begin(), paths.end()));
}

TEST(FileRemovalTest, NothingToRemove) {
	RecordingFileSystem fs;
	inlake::RemoveFiles(fs, {});
	EXPECT_TRUE(fs.removed.empty());
}
