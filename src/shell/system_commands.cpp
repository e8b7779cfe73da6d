// The dot commands that reach outside the database: .shell / .system (run a command line in /bin/sh, its output
// going straight to the terminal; a non-zero exit status is reported as the DuckDB CLI reports it, without
// counting as an error) and .cd (change the working directory, which relative paths in SQL then start from).
#include "dot_commands.hpp"
#include "shell_state.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

namespace inlake {

bool RunSystemCommand(ShellState &state, const std::vector<std::string> &args) {
	fflush(stdout);
	fflush(stderr);
	auto status = system(args[1].c_str());
	if (status == -1) {
		state.ReportError("Error: cannot run \"" + args[1] + "\": " + strerror(errno));
		return false;
	}
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	if (code != 0) {
		fprintf(stderr, "System command returns %d\n", code);
		fflush(stderr);
	}
	return true;
}

bool ChangeDirectory(ShellState &state, const std::vector<std::string> &args) {
	if (chdir(args[1].c_str()) != 0) {
		state.ReportError("Error: cannot change to directory \"" + args[1] + "\": " + strerror(errno));
		return false;
	}
	return true;
}

} // namespace inlake
