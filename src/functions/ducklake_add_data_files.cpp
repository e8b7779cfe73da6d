// ducklake_add_data_files('lake', 'table', paths [, schema => s, allow_missing => b, ignore_extra_columns => b,
// hive_partitioning => b]), also lake.add_data_files('table', paths, ...): registers existing Parquet files (a
// path, a glob, or a list of them; inside or outside the lake's data path) as data files of the table, without
// copying them. Returns one row per file: its path and how many rows it added.
//
// The files join the calling transaction (visible to it at once, to others from its commit on) and get fresh row
// ids from the table's row-id sequence. Their columns are matched to the table's once, here (see
// write/added_file_columns.hpp), and recorded as a name mapping the scan reads them through; their statistics
// come from their footers (write/parquet_footer_reader.hpp). A file inside the table's folder is recorded
// relative to it, any other with its absolute path. The lake never removes an added file that is not named like
// its own files under its data path (see maintenance/file_cleanup.hpp): a rollback leaves every added file alone.
//
// Refused, with nothing added: a path that does not exist, a glob that matches nothing, a file that is not
// readable Parquet, a file the table already has (compared canonically: links resolved) or one given twice,
// and the column mismatches MatchFileColumns refuses. hive_partitioning (default true): `key=value` folders of a
// file's path give the values of table columns the file lacks (read as constants; tables are not partitioned).
#include "catalog/lake_catalog.hpp"
#include "common/lake_paths.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/added_file_columns.hpp"
#include "write/parquet_footer_reader.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/main/client_context.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

