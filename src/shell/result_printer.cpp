#include "result_printer.hpp"

#include "result_cells.hpp"

#include "duckdb/common/box_renderer.hpp"

#include <algorithm>
#include <cstdio>

namespace inlake {

using namespace duckdb;

namespace {

struct ModeName {
	const char *name;
	OutputMode mode;
};

const ModeName MODE_NAMES[] = {
    {"duckbox", OutputMode::DUCKBOX}, {"box", OutputMode::DUCKBOX},     {"csv", OutputMode::CSV},
    {"json", OutputMode::JSON},       {"jsonlines", OutputMode::JSONLINES}, {"list", OutputMode::LIST},
    {"tabs", OutputMode::TABS},       {"line", OutputMode::LINE},       {"markdown", OutputMode::MARKDOWN},
    {"table", OutputMode::TABLE},     {"column", OutputMode::COLUMN},   {"insert", OutputMode::INSERT},
    {"quote", OutputMode::QUOTE},     {"html", OutputMode::HTML},       {"trash", OutputMode::TRASH}};

void PrintDuckBox(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                  std::string &out) {
	BoxRendererConfig config;
	config.max_rows = settings.max_rows;
	config.max_width = settings.max_width == 0 ? NumericLimits<idx_t>::Maximum() : settings.max_width;
	config.render_mode = settings.render_columns ? RenderMode::COLUMNS : RenderMode::ROWS;
	config.large_number_rendering =
	    settings.large_number_footer ? LargeNumberRendering::FOOTER : LargeNumberRendering::NONE;
	BoxRenderer renderer(config);
	StringResultRenderer text;
	renderer.Render(context, result.names, result.Collection(), text);
	out += text.str();
}

bool CsvNeedsQuotes(const std::string &value, const std::string &separator) {
	for (auto c : value) {
		auto byte = static_cast<unsigned char>(c);
		if (byte <= 31 || byte >= 127 || c == '"' || c == '\'') {
			return true;
		}
	}
	return !separator.empty() && value.find(separator) != std::string::npos;
}

void AppendCsvValue(const std::string &value, const std::string &separator, std::string &out) {
	if (!CsvNeedsQuotes(value, separator)) {
		out += value;
		return;
	}
	out += '"';
	for (auto c : value) {
		if (c == '"') {
			out += '"';
		}
		out += c;
	}
	out += '"';
}

//! csv and list: one line per row, values joined by the separator
void PrintSeparated(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                    const std::string &separator, bool csv, std::string &out) {
	auto append = [&](const std::string &value) {
		if (csv) {
			AppendCsvValue(value, separator, out);
		} else {
			out += value;
		}
	};
	if (settings.show_header) {
		for (idx_t c = 0; c < result.names.size(); c++) {
			out += c > 0 ? separator : "";
			append(result.names[c]);
		}
		out += '\n';
	}
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		for (idx_t c = 0; c < row.values.size(); c++) {
			out += c > 0 ? separator : "";
			append(row.is_null[c] ? settings.null_value : row.values[c]);
		}
		out += '\n';
	});
}

std::string EscapeJsonString(const std::string &text) {
	std::string result = "\"";
	for (auto c : text) {
		auto byte = static_cast<unsigned char>(c);
		if (c == '\\' || c == '"') {
			result += '\\';
			result += c;
		} else if (byte <= 0x1f) {
			char buffer[8];
			switch (c) {
			case '\b': result += "\\b"; break;
			case '\f': result += "\\f"; break;
			case '\n': result += "\\n"; break;
			case '\r': result += "\\r"; break;
			case '\t': result += "\\t"; break;
			default:
				snprintf(buffer, sizeof(buffer), "\\u%04x", byte);
				result += buffer;
			}
		} else {
			result += c;
		}
	}
	return result + "\"";
}

