#include "maintenance/retention_option.hpp"

#include "catalog/lake_catalog.hpp"

#include "duckdb/common/types/interval.hpp"
#include "duckdb/common/types/value.hpp"

namespace inlake {

bool RetentionCutoff(LakeCatalog &catalog, const std::string &key, duckdb::timestamp_tz_t &cutoff) {
	for (auto &option : catalog.PersistedOptions()) {
		if (option.key != key || !option.scope.empty()) {
			continue;
		}
		auto interval = duckdb::Value(option.value).DefaultCastAs(duckdb::LogicalType::INTERVAL)
		                    .GetValue<duckdb::interval_t>();
		auto now = duckdb::Timestamp::GetCurrentTimestamp();
		cutoff = duckdb::timestamp_tz_t(duckdb::Interval::Add(now, duckdb::Interval::Invert(interval)));
		return true;
	}
	return false;
}

} // namespace inlake
