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

//! read_parquet's MultiFileReader, except that the file list is the paths as given (no glob), and that the
//! file's OpenFileInfo carries the facts of the named parameters. DuckDB creates the file list before it parses
//! the named parameters: the list's files share one ExtendedOpenFileInfo, which ParseOption fills in.
class KnownFileReader : public MultiFileReader {
public:
	static unique_ptr<MultiFileReader> CreateInstance(const TableFunction &function) {
		return make_uniq<KnownFileReader>();
	}

	shared_ptr<MultiFileList> CreateFileList(ClientContext &context, const vector<string> &paths,
	                                         const FileGlobInput &glob_input) override {
		info = make_shared_ptr<ExtendedOpenFileInfo>();
		vector<OpenFileInfo> files;
		for (auto &path : paths) {
			OpenFileInfo file(path);
			file.extended_info = info;
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
		} else {
			return MultiFileReader::ParseOption(key, value, options, context);
		}
		if (info) {
			info->options.clear();
			OpenFileInfo file;
			file.extended_info = info;
			AddKnownFileFacts(file, file_size, footer_size);
		}
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
		result->info = info;
		result->file_size = file_size;
		result->footer_size = footer_size;
		return std::move(result);
	}

private:
	shared_ptr<ExtendedOpenFileInfo> info;
	idx_t file_size = 0;
	idx_t footer_size = 0;
};

} // namespace

namespace {

TableFunctionSet MakeKnownFileReadSet() {
	auto functions = ParquetScanFunction::GetFunctionSet();
	TableFunctionSet set(FUNCTION_NAME);
	for (auto &function : functions.functions) {
		if (function.arguments.size() != 1 || function.arguments[0].id() != LogicalTypeId::VARCHAR) {
			continue; // one path only
		}
		function.name = FUNCTION_NAME;
		function.named_parameters[FILE_SIZE_PARAMETER] = LogicalType::UBIGINT;
		function.named_parameters[FOOTER_SIZE_PARAMETER] = LogicalType::UBIGINT;
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

std::string KnownFileReadSql(const std::string &path, int64_t file_size, int64_t footer_size,
                             const std::string &extra) {
	return std::string(FUNCTION_NAME) + "(" + SqlString(path) +
	       ", file_size = " + SqlInt(std::max<int64_t>(file_size, 0)) +
	       ", footer_size = " + SqlInt(std::max<int64_t>(footer_size, 0)) + ", hive_partitioning = false" + extra + ")";
}

} // namespace inlake