bool JsonPrintsRaw(const LogicalType &type) {
	switch (type.id()) {
	case LogicalTypeId::BOOLEAN:
		return true;
	case LogicalTypeId::UBIGINT:
	case LogicalTypeId::HUGEINT:
	case LogicalTypeId::UHUGEINT:
	case LogicalTypeId::DECIMAL:
		return false;
	default:
		return type.IsNumeric() || type.IsNested() || type.IsJSONType();
	}
}

//! json: an array of objects, one object per line; jsonlines: one object per line, no array
void PrintJson(ClientContext &context, MaterializedQueryResult &result, bool array, std::string &out) {
	bool any_row = false;
	ForEachResultRow(context, result, true, [&](const ResultRow &row) {
		if (array) {
			out += any_row ? ",\n{" : "[{";
		} else {
			out += any_row ? "\n{" : "{";
		}
		any_row = true;
		for (idx_t c = 0; c < row.values.size(); c++) {
			out += c > 0 ? "," : "";
			out += EscapeJsonString(result.names[c]) + ":";
			if (row.is_null[c]) {
				out += "null";
			} else if (JsonPrintsRaw(result.types[c])) {
				out += row.values[c];
			} else {
				out += EscapeJsonString(row.values[c]);
			}
		}
		out += "}";
	});
	if (any_row) {
		out += array ? "]\n" : "\n";
	}
}

//! line: `name = value` per column, rows separated by an empty line
void PrintLines(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                std::string &out) {
	size_t header_width = 5;
	for (auto &name : result.names) {
		header_width = std::max(header_width, name.size());
	}
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		if (row.row_index > 0) {
			out += '\n';
		}
		for (idx_t c = 0; c < row.values.size(); c++) {
			auto &name = result.names[c];
			out += std::string(header_width - name.size(), ' ') + name + " = ";
			out += row.is_null[c] ? settings.null_value : row.values[c];
			out += '\n';
		}
	});
}

} // namespace

bool ParseOutputMode(const std::string &name, OutputMode &mode) {
	for (auto &entry : MODE_NAMES) {
		if (name == entry.name) {
			mode = entry.mode;
			return true;
		}
	}
	return false;
}

std::string OutputModeNames() {
	std::vector<std::string> names;
	for (auto &entry : MODE_NAMES) {
		names.push_back(entry.name);
	}
	std::sort(names.begin(), names.end());
	std::string text;
	for (auto &name : names) {
		text += (text.empty() ? "" : " ") + name;
	}
	return text;
}

const char *OutputModeName(OutputMode mode) {
	for (auto &entry : MODE_NAMES) {
		if (entry.mode == mode) {
			return entry.name;
		}
	}
	return "unknown";
}

void PrintResult(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                 std::string &out, ExplainFormat explain_format) {
	if (result.names.empty() || settings.mode == OutputMode::TRASH) {
		return;
	}
	if (PrintExplainResult(result, explain_format, out)) {
		return;
	}
	switch (settings.mode) {
	case OutputMode::DUCKBOX:
		return PrintDuckBox(context, result, settings, out);
	case OutputMode::CSV:
		return PrintSeparated(context, result, settings, ",", true, out);
	case OutputMode::LIST:
		return PrintSeparated(context, result, settings, settings.separator, false, out);
	case OutputMode::TABS:
		return PrintSeparated(context, result, settings, "\t", false, out);
	case OutputMode::JSON:
	case OutputMode::JSONLINES:
		return PrintJson(context, result, settings.mode == OutputMode::JSON, out);
	case OutputMode::LINE:
		return PrintLines(context, result, settings, out);
	case OutputMode::MARKDOWN:
	case OutputMode::TABLE:
	case OutputMode::COLUMN:
		return PrintAlignedResult(context, result, settings, out);
	case OutputMode::INSERT:
	case OutputMode::QUOTE:
	case OutputMode::HTML:
		return PrintRowModeResult(context, result, settings, out);
	case OutputMode::TRASH:
		return;
	}
}

} // namespace inlake
