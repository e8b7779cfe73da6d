#include "metadata/sql/missing_catalog_table.hpp"

#include <cctype>

namespace inlake {

bool IsCatalogTableName(const std::string &table) {
	return table.compare(0, 9, "ducklake_") == 0 && table.size() > 9;
}

std::string MissingCatalogTableMessage(const std::string &database, const std::string &table) {
	return "The DuckLake catalog database \"" + database + "\" is damaged: it lacks the catalog table " + table;
}

//! The byte offset of character `position` (from 1) of UTF-8 text; npos when the text is shorter.
static size_t ByteOffsetOf(const std::string &text, size_t position) {
	size_t characters = 0;
	for (size_t offset = 0; offset < text.size(); offset++) {
		if ((uint8_t(text[offset]) & 0xC0) == 0x80) {
			continue; // a continuation byte belongs to the character before
		}
		if (++characters == position) {
			return offset;
		}
	}
	return std::string::npos;
}

std::string TableNamedAt(const std::string &sql, size_t position) {
	size_t at = position == 0 ? std::string::npos : ByteOffsetOf(sql, position);
	std::string part;
	while (at != std::string::npos && at < sql.size()) {
		part.clear();
		if (sql[at] == '"') {
			for (at++; at < sql.size(); at++) {
				if (sql[at] == '"') {
					if (at + 1 < sql.size() && sql[at + 1] == '"') {
						part += '"'; // a doubled quote inside a quoted name
						at++;
						continue;
					}
					break;
				}
				part += sql[at];
			}
			if (at >= sql.size()) {
				return std::string(); // no closing quote
			}
			at++;
		} else {
			while (at < sql.size() && (isalnum(uint8_t(sql[at])) || sql[at] == '_' || sql[at] == '$')) {
				part += char(tolower(uint8_t(sql[at++]))); // an unquoted name is folded to lower case
			}
		}
		if (part.empty() || at >= sql.size() || sql[at] != '.') {
			break;
		}
		at++; // a qualified name: its next part
	}
	return part;
}

} // namespace inlake
