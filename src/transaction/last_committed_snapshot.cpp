#include "transaction/last_committed_snapshot.hpp"

#include "catalog/lake_catalog.hpp"

#include "duckdb/main/client_context_state.hpp"

#include <map>
#include <mutex>

namespace inlake {

namespace {

const char *const kStateKey = "inlake_last_committed_snapshots";

class LastCommittedSnapshots : public duckdb::ClientContextState {
public:
	std::mutex lock;
	std::map<std::string, int64_t> by_lake;
};

std::string LakeKey(LakeCatalog &catalog) {
	return catalog.GetName() + '\n' + catalog.Store().DisplayName();
}

} // namespace

void RecordLastCommittedSnapshot(duckdb::ClientContext &context, LakeCatalog &catalog, int64_t snapshot_id) {
	auto state = context.registered_state->GetOrCreate<LastCommittedSnapshots>(kStateKey);
	std::lock_guard<std::mutex> guard(state->lock);
	state->by_lake[LakeKey(catalog)] = snapshot_id;
}

bool LastCommittedSnapshot(duckdb::ClientContext &context, LakeCatalog &catalog, int64_t &snapshot_id) {
	auto state = context.registered_state->Get<LastCommittedSnapshots>(kStateKey);
	if (!state) {
		return false;
	}
	std::lock_guard<std::mutex> guard(state->lock);
	auto entry = state->by_lake.find(LakeKey(catalog));
	if (entry == state->by_lake.end()) {
		return false;
	}
	snapshot_id = entry->second;
	return true;
}

} // namespace inlake
