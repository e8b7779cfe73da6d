#include "metadata/sqlite/sqlite_writer_lock.hpp"

#include "metadata/sql/catalog_connection.hpp"

#include <atomic>
#include <chrono>
#include <thread>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace inlake {

//! The lock file's contents. `ready` is set (after the mutex is initialised) by the process that creates it.
struct SQLiteWriterLock::Shared {
	std::atomic<uint64_t> ready;
	uint64_t mutex_size;
	pthread_mutex_t mutex;
};

//! "inlakeW1" as a number: the file holds an initialised mutex of this layout
static constexpr uint64_t kReadyMagic = 0x31576b616c6e69ULL;
static constexpr size_t kLockFileSize = 4096;
static_assert(sizeof(std::atomic<uint64_t>) == 8, "the lock file's layout needs a plain 64-bit atomic");

SQLiteWriterLock::SQLiteWriterLock(std::string catalog_path) : lock_path(std::move(catalog_path) + ".lock") {
}

SQLiteWriterLock::~SQLiteWriterLock() {
	if (held) {
		Unlock();
	}
	if (shared) {
		munmap(shared, kLockFileSize);
	}
	if (fd >= 0) {
		close(fd);
	}
}

void SQLiteWriterLock::Fail(const std::string &what, int error) {
	throw CatalogQueryError(CatalogErrorKind::OTHER,
	                        "SQLite catalog writers' lock \"" + lock_path + "\": " + what + ": " + strerror(error));
}

void SQLiteWriterLock::Open(int timeout_ms) {
	fd = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		Fail("cannot open it", errno);
	}
	// the first process to map the file initialises the mutex; flock only guards that moment (a moment: wait
	// for it in short steps, and not forever should some other program hold the file locked)
	auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
	while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			Fail("cannot lock it for initialisation", errno);
		}
		if (std::chrono::steady_clock::now() >= deadline) {
			throw CatalogQueryError(CatalogErrorKind::BUSY, "SQLite catalog writers' lock \"" + lock_path +
			                                                    "\": another program holds the file locked");
		}
		std::this_thread::sleep_for(std::chrono::milliseconds(1));
	}
	struct stat info;
	int error = 0;
	if (fstat(fd, &info) != 0 || (size_t(info.st_size) < kLockFileSize && ftruncate(fd, kLockFileSize) != 0)) {
		error = errno;
	}
	void *mapped = error ? MAP_FAILED : mmap(nullptr, kLockFileSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!error && mapped == MAP_FAILED) {
		error = errno;
	}
	if (!error) {
		shared = static_cast<Shared *>(mapped);
		if (shared->ready.load(std::memory_order_acquire) != kReadyMagic ||
		    shared->mutex_size != sizeof(pthread_mutex_t)) {
			pthread_mutexattr_t attributes;
			pthread_mutexattr_init(&attributes);
			pthread_mutexattr_setpshared(&attributes, PTHREAD_PROCESS_SHARED);
			pthread_mutexattr_setrobust(&attributes, PTHREAD_MUTEX_ROBUST);
			error = pthread_mutex_init(&shared->mutex, &attributes);
			pthread_mutexattr_destroy(&attributes);
			shared->mutex_size = sizeof(pthread_mutex_t);
			shared->ready.store(error ? 0 : kReadyMagic, std::memory_order_release);
		}
	}
	flock(fd, LOCK_UN);
	if (error) {
		Fail("cannot set it up", error);
	}
}

void SQLiteWriterLock::Lock(int timeout_ms) {
	if (held) {
		return;
	}
	if (!shared) {
		Open(timeout_ms);
	}
	timespec deadline;
	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += long(timeout_ms % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	int result = pthread_mutex_timedlock(&shared->mutex, &deadline);
	if (result == EOWNERDEAD) {
		// the previous holder died mid-commit; SQLite rolls its transaction back, the queue goes on
		result = pthread_mutex_consistent(&shared->mutex);
	}
	if (result == ETIMEDOUT) {
		throw CatalogQueryError(CatalogErrorKind::BUSY, "SQLite catalog: another writer has held the writers' lock \"" +
		                                                    lock_path + "\" for more than " +
		                                                    std::to_string(timeout_ms) +
		                                                    " ms (a stopped or hanging process?)");
	}
	if (result != 0) {
		Fail("cannot take it", result);
	}
	held = true;
}

void SQLiteWriterLock::Unlock() {
	if (!held) {
		return;
	}
	held = false;
	pthread_mutex_unlock(&shared->mutex);
}

} // namespace inlake
