//===----------------------------------------------------------------------===//
// InlinedInsertCommit: the most common small commit, written in one step.
//
// A transaction that only inserted a few rows into tables that already have
// rows (no DDL, no files, no deletes, no flush) changes the catalog the same
// way every time: a snapshot row copied from the latest one, its changes
// row, the tables' record counts and next row ids, and the inlined rows.
// None of that needs the client between taking the lake's write lock and
// COMMIT, so a store whose database can run it as one statement (PostgreSQL:
// data-modifying WITH clauses) commits it without holding the lock across a
// round trip. Writers then queue only for the server's own work, not for one
// another's processes to be scheduled.
//
// The statement checks, under the lock, what the full commit would check for
// an insert (no snapshot after the transaction's names the table as dropped
// or altered) and what it relies on (the table's stats row and the inlined
// table of its schema version exist, and the column statistics rows whose
// bounds the rows widen still hold the bounds the widening started from). When a check fails it writes nothing,
// and the caller commits the ordinary way, which then reports the conflict or
// creates what was missing.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"

#include <string>
#include <vector>

namespace inlake {

//! One column statistics row an inlined insert changes: contains_null / contains_nan are set where `updated`
//! sets them; the bounds become `updated`'s: NULL (unknown from now on) when it has none, else (widened) only
//! while the row still holds `expected`'s bounds.
struct ColumnStatsChange {
	enum class Bounds { KEEP, UNKNOWN, WIDEN };
	ColumnStatsRecord expected;
	ColumnStatsRecord updated;
	Bounds bounds = Bounds::KEEP;
};

struct InlinedInsertCommit {
	struct Table {
		int64_t table_id = -1;
		//! The table's schema version at the transaction's snapshot, and its inlined table's name
		int64_t schema_version = -1;
		std::string inlined_table;
		//! The table's column types, in order
		std::vector<duckdb::LogicalType> column_types;
		//! The rows: each chunk's first column_types.size() columns hold the table's columns
		const duckdb::ColumnDataCollection *rows = nullptr;
		//! Row i's id is the table's next row id + row_offsets[i]; the next row id then grows by new_row_count
		std::vector<int64_t> row_offsets;
		int64_t new_row_count = 0;
		//! The rows' changes to the table's column statistics rows (ducklake_table_column_stats), and the column
		//! statistics the table has after the commit (the store remembers them: KnownTableStats)
		std::vector<ColumnStatsChange> column_stats_changes;
		TableStatsRecord stats_after;
	};
	//! The snapshot the transaction read: any snapshot after it that drops or alters a table fails the checks
	int64_t base_snapshot_id = -1;
	std::vector<Table> tables;
	//! The snapshot's changes row (changes_made, author, message, extra info; snapshot_id is assigned)
	SnapshotChangesRecord changes;
};

} // namespace inlake
