#include "common/file_removal.hpp"

#include "common/lake_paths.hpp"

#include "duckdb/common/file_system.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace inlake {

namespace {

//! The removals one worker takes from the shared list until it is empty; the first failure of any is kept.
struct RemovalQueue {
	duckdb::FileSystem &fs;
	const std::vector<std::string> &paths;
	std::atomic<size_t> next {0};
	std::mutex lock;
	std::exception_ptr first_error;

	void Work() {
		for (auto i = next++; i < paths.size(); i = next++) {
			try {
				fs.TryRemoveFile(paths[i]);
			} catch (...) {
				std::lock_guard<std::mutex> guard(lock);
				if (!first_error) {
					first_error = std::current_exception();
				}
			}
		}
	}
};

} // namespace

void RemoveFiles(duckdb::FileSystem &fs, const std::vector<std::string> &paths) {
	if (paths.empty()) {
		return;
	}
	RemovalQueue queue {fs, paths};
	bool remote = std::any_of(paths.begin(), paths.end(), [](const std::string &path) { return IsUrlPath(path); });
	size_t workers = remote ? std::min(paths.size(), kMaxParallelRemovals) : 1;
	std::vector<std::thread> threads;
	for (size_t i = 1; i < workers; i++) {
		try {
			threads.emplace_back([&queue]() { queue.Work(); });
		} catch (std::exception &) {
			break; // no more threads to be had: the ones running (and this one) do the rest
		}
	}
	queue.Work();
	for (auto &thread : threads) {
		thread.join();
	}
	if (queue.first_error) {
		std::rethrow_exception(queue.first_error);
	}
}

} // namespace inlake
