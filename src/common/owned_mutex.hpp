//===----------------------------------------------------------------------===//
// OwnedMutex: a mutex that refuses to be waited on by the thread holding it.
//
// A lake lock is held while inlake runs SQL on the catalog database; should
// anything on that path call back into the lake (DuckDB calls catalogs back
// while binding), the thread would wait on itself forever. lock() on the
// owning thread throws a TransactionException instead, so the statement
// fails with an error rather than hanging the process. Works with
// std::lock_guard and std::unique_lock like std::mutex.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/exception/transaction_exception.hpp"

#include <atomic>
#include <mutex>
#include <thread>

namespace inlake {

class OwnedMutex {
public:
	explicit OwnedMutex(const char *what) : what(what) {
	}

	void lock() {
		if (owner.load(std::memory_order_relaxed) == std::this_thread::get_id()) {
			throw duckdb::TransactionException("DuckLake: %s was requested again by the thread that holds it "
			                                   "(a call back into the lake from its own catalog access); the "
			                                   "statement was stopped instead of waiting forever",
			                                   what);
		}
		mutex.lock();
		owner.store(std::this_thread::get_id(), std::memory_order_relaxed);
	}

	void unlock() {
		owner.store(std::thread::id(), std::memory_order_relaxed);
		mutex.unlock();
	}

private:
	const char *what;
	std::mutex mutex;
	//! Only the owning thread stores its own id, so a thread reading its own id here is always right.
	std::atomic<std::thread::id> owner {};
};

} // namespace inlake
