#include "crash_maintenance.hpp"

#include "lake_statements.hpp"

#include <filesystem>
#include <fstream>
#include <poll.h>
#include <unistd.h>

namespace inlake_random {

Step MaintenanceStep(Rng &rng, const std::vector<TableModel> &tables, bool compaction_only) {
	Step step;
	step.kind = StepKind::LAKE;
	auto roll = compaction_only ? 50 + rng.Below(50) : rng.Below(100);
	if (roll >= 50) {
		// a merge or rewrite (the lake afterwards: as before or as after it, every file it references there), or a
		// CHECKPOINT
		return roll < 90 ? CompactionStep(tables, rng) : CheckpointStep();
	}
	roll *= 2;
	if (roll < 45) {
		step.action = LakeAction::CLEANUP;
		step.label = "orphans";
		step.sql = "CALL ducklake_delete_orphaned_files('{l}', cleanup_all => true)";
	} else if (roll < 80) {
		step.action = LakeAction::CLEANUP;
		step.label = "cleanup";
		step.sql = "CALL ducklake_cleanup_old_files('{l}', cleanup_all => true)";
	} else {
		step.action = LakeAction::EXPIRE;
		step.label = "expire-older-than";
		step.sql = "CALL ducklake_expire_snapshots('{l}', older_than => now())";
	}
	return step;
}

void PlantOrphans(Rng &rng, const std::string &data_path) {
	static const char *hex = "0123456789abcdef";
	auto folder = data_path + "main/";
	std::filesystem::create_directories(folder);
	for (int file = int(rng.Range(1, 20)); file > 0; file--) {
		std::string uuid;
		for (int i = 0; i < 32; i++) {
			uuid += std::string(i == 8 || i == 12 || i == 16 || i == 20 ? "-" : "") + hex[rng.Below(16)];
		}
		std::ofstream(folder + "ducklake-" + uuid + ".parquet") << std::string(size_t(rng.Range(1, 4000)), 'x');
	}
}

bool SignalMaintenance(int fd) {
	char byte = 'm';
	return fd < 0 || write(fd, &byte, 1) == 1;
}

bool WaitMaintenance(int fd, int count, int timeout_ms) {
	for (int seen = 0; seen < count; seen++) {
		pollfd poll_fd {fd, POLLIN, 0};
		char byte;
		if (poll(&poll_fd, 1, timeout_ms) <= 0 || read(fd, &byte, 1) != 1) {
			return false;
		}
	}
	return true;
}

} // namespace inlake_random
