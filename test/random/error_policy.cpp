#include "error_policy.hpp"

#include <regex>
#include <vector>

namespace inlake_random {

struct Refusal {
	const char *pattern;
	const char *reason;
};

static const std::vector<Refusal> &Refusals() {
	static const std::vector<Refusal> refusals = {
	    {"Cannot flush table .* this transaction has uncommitted changes to it",
	     "README known limit: a flush is refused in a transaction that already deleted from or altered the table"},
	    {"Cannot (merge the data files|rewrite the data files) of table .* this transaction has uncommitted changes",
	     "a compaction is refused in a transaction that already changed the table (table_compaction.cpp)"},
	    {"Cannot add column .* its default cannot be computed for the rows the table holds",
	     "the lake evaluates an ADD COLUMN default at once (DuckDB's own empty table defers it to the first insert)"},
	};
	return refusals;
}

bool LegitimateLakeRefusal(const std::string &message, std::string &reason) {
	for (auto &refusal : Refusals()) {
		if (std::regex_search(message, std::regex(refusal.pattern))) {
			reason = refusal.reason;
			return true;
		}
	}
	return false;
}

} // namespace inlake_random
