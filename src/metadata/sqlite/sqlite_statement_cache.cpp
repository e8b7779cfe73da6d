#include "metadata/sqlite/sqlite_statement_cache.hpp"

#include <sqlite3.h>

namespace inlake {

SQLiteStatementCache::~SQLiteStatementCache() {
	Clear();
}

sqlite3_stmt *SQLiteStatementCache::Acquire(const std::string &sql) {
	auto found = by_sql.find(sql);
	if (found == by_sql.end()) {
		return nullptr;
	}
	auto statement = found->second->statement;
	entries.erase(found->second);
	by_sql.erase(found);
	return statement;
}

void SQLiteStatementCache::Release(const std::string &sql, sqlite3_stmt *statement) {
	if (!statement) {
		return;
	}
	sqlite3_reset(statement);
	sqlite3_clear_bindings(statement);
	if (capacity == 0 || by_sql.count(sql) > 0) {
		sqlite3_finalize(statement); // the same text is already cached (it was compiled twice meanwhile)
		return;
	}
	entries.push_front(Entry {sql, statement});
	by_sql[sql] = entries.begin();
	if (entries.size() > capacity) {
		auto &oldest = entries.back();
		sqlite3_finalize(oldest.statement);
		by_sql.erase(oldest.sql);
		entries.pop_back();
	}
}

void SQLiteStatementCache::Clear() {
	for (auto &entry : entries) {
		sqlite3_finalize(entry.statement);
	}
	entries.clear();
	by_sql.clear();
}

} // namespace inlake
