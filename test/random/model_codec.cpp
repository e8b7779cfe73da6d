#include "model_codec.hpp"

#include <cstdio>
#include <stdexcept>

namespace inlake_random {

std::string EscapeField(const std::string &text) {
	std::string result;
	for (unsigned char c : text) {
		if (c == '%' || c == '\n' || c == '\r' || c == '\t' || c == '|' || c == ';' || c == ',' || c == ':' ||
		    c == ' ') {
			char buffer[4];
			snprintf(buffer, sizeof(buffer), "%%%02X", c);
			result += buffer;
		} else {
			result += char(c);
		}
	}
	return result.empty() ? "%" : result;
}

std::string UnescapeField(const std::string &text) {
	if (text == "%") {
		return "";
	}
	std::string result;
	for (size_t i = 0; i < text.size(); i++) {
		if (text[i] == '%' && i + 2 < text.size()) {
			result += char(std::stoi(text.substr(i + 1, 2), nullptr, 16));
			i += 2;
		} else {
			result += text[i];
		}
	}
	return result;
}

static std::vector<std::string> Split(const std::string &text, char separator) {
	std::vector<std::string> parts;
	size_t start = 0;
	while (true) {
		auto end = text.find(separator, start);
		parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
		if (end == std::string::npos) {
			return parts;
		}
		start = end + 1;
	}
}

class TypeParser {
public:
	explicit TypeParser(const std::string &text_p) : text(text_p) {
	}
	ColumnType Parse() {
		auto type = ParseOne();
		if (pos != text.size()) {
			throw std::invalid_argument("trailing text in type " + text);
		}
		return type;
	}

private:
	bool Consume(const std::string &token) {
		if (text.compare(pos, token.size(), token) == 0) {
			pos += token.size();
			return true;
		}
		return false;
	}
	int Number() {
		size_t used = 0;
		auto value = std::stoi(text.substr(pos), &used);
		pos += used;
		return value;
	}
	ColumnType ParseBase() {
		if (Consume("DECIMAL(")) {
			auto width = Number();
			Consume(",");
			auto scale = Number();
			Consume(")");
			return ColumnType::Decimal(width, scale);
		}
		if (Consume("MAP(")) {
			auto key = ParseOne();
			Consume(", ");
			auto value = ParseOne();
			Consume(")");
			return ColumnType::Map(key, value);
		}
		if (Consume("STRUCT(")) {
			std::vector<std::pair<std::string, ColumnType>> fields;
			do {
				auto space = text.find(' ', pos);
				auto name = text.substr(pos, space - pos);
				pos = space + 1;
				fields.emplace_back(name, ParseOne());
			} while (Consume(", "));
			Consume(")");
			return ColumnType::Struct(std::move(fields));
		}
		// Longest scalar name first (TIMESTAMP WITH TIME ZONE before TIMESTAMP, ...).
		Scalar best = Scalar::INTEGER;
		size_t best_length = 0;
		for (int s = int(Scalar::BOOLEAN); s <= int(Scalar::INTERVAL); s++) {
			auto name = ColumnType::Of(Scalar(s)).Sql();
			if (Scalar(s) != Scalar::DECIMAL && name.size() > best_length && text.compare(pos, name.size(), name) == 0) {
				best = Scalar(s);
				best_length = name.size();
			}
		}
		if (best_length == 0) {
			throw std::invalid_argument("unknown type at \"" + text.substr(pos) + "\"");
		}
		pos += best_length;
		return ColumnType::Of(best);
	}
	ColumnType ParseOne() {
		auto type = ParseBase();
		while (Consume("[]")) {
			type = ColumnType::List(type);
		}
		return type;
	}

	const std::string &text;
	size_t pos = 0;
};

ColumnType ParseColumnType(const std::string &sql) {
	return TypeParser(sql).Parse();
}

std::string EncodeTables(const std::vector<TableModel> &tables) {
	std::string line;
	for (auto &table : tables) {
		line += (line.empty() ? "" : ";") + table.name + "|" + (table.created ? "1" : "0") + "|" +
		        std::to_string(table.next_key) + "|" + std::to_string(table.next_column_id) + "|";
		for (size_t i = 0; i < table.columns.size(); i++) {
			auto &column = table.columns[i];
			line += (i ? "," : "") + std::to_string(column.id) + ":" + EscapeField(column.name) + ":" +
			        EscapeField(column.type.Sql()) + ":" + EscapeField(column.default_sql);
		}
	}
	return line;
}

std::vector<TableModel> DecodeTables(const std::string &line) {
	std::vector<TableModel> tables;
	for (auto &table_text : Split(line, ';')) {
		auto fields = Split(table_text, '|');
		if (fields.size() != 5) {
			throw std::invalid_argument("bad table model: " + table_text);
		}
		TableModel table;
		table.name = fields[0];
		table.created = fields[1] == "1";
		table.next_key = std::stoll(fields[2]);
		table.next_column_id = std::stoi(fields[3]);
		for (auto &column_text : Split(fields[4], ',')) {
			auto parts = Split(column_text, ':');
			if (parts.size() != 4) {
				throw std::invalid_argument("bad column model: " + column_text);
			}
			table.columns.push_back({std::stoi(parts[0]), UnescapeField(parts[1]),
			                         ParseColumnType(UnescapeField(parts[2])), UnescapeField(parts[3])});
		}
		tables.push_back(std::move(table));
	}
	return tables;
}

} // namespace inlake_random
