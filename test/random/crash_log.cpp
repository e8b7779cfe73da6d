#include "crash_log.hpp"

#include "model_codec.hpp"

#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace inlake_random {

CrashLog::CrashLog(std::string path_p) : path(std::move(path_p)) {
	fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		throw std::runtime_error("cannot open the crash log " + path);
	}
}

CrashLog::~CrashLog() {
	if (fd >= 0) {
		close(fd);
	}
}

void CrashLog::Append(const std::string &line) {
	auto text = line + "\n";
	if (write(fd, text.data(), text.size()) != ssize_t(text.size()) || fsync(fd) != 0) {
		throw std::runtime_error("writing the crash log " + path + " failed");
	}
}

void CrashLog::Intent(int64_t index, const Step &step, const std::string &models) {
	Append("I " + std::to_string(index) + " " + std::to_string(int(step.kind)) + ":" + std::to_string(int(step.action)) +
	       " " + EscapeField(step.label) + " " + EscapeField(step.sql) + " " + EscapeField(models));
}

void CrashLog::Committed(int64_t index, int64_t snapshot) {
	Append("C " + std::to_string(index) + " " + std::to_string(snapshot));
}

void CrashLog::Failed(int64_t index) {
	Append("F " + std::to_string(index));
}

std::vector<LoggedStatement> CrashLog::Read(const std::string &path) {
	std::vector<LoggedStatement> statements;
	std::ifstream in(path);
	std::string line;
	while (std::getline(in, line)) {
		std::istringstream fields(line);
		std::string type;
		int64_t index;
		fields >> type >> index;
		if (type == "I") {
			LoggedStatement statement;
			std::string kind, label, sql, models;
			fields >> kind >> label >> sql >> models;
			statement.index = index;
			statement.kind = StepKind(std::stoi(kind.substr(0, kind.find(':'))));
			statement.action = LakeAction(std::stoi(kind.substr(kind.find(':') + 1)));
			statement.label = UnescapeField(label);
			statement.sql = UnescapeField(sql);
			statement.models = UnescapeField(models);
			statements.push_back(statement);
		} else if (!statements.empty() && statements.back().index == index && (type == "C" || type == "F")) {
			statements.back().state =
			    type == "C" ? LoggedStatement::State::COMMITTED : LoggedStatement::State::FAILED;
			if (type == "C") {
				fields >> statements.back().snapshot;
			}
		} else if (!line.empty()) {
			throw std::runtime_error("crash log " + path + ": unexpected line \"" + line + "\"");
		}
	}
	return statements;
}

} // namespace inlake_random
