#include "write/lake_row_sink.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_table_entry.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/inlining_policy.hpp"
#include "write/partitioned_file_writer.hpp"

#include "duckdb/logging/logger.hpp"
#include "duckdb/main/client_context.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

LakeRowSink::LakeRowSink(LakeTableEntry &table, bool keep_row_ids) : table(table), keep_row_ids(keep_row_ids) {
}

LakeRowSink::~LakeRowSink() = default;

void CheckNotNull(LakeTableEntry &table, DataChunk &chunk) {
	auto &columns = table.Record().columns;
	for (idx_t i = 0; i < columns.size() && i < chunk.ColumnCount(); i++) {
		if (columns[i].nulls_allowed) {
			continue;
		}
		UnifiedVectorFormat format;
		chunk.data[i].ToUnifiedFormat(chunk.size(), format);
		if (format.validity.AllValid()) {
			continue;
		}
		for (idx_t row = 0; row < chunk.size(); row++) {
			if (!format.validity.RowIsValid(format.sel->get_index(row))) {
				throw ConstraintException("NOT NULL constraint failed: %s.%s", table.name, columns[i].name);
			}
		}
	}
}

void LakeRowSink::DecideInlining(ClientContext &context) {
	auto &transaction = LakeTransaction::Get(context, table.ParentCatalog());
	transaction.CheckWritable("insert");
	inline_decided = true;
	refuse_nul_partition_values =
	    table.Record().partition.IsPartitioned() && !transaction.GetCatalog().Store().StoresNulInText();
	inlining_limit = transaction.InliningRowLimit(table);
	if (inlining_limit == 0) {
		return;
	}
	inlining_blocker = InliningBlocker(table.Record().columns, transaction.GetCatalog().FormatVersion(),
	                                   transaction.GetCatalog().Store().MaxInlinedTableColumns());
	if (!inlining_blocker.empty()) {
		return; // Parquet; Finish() warns when the statement was small enough to have been inlined
	}
	auto types = table.GetTypes();
	if (keep_row_ids) {
		types.push_back(LogicalType::BIGINT);
	}
	buffer = make_uniq<ColumnDataCollection>(context, types);
}

void LakeRowSink::StartParquet(ClientContext &context) {
	auto &transaction = LakeTransaction::Get(context, table.ParentCatalog());
	auto options = transaction.WriteOptionsFor(table);
	options.write_row_id = keep_row_ids;
	writer = make_uniq<PartitionedFileWriter>(context, std::move(options));
	if (buffer) {
		for (auto &buffered : buffer->Chunks()) {
			writer->Append(buffered);
		}
		buffer.reset();
	}
}

void LakeRowSink::Append(ClientContext &context, DataChunk &chunk) {
	if (chunk.size() == 0) {
		return;
	}
	CheckNotNull(table, chunk);
	row_count += chunk.size();
	if (!inline_decided) {
		DecideInlining(context);
	}
	if (refuse_nul_partition_values) {
		RefuseNulPartitionValues(table.name, table.Record().partition, table.Record().columns, chunk);
	}
	if (buffer && int64_t(buffer->Count() + chunk.size()) <= inlining_limit) {
		buffer->Append(chunk);
		return;
	}
	if (!writer) {
		StartParquet(context);
	}
	writer->Append(chunk);
}

void LakeRowSink::Finish(ClientContext &context) {
	if (!inlining_blocker.empty() && int64_t(row_count) <= inlining_limit) {
		DUCKDB_LOG_WARN(context, "DuckLake table \"%s\" cannot be inlined, writing Parquet instead: %s", table.name,
		                inlining_blocker);
	}
	auto &transaction = LakeTransaction::Get(context, table.ParentCatalog());
	if (!writer && buffer && buffer->Count() > 0 && !transaction.GetCatalog().Store().StoresNulInText() &&
	    HasNulInNestedValues(*buffer, table.Record().columns.size())) {
		StartParquet(context); // the catalog cannot hold these rows: they go to a file
	}
	if (writer) {
		transaction.AppendFiles(table, writer->Finish(), keep_row_ids);
	} else if (buffer && buffer->Count() > 0) {
		transaction.AppendInlinedRows(table, *buffer, keep_row_ids);
	}
	writer.reset();
	buffer.reset();
}

} // namespace inlake
