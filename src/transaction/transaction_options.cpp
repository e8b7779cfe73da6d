// LakeTransaction, part 4: options as the transaction sees them (persisted plus its own
// set_option calls) and what they decide: the inlining limit, how files are written.
#include "transaction/lake_transaction.hpp"

#include "catalog/lake_schema_entry.hpp"
#include "catalog/option_registry.hpp"
#include "catalog/table_columns.hpp"
#include "catalog/table_options_clause.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/table_alter.hpp"

#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "write/inlining_policy.hpp"
#include "transaction/lake_commit.hpp"

#include "duckdb/common/file_system.hpp"

#include <algorithm>
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/parser/parsed_data/create_schema_info.hpp"
#include "duckdb/planner/parsed_data/bound_create_table_info.hpp"
#include "duckdb/planner/tableref/bound_at_clause.hpp"

namespace inlake {
using duckdb::CatalogException;

// --- options ------------------------------------------------------------------

static bool MatchOption(const OptionRecord &option, const std::string &key, const std::string &scope,
                        int64_t scope_id) {
	return option.key == key && option.scope == scope && (scope.empty() || option.scope_id == scope_id);
}

bool LakeTransaction::FindOption(const std::string &key, LakeTableEntry *table, std::string &value) {
	std::vector<std::pair<std::string, int64_t>> scopes;
	if (table) {
		scopes.emplace_back("table", table->TableId());
		scopes.emplace_back("schema", table->ParentSchema().Cast<LakeSchemaEntry>().SchemaId());
	}
	scopes.emplace_back("", -1);
	auto persisted = catalog.PersistedOptions();
	for (auto &scope : scopes) {
		for (auto it = changes.option_changes.rbegin(); it != changes.option_changes.rend(); ++it) {
			if (MatchOption(it->option, key, scope.first, scope.second)) {
				if (it->remove) {
					goto next_scope; // reset in this transaction: fall through to the wider scope
				}
				value = it->option.value;
				return true;
			}
		}
		for (auto &option : persisted) {
			if (MatchOption(option, key, scope.first, scope.second)) {
				value = option.value;
				return true;
			}
		}
	next_scope:;
	}
	return false;
}

int64_t LakeTransaction::InliningRowLimit(LakeTableEntry &table) {
	std::string value;
	if (FindOption("data_inlining_row_limit", &table, value)) {
		return std::stoll(value);
	}
	auto &attach_limit = catalog.Options().data_inlining_row_limit;
	if (attach_limit.IsValid()) {
		return int64_t(attach_limit.GetIndex());
	}
	return DefaultInliningRowLimitSetting(context);
}

bool LakeTransaction::WriteDeletionVectors(LakeTableEntry &table) {
	if (catalog.Encrypted()) {
		return false; // Puffin files cannot be encrypted: the setting does not apply to an encrypted lake
	}
	std::string value;
	if (FindOption("write_deletion_vectors", &table, value)) {
		return value == "true";
	}
	duckdb::Value setting;
	return context.TryGetCurrentSetting("ducklake_write_deletion_vectors", setting) && !setting.IsNull() &&
	       setting.GetValue<bool>();
}

int64_t DefaultInliningRowLimitSetting(duckdb::ClientContext &context) {
	duckdb::Value setting;
	if (!context.TryGetCurrentSetting("ducklake_default_data_inlining_row_limit", setting) || setting.IsNull()) {
		return 10;
	}
	// a UBIGINT: a limit beyond the largest row count is no limit at all
	auto limit = setting.GetValue<uint64_t>();
	return int64_t(std::min<uint64_t>(limit, uint64_t(duckdb::NumericLimits<int64_t>::Maximum())));
}

ParquetWriteOptions LakeTransaction::WriteOptionsFor(LakeTableEntry &table) {
	ParquetWriteOptions options;
	options.directory = TableWritePath(table);
	options.columns = table.Record().columns;
	std::string value;
	options.target_file_size =
	    FindOption("target_file_size", &table, value) ? std::stoll(value) : catalog.Options().target_file_size;
	if (FindOption("parquet_row_group_size", &table, value)) {
		options.row_group_size = std::stoll(value);
	} else if (options.target_file_size < 64LL * 1024 * 1024) {
		// DuckDB's default row group (122880 rows) would make every small target a single file
		options.row_group_size = std::max<int64_t>(1024, std::min<int64_t>(122880, options.target_file_size / 64));
	}
	if (FindOption("parquet_row_group_size_bytes", &table, value)) {
		options.row_group_size_bytes = std::stoll(value);
	}
	if (FindOption("per_thread_output", &table, value)) {
		options.per_thread_output = value == "true";
	}
	std::string compression;
	if (FindOption("parquet_compression", &table, compression)) {
		options.compression = compression;
	}
	// DuckDB's writer refuses a level with any other codec: the level applies when the codec is zstd
	if (options.compression == "zstd" && FindOption("parquet_compression_level", &table, value)) {
		options.compression_level = std::stoll(value);
	}
	if (FindOption("parquet_version", &table, value)) {
		options.parquet_version = "V" + value;
	}
	options.partition = table.Record().partition;
	options.table_name = table.name;
	options.refuse_nul_partition_values = !catalog.Store().StoresNulInText();
	if (FindOption("hive_file_pattern", &table, value)) {
		options.hive_file_pattern = value != "false";
	}
	options.encrypt = catalog.Encrypted();
	return options;
}

void LakeTransaction::SetOption(OptionRecord option, bool remove) {
	CheckWritable("set an option");
	if (!remove && option.key == "write_deletion_vectors" && option.value == "true" && catalog.Encrypted()) {
		// (set_option, ALTER TABLE SET and CREATE TABLE WITH all come here)
		throw duckdb::InvalidInputException("Cannot set write_deletion_vectors of lake \"%s\": the lake is "
		                                    "encrypted, and deletion vectors (Puffin files) cannot be encrypted",
		                                    catalog.GetName());
	}
	changes.version++;
	changes.option_changes.push_back(OptionChange {std::move(option), remove});
}

void LakeTransaction::SetCommitMessage(const SnapshotChangesRecord &message) {
	CheckWritable("set a commit message");
	if (!catalog.Store().StoresNulInText()) {
		// refused now rather than failing the transaction's COMMIT
		for (auto *text : {&message.author, &message.commit_message, &message.commit_extra_info}) {
			if (text->find('\0') != std::string::npos) {
				throw duckdb::InvalidInputException("The catalog of lake \"%s\" cannot store text holding a NUL "
				                                    "character (chr(0)): refused in the commit message",
				                                    catalog.GetName());
			}
		}
	}
	changes.commit_message = message;
}

} // namespace inlake
