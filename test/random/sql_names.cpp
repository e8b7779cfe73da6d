#include "sql_names.hpp"

namespace inlake_random {

const char *const LAKE_ALIAS = "l";

std::string ReplaceAll(std::string text, const std::string &from, const std::string &to) {
	for (size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size())) {
		text.replace(pos, from.size(), to);
	}
	return text;
}

std::string LakeSql(const std::string &sql) {
	return ReplaceAll(ReplaceAll(ReplaceAll(sql, "{t1}", "l.t1"), "{t2}", "l.t2"), "{l}", LAKE_ALIAS);
}

std::string NativeSql(const std::string &sql) {
	return ReplaceAll(ReplaceAll(sql, "{t1}", "t1"), "{t2}", "t2");
}

} // namespace inlake_random
