#include "common/file_encryption_key.hpp"

#include "common/openssl_aes.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/types/blob.hpp"

namespace inlake {

using namespace duckdb; // NOLINT: this file only talks to DuckDB

static constexpr size_t kNewKeyBytes = 32;

std::string NewFileEncryptionKey() {
	uint8_t key[kNewKeyBytes];
	FillRandomBytes(key, sizeof(key));
	return Blob::ToBase64(string_t(const_char_ptr_cast(key), sizeof(key)));
}

std::string DecodeFileEncryptionKey(const std::string &catalog_text, const std::string &path) {
	std::string key;
	try {
		key = Blob::FromBase64(string_t(catalog_text));
	} catch (std::exception &) {
		key.clear();
	}
	if (key.size() != 16 && key.size() != 24 && key.size() != 32) {
		throw IOException("The catalog's encryption key of file \"%s\" is not an AES key (base64 of 16, 24 or 32 "
		                  "bytes): the catalog is damaged",
		                  path);
	}
	return key;
}

std::string ExplainKeyMismatch(const std::string &message) {
	if (message.find("Computed AES tag differs from read AES tag") != std::string::npos) {
		return "it does not decrypt with its key in the catalog (the file was replaced or damaged, or the catalog's "
		       "encryption_key is wrong)";
	}
	if (message.find("is encrypted, but 'encryption_config' was not set") != std::string::npos) {
		return "the file is encrypted, but the catalog holds no key for it (its encryption_key is empty): the catalog "
		       "is damaged or the file was replaced";
	}
	if (message.find("is not encrypted, but 'encryption_config' was set") != std::string::npos) {
		return "the catalog holds a key for it, but the file is not encrypted: the file was replaced";
	}
	return std::string();
}

Value ParquetEncryptionConfig(const std::string &catalog_text, const std::string &path) {
	auto key = DecodeFileEncryptionKey(catalog_text, path);
	child_list_t<Value> fields;
	fields.emplace_back("footer_key_value", Value::BLOB(const_data_ptr_cast(key.data()), key.size()));
	return Value::STRUCT(std::move(fields));
}

} // namespace inlake
