//===----------------------------------------------------------------------===//
// SQLiteWriterLock: the queue every inlake writer of one SQLite catalog
// joins before it begins its write transaction, across processes.
//
// It is a process-shared, robust pthread mutex in a small file beside the
// catalog ("<catalog>.lock", mapped into every process that writes). A
// waiter sleeps in the kernel (futex) and wakes the moment the holder
// unlocks: no polling, no busy handler's millisecond steps. A holder that
// died (kill -9) leaves it to the next waiter, which takes it over
// (EOWNERDEAD): SQLite itself rolls the dead writer's transaction back. A
// holder that is stopped or hangs makes waiters give up after the timeout
// with CatalogErrorKind::BUSY, which the commit's retry policy sees.
//
// Lock and Unlock must be called on the same thread (a robust mutex belongs
// to its locking thread); a commit does both inside one call.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake {

class SQLiteWriterLock {
public:
	//! `catalog_path`: the SQLite catalog file; the lock file is "<catalog_path>.lock", created when missing.
	explicit SQLiteWriterLock(std::string catalog_path);
	~SQLiteWriterLock();
	SQLiteWriterLock(const SQLiteWriterLock &) = delete;
	SQLiteWriterLock &operator=(const SQLiteWriterLock &) = delete;

	//! Waits for the lock, at most `timeout_ms`; throws CatalogQueryError (BUSY on timeout).
	void Lock(int timeout_ms);
	void Unlock();
	bool Held() const {
		return held;
	}

private:
	struct Shared;
	//! Maps the lock file, initialising the mutex in it when no process did yet.
	void Open(int timeout_ms);
	[[noreturn]] void Fail(const std::string &what, int error);

	std::string lock_path;
	int fd = -1;
	Shared *shared = nullptr;
	bool held = false;
};

} // namespace inlake
