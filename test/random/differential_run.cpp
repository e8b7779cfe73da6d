#include "differential_run.hpp"

#include "error_policy.hpp"
#include "known_defects.hpp"
#include "result_compare.hpp"
#include "sql_names.hpp"

#include <iostream>

namespace inlake_random {

static const char *LAKE = LAKE_ALIAS;

DifferentialRun::DifferentialRun(RunConfig config_p) : config(std::move(config_p)), check_rng(config.seed ^ 0xC0FFEE) {
}

void DifferentialRun::Print(const std::string &text) {
	if (!config.verbose) {
		return;
	}
	// Comments stay comments on every line, so the output runs as a SQL script.
	bool comment = text.rfind("--", 0) == 0;
	std::cout << (comment ? ReplaceAll(text, "\n", "\n-- ") : text) << std::endl;
}

bool DifferentialRun::Fail(const std::string &what) {
	if (failure.empty()) {
		failure = "seed " + std::to_string(config.seed) + ", statement " + std::to_string(step_index) + ": " +
		          current_statement + "\n" + what;
	}
	return false;
}

void DifferentialRun::Setup() {
	Rng setup_rng(config.seed ^ 0xA77AC4);
	attach_limit = int(setup_rng.Percent(15) ? 0 : setup_rng.Range(1, 20));
	if (config.small_files) {
		attach_limit = attach_limit % 5 == 0 ? 0 : attach_limit % 5;
	}
	static const std::vector<std::string> zones = {"UTC", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati"};
	time_zone = setup_rng.Pick(zones);
	// drawn after the others: seeds keep the limits and zones they had before deletion vectors existed
	deletion_vectors = setup_rng.Percent(33) && config.features.On("deletion-vectors");
	encrypted = setup_rng.Percent(25) && config.features.On("encrypted");
	deletion_vectors = deletion_vectors && !encrypted; // refused on an encrypted lake
	lake = std::make_unique<SqlSession>(true);
	if (config.verbose) {
		// Every statement the lake connection runs (also the checks' reads), so the output replays exactly.
		lake->SetTrace([](const std::string &sql) { std::cout << sql << ";" << std::endl; });
	}
	native = std::make_unique<SqlSession>(false);
	GeneratorConfig generator_config;
	generator_config.inlining_limit = attach_limit;
	generator_config.compaction_percent = config.compaction_percent;
	generator_config.compaction_from = config.small_files ? 8 : 0;
	generator_config.small_files = config.small_files;
	generator_config.partition_percent = config.partition_percent;
	GeneratorAccess access;
	access.keys = [this](int table) {
		std::vector<int64_t> keys;
		for (auto &key : native->Column("SELECT k FROM t" + std::to_string(table + 1) + " ORDER BY k")) {
			keys.push_back(std::stoll(key));
		}
		return keys;
	};
	access.snapshots = [this]() {
		std::vector<int64_t> ids;
		for (auto &id : lake->Column("SELECT snapshot_id FROM ducklake_snapshots('l') ORDER BY 1")) {
			ids.push_back(std::stoll(id));
		}
		return ids;
	};
	generator = std::make_unique<Generator>(config.seed, config.features, generator_config, access);
	native_images.resize(generator->Tables().size());
}

bool DifferentialRun::Reattach(int limit, bool restart) {
	attach_limit = limit;
	if (restart) {
		Print("-- restart the database (a new DuckDB instance)");
		lake->Open();
	} else {
		auto detach = lake->Exec("DETACH l");
		if (!detach.ok) {
			return Fail("DETACH failed: " + detach.Describe());
		}
	}
	auto sql = AttachSql(config.backend, config.dir, LAKE, limit);
	auto attach = lake->Exec(sql);
	if (!attach.ok) {
		return Fail("ATTACH failed: " + attach.Describe());
	}
	auto zone = "SET TimeZone = '" + time_zone + "'";
	if (restart) {
		lake->Exec(zone);
	}
	return true;
}

RunResult DifferentialRun::Run() {
	Setup();
	auto zone = "SET TimeZone = '" + time_zone + "'";
	Print("-- seed " + std::to_string(config.seed) + ", backend " + BackendName(config.backend) + ", excluded " +
	      config.features.ExcludedList());
	auto zone_result = lake->Exec(zone);
	native->Exec(zone);
	bool ok = zone_result.ok || Fail("setting the time zone failed: " + zone_result.Describe());
	if (encrypted) {
		Print("-- encrypted lake");
	}
	auto attach = AttachSql(config.backend, config.dir, LAKE, attach_limit, encrypted);
	auto attached = lake->Exec(attach);
	ok = ok && (attached.ok || Fail("ATTACH failed: " + attached.Describe()));
	if (ok && deletion_vectors) {
		// a lake option: it outlives DETACH/ATTACH and restarts
		Print("-- deletion vectors");
		auto vectors = lake->Exec("CALL ducklake_set_option('l', 'write_deletion_vectors', true)");
		ok = vectors.ok || Fail("turning deletion vectors on failed: " + vectors.Describe());
	}
	for (step_index = 0; ok && step_index < config.statements; step_index++) {
		auto step = generator->Next();
		current_statement = "[" + step.label + "] " + (step.sql.empty() ? step.label : LakeSql(step.sql));
		ok = Execute(step);
	}
	if (ok) {
		current_statement = "(end of seed checks)";
		ok = FinalChecks();
	}
	RunResult result;
	result.ok = ok;
	result.failure = failure;
	result.steps = step_index;
	result.stats = stats;
	return result;
}

bool DifferentialRun::Execute(const Step &step) {
	Print("-- [" + std::to_string(step_index) + "] " + step.label);
	switch (step.kind) {
	case StepKind::BOTH:
		return ExecuteBoth(step);
	case StepKind::LAKE:
		return ExecuteLake(step);
	case StepKind::REATTACH:
	case StepKind::RESTART:
		if (!Reattach(step.kind == StepKind::RESTART ? attach_limit : step.attach_limit,
		              step.kind == StepKind::RESTART)) {
			return false;
		}
		generator->Applied(step);
		return AfterStep(step, true);
	default:
		return ExecuteTransactionControl(step);
	}
}

void DifferentialRun::InjectFault(const Step &step, std::string &native_sql) {
	if (fault_done || config.fault.empty() || step_index < config.statements / 2 || in_transaction) {
		return;
	}
	if (config.fault == "error") {
		native_sql = "SELECT error('injected fault: the native side fails')";
		fault_done = true;
	} else if (config.fault == "rowid") {
		lineage.Corrupt(0);
		fault_done = true;
	}
}

bool DifferentialRun::ExecuteBoth(const Step &step) {
	if (SkipForKnownDefect(step)) {
		return true;
	}
	auto lake_sql = LakeSql(step.sql);
	auto native_sql = NativeSql(step.sql);
	InjectFault(step, native_sql);
	auto lake_result = lake->Exec(lake_sql);
	if (lake_result.internal) {
		return Fail("INTERNAL error on the lake (the database is invalidated): " + lake_result.Describe());
	}
	std::string reason;
	bool refused = !lake_result.ok && LegitimateLakeRefusal(lake_result.message, reason);
	if (refused && !in_transaction) {
		// Check the native side would have succeeded, without keeping its change.
		native->Exec("BEGIN");
		native->Exec(native_sql);
		native->Exec("ROLLBACK");
		Print("-- lake refused (" + reason + ")");
		return true;
	}
	auto native_result = native->Exec(native_sql);
	if (native_result.internal) {
		return Fail("INTERNAL error on the native side: " + native_result.Describe());
	}
	if (!lake_result.ok) {
		Print("-- lake error: " + lake_result.Describe());
	}
	if (lake_result.ok != native_result.ok && !refused) {
		return Fail("lake: " + lake_result.Describe() + "\nnative: " + native_result.Describe());
	}
	if (!lake_result.ok || !native_result.ok) {
		return in_transaction ? RollbackBoth("a statement failed in the transaction") : true;
	}
	if (step.compares_result) {
		auto diff = CompareResults(*native_result.result, *lake_result.result, "native", "lake");
		if (!diff.empty()) {
			return Fail("query result differs: " + diff);
		}
		generator->Applied(step);
		return true; // a read changes nothing: no table comparison, no snapshot
	}
	if (config.fault == "content" && !fault_done && step_index >= config.statements / 2 && step.tables[0] == 0) {
		native->Exec("INSERT INTO t1 (k) VALUES (-42)");
		fault_done = true;
	}
	generator->Applied(step);
	return AfterStep(step, !in_transaction);
}

bool DifferentialRun::SkipForKnownDefect(const Step &step) {
	auto table = step.tables.empty() ? std::string() : generator->Tables()[step.tables[0]].name;
	auto defect = KnownDefectInTheWay(*lake, config.backend, config.features, step, table);
	if (!defect.empty()) {
		Print("-- skipped (" + defect + "): " + LakeSql(step.sql));
		return true;
	}
	return false;
}

bool DifferentialRun::ExecuteLake(const Step &step) {
	if (SkipForKnownDefect(step)) {
		return true;
	}
	bool compaction = IsCompaction(step) && config.features.On("time-travel");
	if (compaction && !pending_fingerprints) {
		pending_fingerprints = std::make_unique<Fingerprints>();
		if (!CaptureFingerprints(*pending_fingerprints)) {
			return false;
		}
	}
	auto sql = LakeSql(step.sql);
	auto result = lake->Exec(sql);
	if (result.internal) {
		return Fail("INTERNAL error on the lake (the database is invalidated): " + result.Describe());
	}
	if (!result.ok) {
		std::string reason;
		if (!LegitimateLakeRefusal(result.message, reason)) {
			return Fail("lake-only statement failed: " + result.Describe());
		}
		Print("-- lake refused (" + reason + ")");
		if (!in_transaction) {
			pending_fingerprints.reset();
		}
		return in_transaction ? RollbackBoth("the lake refused a statement in the transaction") : true;
	}
	if (IsCompaction(step) && !CheckCompactionResult(step, *result.result)) {
		return false;
	}
	transaction_compacted = transaction_compacted || (in_transaction && IsCompaction(step));
	generator->Applied(step);
	return AfterStep(step, !in_transaction);
}

bool DifferentialRun::RollbackBoth(const std::string &why) {
	Print("-- rollback: " + why);
	auto lake_result = lake->Exec("ROLLBACK");
	auto native_result = native->Exec("ROLLBACK");
	// A failed COMMIT has already ended the transaction: then there is nothing left to roll back.
	bool nothing_open = lake_result.message.find("no transaction is active") != std::string::npos;
	if (lake_result.internal || (!lake_result.ok && !nothing_open)) {
		return Fail("ROLLBACK failed on the lake: " + lake_result.Describe());
	}
	generator->Aborted();
	in_transaction = false;
	transaction_rewrote = false;
	transaction_compacted = false;
	pending_fingerprints.reset();
	return CompareTables(CreatedTables());
}

bool DifferentialRun::ExecuteTransactionControl(const Step &step) {
	if (step.kind == StepKind::ROLLBACK) {
		return RollbackBoth("the workload rolls back");
	}
	auto sql = step.kind == StepKind::BEGIN ? "BEGIN" : "COMMIT";
	auto lake_result = lake->Exec(sql);
	auto native_result = native->Exec(sql);
	if (lake_result.internal) {
		return Fail("INTERNAL error on the lake: " + lake_result.Describe());
	}
	if (lake_result.ok != native_result.ok) {
		return Fail("lake: " + lake_result.Describe() + "\nnative: " + native_result.Describe());
	}
	if (!lake_result.ok) {
		return RollbackBoth("both sides failed to " + std::string(sql));
	}
	generator->Applied(step);
	if (step.kind == StepKind::BEGIN) {
		in_transaction = true;
		return true;
	}
	in_transaction = false;
	return AfterStep(step, true);
}

bool DifferentialRun::AfterStep(const Step &step, bool committed) {
	bool maintenance = step.kind != StepKind::BOTH;
	if (!CompareTables(maintenance ? CreatedTables() : step.tables)) {
		return false;
	}
	if (in_transaction) {
		transaction_rewrote = transaction_rewrote || step.rewrites_rows;
		return true;
	}
	if (!committed) {
		return true;
	}
	if (step.kind != StepKind::COMMIT) {
		transaction_rewrote = step.rewrites_rows;
	}
	expiry_since_check = expiry_since_check || step.action == LakeAction::EXPIRE ||
	                     step.action == LakeAction::CHECKPOINT;
	if (!RecordCommit(transaction_rewrote)) {
		return false;
	}
	transaction_rewrote = false;
	if (IsCompaction(step) || (step.kind == StepKind::COMMIT && transaction_compacted)) {
		// a compaction changes nothing observable: every retained snapshot and the change feed as before, and as
		// the history recorded them
		transaction_compacted = false;
		auto fingerprints = std::move(pending_fingerprints);
		return config.features.Off("time-travel") ||
		       ((!fingerprints || CheckFingerprints(*fingerprints)) && CheckTimeTravel(true) && CheckChangeFeed(2));
	}
	bool time_travel = maintenance && step.kind != StepKind::COMMIT && step.action != LakeAction::SET_OPTION &&
	                   step.action != LakeAction::SORTED_BY && step.action != LakeAction::PARTITIONED_BY;
	return !time_travel || config.features.Off("time-travel") || CheckTimeTravel(false);
}

} // namespace inlake_random
