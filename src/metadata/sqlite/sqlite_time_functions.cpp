#include "metadata/sqlite/sqlite_time_functions.hpp"

#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/common/types/value.hpp"

#include <sqlite3.h>
#include <string>

namespace inlake {

namespace {

void EpochMicros(sqlite3_context *context, int, sqlite3_value **arguments) {
	if (sqlite3_value_type(arguments[0]) == SQLITE_NULL) {
		sqlite3_result_null(context);
		return;
	}
	auto text = reinterpret_cast<const char *>(sqlite3_value_text(arguments[0]));
	std::string time(text ? text : "", size_t(sqlite3_value_bytes(arguments[0])));
	duckdb::Value cast;
	std::string error;
	if (!duckdb::Value(time).DefaultTryCastAs(duckdb::LogicalType::TIMESTAMP_TZ, cast, &error) || cast.IsNull()) {
		auto message = "the catalog holds \"" + time + "\" where a time (TIMESTAMPTZ) belongs";
		sqlite3_result_error(context, message.c_str(), int(message.size()));
		return;
	}
	sqlite3_result_int64(context, cast.GetValue<duckdb::timestamp_tz_t>().value);
}

} // namespace

bool RegisterSQLiteTimeFunctions(sqlite3 *db) {
	return sqlite3_create_function_v2(db, kSQLiteEpochMicrosFunction, 1,
	                                  SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr, EpochMicros,
	                                  nullptr, nullptr, nullptr) == SQLITE_OK;
}

} // namespace inlake
