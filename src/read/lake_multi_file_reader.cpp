#include "read/lake_multi_file_reader.hpp"

#include "common/file_encryption_key.hpp"
#include "read/delete_filter.hpp"
#include "read/float_equality_filter.hpp"
#include "read/lake_column_definition.hpp"
#include "read/lake_file_list.hpp"
#include "read/name_mapped_columns.hpp"
#include "read/row_set_reader.hpp"
#include "read/small_file_prefetch.hpp"

#include "duckdb/common/error_data.hpp"
#include "duckdb/common/multi_file/multi_file_function.hpp"
#include "duckdb/function/function_binder.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "duckdb/planner/expression/bound_cast_expression.hpp"
#include "duckdb/planner/expression/bound_constant_expression.hpp"
#include "duckdb/planner/expression/bound_reference_expression.hpp"
#include "duckdb/planner/expression_iterator.hpp"
#include "duckdb/planner/filter/expression_filter.hpp"
#include "duckdb/planner/table_filter.hpp"

namespace inlake {

using namespace duckdb;

LakeMultiFileReader::LakeMultiFileReader(std::shared_ptr<LakeScanSpec> spec_p) : spec(std::move(spec_p)) {
	row_id_column = make_uniq<MultiFileColumnDefinition>(RowIdColumnDefinition());
	snapshot_id_column = make_uniq<MultiFileColumnDefinition>(SnapshotIdColumnDefinition());
}

unique_ptr<MultiFileReader> LakeMultiFileReader::CreateInstance(const TableFunction &function) {
	if (!function.function_info) {
		throw InternalException("inlake scan: the scan function has no scan spec");
	}
	auto &info = function.function_info->Cast<LakeScanFunctionInfo>();
	return make_uniq<LakeMultiFileReader>(info.spec);
}

unique_ptr<MultiFileReader> LakeMultiFileReader::Copy() const {
	auto result = make_uniq<LakeMultiFileReader>(spec);
	result->function_name = function_name;
	return std::move(result);
}

shared_ptr<MultiFileList> LakeMultiFileReader::CreateFileList(ClientContext &context, const vector<string> &paths,
                                                              const FileGlobInput &glob_input) {
	return make_shared_ptr<LakeFileList>(spec);
}

bool LakeMultiFileReader::Bind(MultiFileOptions &options, MultiFileList &files, vector<LogicalType> &return_types,
                               vector<string> &names, MultiFileReaderBindData &bind_data) {
	for (auto &column : spec->columns) {
		names.push_back(column.name);
		return_types.push_back(column.type);
	}
	bind_data.schema = LakeColumnDefinitions(spec->columns);
	bind_data.mapping = MultiFileColumnMappingMode::BY_FIELD_ID;
	return true;
}

void LakeMultiFileReader::BindOptions(MultiFileOptions &options, MultiFileList &files,
                                      vector<LogicalType> &return_types, vector<string> &names,
                                      MultiFileReaderBindData &bind_data) {
	// no filename / hive partitioning columns: the schema is the table's
}

shared_ptr<BaseFileReader> LakeMultiFileReader::TryCreateRowSetReader(const OpenFileInfo &file) {
	if (!LakeFileList::IsRowSet(file)) {
		return nullptr;
	}
	auto &row_set = spec->row_sets[LakeFileList::SourceIndex(file)];
	if (row_set.rows && row_set.rows->ColumnCount() != spec->columns.size() + 2) {
		throw InvalidInputException("inlake scan: a row set of table \"%s\" has %d columns, expected %d",
		                            spec->table_name, row_set.rows->ColumnCount(), spec->columns.size() + 2);
	}
	auto columns = LakeColumnDefinitions(spec->columns, false);
	columns.push_back(RowIdColumnDefinition());
	columns.push_back(SnapshotIdColumnDefinition());
	return make_shared_ptr<RowSetReader>(file, row_set, spec->columns.size(), std::move(columns));
}

void LakeMultiFileReader::AttachDeletes(BaseFileReader &reader, const OpenFileInfo &file) {
	auto &data_file = spec->files[LakeFileList::SourceIndex(file)];
	if (data_file.name_mapping) {
		ApplyNameMapping(reader.columns, *data_file.name_mapping);
	}
	if (!data_file.deleted_positions.empty()) {
		reader.deletion_filter = make_uniq<PositionDeleteFilter>(spec, data_file.deleted_positions);
	}
}

//! Runs `create` (DuckDB's reader opening `file`), naming the file when its key does not fit: DuckDB's message names
//! neither the file nor where the key came from.
template <class CREATE>
static shared_ptr<BaseFileReader> OpenDataFile(const OpenFileInfo &file, CREATE create) {
	try {
		return create();
	} catch (std::exception &ex) {
		ErrorData error(ex);
		auto explained = ExplainKeyMismatch(error.RawMessage());
		if (explained.empty()) {
			throw;
		}
		throw IOException("Cannot read data file \"%s\": %s", file.path, explained);
	}
}

shared_ptr<BaseFileReader> LakeMultiFileReader::CreateReader(ClientContext &context, GlobalTableFunctionState &gstate,
                                                             const OpenFileInfo &file, idx_t file_idx,
                                                             const MultiFileBindData &bind_data) {
	auto reader = TryCreateRowSetReader(file);
	if (reader) {
		return reader;
	}
	PrefetchSmallFile(context, file);
	reader = OpenDataFile(file, [&]() { return MultiFileReader::CreateReader(context, gstate, file, file_idx, bind_data); });
	AttachDeletes(*reader, file);
	return reader;
}

shared_ptr<BaseFileReader> LakeMultiFileReader::CreateReader(ClientContext &context, const OpenFileInfo &file,
                                                             BaseFileReaderOptions &options,
                                                             const MultiFileOptions &file_options,
                                                             MultiFileReaderInterface &interface) {
	auto reader = TryCreateRowSetReader(file);
	if (reader) {
		return reader;
	}
	PrefetchSmallFile(context, file);
	reader = OpenDataFile(file, [&]() { return MultiFileReader::CreateReader(context, file, options, file_options, interface); });
	AttachDeletes(*reader, file);
	return reader;
}

static void MakeCastsTry(Expression &expression) {
	if (expression.GetExpressionClass() == ExpressionClass::BOUND_CAST) {
		expression.Cast<BoundCastExpression>().try_cast = true;
	}
	ExpressionIterator::EnumerateChildren(expression, [](Expression &child) { MakeCastsTry(child); });
}

// With a filter pushed into a file, DuckDB casts the file's columns to the table's types for every row of a chunk
// before it filters, and drops deleted rows only afterwards. Time travel to a snapshot before ALTER COLUMN TYPE
// reads a flushed file, written in the wider type, through the older, narrower one: the rows that snapshot does
// not see (inserted later, hidden as deleted positions) may hold values the old type cannot take, and the cast
// failed the query. Every row the snapshot sees was written under its type and fits, so a TRY_CAST changes
// nothing for them. The change feed reads such rows and drops them itself (try_cast_columns).
//! Whether a file stores a column in a type that holds fewer values than the table's (a FLOAT column widened to
//! DOUBLE, a DECIMAL whose scale grew since): a filter constant cast to the file's type would be rounded.
static bool StoredNarrower(const LogicalType &stored, const LogicalType &type) {
	if (stored.id() == LogicalTypeId::FLOAT && type.id() == LogicalTypeId::DOUBLE) {
		return true;
	}
	return stored.id() == LogicalTypeId::DECIMAL && type.id() == LogicalTypeId::DECIMAL &&
	       DecimalType::GetScale(stored) < DecimalType::GetScale(type);
}

//! StoredNarrower for the column or any of its nested fields (matched by field id; a filter on a STRUCT's field is
//! pushed through the same cast)
static bool HasNarrowerField(const MultiFileColumnDefinition &local, const MultiFileColumnDefinition &global) {
	if (StoredNarrower(local.type, global.type)) {
		return true;
	}
	for (auto &global_child : global.children) {
		for (auto &local_child : local.children) {
			if (!local_child.identifier.IsNull() && local_child.identifier == global_child.identifier &&
			    HasNarrowerField(local_child, global_child)) {
				return true;
			}
		}
	}
	return false;
}

//! A filter for a file where DuckDB's own would be wrong, or nullptr. On a column the file stores narrower: an
//! expression filter, as DuckDB pushes a comparison into a file by casting its constant to the file's type, which
//! rounds there (FLOAT 0.1 > 0.1 reads as false, DECIMAL(5,1) 1.2 > 1.15 as 1.2 > 1.2); an expression filter is
//! evaluated on the values after they are cast to the table's type. On a FLOAT or DOUBLE column: its equality
//! comparisons as ranges (see float_equality_filter.hpp).
static unique_ptr<TableFilter> ExactFilter(const BaseFileReader &reader, const MultiFileColumnDefinition &global,
                                           const TableFilter &filter) {
	for (auto &local : reader.columns) {
		if (!local.identifier.IsNull() && local.identifier == global.identifier) {
			if (HasNarrowerField(local, global)) {
				BoundReferenceExpression column(global.type, 0);
				return make_uniq<ExpressionFilter>(filter.ToExpression(column));
			}
			break;
		}
	}
	auto type = global.type.id();
	if (type == LogicalTypeId::FLOAT || type == LogicalTypeId::DOUBLE) {
		return FloatEqualityAsRange(filter);
	}
	return nullptr;
}

//! The filters for a file, each made its ExactFilter where it has one; nullptr when none has.
static unique_ptr<TableFilterSet> ExactFilters(const BaseFileReader &reader,
                                               const vector<MultiFileColumnDefinition> &global_columns,
                                               const vector<ColumnIndex> &global_column_ids,
                                               optional_ptr<TableFilterSet> filters) {
	if (!filters) {
		return nullptr;
	}
	unique_ptr<TableFilterSet> result;
	for (auto &entry : filters->filters) {
		if (entry.first >= global_column_ids.size()) {
			continue;
		}
		auto global_id = global_column_ids[entry.first].GetPrimaryIndex();
		if (global_id >= global_columns.size() || global_columns[global_id].identifier.IsNull()) {
			continue;
		}
		auto exact = ExactFilter(reader, global_columns[global_id], *entry.second);
		if (!exact) {
			continue;
		}
		if (!result) {
			result = make_uniq<TableFilterSet>();
			for (auto &copy : filters->filters) {
				result->filters.emplace(copy.first, copy.second->Copy());
			}
		}
		result->filters[entry.first] = std::move(exact);
	}
	return result;
}

ReaderInitializeType LakeMultiFileReader::CreateMapping(ClientContext &context, MultiFileReaderData &reader_data,
                                                        const vector<MultiFileColumnDefinition> &global_columns,
                                                        const vector<ColumnIndex> &global_column_ids,
                                                        optional_ptr<TableFilterSet> filters,
                                                        MultiFileList &multi_file_list,
                                                        const MultiFileReaderBindData &bind_data,
                                                        const virtual_column_map_t &virtual_columns,
                                                        MultiFileColumnMappingMode mapping_mode) {
	auto &reader = reader_data.reader;
	if (!reader || LakeFileList::IsRowSet(reader->file)) {
		return MultiFileReader::CreateMapping(context, reader_data, global_columns, global_column_ids, filters,
		                                      multi_file_list, bind_data, virtual_columns, mapping_mode);
	}
	auto &data_file = spec->files[LakeFileList::SourceIndex(reader->file)];
	auto exact_filters = ExactFilters(*reader, global_columns, global_column_ids, filters);
	if (exact_filters) {
		filters = exact_filters.get();
	}
	auto partitions = data_file.name_mapping ? HivePartitionValues(*data_file.name_mapping, data_file.path)
	                                         : std::map<int64_t, std::string>();
	ReaderInitializeType result;
	if (partitions.empty()) {
		result = MultiFileReader::CreateMapping(context, reader_data, global_columns, global_column_ids, filters,
		                                        multi_file_list, bind_data, virtual_columns, mapping_mode);
	} else {
		// a column the file lacks reads its default: here the value of the file's Hive folder
		auto columns = global_columns;
		for (auto &column : columns) {
			if (column.identifier.IsNull() || column.identifier.type().id() != LogicalTypeId::INTEGER) {
				continue;
			}
			auto value = partitions.find(IntegerValue::Get(column.identifier));
			if (value != partitions.end()) {
				column.default_expression = make_uniq<ConstantExpression>(HivePartitionValue(value->second, column.type));
			}
		}
		result = MultiFileReader::CreateMapping(context, reader_data, columns, global_column_ids, filters,
		                                        multi_file_list, bind_data, virtual_columns, mapping_mode);
	}
	if (data_file.try_cast_columns || (data_file.has_embedded_row_ids && !data_file.deleted_positions.empty())) {
		for (auto &entry : reader->expression_map) {
			MakeCastsTry(*entry.second);
		}
	}
	if (data_file.try_cast_columns) {
		// the feed drops the rows beyond its range after the file's columns reach the table's types
		for (auto &expression : reader_data.expressions) {
			MakeCastsTry(*expression);
		}
	}
	return result;
}

static bool HasFieldId(const vector<MultiFileColumnDefinition> &columns, int32_t field_id) {
	for (auto &column : columns) {
		if (column.identifier.IsNull() || column.identifier.type().id() != LogicalTypeId::INTEGER) {
			continue;
		}
		if (IntegerValue::Get(column.identifier) == field_id) {
			return true;
		}
	}
	return false;
}

//! The snapshot_id of a file's rows: its begin snapshot, NULL for the transaction's own uncommitted file
static Value SnapshotIdOf(const ScanDataFile &file) {
	return file.begin_snapshot == kUncommittedSnapshot ? Value(LogicalType::BIGINT) : Value::BIGINT(file.begin_snapshot);
}

unique_ptr<Expression> LakeMultiFileReader::GetConstantVirtualColumn(MultiFileReaderData &reader_data, idx_t column_id,
                                                                     const LogicalType &type) {
	if (column_id == LAKE_SNAPSHOT_ID_COLUMN && reader_data.reader &&
	    !LakeFileList::IsRowSet(reader_data.reader->file)) {
		auto &data_file = spec->files[LakeFileList::SourceIndex(reader_data.reader->file)];
		if (!data_file.has_embedded_row_ids) {
			return make_uniq<BoundConstantExpression>(SnapshotIdOf(data_file).DefaultCastAs(type));
		}
	}
	return MultiFileReader::GetConstantVirtualColumn(reader_data, column_id, type);
}

unique_ptr<Expression> LakeMultiFileReader::ComputedRowId(ClientContext &context, const ScanDataFile &file,
                                                          const LogicalType &type, MultiFileLocalIndex local_index) {
	vector<unique_ptr<Expression>> children;
	children.push_back(make_uniq<BoundConstantExpression>(Value::BIGINT(file.row_id_start)));
	children.push_back(make_uniq<BoundReferenceExpression>(LogicalType::BIGINT, local_index.GetIndex()));
	FunctionBinder binder(context);
	ErrorData error;
	auto result = binder.BindScalarFunction(DEFAULT_SCHEMA, "+", std::move(children), error, true, nullptr);
	if (error.HasError()) {
		error.Throw();
	}
	if (result->return_type != type) {
		result = BoundCastExpression::AddCastToType(context, std::move(result), type);
	}
	return result;
}

unique_ptr<Expression> LakeMultiFileReader::GetVirtualColumnExpression(
    ClientContext &context, MultiFileReaderData &reader_data, const vector<MultiFileColumnDefinition> &local_columns,
    idx_t &column_id, const LogicalType &type, MultiFileLocalIndex local_index,
    optional_ptr<MultiFileColumnDefinition> &global_column_reference) {
	auto &file = reader_data.reader->file;
	if (column_id == COLUMN_IDENTIFIER_ROW_ID) {
		if (HasFieldId(local_columns, LAKE_ROW_ID_FIELD_ID)) {
			// read from the file / row set: map to the column with the reserved field id
			global_column_reference = row_id_column.get();
			return nullptr;
		}
		if (LakeFileList::IsRowSet(file)) {
			throw InternalException("inlake scan: row set without row id column");
		}
		// row_id_start + file_row_number
		column_id = MultiFileReader::COLUMN_IDENTIFIER_FILE_ROW_NUMBER;
		return ComputedRowId(context, spec->files[LakeFileList::SourceIndex(file)], type, local_index);
	}
	if (column_id == LAKE_SNAPSHOT_ID_COLUMN) {
		if (HasFieldId(local_columns, LAKE_SNAPSHOT_ID_FIELD_ID)) {
			global_column_reference = snapshot_id_column.get();
			return nullptr;
		}
		if (LakeFileList::IsRowSet(file)) {
			throw InternalException("inlake scan: row set without snapshot id column");
		}
		auto &data_file = spec->files[LakeFileList::SourceIndex(file)];
		return make_uniq<BoundConstantExpression>(SnapshotIdOf(data_file).DefaultCastAs(type));
	}
	return MultiFileReader::GetVirtualColumnExpression(context, reader_data, local_columns, column_id, type,
	                                                   local_index, global_column_reference);
}

} // namespace inlake
