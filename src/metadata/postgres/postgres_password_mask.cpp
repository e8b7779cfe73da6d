#include "metadata/postgres/postgres_password_mask.hpp"

#include <algorithm>
#include <cctype>
#include <libpq-fe.h>
#include <vector>

namespace inlake {

namespace {

constexpr const char *kMask = "***";

//! A part of a text: [begin, end)
struct Span {
	size_t begin;
	size_t end;
};

bool IsBlank(char c) {
	return std::isspace(static_cast<unsigned char>(c)) != 0;
}

int HexValue(char c) {
	if (c >= '0' && c <= '9') {
		return c - '0';
	}
	c = char(std::tolower(static_cast<unsigned char>(c)));
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

//! `text` with its valid %XX escapes decoded (the others kept as written).
std::string PercentDecoded(const std::string &text) {
	std::string result;
	for (size_t i = 0; i < text.size(); i++) {
		if (text[i] == '%' && i + 2 < text.size() && HexValue(text[i + 1]) >= 0 && HexValue(text[i + 2]) >= 0) {
			result += char(HexValue(text[i + 1]) * 16 + HexValue(text[i + 2]));
			i += 2;
		} else {
			result += text[i];
		}
	}
	return result;
}

//! The passwords of the userinfo of every URI in `text` (scheme://user:PASSWORD@...), up to the URI's last '@'.
std::vector<Span> UriPasswords(const std::string &text) {
	std::vector<Span> spans;
	for (size_t at = text.find("://"); at != std::string::npos; at = text.find("://", at + 3)) {
		size_t begin = at + 3;
		size_t end = begin;
		while (end < text.size() && !IsBlank(text[end])) {
			end++;
		}
		auto last_at = text.rfind('@', end == 0 ? 0 : end - 1);
		if (last_at == std::string::npos || last_at < begin) {
			continue;
		}
		auto colon = text.find(':', begin);
		if (colon != std::string::npos && colon < last_at) {
			spans.push_back(Span {colon + 1, last_at});
		}
	}
	return spans;
}

//! The end of a keyword/value string's value starting at `begin`: a quoted value (backslash escapes) through its
//! closing quote, else up to the next blank.
size_t KeywordValueEnd(const std::string &text, size_t begin) {
	size_t end = begin;
	if (text[begin] == '\'') {
		for (end = begin + 1; end < text.size() && text[end] != '\''; end++) {
			if (text[end] == '\\') {
				end++;
			}
		}
		return std::min(text.size(), end + 1);
	}
	while (end < text.size() && !IsBlank(text[end])) {
		end++;
	}
	return end;
}

//! The values of every `password=` and `sslpassword=` key in `text`: of keyword/value strings and URI query
//! parameters (after '?' or '&', up to the next '&').
std::vector<Span> KeyPasswords(const std::string &text) {
	std::string lower = text;
	std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) { return char(std::tolower((unsigned char)c)); });
	std::vector<Span> spans;
	for (size_t at = lower.find("password"); at != std::string::npos; at = lower.find("password", at + 1)) {
		size_t key_begin = at >= 3 && lower.compare(at - 3, 3, "ssl") == 0 ? at - 3 : at;
		bool in_query = key_begin > 0 && (text[key_begin - 1] == '?' || text[key_begin - 1] == '&');
		size_t next = at + 8;
		while (!in_query && next < text.size() && IsBlank(text[next])) {
			next++;
		}
		if (next >= text.size() || text[next] != '=') {
			continue;
		}
		size_t begin = next + 1;
		while (!in_query && begin < text.size() && IsBlank(text[begin])) {
			begin++;
		}
		if (begin >= text.size() || text.compare(begin, 3, kMask) == 0) {
			continue; // nothing, or masked already
		}
		size_t end = begin;
		if (in_query) {
			while (end < text.size() && text[end] != '&' && text[end] != '#' && text[end] != '"' && !IsBlank(text[end])) {
				end++;
			}
		} else {
			end = KeywordValueEnd(text, begin);
		}
		if (end > begin) {
			spans.push_back(Span {begin, end});
		}
	}
	return spans;
}

//! The password libpq parses out of `conninfo` (empty when it gives none or does not parse).
std::string ParsedPassword(const std::string &conninfo) {
	char *error = nullptr;
	auto parsed = PQconninfoParse(conninfo.c_str(), &error);
	PQfreemem(error);
	std::string password;
	for (auto option = parsed; option && option->keyword; option++) {
		if (std::string(option->keyword) == "password" && option->val) {
			password = option->val;
		}
	}
	PQconninfoFree(parsed);
	return password;
}

//! A keyword/value string's quoted value without its quotes and escapes.
std::string Unquoted(const std::string &value) {
	if (value.empty() || value.front() != '\'') {
		return value;
	}
	std::string result;
	for (size_t i = 1; i < value.size() && value[i] != '\''; i++) {
		if (value[i] == '\\' && i + 1 < value.size()) {
			i++;
		}
		result += value[i];
	}
	return result;
}

//! Every text that is a password of `conninfo`: as written and %-decoded, longest first.
std::vector<std::string> PasswordTexts(const std::string &conninfo) {
	std::vector<std::string> texts {ParsedPassword(conninfo)};
	for (auto &span : UriPasswords(conninfo)) {
		auto raw = conninfo.substr(span.begin, span.end - span.begin);
		texts.push_back(raw);
		texts.push_back(PercentDecoded(raw));
		// libpq's own userinfo ends at the first '@': the password it quotes may be shorter
		auto first_at = raw.find('@');
		if (first_at != std::string::npos) {
			texts.push_back(raw.substr(0, first_at));
		}
	}
	for (auto &span : KeyPasswords(conninfo)) {
		auto raw = conninfo.substr(span.begin, span.end - span.begin);
		texts.push_back(raw);
		texts.push_back(Unquoted(raw));
		texts.push_back(PercentDecoded(raw));
	}
	texts.erase(std::remove_if(texts.begin(), texts.end(), [](const std::string &text) { return text.empty(); }),
	            texts.end());
	std::sort(texts.begin(), texts.end(),
	          [](const std::string &a, const std::string &b) { return a.size() > b.size(); });
	texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
	return texts;
}

//! `text` with `spans` (of any order, possibly overlapping) replaced by the mask.
std::string Masked(const std::string &text, std::vector<Span> spans) {
	std::sort(spans.begin(), spans.end(), [](const Span &a, const Span &b) { return a.begin < b.begin; });
	std::string result;
	size_t copied = 0;
	for (auto &span : spans) {
		if (span.end <= copied) {
			continue;
		}
		if (span.begin >= copied) {
			result += text.substr(copied, span.begin - copied) + kMask;
		}
		copied = span.end;
	}
	return result + text.substr(copied);
}

} // namespace

std::string MaskPostgresPasswords(const std::string &text, const std::string &conninfo) {
	std::string result = text;
	for (auto &password : PasswordTexts(conninfo)) {
		for (size_t at = result.find(password); at != std::string::npos; at = result.find(password, at + 3)) {
			result.replace(at, password.size(), kMask);
		}
	}
	auto spans = UriPasswords(result);
	for (auto &span : KeyPasswords(result)) {
		spans.push_back(span);
	}
	// a userinfo password masked already is left as it is
	spans.erase(std::remove_if(spans.begin(), spans.end(),
	                           [&](const Span &span) { return result.compare(span.begin, span.end - span.begin, kMask) == 0; }),
	            spans.end());
	return Masked(result, std::move(spans));
}

bool HoldsPostgresPassword(const std::string &conninfo) {
	return !PasswordTexts(conninfo).empty();
}

} // namespace inlake
