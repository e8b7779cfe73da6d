//===----------------------------------------------------------------------===//
// Partition specs and file partition values as every layer sees them.
//
// A table's partition spec (ALTER TABLE ... SET PARTITIONED BY) is a list of
// keys, each a column and a transform (ducklake_partition_column). A file
// written under a spec records, per key, the transformed value its rows
// share (ducklake_file_partition_value), as text: identity keys as the
// value's text, the calendar transforms as calendar numbers (year 2026,
// month 12, day 6, hour 23), bucket(N) as the bucket number, and the epoch_*
// transforms of format 1.1 as counts since 1970-01-01 00:00 UTC. A NULL key
// value (a NULL, or a timestamp without a calendar value: infinity) has
// has_value false.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace inlake {

struct PartitionKey {
	int64_t column_id = -1;
	//! As ducklake_partition_column.transform stores it: identity, year, month, day, hour, bucket(N),
	//! epoch_year, epoch_month, epoch_day, epoch_hour
	std::string transform = "identity";
};

struct PartitionSpec {
	//! ducklake_partition_info.partition_id; a transaction-local id while the ALTER is not committed; -1: the table
	//! is not partitioned
	int64_t partition_id = -1;
	std::vector<PartitionKey> keys;

	bool IsPartitioned() const {
		return !keys.empty();
	}
};

//! One key's value of a data file.
struct FilePartitionValue {
	int64_t key_index = 0;
	int64_t column_id = -1;
	std::string transform;
	bool has_value = false;
	std::string value;
};

//! A restriction of a table's file listing (MetadataStore::LoadDataFilesMatching): the files written under spec
//! `partition_id` are listed only when, for every key named here, their value is one of `values` (or NULL when
//! `include_null`); files of other specs and unpartitioned files are always listed.
struct PartitionListingFilter {
	int64_t partition_id = -1;
	struct KeyValues {
		int64_t key_index = 0;
		std::vector<std::string> values;
		bool include_null = false;
	};
	std::vector<KeyValues> keys;

	bool Restricts() const {
		return partition_id >= 0 && !keys.empty();
	}
};

} // namespace inlake
