#include "read/data_file_open_info.hpp"

#include "common/file_encryption_key.hpp"

#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/common/types/value.hpp"

#include <algorithm>

namespace inlake {

using namespace duckdb; // NOLINT

static constexpr const char *FILE_SIZE_OPTION = "file_size";

void AddEncryptionKey(OpenFileInfo &file, const std::string &catalog_text) {
	if (catalog_text.empty()) {
		return;
	}
	if (!file.extended_info) {
		file.extended_info = make_shared_ptr<ExtendedOpenFileInfo>();
	}
	auto key = DecodeFileEncryptionKey(catalog_text, file.path);
	file.extended_info->options["encryption_key"] = Value::BLOB(const_data_ptr_cast(key.data()), key.size());
}

void AddKnownFileFacts(OpenFileInfo &file, const ScanDataFile &data_file) {
	AddEncryptionKey(file, data_file.encryption_key);
	if (data_file.name_mapping || data_file.file_size_bytes <= 0) {
		return;
	}
	AddKnownFileFacts(file, static_cast<idx_t>(data_file.file_size_bytes),
	                  static_cast<idx_t>(std::max<int64_t>(data_file.footer_size, 0)));
}

void AddKnownFileFacts(OpenFileInfo &file, idx_t file_size, idx_t footer_size) {
	if (file_size == 0) {
		return;
	}
	auto &options = file.extended_info->options;
	options[FILE_SIZE_OPTION] = Value::UBIGINT(file_size);
	if (footer_size > 0) {
		options["footer_size"] = Value::UBIGINT(footer_size);
	}
	options["last_modified"] = Value::TIMESTAMP(timestamp_t::epoch());
	options["etag"] = Value("");
	options["validate_external_file_cache"] = Value::BOOLEAN(false);
}

bool HasKnownFileFacts(const OpenFileInfo &file) {
	return KnownFileSize(file) > 0;
}

idx_t KnownFileSize(const OpenFileInfo &file) {
	if (!file.extended_info) {
		return 0;
	}
	auto entry = file.extended_info->options.find(FILE_SIZE_OPTION);
	if (entry == file.extended_info->options.end()) {
		return 0;
	}
	return UBigIntValue::Get(entry->second);
}

} // namespace inlake
