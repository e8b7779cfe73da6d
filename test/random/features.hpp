//===----------------------------------------------------------------------===//
// Features: the named areas a run can exclude with --exclude a,b,c.
//
// Contract: every feature the generator or the checks can leave out has one
// name here. A known defect is excluded by naming the feature it breaks; the
// list (with the defect each name waits for) is printed by --help and kept in
// the CTest registration in CMakeLists.txt.
//===----------------------------------------------------------------------===//
#pragma once

#include <set>
#include <string>
#include <vector>

namespace inlake_random {

struct FeatureInfo {
	const char *name;
	const char *description;
};

//! Every feature name --exclude accepts.
const std::vector<FeatureInfo> &AllFeatures();

class FeatureSet {
public:
	//! Parses "a,b,c"; throws std::invalid_argument on an unknown name.
	void ExcludeList(const std::string &list);
	bool On(const std::string &name) const {
		return excluded.count(name) == 0;
	}
	bool Off(const std::string &name) const {
		return !On(name);
	}
	std::string ExcludedList() const;

private:
	std::set<std::string> excluded;
};

} // namespace inlake_random