namespace {

const char *const kFunction = "ducklake_add_data_files";

bool NamedFlag(duckdb::TableFunctionBindInput &input, const char *name, bool if_absent) {
	auto entry = input.named_parameters.find(name);
	if (entry == input.named_parameters.end()) {
		return if_absent;
	}
	if (entry->second.IsNull()) {
		throw duckdb::InvalidInputException("%s: %s must be true or false, not NULL", kFunction, name);
	}
	return entry->second.GetValue<bool>();
}

std::string TextArgument(const Value &value, const char *what) {
	if (value.IsNull()) {
		throw duckdb::InvalidInputException("%s: the %s must not be NULL", kFunction, what);
	}
	return value.ToString();
}

//! The paths, globs or lists of them the call names, as given
std::vector<std::string> GivenPaths(const Value &value) {
	std::vector<std::string> result;
	if (value.IsNull()) {
		throw duckdb::InvalidInputException("%s: the paths must not be NULL", kFunction);
	}
	if (value.type().id() == duckdb::LogicalTypeId::LIST) {
		for (auto &child : duckdb::ListValue::GetChildren(value)) {
			result.push_back(TextArgument(child, "paths"));
		}
	} else if (value.type().id() == duckdb::LogicalTypeId::VARCHAR) {
		result.push_back(value.ToString());
	} else {
		throw duckdb::InvalidInputException("%s: the paths must be a VARCHAR or a VARCHAR[], not %s", kFunction,
		                                    value.type().ToString());
	}
	if (result.empty()) {
		throw duckdb::InvalidInputException("%s: the list of paths is empty", kFunction);
	}
	return result;
}

//! A path as the lake stores and reads it: absolute and normalised (URLs as written)
std::string FullPath(const std::string &path, const std::string &working) {
	return IsUrlPath(path) ? path : AbsoluteLocalPath(WithoutFileScheme(path), working);
}

//! Every file the given paths name, in the order given (a glob's matches sorted)
std::vector<std::string> ExpandPaths(duckdb::ClientContext &context, const std::vector<std::string> &given) {
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	auto working = WithTrailingSlash(duckdb::FileSystem::GetWorkingDirectory());
	std::vector<std::string> result;
	for (auto &text : given) {
		auto path = fs.ExpandPath(text);
		if (duckdb::FileSystem::HasGlob(path)) {
			std::vector<std::string> matches;
			for (auto &match : fs.Glob(path)) {
				matches.push_back(FullPath(match.path, working));
			}
			if (matches.empty()) {
				throw duckdb::InvalidInputException("%s: no file matches \"%s\"", kFunction, text);
			}
			std::sort(matches.begin(), matches.end());
			result.insert(result.end(), matches.begin(), matches.end());
			continue;
		}
		if (!fs.FileExists(path)) {
			throw duckdb::InvalidInputException("%s: file \"%s\" does not exist", kFunction, text);
		}
		result.push_back(FullPath(path, working));
	}
	return result;
}

std::string Canonical(const std::string &full_path) {
	return IsUrlPath(full_path) ? full_path : CanonicalLocalPath(full_path);
}

WrittenDataFile AddedFile(const ParquetFooter &footer, const MatchedFile &matched, const std::string &stored,
                          bool record_row_groups) {
	WrittenDataFile file;
	file.path = footer.path;
	file.file_name = stored;
	file.record_count = footer.record_count;
	file.file_size_bytes = footer.file_size_bytes;
	file.footer_size = footer.footer_size;
	file.row_group_count = record_row_groups ? footer.row_group_count : -1;
	for (auto &stats : matched.column_stats) {
		WrittenColumnStats column;
		column.column_id = stats.column_id;
		column.value_count = stats.value_count;
		column.null_count = stats.null_count;
		column.column_size_bytes = stats.column_size_bytes;
		column.has_min_max = stats.has_min_max;
		column.min_value = stats.min_value;
		column.max_value = stats.max_value;
		column.contains_nan = stats.contains_nan;
		file.column_stats.push_back(std::move(column));
	}
	return file;
}

duckdb::unique_ptr<duckdb::FunctionData> AddDataFilesBind(duckdb::ClientContext &context,
                                                          duckdb::TableFunctionBindInput &input,
                                                          duckdb::vector<LogicalType> &types,
                                                          duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], kFunction);
	catalog.CheckWritable("add data files");
	auto &transaction = LakeTransaction::Get(context, catalog);
	auto table_name = TextArgument(input.inputs[1], "table name");
	auto schema_value = NamedArgument(input, "schema");
	auto schema_name = schema_value ? schema_value->ToString() : std::string("main");
	AddFilesOptions options;
	options.allow_missing = NamedFlag(input, "allow_missing", false);
	options.ignore_extra_columns = NamedFlag(input, "ignore_extra_columns", false);
	options.hive_partitioning = NamedFlag(input, "hive_partitioning", true);
	auto given = GivenPaths(input.inputs[2]);

	auto schema = transaction.LookupSchema(schema_name);
	if (!schema) {
		throw duckdb::CatalogException("%s: schema \"%s\" does not exist in lake \"%s\"", kFunction, schema_name,
		                               catalog.GetName());
	}
	auto table = transaction.LookupTable(*schema, table_name);
	if (!table) {
		throw duckdb::CatalogException("%s: table \"%s.%s\" does not exist in lake \"%s\"", kFunction, schema_name,
		                               table_name, catalog.GetName());
	}
	auto paths = ExpandPaths(context, given);

	// where each file is, and how the catalog may spell it
	auto table_path = transaction.TableDataPath(*table);
	std::vector<std::string> stored(paths.size()), canonical(paths.size()), spellings;
	std::vector<bool> relative(paths.size());
	std::set<std::string> seen;
	for (size_t i = 0; i < paths.size(); i++) {
		canonical[i] = Canonical(paths[i]);
		if (!seen.insert(canonical[i]).second) {
			throw duckdb::InvalidInputException("%s: file \"%s\" is named twice", kFunction, paths[i]);
		}
		relative[i] = !IsUrlPath(paths[i]) && PathIsUnder(paths[i], table_path) && paths[i] != table_path;
		stored[i] = relative[i] ? paths[i].substr(table_path.size()) : paths[i];
		spellings.push_back(stored[i]);
		spellings.push_back(paths[i]);
		if (canonical[i] != paths[i]) {
			spellings.push_back(canonical[i]);
		}
	}
	auto known = transaction.KnownFilesOfTable(*table, spellings);
	for (size_t i = 0; i < paths.size(); i++) {
		if (known.count(canonical[i])) {
			throw duckdb::InvalidInputException("%s: file \"%s\" is already a data file of table \"%s\"", kFunction,
			                                    paths[i], table->name);
		}
	}

	auto footers = ReadParquetFooters(*context.db, paths, kFunction);
	auto &columns = table->Record().columns;
	bool record_row_groups = catalog.FormatVersion() != "1.0";
	std::map<std::string, std::shared_ptr<const NameMapping>> mappings;
	std::vector<WrittenDataFile> files;
	std::vector<std::shared_ptr<const AddedFileInfo>> added;
	auto result = duckdb::make_uniq<RowsBindData>();
	for (size_t i = 0; i < footers.size(); i++) {
		auto matched = MatchFileColumns(table->name, columns, footers[i], options);
		auto &mapping = mappings[MappingKey(matched.mapping)];
		if (!mapping) {
			mapping = std::make_shared<const NameMapping>(matched.mapping);
		}
		auto info = std::make_shared<AddedFileInfo>();
		info->stored_path = stored[i];
		info->path_is_relative = relative[i];
		info->mapping = mapping;
		files.push_back(AddedFile(footers[i], matched, stored[i], record_row_groups));
		added.push_back(std::move(info));
		result->rows.push_back({Value(paths[i]), Value::BIGINT(footers[i].record_count)});
	}
	transaction.AddExternalFiles(*table, std::move(files), std::move(added));
	names = {"path", "row_count"};
	types = {LogicalType::VARCHAR, LogicalType::BIGINT};
	return std::move(result);
}

} // namespace

duckdb::TableFunction AddDataFilesFunction() {
	duckdb::TableFunction function(kFunction, {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::ANY},
	                               EmitRows, AddDataFilesBind, InitRowsScan);
	function.named_parameters["schema"] = LogicalType::VARCHAR;
	function.named_parameters["allow_missing"] = LogicalType::BOOLEAN;
	function.named_parameters["ignore_extra_columns"] = LogicalType::BOOLEAN;
	function.named_parameters["hive_partitioning"] = LogicalType::BOOLEAN;
	return function;
}

} // namespace inlake
