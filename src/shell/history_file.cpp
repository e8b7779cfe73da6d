#include "history_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace inlake {

namespace {

const char *HISTORY_COOKIE = "_HiStOrY_V2_\n";

bool WriteAll(int fd, const std::string &text) {
	size_t written = 0;
	while (written < text.size()) {
		auto count = write(fd, text.data() + written, text.size() - written);
		if (count < 0 && errno == EINTR) {
			continue;
		}
		if (count <= 0) {
			return false;
		}
		written += static_cast<size_t>(count);
	}
	return true;
}

} // namespace

std::string HistoryFilePath() {
	auto home = getenv("HOME");
	if (!home || !*home) {
		return std::string();
	}
	return std::string(home) + "/.inlake_history";
}

std::string EncodeHistoryEntry(const std::string &entry) {
	// what libedit's strvis(VIS_WHITE) writes for ASCII; every other byte in octal, which its strunvis reads back
	std::string line;
	for (auto c : entry) {
		auto byte = static_cast<unsigned char>(c);
		if (c == '\\') {
			line += "\\\\";
		} else if (byte > ' ' && byte < 0x7f) {
			line += c;
		} else {
			char octal[8];
			snprintf(octal, sizeof(octal), "\\%03o", byte);
			line += octal;
		}
	}
	return line;
}

bool AppendHistoryEntry(const std::string &path, const std::string &entry) {
	if (path.empty()) {
		return false;
	}
	int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, S_IRUSR | S_IWUSR);
	if (fd < 0) {
		return false;
	}
	struct stat info;
	bool ok = fstat(fd, &info) == 0;
	// one write per entry: shells appending at the same time do not interleave their lines
	std::string text = ok && info.st_size == 0 ? HISTORY_COOKIE : "";
	text += EncodeHistoryEntry(entry) + "\n";
	ok = ok && WriteAll(fd, text);
	close(fd);
	return ok;
}

size_t HistoryFileLines(const std::string &path) {
	auto file = fopen(path.c_str(), "r");
	if (!file) {
		return 0;
	}
	size_t lines = 0;
	int c;
	while ((c = fgetc(file)) != EOF) {
		lines += c == '\n';
	}
	fclose(file);
	return lines;
}

} // namespace inlake
