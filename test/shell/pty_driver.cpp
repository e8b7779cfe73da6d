//===----------------------------------------------------------------------===//
// pty_driver: runs a program on a pseudo-terminal and drives it like a user
// at a keyboard, for the shell's interactive tests (Ctrl-C, history, tab
// completion, the progress bar).
//
// Usage: pty_driver SCRIPT PROGRAM [ARGS...]
// SCRIPT has one step per line:
//   send TEXT      types TEXT once the program reads keys (its line editor has
//                  the terminal out of canonical mode: what is typed before
//                  would be taken by the terminal's own line editing); \r is
//                  Enter, \t Tab, \x03 Ctrl-C, \x04 Ctrl-D, \e[A the Up key
//                  (any \xHH, \e, \r, \n, \t, \\)
//   press TEXT     types TEXT at once (Ctrl-C while a query runs)
//   expect TEXT    waits (10 s at most) until TEXT appears in what the
//                  program printed since the last expect; fails otherwise
//   reject TEXT    fails when TEXT appeared in what was printed since the
//                  last expect
//   sleep MS       waits MS milliseconds
//   exit CODE      waits (10 s at most) for the program to exit with CODE
// Lines starting with # are comments. On failure the output so far is shown.
//===----------------------------------------------------------------------===//
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <poll.h>
#include <pty.h>
#include <string>
#include <sys/wait.h>
#include <termios.h>
#include <thread>
#include <unistd.h>

namespace {

std::string Unescape(const std::string &text) {
	std::string out;
	for (size_t i = 0; i < text.size(); i++) {
		if (text[i] != '\\' || i + 1 >= text.size()) {
			out += text[i];
			continue;
		}
		char next = text[++i];
		if (next == 'r') {
			out += '\r';
		} else if (next == 'n') {
			out += '\n';
		} else if (next == 't') {
			out += '\t';
		} else if (next == 'e') {
			out += '\x1b';
		} else if (next == 'x' && i + 2 < text.size()) {
			out += char(std::stoi(text.substr(i + 1, 2), nullptr, 16));
			i += 2;
		} else {
			out += next;
		}
	}
	return out;
}

struct Session {
	int master = -1;
	pid_t child = -1;
	std::string output;       // everything printed
	size_t unmatched_from = 0; // where the next expect starts looking

	//! Reads what the program printed, waiting at most `wait_ms`; false once the terminal closed
	bool Pump(int wait_ms) {
		pollfd fd {master, POLLIN, 0};
		if (poll(&fd, 1, wait_ms) <= 0) {
			return true;
		}
		char buffer[4096];
		auto count = read(master, buffer, sizeof(buffer));
		if (count <= 0) {
			return false;
		}
		output.append(buffer, size_t(count));
		return true;
	}

	bool Expect(const std::string &text) {
		auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
		while (std::chrono::steady_clock::now() < deadline) {
			auto found = output.find(text, unmatched_from);
			if (found != std::string::npos) {
				unmatched_from = found + text.size();
				return true;
			}
			if (!Pump(50)) {
				break;
			}
		}
		return output.find(text, unmatched_from) != std::string::npos;
	}

	//! Waits (10 s at most) until the program's line editor reads keys one by one
	bool WaitForLineEditor() {
		auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
		while (std::chrono::steady_clock::now() < deadline) {
			termios mode;
			if (tcgetattr(master, &mode) == 0 && !(mode.c_lflag & ICANON)) {
				return true;
			}
			if (!Pump(10)) {
				return false;
			}
		}
		return false;
	}

	bool Exit(int code) {
		auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
		while (std::chrono::steady_clock::now() < deadline) {
			Pump(20);
			int status = 0;
			if (waitpid(child, &status, WNOHANG) == child) {
				child = -1;
				return WIFEXITED(status) && WEXITSTATUS(status) == code;
			}
		}
		return false;
	}
};

} // namespace

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: pty_driver SCRIPT PROGRAM [ARGS...]\n");
		return 2;
	}
	std::ifstream script(argv[1]);
	if (!script) {
		fprintf(stderr, "pty_driver: cannot read %s\n", argv[1]);
		return 2;
	}
	Session session;
	winsize size {40, 120, 0, 0};
	session.child = forkpty(&session.master, nullptr, nullptr, &size);
	if (session.child < 0) {
		perror("forkpty");
		return 2;
	}
	if (session.child == 0) {
		setenv("TERM", "xterm", 1);
		execv(argv[2], argv + 2);
		perror("execv");
		_exit(127);
	}
	std::string line;
	int line_number = 0;
	while (std::getline(script, line)) {
		line_number++;
		if (line.empty() || line[0] == '#') {
			continue;
		}
		auto space = line.find(' ');
		auto verb = line.substr(0, space);
		auto argument = space == std::string::npos ? std::string() : Unescape(line.substr(space + 1));
		bool ok = true;
		if (verb == "send" || verb == "press") {
			ok = verb == "press" || session.WaitForLineEditor();
			for (auto c : argument) { // one key at a time, as typed
				ok = ok && write(session.master, &c, 1) == 1;
				session.Pump(5);
			}
		} else if (verb == "expect") {
			ok = session.Expect(argument);
		} else if (verb == "reject") {
			session.Pump(100);
			ok = session.output.find(argument, session.unmatched_from) == std::string::npos;
		} else if (verb == "sleep") {
			auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(std::stoi(argument));
			while (std::chrono::steady_clock::now() < until) {
				session.Pump(10);
			}
		} else if (verb == "exit") {
			ok = session.Exit(std::stoi(argument));
		} else {
			fprintf(stderr, "pty_driver: %s:%d: unknown step %s\n", argv[1], line_number, verb.c_str());
			ok = false;
		}
		if (!ok) {
			fprintf(stderr, "pty_driver: %s:%d failed: %s\n--- output so far:\n%s\n---\n", argv[1], line_number,
			        line.c_str(), session.output.c_str());
			if (session.child > 0) {
				kill(session.child, SIGKILL);
			}
			return 1;
		}
	}
	if (session.child > 0) {
		kill(session.child, SIGKILL);
		waitpid(session.child, nullptr, 0);
	}
	return 0;
}
