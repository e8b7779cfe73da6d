#include "known_defects.hpp"

namespace inlake_random {

bool FlushWouldHitDefect1(SqlSession &lake, const std::string &metadata_catalog) {
	auto tables = lake.Column("SELECT table_name FROM duckdb_tables() WHERE database_name = '" + metadata_catalog +
	                          "' AND table_name LIKE 'ducklake_inlined_delete_%'");
	for (auto &table : tables) {
		auto both = lake.Scalar("SELECT count(*) FROM " + metadata_catalog + "." + table + " i JOIN " +
		                        metadata_catalog + ".ducklake_delete_file d ON d.data_file_id = i.file_id" +
		                        " AND d.end_snapshot IS NULL");
		if (both > 0) {
			return true;
		}
	}
	return false;
}

} // namespace inlake_random
