#include "statement_splitter.hpp"

#include <cctype>

namespace inlake {

namespace {

bool IsIdentifierChar(char c) {
	return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

//! Scans the SQL text and records where statements end.
class SqlScanner {
public:
	explicit SqlScanner(const std::string &text_p) : text(text_p) {
	}

	SplitResult Run() {
		SplitResult result;
		size_t start = 0;
		bool has_content = false;
		size_t i = 0;
		while (i < text.size()) {
			char c = text[i];
			if (c == ';') {
				if (has_content) {
					result.statements.push_back(TrimSql(text.substr(start, i - start)));
				}
				start = i + 1;
				has_content = false;
				i++;
				continue;
			}
			size_t next = SkipToken(i);
			if (next == std::string::npos) {
				// an unterminated string or comment: the rest is an incomplete statement
				result.remainder = text.substr(start);
				result.remainder_blank = false;
				return result;
			}
			if (!std::isspace(static_cast<unsigned char>(c)) && !IsCommentStart(i)) {
				has_content = true;
			}
			i = next;
		}
		result.remainder = text.substr(start);
		result.remainder_blank = !has_content;
		return result;
	}

private:
	const std::string &text;

	bool IsCommentStart(size_t i) const {
		if (i + 1 >= text.size()) {
			return false;
		}
		return (text[i] == '-' && text[i + 1] == '-') || (text[i] == '/' && text[i + 1] == '*');
	}

	//! Returns the position after the token starting at i, or npos when it is unterminated
	size_t SkipToken(size_t i) const {
		char c = text[i];
		if (c == '\'') {
			bool escapes = i > 0 && (text[i - 1] == 'e' || text[i - 1] == 'E') && (i < 2 || !IsIdentifierChar(text[i - 2]));
			return SkipQuoted(i, '\'', escapes);
		}
		if (c == '"') {
			return SkipQuoted(i, '"', false);
		}
		if (c == '-' && i + 1 < text.size() && text[i + 1] == '-') {
			auto end = text.find('\n', i);
			return end == std::string::npos ? text.size() : end + 1;
		}
		if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
			return SkipBlockComment(i);
		}
		if (c == '$' && (i == 0 || !IsIdentifierChar(text[i - 1]))) {
			return SkipDollarQuoted(i);
		}
		if (IsIdentifierChar(c)) {
			// skip whole identifiers so that a '$' inside one (a$b) is not a quote
			size_t end = i;
			while (end < text.size() && (IsIdentifierChar(text[end]) || text[end] == '$')) {
				end++;
			}
			return end;
		}
		return i + 1;
	}

	size_t SkipQuoted(size_t i, char quote, bool escapes) const {
		size_t pos = i + 1;
		while (pos < text.size()) {
			char c = text[pos];
			if (escapes && c == '\\') {
				pos += 2;
				continue;
			}
			if (c == quote) {
				if (pos + 1 < text.size() && text[pos + 1] == quote) {
					pos += 2;
					continue;
				}
				return pos + 1;
			}
			pos++;
		}
		return std::string::npos;
	}

	size_t SkipBlockComment(size_t i) const {
		size_t depth = 0;
		size_t pos = i;
		while (pos + 1 < text.size()) {
			if (text[pos] == '/' && text[pos + 1] == '*') {
				depth++;
				pos += 2;
			} else if (text[pos] == '*' && text[pos + 1] == '/') {
				depth--;
				pos += 2;
				if (depth == 0) {
					return pos;
				}
			} else {
				pos++;
			}
		}
		return std::string::npos;
	}

	size_t SkipDollarQuoted(size_t i) const {
		// the tag is $$ or $identifier$ (an identifier does not start with a digit: $1 is a parameter)
		size_t pos = i + 1;
		if (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
			return i + 1;
		}
		while (pos < text.size() && IsIdentifierChar(text[pos])) {
			pos++;
		}
		if (pos >= text.size() || text[pos] != '$') {
			return i + 1;
		}
		auto tag = text.substr(i, pos - i + 1);
		auto end = text.find(tag, pos + 1);
		if (end == std::string::npos) {
			return std::string::npos;
		}
		return end + tag.size();
	}
};

} // namespace

std::string TrimSql(const std::string &text) {
	size_t begin = 0;
	while (begin < text.size() && std::isspace(static_cast<unsigned char>(text[begin]))) {
		begin++;
	}
	size_t end = text.size();
	while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) {
		end--;
	}
	return text.substr(begin, end - begin);
}

SplitResult SplitStatements(const std::string &text) {
	SqlScanner scanner(text);
	return scanner.Run();
}

} // namespace inlake
