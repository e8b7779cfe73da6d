// The column-aligned output modes: `table` (+---+ borders), `markdown` and `column` (names over dashes, columns
// two spaces apart). All need the width of every column first, so the result is walked twice. Numbers are
// right-aligned (markdown also marks their column `--:`), as is a column given a negative `.width`; the rest is
// left-aligned. Headers are centred in table and markdown, aligned like their column in column mode. A newline,
// carriage return or tab in a value or name is shown as \n, \r, \t (as the duckbox mode does), so each row stays one
// line and the columns stay aligned (DuckDB's CLI prints them raw in these modes, breaking the table).
#include "result_cells.hpp"
#include "result_printer.hpp"

#include <cstdlib>

namespace inlake {

using namespace duckdb;

namespace {

enum class Alignment { LEFT, CENTER, RIGHT };

std::string Aligned(const std::string &text, size_t width, Alignment alignment) {
	auto text_width = RenderWidth(text);
	auto spaces = text_width < width ? width - text_width : 0;
	switch (alignment) {
	case Alignment::LEFT:
		return text + std::string(spaces, ' ');
	case Alignment::RIGHT:
		return std::string(spaces, ' ') + text;
	default:
		return std::string(spaces / 2, ' ') + text + std::string((spaces + 1) / 2, ' ');
	}
}

//! The text as one line of a column: control characters escaped (as duckbox shows them: a value cannot break the
//! row or send escape sequences to the terminal), and in markdown `|` too (it ends a cell).
std::string CellLine(const std::string &text, bool markdown) {
	static const char *const kNames[32] = {"\\0", nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, "\\a",
	                                       "\\b", "\\t", "\\n", "\\v", "\\f", "\\r", nullptr, nullptr,
	                                       nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
	                                       nullptr, nullptr, nullptr, "\\e", nullptr, nullptr, nullptr, nullptr};
	std::string result;
	for (auto c : text) {
		auto byte = static_cast<unsigned char>(c);
		if (byte < 32 || byte == 127) {
			if (byte < 32 && kNames[byte]) {
				result += kNames[byte];
			} else {
				static const char *hex = "0123456789abcdef";
				result += std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
			}
		} else if (c == '|' && markdown) {
			result += "\\|";
		} else {
			result += c;
		}
	}
	return result;
}

struct AlignedLayout {
	OutputMode mode;
	std::vector<std::string> names;
	std::vector<size_t> widths;
	std::vector<bool> right_aligned;

	bool Markdown() const {
		return mode == OutputMode::MARKDOWN;
	}

	std::string CellText(const ResultRow &row, idx_t c, const PrintSettings &settings) const {
		return CellLine(row.is_null[c] ? settings.null_value : row.values[c], Markdown());
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

	void AppendColumnDashes(std::string &out) const {
		for (idx_t c = 0; c < widths.size(); c++) {
			out += std::string(widths[c], '-') + (c + 1 < widths.size() ? "  " : "\n");
		}
	}

	void AppendRow(const std::vector<std::string> &cells, bool header, std::string &out) const {
		bool column_mode = mode == OutputMode::COLUMN;
		out += column_mode ? "" : "| ";
		for (idx_t c = 0; c < cells.size(); c++) {
			out += c == 0 ? "" : column_mode ? "  " : " | ";
			auto alignment = right_aligned[c] ? Alignment::RIGHT : Alignment::LEFT;
			if (header && !column_mode) {
				alignment = Alignment::CENTER;
			}
			out += Aligned(cells[c], widths[c], alignment);
		}
		out += column_mode ? "\n" : " |\n";
	}
};

} // namespace

void PrintAlignedResult(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                        std::string &out) {
	AlignedLayout layout;
	layout.mode = settings.mode;
	for (idx_t c = 0; c < result.names.size(); c++) {
		layout.names.push_back(CellLine(result.names[c], layout.Markdown()));
		size_t width = RenderWidth(layout.names.back());
		bool right = result.types[c].IsNumeric();
		if (c < settings.column_widths.size()) {
			auto set_width = settings.column_widths[c];
			width = std::max<size_t>(width, static_cast<size_t>(std::llabs(set_width)));
			right = right || set_width < 0;
		}
		layout.widths.push_back(width);
		layout.right_aligned.push_back(right);
	}
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		for (idx_t c = 0; c < row.values.size(); c++) {
			layout.widths[c] = std::max(layout.widths[c], RenderWidth(layout.CellText(row, c, settings)));
		}
	});
	switch (layout.mode) {
	case OutputMode::MARKDOWN:
		layout.AppendRow(layout.names, true, out);
		layout.AppendMarkdownSeparator(result.types, out);
		break;
	case OutputMode::COLUMN:
		if (settings.show_header) {
			layout.AppendRow(layout.names, true, out);
			layout.AppendColumnDashes(out);
		}
		break;
	default:
		layout.AppendBorder(out);
		layout.AppendRow(layout.names, true, out);
		layout.AppendBorder(out);
	}
	std::vector<std::string> cells(result.names.size());
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		for (idx_t c = 0; c < row.values.size(); c++) {
			cells[c] = layout.CellText(row, c, settings);
		}
		layout.AppendRow(cells, false, out);
	});
	if (layout.mode == OutputMode::TABLE) {
		layout.AppendBorder(out);
	}
}

} // namespace inlake
