#include "features.hpp"

#include <stdexcept>

namespace inlake_random {

const std::vector<FeatureInfo> &AllFeatures() {
	static const std::vector<FeatureInfo> features = {
	    // Value ranges of known defects.
	    {"hugeint", "HUGEINT/UHUGEINT values beyond 2^53 (defect 5: precision lost in Parquet)"},
	    {"timetz", "TIMETZ offsets other than +00 (defect 5: offset lost in Parquet)"},
	    {"interval", "negative INTERVAL parts (defect 5: fails to flush)"},
	    {"nul", "VARCHAR values containing chr(0) (defect 6: flush fails)"},
	    {"nested-nul", "chr(0) in VARCHARs inside LIST/STRUCT/MAP values (PostgreSQL catalogs cannot inline them, README "
	                   "known limits: always left out on that backend)"},
	    {"partition-nul", "identity partition keys on VARCHAR columns whose values may hold chr(0) (PostgreSQL catalogs "
	                      "refuse such a value, naming the key: partition values are text; always left out there)"},
	    {"interval-us", "INTERVAL values with a sub-millisecond part (found: truncated to ms in Parquet)"},
	    {"bad-default", "ADD COLUMN / SET DEFAULT with a constant that fails to cast (found: the lake accepts it and the "
	                    "table becomes unreadable)"},
	    {"neg-zero", "-0.0 values (found: DuckDB's storage turns 0.0/-0.0 into each other when the catalog database is "
	                 "checkpointed)"},
	    {"signed-zero", "float 0.0/-0.0 as UPDATE/MERGE values (always left out there: native DuckDB's UPDATE keeps the "
	                    "old value when old and new compare equal, so 0.0 -> -0.0 is not a change natively)"},
	    {"timestamp-s-inf", "TIMESTAMP_S infinity/-infinity (found: cannot be written to Parquet, flush fails)"},
	    {"timestamp-ms-inf", "TIMESTAMP_MS infinity/-infinity (found: filtered reads of Parquet files fail)"},
	    {"expire-alter", "snapshot expiry and ALTER TABLE in one workload (found: reads can then fail with an INTERNAL error)"},
	    {"is-null-interval", "WHERE col IS NULL on INTERVAL/TIMETZ columns (found: matches no Parquet row)"},
	    {"expr-default", "ADD COLUMN with a DEFAULT that is an expression, not a plain literal ([1, 2], unhex(..)) (found: "
	                     "Parquet rows read NULL)"},
	    {"txn-mixed-deletes", "a transaction deleting from a table in more than one statement (found: a large then a "
	                          "small delete of one data file conflict at COMMIT)"},
	    {"map-update", "UPDATE/MERGE of a table with a MAP column (found: crashes in NestedValueCounter now and then)"},
	    {"sorted-rename", "SET SORTED BY a column that is later renamed or dropped (found: flushes then fail)"},
	    {"nested-filter", "comparisons of LIST/STRUCT/MAP columns with a value in WHERE (found: Out of buffer after a "
	                      "flush of updated rows)"},
	    {"add-json", "ADD COLUMN of a JSON (or nested JSON) type (found: refused, while CREATE TABLE takes JSON)"},
	    {"invalid-literals", "literals out of their type's range, which both sides must reject"},
	    {"pg-ne-negative", "on PostgreSQL catalogs, <> filters against negative numbers (fixed; the pushed filter was "
	                       "rendered as \"a\"!=-2, which PostgreSQL lexes as the operator !=-)"},
	    {"nan-sign", "both -NaN and NaN float values (found: one Parquet column chunk holding both keeps one sign; DuckDB "
	                 "1.4.4's dictionary encoding, README known limits; merges bring both into one chunk): off, every NaN "
	                 "is written as nan"},
	    {"pg-neg-nan", "on PostgreSQL catalogs, writing -NaN floats (fixed; an inlined -NaN read back as +NaN)"},
	    // Checks and statement shapes of known defects.
	    {"rowid", "rowid stability of rows an UPDATE or MERGE touched (defect 7: UPDATE gives new rowids)"},
	    {"flush-in-txn", "ducklake_flush_inlined_data inside an explicit transaction (defect 9: spurious conflict)"},
	    {"flush-deletes", "flushes while a data file has both a delete file and inlined deletions (defect 1)"},
	    // Areas, to narrow a failing run down.
	    {"update", "UPDATE statements"},
	    {"merge", "MERGE INTO statements"},
	    {"select", "SELECT ... WHERE statements whose results are compared"},
	    {"alter", "ALTER TABLE statements"},
	    {"nested-alter", "ALTER TABLE ADD/DROP/RENAME COLUMN of STRUCT fields (s.f, l.element.f, m.value.f)"},
	    {"txn", "explicit transactions"},
	    {"reattach", "DETACH + ATTACH and database restarts"},
	    {"expire", "snapshot expiry and file cleanup"},
	    {"flush", "flushes and CHECKPOINT"},
	    {"partition", "ALTER TABLE SET/RESET PARTITIONED BY (lake only) among the steps"},
	    {"compaction", "ducklake_merge_adjacent_files, ducklake_rewrite_data_files and extra CHECKPOINTs"},
	    {"options", "set_option of the inlining limit"},
	    {"deletion-vectors", "a third of the seeds write Puffin deletion vectors instead of Parquet delete files "
	                         "(the lake's write_deletion_vectors option)"},
	    {"encrypted", "a quarter of the seeds (every third crash seed) create an encrypted lake (ATTACH ... ENCRYPTED), "
	                  "which writes no deletion vectors; the seed's end checks that every file has a key"},
	    {"multi-table", "statements that read the other table"},
	    {"second-table", "the second table"},
	    {"nested", "LIST/STRUCT/MAP columns"},
	    {"float", "FLOAT/DOUBLE columns"},
	    {"temporal", "DATE/TIME/TIMESTAMP/INTERVAL columns"},
	    {"time-travel", "time travel checks"},
	    {"change-feed", "change feed (table_changes) checks"},
	};
	return features;
}

void FeatureSet::ExcludeList(const std::string &list) {
	size_t start = 0;
	while (start <= list.size()) {
		auto end = list.find(',', start);
		if (end == std::string::npos) {
			end = list.size();
		}
		auto name = list.substr(start, end - start);
		start = end + 1;
		if (name.empty()) {
			continue;
		}
		bool known = false;
		for (auto &feature : AllFeatures()) {
			known = known || name == feature.name;
		}
		if (!known) {
			throw std::invalid_argument("unknown feature \"" + name + "\" (see --help)");
		}
		excluded.insert(name);
	}
}

std::string FeatureSet::ExcludedList() const {
	std::string result;
	for (auto &name : excluded) {
		result += (result.empty() ? "" : ",") + name;
	}
	return result.empty() ? "(none)" : result;
}

} // namespace inlake_random
