#include "crash_child.hpp"

#include "crash_log.hpp"
#include "crash_maintenance.hpp"
#include "error_policy.hpp"
#include "generator.hpp"
#include "known_defects.hpp"
#include "model_codec.hpp"
#include "sql_names.hpp"
#include "sql_session.hpp"
#include "table_image.hpp"

#include <iostream>
#include <unistd.h>

namespace inlake_random {

std::string CrashLogPath(const std::string &dir) {
	return dir + "/statements.log";
}

namespace {

class CrashChild {
public:
	explicit CrashChild(const CrashChildConfig &config_p)
	    // hashed: Rng(s + 1) is Rng(s) shifted by one draw, so every round would replay the same maintenance choices
	    : config(config_p), log(CrashLogPath(config.dir)), maintenance_rng(Rng(config.seed * 31 + config.round).Next()) {
	}
	int Run();

private:
	bool Prepare();
	int Execute(const Step &step, int64_t index);
	int Maintenance();
	bool Compare(int table);
	//! Every third seed's lake is encrypted (no draw: the rounds' random choices stay as they were)
	bool Encrypted() const {
		return config.features.On("encrypted") && config.seed % 3 == 0;
	}
	int Fail(int code, const std::string &what) {
		std::cerr << "crash child (seed " << config.seed << ", round " << config.round << "): " << what << std::endl;
		return code;
	}

