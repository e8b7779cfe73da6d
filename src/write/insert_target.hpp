//===----------------------------------------------------------------------===//
// InsertTarget: the lake table one parallel INSERT or CREATE TABLE AS writes
// into, shared by the two operators of its plan (DuckDB's batch copy running
// the ordered lake copy function, then LakeInsert), and what it wrote.
//
// Contract:
//  * Resolve() may be called by either operator, from any thread, any number
//    of times: the first call of each execution (a prepared statement runs the
//    same plan again) creates the table of a CREATE TABLE AS, checks that the
//    transaction may write, and fixes the write options and the inlining limit
//    as they are now. It returns null when CREATE TABLE IF NOT EXISTS found
//    the table (nothing is written then).
//  * The copy hands over its result once: the files it wrote, or the rows it
//    held back because the whole statement stayed within the inlining limit.
//    Register() gives that result to the transaction (nothing reaches the
//    catalog before COMMIT). Files handed over but never registered (a failed
//    statement) are removed when the target is destroyed.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/ordered_lake_copy.hpp"

#include <mutex>

namespace duckdb {
class ClientContext;
class SchemaCatalogEntry;
struct BoundCreateTableInfo;
} // namespace duckdb

namespace inlake {

class LakeTableEntry;

class InsertTarget : public OrderedCopyTarget {
public:
	explicit InsertTarget(LakeTableEntry &table);
	InsertTarget(duckdb::SchemaCatalogEntry &schema, duckdb::BoundCreateTableInfo &create_info);
	~InsertTarget() override;

	LakeTableEntry *ResolveTable(duckdb::ClientContext &context);
	bool Resolve(duckdb::ClientContext &context) override {
		return ResolveTable(context) != nullptr;
	}
	//! Valid after Resolve() returned a table
	const ParquetWriteOptions &Options() const override {
		return options;
	}
	//! Rows a statement may have and still be inlined (0: it is never inlined)
	int64_t InliningLimit() const override {
		return inlining_blocker.empty() ? inlining_limit : 0;
	}
	//! NOT NULL columns
	void CheckRows(duckdb::DataChunk &chunk) override;
	void HandOver(std::vector<WrittenDataFile> files,
	              duckdb::unique_ptr<duckdb::ColumnDataCollection> held_back) override;
	//! Registers the result with the transaction; returns the number of rows inserted.
	duckdb::idx_t Register(duckdb::ClientContext &context);

private:
	std::mutex lock;
	duckdb::ClientContext *context = nullptr;
	LakeTableEntry *table = nullptr;
	duckdb::SchemaCatalogEntry *schema = nullptr;
	duckdb::BoundCreateTableInfo *create_info = nullptr;
	bool resolved = false;
	//! The execution (DuckDB's active query number) the target was resolved for
	duckdb::idx_t resolved_query = 0;
	//! The table the plan was made for (null: CREATE TABLE AS)
	LakeTableEntry *planned_table = nullptr;
	ParquetWriteOptions options;
	int64_t inlining_limit = 0;
	//! Why the table cannot be inlined at all (empty: it can)
	std::string inlining_blocker;
	std::vector<WrittenDataFile> files;
	duckdb::unique_ptr<duckdb::ColumnDataCollection> held_back;
	bool registered = false;

	//! Removes files of an execution that handed them over but never registered them.
	void RemoveUnregisteredFiles();
};

} // namespace inlake
