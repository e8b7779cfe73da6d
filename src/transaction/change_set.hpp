//===----------------------------------------------------------------------===//
// ChangeSet: the `changes_made` text of ducklake_snapshot_changes, parsed and
// built. Entries are `kind:value`, comma separated; values are ids or quoted
// names ("schema"."table"), which may themselves contain commas.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace inlake {

struct ChangeEntry {
	std::string kind;
	std::string value;
};

class ChangeSet {
public:
	void Add(const std::string &kind, const std::string &value);
	void AddId(const std::string &kind, int64_t id);
	//! "name" with embedded quotes doubled
	static std::string QuoteName(const std::string &name);
	//! "schema"."name": how created_table / created_view name a table or view
	static std::string QualifiedName(const std::string &schema, const std::string &name);
	std::string ToString() const;
	static std::vector<ChangeEntry> Parse(const std::string &changes_made);
	bool Empty() const {
		return entries.empty();
	}

private:
	std::vector<ChangeEntry> entries;
};

} // namespace inlake