	const CrashChildConfig &config;
	CrashLog log;
	SqlSession lake {true};
	SqlSession native {false};
	std::unique_ptr<Generator> generator;
	CellDictionary cells;
	int64_t next_index = 0;
	Rng maintenance_rng;
};

bool CrashChild::Prepare() {
	native.Exec("SET TimeZone = 'UTC'");
	lake.Exec("SET TimeZone = 'UTC'");
	std::string models;
	for (auto &statement : CrashLog::Read(CrashLogPath(config.dir))) {
		next_index = statement.index + 1;
		if (statement.state != LoggedStatement::State::COMMITTED) {
			continue;
		}
		models = statement.models;
		if (statement.kind == StepKind::BOTH) {
			auto replay = native.Exec(NativeSql(statement.sql));
			if (!replay.ok) {
				Fail(3, "replaying committed statement " + std::to_string(statement.index) + " failed: " +
				            replay.Describe());
				return false;
			}
		}
	}
	Rng rng(config.seed * 1000003 + config.round);
	GeneratorConfig generator_config;
	generator_config.inlining_limit = int(rng.Range(0, 20));
	if (config.compaction_only) {
		generator_config.inlining_limit %= 5;
		generator_config.small_files = true;
	}
	generator_config.autocommit_only = true;
	generator_config.queries = false;
	GeneratorAccess access;
	access.keys = [this](int table) {
		std::vector<int64_t> keys;
		for (auto &key : native.Column("SELECT k FROM t" + std::to_string(table + 1) + " ORDER BY k")) {
			keys.push_back(std::stoll(key));
		}
		return keys;
	};
	access.snapshots = [this]() {
		std::vector<int64_t> ids;
		for (auto &id : lake.Column("SELECT snapshot_id FROM ducklake_snapshots('l') ORDER BY 1")) {
			ids.push_back(std::stoll(id));
		}
		return ids;
	};
	generator = std::make_unique<Generator>(rng.Next(), config.features, generator_config, access);
	if (!models.empty()) {
		generator->RestoreTables(DecodeTables(models));
	}
	auto attach =
	    lake.Exec(AttachSql(config.backend, config.dir, LAKE_ALIAS, generator_config.inlining_limit, Encrypted()));
	if (!attach.ok) {
		Fail(4, "ATTACH failed: " + attach.Describe());
		return false;
	}
	if (config.kill_in_maintenance) {
		lake.Exec("SET ducklake_orphaned_file_min_age = '0 seconds'"); // the only writer: orphans of any age go
	}
	// every other round writes Puffin deletion vectors, so kills land in vector writes too (no draw: the rounds'
	// random choices stay as they were)
	if (config.features.On("deletion-vectors") && (config.seed + config.round) % 2 == 0) {
		lake.Exec("SET ducklake_write_deletion_vectors = true");
	}
	return true;
}

//! Sometimes one maintenance step (after planting orphans for a sweep), announced to the parent first.
int CrashChild::Maintenance() {
	if (!config.kill_in_maintenance || !maintenance_rng.Percent(35)) {
		return 0;
	}
	auto step = MaintenanceStep(maintenance_rng, generator->Tables(), config.compaction_only);
	if (step.label == "orphans") {
		PlantOrphans(maintenance_rng, DataPath(config.dir));
	}
	if (!SignalMaintenance(config.ready_fd)) {
		return Fail(3, "cannot signal maintenance");
	}
	return Execute(step, next_index++);
}

bool CrashChild::Compare(int table) {
	auto &model = generator->Tables()[table];
	std::vector<ImageColumn> columns;
	for (auto &column : model.columns) {
		columns.push_back({column.id, column.name});
	}
	TableImage expected, actual;
	std::string error;
	if (!ReadImage(native, model.name, columns, cells, expected, error) ||
	    !ReadImage(lake, "l." + model.name, columns, cells, actual, error)) {
		Fail(4, "reading " + model.name + " failed: " + error);
		return false;
	}
	auto diff = CompareImages(expected, actual, cells, "native", "lake");
	if (!diff.empty()) {
		Fail(4, "table " + model.name + " differs:\n" + diff);
		return false;
	}
	return true;
}

int CrashChild::Execute(const Step &step, int64_t index) {
	if (step.kind == StepKind::REATTACH) {
		lake.Exec("DETACH l");
		auto attach = lake.Exec(AttachSql(config.backend, config.dir, LAKE_ALIAS, step.attach_limit, Encrypted()));
		generator->Applied(step);
		return attach.ok ? 0 : Fail(4, "re-ATTACH failed: " + attach.Describe());
	}
	auto table = step.tables.empty() ? std::string() : generator->Tables()[step.tables[0]].name;
	if (!KnownDefectInTheWay(lake, config.backend, config.features, step, table).empty()) {
		return 0;
	}
	auto models = generator->Tables();
	for (auto &entry : step.models_after) {
		models[entry.first] = entry.second;
	}
	log.Intent(index, step, EncodeTables(models));
	if (config.verbose) {
		std::cerr << LakeSql(step.sql) << ";" << std::endl;
	}
	auto lake_result = lake.Exec(LakeSql(step.sql));
	if (lake_result.internal) {
		return Fail(5, "INTERNAL error: " + LakeSql(step.sql) + "\n" + lake_result.Describe());
	}
	bool native_ok = true;
	std::string native_error;
	if (step.kind == StepKind::BOTH) {
		auto native_result = native.Exec(NativeSql(step.sql));
		native_ok = native_result.ok;
		native_error = native_result.Describe();
	}
	std::string reason;
	if (!lake_result.ok && step.kind == StepKind::LAKE && LegitimateLakeRefusal(lake_result.message, reason)) {
		log.Failed(index);
		return 0;
	}
	if (lake_result.ok != native_ok) {
		return Fail(4, "statement " + std::to_string(index) + ": " + LakeSql(step.sql) + "\nlake: " +
		                   lake_result.Describe() + "\nnative: " + native_error);
	}
	if (!lake_result.ok) {
		log.Failed(index);
		return 0;
	}
	generator->Applied(step);
	for (auto table : step.tables) {
		if (!Compare(table)) {
			return 4;
		}
	}
	log.Committed(index, lake.Scalar("SELECT max(snapshot_id) FROM ducklake_snapshots('l')"));
	return 0;
}

int CrashChild::Run() {
	if (!Prepare()) {
		return 3;
	}
	char ready = 'r';
	if (config.ready_fd >= 0 && write(config.ready_fd, &ready, 1) != 1) {
		return Fail(3, "cannot signal readiness");
	}
	for (int i = 0; i < config.statements; i++) {
		if (auto code = Maintenance()) {
			return code;
		}
		auto step = generator->Next();
		auto code = Execute(step, next_index);
		if (code != 0) {
			return code;
		}
		if (step.kind != StepKind::REATTACH) {
			next_index++;
		}
	}
	return 0;
}

} // namespace

int RunCrashChild(const CrashChildConfig &config) {
	try {
		return CrashChild(config).Run();
	} catch (std::exception &ex) {
		std::cerr << "crash child: " << ex.what() << std::endl;
		return 6;
	}
}

} // namespace inlake_random
