//===----------------------------------------------------------------------===//
// inlake shell: a cursor over the tokens of one SQL statement.
//
// SqlTokenCursor tokenizes a statement with DuckDB's own tokenizer
// (Parser::Tokenize: comments and whitespace are skipped, every token carries
// its byte offset) and lets a matcher walk it: compare a token with a keyword
// or an operator character case-insensitively, read an identifier (quoted
// identifiers are unquoted, "" unescaped) or a string literal, and find the
// parenthesis closing an opening one. It never throws for any input: a statement DuckDB cannot
// tokenize simply fails to match.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/parser/simplified_token.hpp"

#include <string>
#include <vector>

namespace inlake {

class SqlTokenCursor {
public:
	explicit SqlTokenCursor(const std::string &sql);

	bool AtEnd() const {
		return position >= tokens.size();
	}
	size_t Position() const {
		return position;
	}
	void Seek(size_t index) {
		position = index;
	}
	//! Byte offset of token `index` (the end of the text when past the last token)
	size_t Offset(size_t index) const;

	//! Consumes the current token when it is the (unquoted) word `keyword`, compared case-insensitively
	bool TakeKeyword(const char *keyword);
	//! Consumes the current token when it is the single-character operator `symbol`
	bool TakeSymbol(char symbol);
	//! Consumes an identifier (quoted, unquoted, or a non-reserved keyword) and returns its name
	bool TakeIdentifier(std::string &name);
	//! Consumes a string literal ('...', '' unescaped) and returns its value
	bool TakeStringLiteral(std::string &value);
	//! With the cursor on '(', the index of the matching ')' token; false when it is missing
	bool FindClosingParen(size_t &close) const;

private:
	const std::string &sql;
	std::vector<duckdb::SimplifiedToken> tokens;
	size_t position = 0;

	//! The word (run of identifier characters) starting at token `index`
	std::string WordAt(size_t index) const;
	bool IsSymbolAt(size_t index, char symbol) const;
};

} // namespace inlake
