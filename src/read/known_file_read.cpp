#include "read/known_file_read.hpp"

#include "metadata/sql_literal.hpp"
#include "read/data_file_open_info.hpp"
#include "read/small_file_prefetch.hpp"

#include "duckdb/common/multi_file/multi_file_reader.hpp"
#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/duck_schema_entry.hpp"
#include "duckdb/catalog/catalog_entry/table_function_catalog_entry.hpp"
#include "duckdb/parser/parsed_data/create_table_function_info.hpp"
#include "parquet_multi_file_info.hpp"

namespace inlake {

using namespace duckdb; // NOLINT

namespace {

constexpr const char *FUNCTION_NAME = "__inlake_read_parquet";
constexpr const char *FILE_SIZE_PARAMETER = "file_size";
constexpr const char *FOOTER_SIZE_PARAMETER = "footer_size";
constexpr const char *ENCRYPTION_KEYS_PARAMETER = "encryption_keys";

//! read_parquet's MultiFileReader, except that the file list is the paths as given (no glob), and that each
//! file's OpenFileInfo carries the facts of the named parameters. DuckDB creates the file list before it parses
//! the named parameters: each listed file has an ExtendedOpenFileInfo of its own, which ParseOption fills in.
class KnownFileReader : public MultiFileReader {
public:
	static unique_ptr<MultiFileReader> CreateInstance(const TableFunction &function) {
		return make_uniq<KnownFileReader>();
	}

	shared_ptr<MultiFileList> CreateFileList(ClientContext &context, const vector<string> &paths,
	                                         const FileGlobInput &glob_input) override {
		infos.clear();
		vector<OpenFileInfo> files;
		for (auto &path : paths) {
			OpenFileInfo file(path);
			file.extended_info = make_shared_ptr<ExtendedOpenFileInfo>();
			infos.emplace_back(path, file.extended_info);
			files.push_back(std::move(file));
		}
		return make_shared_ptr<SimpleMultiFileList>(std::move(files));
	}

	bool ParseOption(const string &key, const Value &value, MultiFileOptions &options,
	                 ClientContext &context) override {
		if (key == FILE_SIZE_PARAMETER) {
			file_size = value.IsNull() ? 0 : value.GetValue<uint64_t>();
		} else if (key == FOOTER_SIZE_PARAMETER) {
			footer_size = value.IsNull() ? 0 : value.GetValue<uint64_t>();
		} else if (key == ENCRYPTION_KEYS_PARAMETER) {
			keys.clear();
			for (auto &child : ListValue::GetChildren(value)) {
				keys.push_back(child.IsNull() ? std::string() : StringValue::Get(child));
			}
		} else {
			return MultiFileReader::ParseOption(key, value, options, context);
		}
		ApplyFacts();
		return true;
	}

	shared_ptr<BaseFileReader> CreateReader(ClientContext &context, GlobalTableFunctionState &gstate,
	                                        const OpenFileInfo &file, idx_t file_idx,
	                                        const MultiFileBindData &bind_data) override {
		PrefetchSmallFile(context, file);
		return MultiFileReader::CreateReader(context, gstate, file, file_idx, bind_data);
	}

	shared_ptr<BaseFileReader> CreateReader(ClientContext &context, const OpenFileInfo &file,
	                                        BaseFileReaderOptions &options, const MultiFileOptions &file_options,
	                                        MultiFileReaderInterface &interface) override {
		PrefetchSmallFile(context, file);
		return MultiFileReader::CreateReader(context, file, options, file_options, interface);
	}

