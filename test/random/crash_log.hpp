//===----------------------------------------------------------------------===//
// CrashLog: the crash test's durable record of what a child committed.
//
// Contract: one line per record, each appended with write() + fsync() before
// the call returns, so a SIGKILL leaves every earlier record on disk:
//   I <i> <kind> <label> <sql> <models>   statement i is about to run; models
//                                         are the table models after it succeeds
//   C <i> <snapshot>                      statement i committed (latest snapshot)
//   F <i>                                 statement i failed (nothing committed)
// Fields are escaped (model_codec) so they contain no spaces. Read returns the
// statements in order, each COMMITTED, FAILED or PENDING (an I without C/F:
// the kill fell while it ran, or between its commit and its C line).
//===----------------------------------------------------------------------===//
#pragma once

#include "step.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace inlake_random {

struct LoggedStatement {
	enum class State { PENDING, COMMITTED, FAILED };
	int64_t index = 0;
	StepKind kind = StepKind::BOTH;
	LakeAction action = LakeAction::NONE;
	std::string label;
	std::string sql;
	std::string models;
	State state = State::PENDING;
	int64_t snapshot = -1;
};

class CrashLog {
public:
	explicit CrashLog(std::string path);
	~CrashLog();

	void Intent(int64_t index, const Step &step, const std::string &models);
	void Committed(int64_t index, int64_t snapshot);
	void Failed(int64_t index);
	static std::vector<LoggedStatement> Read(const std::string &path);

private:
	void Append(const std::string &line);

	std::string path;
	int fd = -1;
};

} // namespace inlake_random
