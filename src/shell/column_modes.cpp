// The column-aligned output modes: `table` (+---+ borders) and `markdown`.
// Both need the width of every column first, so the result is walked twice.
#include "result_cells.hpp"
#include "result_printer.hpp"

namespace inlake {

using namespace duckdb;

namespace {

std::string Centered(const std::string &text, size_t width) {
	auto text_width = RenderWidth(text);
	auto spaces = text_width < width ? width - text_width : 0;
	return std::string(spaces / 2, ' ') + text + std::string((spaces + 1) / 2, ' ');
}

std::string LeftAligned(const std::string &text, size_t width) {
	auto text_width = RenderWidth(text);
	return text + std::string(text_width < width ? width - text_width : 0, ' ');
}

std::string EscapePipes(const std::string &text) {
	std::string result;
	for (auto c : text) {
		if (c == '|') {
			result += '\\';
		}
		result += c;
	}
	return result;
}

struct AlignedLayout {
	bool markdown;
	std::vector<std::string> names;
	std::vector<size_t> widths;

	std::string CellText(const ResultRow &row, idx_t c, const PrintSettings &settings) const {
		auto &text = row.is_null[c] ? settings.null_value : row.values[c];
		return markdown ? EscapePipes(text) : text;
	}

	void AppendBorder(std::string &out) const {
		for (auto width : widths) {
			out += "+" + std::string(width + 2, '-');
		}
		out += "+\n";
	}

	void AppendMarkdownSeparator(const vector<LogicalType> &types, std::string &out) const {
		for (idx_t c = 0; c < widths.size(); c++) {
			out += "|";
			out += types[c].IsNumeric() ? std::string(widths[c] + 1, '-') + ":" : std::string(widths[c] + 2, '-');
		}
		out += "|\n";
	}

	void AppendRow(const std::vector<std::string> &cells, bool header, std::string &out) const {
		out += "| ";
		for (idx_t c = 0; c < cells.size(); c++) {
			out += c > 0 ? " | " : "";
			out += header ? Centered(cells[c], widths[c]) : LeftAligned(cells[c], widths[c]);
		}
		out += " |\n";
	}
};

} // namespace

void PrintAlignedResult(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                        std::string &out) {
	AlignedLayout layout;
	layout.markdown = settings.mode == OutputMode::MARKDOWN;
	for (auto &name : result.names) {
		layout.names.push_back(layout.markdown ? EscapePipes(name) : name);
		layout.widths.push_back(RenderWidth(layout.names.back()));
		auto column = layout.widths.size() - 1;
		if (column < settings.column_widths.size()) {
			layout.widths[column] = std::max<size_t>(layout.widths[column], settings.column_widths[column]);
		}
	}
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		for (idx_t c = 0; c < row.values.size(); c++) {
			layout.widths[c] = std::max(layout.widths[c], RenderWidth(layout.CellText(row, c, settings)));
		}
	});
	if (!layout.markdown) {
		layout.AppendBorder(out);
	}
	layout.AppendRow(layout.names, true, out);
	if (layout.markdown) {
		layout.AppendMarkdownSeparator(result.types, out);
	} else {
		layout.AppendBorder(out);
	}
	std::vector<std::string> cells(result.names.size());
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		for (idx_t c = 0; c < row.values.size(); c++) {
			cells[c] = layout.CellText(row, c, settings);
		}
		layout.AppendRow(cells, false, out);
	});
	if (!layout.markdown) {
		layout.AppendBorder(out);
	}
}

} // namespace inlake
