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

LakeRowSink::LakeRowSink(LakeTableEntry &table, bool keep_row_ids, StatementRows *statement)
    : table(table), keep_row_ids(keep_row_ids), statement(statement) {
}

//! The statement's transaction lock, held when the sink shares its statement with sinks on other threads
static std::unique_lock<std::recursive_mutex> TransactionGuard(StatementRows *statement) {
	return statement ? std::unique_lock<std::recursive_mutex>(statement->transaction_lock)
	                 : std::unique_lock<std::recursive_mutex>();
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

idx_t LakeRowSink::StatementRowCount() const {
	return statement ? statement->count.load() : row_count;
}

void LakeRowSink::DecideInlining(ClientContext &context) {
	auto guard = TransactionGuard(statement);
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
	{
		auto guard = TransactionGuard(statement);
		auto &transaction = LakeTransaction::Get(context, table.ParentCatalog());
		auto options = transaction.WriteOptionsFor(table);
		options.write_row_id = keep_row_ids;
		writer = make_uniq<PartitionedFileWriter>(context, std::move(options));
	}
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
	auto statement_rows = statement ? statement->count += chunk.size() : row_count;
	Route(context, chunk, statement_rows);
}

void LakeRowSink::Route(ClientContext &context, DataChunk &chunk, idx_t statement_rows) {
	if (!inline_decided) {
		DecideInlining(context);
	}
	if (refuse_nul_partition_values) {
		RefuseNulPartitionValues(table.name, table.Record().partition, table.Record().columns, chunk);
	}
	if (buffer && int64_t(statement_rows) <= inlining_limit) {
		buffer->Append(chunk);
		return;
	}
	if (!writer) {
		StartParquet(context);
	}
	writer->Append(chunk);
}

void LakeRowSink::CloseFiles(std::vector<WrittenDataFile> &files) {
	if (writer) {
		auto written = writer->Finish();
		files.insert(files.end(), std::make_move_iterator(written.begin()), std::make_move_iterator(written.end()));
		writer.reset();
	}
}

void LakeRowSink::HandOverHeldBack(ClientContext &context, LakeRowSink &target) {
	if (buffer) {
		for (auto &chunk : buffer->Chunks()) {
			target.row_count += chunk.size();
			target.Route(context, chunk, StatementRowCount());
		}
		buffer.reset();
	}
	row_count = 0;
}

void LakeRowSink::Finish(ClientContext &context) {
	auto guard = TransactionGuard(statement);
	if (!writer && buffer && int64_t(StatementRowCount()) > inlining_limit) {
		StartParquet(context); // rows held back by one thread of a statement that turned out larger than the limit
	}
	if (!inlining_blocker.empty() && int64_t(StatementRowCount()) <= inlining_limit) {
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
