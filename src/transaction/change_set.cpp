#include "transaction/change_set.hpp"

namespace inlake {

void ChangeSet::Add(const std::string &kind, const std::string &value) {
	for (auto &entry : entries) {
		if (entry.kind == kind && entry.value == value) {
			return;
		}
	}
	entries.push_back(ChangeEntry {kind, value});
}

void ChangeSet::AddId(const std::string &kind, int64_t id) {
	Add(kind, std::to_string(id));
}

std::string ChangeSet::QualifiedName(const std::string &schema, const std::string &name) {
	return QuoteName(schema) + "." + QuoteName(name);
}

std::string ChangeSet::QuoteName(const std::string &name) {
	std::string result = "\"";
	for (char c : name) {
		result += c;
		if (c == '"') {
			result += c;
		}
	}
	return result + "\"";
}

std::string ChangeSet::ToString() const {
	std::string result;
	for (auto &entry : entries) {
		if (!result.empty()) {
			result += ",";
		}
		result += entry.kind + ":" + entry.value;
	}
	return result;
}

std::vector<ChangeEntry> ChangeSet::Parse(const std::string &text) {
	std::vector<ChangeEntry> result;
	size_t pos = 0;
	while (pos < text.size()) {
		auto colon = text.find(':', pos);
		if (colon == std::string::npos) {
			break;
		}
		ChangeEntry entry;
		entry.kind = text.substr(pos, colon - pos);
		size_t end = colon + 1;
		bool quoted = false;
		while (end < text.size()) {
			char c = text[end];
			if (c == '"') {
				quoted = !quoted; // a doubled quote toggles twice
			} else if (c == ',' && !quoted) {
				break;
			}
			end++;
		}
		entry.value = text.substr(colon + 1, end - colon - 1);
		result.push_back(std::move(entry));
		pos = end + 1;
	}
	return result;
}

} // namespace inlake
