//===----------------------------------------------------------------------===//
// SQLiteStatementCache: compiled statements of one SQLite connection, kept
// by their SQL text so that the statements every commit and scan run (the
// latest snapshot, the stats rows, an inlined table's INSERT) are compiled
// once, not once per commit.
//
// A statement is lent out (Acquire) and comes back reset, bindings cleared
// (Release): a statement left stepped would keep a read transaction open.
// A statement lent out is never lent twice; the cache holds at most
// `capacity` idle statements and drops the least recently used. Not
// thread-safe: it belongs to its connection, which is used by one thread
// at a time.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <list>
#include <string>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace inlake {

class SQLiteStatementCache {
public:
	explicit SQLiteStatementCache(size_t capacity) : capacity(capacity) {
	}
	~SQLiteStatementCache();
	SQLiteStatementCache(const SQLiteStatementCache &) = delete;
	SQLiteStatementCache &operator=(const SQLiteStatementCache &) = delete;

	//! An idle compiled statement of exactly this text, taken out of the cache, or nullptr.
	sqlite3_stmt *Acquire(const std::string &sql);
	//! Gives a statement of this text back for reuse (resets it); finalizes it when it cannot be kept.
	void Release(const std::string &sql, sqlite3_stmt *statement);
	//! Finalizes every idle statement (before the connection closes).
	void Clear();

private:
	struct Entry {
		std::string sql;
		sqlite3_stmt *statement;
	};
	size_t capacity;
	//! Most recently released first
	std::list<Entry> entries;
	std::unordered_map<std::string, std::list<Entry>::iterator> by_sql;
};

} // namespace inlake
