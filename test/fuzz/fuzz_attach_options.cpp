// libFuzzer target: the ATTACH 'ducklake:PATH' AS name (OPTIONS) parser, inlake::ParseAttachOptions.
// Input: a lake name, a path, READ_ONLY, and up to 6 options whose names come from the real option names
// (in random letter case) or are random text, each with a value of a random type (fuzz_common.hpp).
// An InvalidInputException (or another ordinary DuckDB error) is the expected answer to a bad option;
// a crash, a sanitizer report, an internal error or a non-DuckDB exception is a finding.
#include "fuzz_common.hpp"

#include "catalog/lake_options.hpp"
#include "common/lake_paths.hpp"

#include <cctype>

namespace {

const char *const kOptionNames[] = {"data_path",       "metadata_schema",         "ducklake_version",
                                    "snapshot_version", "data_inlining_row_limit", "create_if_not_exists",
                                    "target_file_size", "read_only",               "type",
                                    "encrypted",        "metadata_path",           ""};

std::string OptionName(FuzzedDataProvider &data) {
	if (data.ConsumeBool()) {
		return inlake_fuzz::FuzzText(data, 32);
	}
	std::string name = kOptionNames[data.ConsumeIntegralInRange<size_t>(0, sizeof(kOptionNames) / sizeof(kOptionNames[0]) - 1)];
	auto case_bits = data.ConsumeIntegral<uint32_t>();
	for (size_t i = 0; i < name.size(); i++) {
		if (case_bits & (1u << (i % 32))) {
			name[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[i])));
		}
	}
	return name;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
	FuzzedDataProvider data(bytes, size);
	std::string lake_name;
	std::string path;
	bool read_only = false;
	std::unordered_map<std::string, duckdb::Value> options;
	try {
		lake_name = inlake_fuzz::FuzzText(data, 16);
		path = inlake_fuzz::FuzzText(data, 64);
		read_only = data.ConsumeBool();
		auto count = data.ConsumeIntegralInRange<int>(0, 6);
		for (int i = 0; i < count; i++) {
			auto name = OptionName(data);
			options[name] = inlake_fuzz::FuzzValue(data);
		}
	} catch (std::exception &) {
		return -1; // DuckDB refused to build the value: not an input ATTACH can give us
	}
	inlake_fuzz::Guarded("ParseAttachOptions", [&]() {
		auto parsed = inlake::ParseAttachOptions(lake_name, path, options, read_only);
		// what the caller does with the result next
		(void)inlake::WithTrailingSlash(parsed.data_path);
	});
	return 0;
}
