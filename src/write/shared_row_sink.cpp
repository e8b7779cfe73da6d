#include "write/shared_row_sink.hpp"

#include "catalog/lake_table_entry.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/parquet_copy_binding.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

SharedRowSink::SharedRowSink(LakeTableEntry &table, bool keep_row_ids)
    : table(table), keep_row_ids(keep_row_ids), rows_held_back(table, keep_row_ids, &statement) {
}

SharedRowSink::~SharedRowSink() {
	if (files.empty() || !context) {
		return;
	}
	std::vector<std::string> paths;
	for (auto &file : files) {
		paths.push_back(file.path);
	}
	try {
		RemoveFilesQuietly(*context, paths);
	} catch (...) { // NOLINT: a destructor must not throw
	}
}

std::unique_ptr<LakeRowSink> SharedRowSink::Local() {
	return std::unique_ptr<LakeRowSink>(new LakeRowSink(table, keep_row_ids, &statement));
}

void SharedRowSink::Combine(ClientContext &client, LakeRowSink &local) {
	// a thread closes its own files (the last row group and the footer) outside the lock
	std::vector<WrittenDataFile> written;
	local.CloseFiles(written);
	std::lock_guard<std::recursive_mutex> guard(statement.transaction_lock);
	context = &client;
	files.insert(files.end(), std::make_move_iterator(written.begin()), std::make_move_iterator(written.end()));
	local.HandOverHeldBack(client, rows_held_back);
}

void SharedRowSink::Finish(ClientContext &client) {
	std::lock_guard<std::recursive_mutex> guard(statement.transaction_lock);
	rows_held_back.Finish(client);
	if (!files.empty()) {
		auto &transaction = LakeTransaction::Get(client, table.ParentCatalog());
		transaction.AppendFiles(table, std::move(files), keep_row_ids);
		files.clear();
	}
}

} // namespace inlake
