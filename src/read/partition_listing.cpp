#include "read/partition_listing.hpp"

#include "common/partition_transform.hpp"

#include "duckdb/planner/filter/conjunction_filter.hpp"
#include "duckdb/planner/filter/constant_filter.hpp"
#include "duckdb/planner/filter/in_filter.hpp"
#include "duckdb/planner/filter/null_filter.hpp"
#include "duckdb/planner/filter/optional_filter.hpp"

#include <set>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

//! The values a filter lets through, when it names them all (`=`, IN, IS NULL and their AND / OR); false when
//! it admits other values too.
bool AdmittedValues(const TableFilter &filter, std::vector<Value> &values) {
	switch (filter.filter_type) {
	case TableFilterType::CONSTANT_COMPARISON: {
		auto &constant = filter.Cast<ConstantFilter>();
		if (constant.comparison_type != ExpressionType::COMPARE_EQUAL) {
			return false;
		}
		values = {constant.constant};
		return true;
	}
	case TableFilterType::IN_FILTER:
		values = filter.Cast<InFilter>().values;
		return true;
	case TableFilterType::IS_NULL:
		values = {Value()};
		return true;
	case TableFilterType::OPTIONAL_FILTER: {
		auto &child = filter.Cast<OptionalFilter>().child_filter;
		return child && AdmittedValues(*child, values);
	}
	case TableFilterType::CONJUNCTION_AND: {
		// any child that names its values bounds the conjunction
		for (auto &child : filter.Cast<ConjunctionAndFilter>().child_filters) {
			if (AdmittedValues(*child, values)) {
				return true;
			}
		}
		return false;
	}
	case TableFilterType::CONJUNCTION_OR: {
		std::vector<Value> all;
		for (auto &child : filter.Cast<ConjunctionOrFilter>().child_filters) {
			std::vector<Value> part;
			if (!AdmittedValues(*child, part)) {
				return false;
			}
			all.insert(all.end(), part.begin(), part.end());
		}
		values = std::move(all);
		return true;
	}
	default:
		return false;
	}
}

//! Whether a key's value is an exact function of the column's value, the same for every equal value.
bool ExactKey(const PartitionTransform &transform, const LogicalType &type) {
	switch (transform.kind) {
	case PartitionTransformKind::IDENTITY:
		switch (type.id()) {
		case LogicalTypeId::BOOLEAN:
		case LogicalTypeId::TINYINT:
		case LogicalTypeId::SMALLINT:
		case LogicalTypeId::INTEGER:
		case LogicalTypeId::BIGINT:
		case LogicalTypeId::HUGEINT:
		case LogicalTypeId::UTINYINT:
		case LogicalTypeId::USMALLINT:
		case LogicalTypeId::UINTEGER:
		case LogicalTypeId::UBIGINT:
		case LogicalTypeId::UHUGEINT:
		case LogicalTypeId::DATE:
		case LogicalTypeId::TIMESTAMP:
		case LogicalTypeId::TIMESTAMP_SEC:
		case LogicalTypeId::TIMESTAMP_MS:
		case LogicalTypeId::TIMESTAMP_NS:
		case LogicalTypeId::TIMESTAMP_TZ:
		case LogicalTypeId::UUID:
			return true;
		case LogicalTypeId::VARCHAR:
			return !type.HasAlias();
		default:
			return false;
		}
	case PartitionTransformKind::BUCKET:
		return type.id() != LogicalTypeId::DECIMAL && type.id() != LogicalTypeId::FLOAT &&
		       type.id() != LogicalTypeId::DOUBLE && !type.HasAlias();
	default:
		return true;
	}
}

} // namespace

PartitionListingFilter ListingFilterFor(const PartitionSpec &spec, const std::vector<LakeColumn> &columns,
                                        const vector<column_t> &column_ids, const TableFilterSet &filters) {
	PartitionListingFilter result;
	if (!spec.IsPartitioned()) {
		return result;
	}
	result.partition_id = spec.partition_id;
	for (auto &entry : filters.filters) {
		if (entry.first >= column_ids.size() || column_ids[entry.first] >= columns.size()) {
			continue;
		}
		auto &column = columns[column_ids[entry.first]];
		std::vector<Value> values;
		if (!AdmittedValues(*entry.second, values)) {
			continue;
		}
		for (size_t k = 0; k < spec.keys.size(); k++) {
			if (spec.keys[k].column_id != column.column_id) {
				continue;
			}
			PartitionTransform transform;
			try {
				transform = PartitionTransform::Parse(spec.keys[k].transform);
			} catch (std::exception &) {
				continue;
			}
			if (!ExactKey(transform, column.type)) {
				continue;
			}
			PartitionListingFilter::KeyValues key;
			key.key_index = int64_t(k);
			std::set<std::string> texts;
			bool usable = true;
			for (auto &value : values) {
				if (value.IsNull()) {
					key.include_null = true;
					continue;
				}
				Value typed;
				if (value.type() != column.type && !value.DefaultTryCastAs(column.type, typed, nullptr)) {
					usable = false;
					break;
				}
				auto text = ComputePartitionValue(transform, value.type() == column.type ? value : typed);
				if (text.has_value) {
					texts.insert(text.text);
				} else {
					key.include_null = true; // e.g. an infinite timestamp: its file's value is NULL
				}
			}
			if (!usable) {
				continue;
			}
			key.values.assign(texts.begin(), texts.end());
			result.keys.push_back(std::move(key));
		}
	}
	return result;
}

} // namespace inlake
