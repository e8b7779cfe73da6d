#include "maintenance/retention_option.hpp"

#include "catalog/lake_catalog.hpp"

#include "duckdb/common/types/interval.hpp"
#include "duckdb/common/types/value.hpp"

namespace inlake {

bool GlobalOption(LakeCatalog &catalog, const std::string &key, std::string &value) {
	for (auto &option : catalog.PersistedOptions()) {
		if (option.key == key && option.scope.empty()) {
			value = option.value;
			return true;
		}
	}
	return false;
}

duckdb::timestamp_tz_t CutoffBefore(const std::string &interval_text) {
	auto interval =
	    duckdb::Value(interval_text).DefaultCastAs(duckdb::LogicalType::INTERVAL).GetValue<duckdb::interval_t>();
	auto now = duckdb::Timestamp::GetCurrentTimestamp();
	return duckdb::timestamp_tz_t(duckdb::Interval::Add(now, duckdb::Interval::Invert(interval)));
}

bool RetentionCutoff(LakeCatalog &catalog, const std::string &key, duckdb::timestamp_tz_t &cutoff) {
	std::string value;
	if (!GlobalOption(catalog, key, value)) {
		return false;
	}
	cutoff = CutoffBefore(value);
	return true;
}

} // namespace inlake