	unique_ptr<MultiFileReader> Copy() const override {
		auto result = make_uniq<KnownFileReader>();
		result->function_name = function_name;
		result->infos = infos;
		result->file_size = file_size;
		result->footer_size = footer_size;
		result->keys = keys;
		return std::move(result);
	}

private:
	//! Rewrites every file's options from the parameters parsed so far (sizes apply to a single file only).
	void ApplyFacts() {
		for (idx_t i = 0; i < infos.size(); i++) {
			OpenFileInfo file(infos[i].first);
			file.extended_info = infos[i].second;
			file.extended_info->options.clear();
			if (infos.size() == 1) {
				AddKnownFileFacts(file, file_size, footer_size);
			}
			if (i < keys.size()) {
				AddEncryptionKey(file, keys[i]);
			}
		}
	}

	vector<std::pair<string, shared_ptr<ExtendedOpenFileInfo>>> infos;
	idx_t file_size = 0;
	idx_t footer_size = 0;
	vector<string> keys;
};

} // namespace

namespace {

TableFunctionSet MakeKnownFileReadSet() {
	auto functions = ParquetScanFunction::GetFunctionSet();
	TableFunctionSet set(FUNCTION_NAME);
	for (auto &function : functions.functions) {
		if (function.arguments.size() != 1) {
			continue;
		}
		function.name = FUNCTION_NAME;
		function.named_parameters[FILE_SIZE_PARAMETER] = LogicalType::UBIGINT;
		function.named_parameters[FOOTER_SIZE_PARAMETER] = LogicalType::UBIGINT;
		function.named_parameters[ENCRYPTION_KEYS_PARAMETER] = LogicalType::LIST(LogicalType::VARCHAR);
		function.get_multi_file_reader = KnownFileReader::CreateInstance;
		set.AddFunction(function);
	}
	return set;
}

} // namespace

std::unique_ptr<InternalConnection> OpenKnownFileReadConnection(DatabaseInstance &db) {
	static const TableFunctionSet set = MakeKnownFileReadSet();
	auto connection = OpenInternalConnection(db);
	auto &context = *connection->context;
	context.RunFunctionInTransaction([&]() {
		// DuckSchemaEntry::CreateTableFunction would make a non-temporary entry, which the temporary catalog
		// refuses: the entry is made here and marked temporary
		CreateTableFunctionInfo info(set);
		info.schema = DEFAULT_SCHEMA;
		info.internal = false;
		auto &schema = Catalog::GetSchema(context, TEMP_CATALOG, DEFAULT_SCHEMA).Cast<DuckSchemaEntry>();
		auto entry = make_uniq<TableFunctionCatalogEntry>(schema.ParentCatalog(), schema, info);
		entry->temporary = true;
		schema.AddEntry(schema.GetCatalogTransaction(context), std::move(entry), OnCreateConflict::IGNORE_ON_CONFLICT);
	});
	return connection;
}

static std::string KeysParameter(const std::vector<StoredFile> &files) {
	std::string keys;
	bool any = false;
	for (auto &file : files) {
		keys += std::string(keys.empty() ? "" : ", ") +
		        (file.encryption_key.empty() ? std::string("NULL") : SqlString(file.encryption_key));
		any = any || !file.encryption_key.empty();
	}
	return any ? ", encryption_keys = [" + keys + "]::VARCHAR[]" : std::string();
}

std::string KnownFileReadSql(const StoredFile &file, const std::string &extra) {
	return std::string(FUNCTION_NAME) + "(" + SqlString(file.path) +
	       ", file_size = " + SqlInt(std::max<int64_t>(file.file_size, 0)) +
	       ", footer_size = " + SqlInt(std::max<int64_t>(file.footer_size, 0)) + KeysParameter({file}) +
	       ", hive_partitioning = false" + extra + ")";
}

std::string KnownFilesReadSql(const std::vector<StoredFile> &files, const std::string &extra) {
	std::string paths;
	for (auto &file : files) {
		paths += (paths.empty() ? "" : ", ") + SqlString(file.path);
	}
	return std::string(FUNCTION_NAME) + "([" + paths + "]" + KeysParameter(files) + ", hive_partitioning = false" +
	       extra + ")";
}

} // namespace inlake
