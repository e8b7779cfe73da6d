#include "sql_session.hpp"

#include "inlake_extension.hpp"

#include <stdexcept>

namespace inlake_random {

std::string ExecResult::Describe() const {
	if (ok) {
		return "ok";
	}
	return std::string(internal ? "INTERNAL " : "") + duckdb::Exception::ExceptionTypeToString(type) + ": " + message;
}

SqlSession::SqlSession(bool with_lake_p) : with_lake(with_lake_p) {
	Open();
}

SqlSession::~SqlSession() {
	Close();
}

void SqlSession::Open() {
	Close();
	duckdb::DBConfig config;
	config.options.allow_unsigned_extensions = true;
	config.options.autoinstall_known_extensions = false;
	config.options.autoload_known_extensions = false;
	db = std::make_unique<duckdb::DuckDB>(nullptr, &config);
	if (with_lake) {
		inlake::LoadInlake(*db->instance);
	}
	connection = std::make_unique<duckdb::Connection>(*db);
}

void SqlSession::Close() {
	if (connection && with_lake) {
		// Closing a database with the lake still attached keeps the catalog file locked for the rest of the process
		// (finding close_without_detach_keeps_lock): detach it first, so other processes (crash test) can attach it.
		connection->Query("DETACH DATABASE IF EXISTS l");
	}
	connection.reset();
	db.reset();
}

static bool IsInternal(const ExecResult &result) {
	return result.type == duckdb::ExceptionType::INTERNAL || result.type == duckdb::ExceptionType::FATAL ||
	       result.message.find("INTERNAL Error") != std::string::npos ||
	       result.message.find("database has been invalidated") != std::string::npos;
}

ExecResult SqlSession::Exec(const std::string &sql) {
	if (trace) {
		trace(sql);
	}
	ExecResult exec;
	try {
		exec.result = connection->Query(sql);
		if (exec.result->HasError()) {
			exec.ok = false;
			exec.type = exec.result->GetErrorType();
			exec.message = exec.result->GetError();
		}
	} catch (std::exception &ex) {
		duckdb::ErrorData error(ex);
		exec.ok = false;
		exec.type = error.Type();
		exec.message = error.Message();
	}
	exec.internal = !exec.ok && IsInternal(exec);
	// Internal errors carry a stack trace: keep the message readable.
	auto trace = exec.message.find("\n\nStack Trace");
	if (trace != std::string::npos) {
		exec.message = exec.message.substr(0, trace);
	}
	return exec;
}

std::vector<std::string> SqlSession::Column(const std::string &sql) {
	auto exec = Exec(sql);
	if (!exec.ok) {
		throw std::runtime_error(sql + ": " + exec.Describe());
	}
	std::vector<std::string> values;
	for (duckdb::idx_t row = 0; row < exec.result->RowCount(); row++) {
		auto value = exec.result->GetValue(0, row);
		values.push_back(value.IsNull() ? "NULL" : value.ToString());
	}
	return values;
}

int64_t SqlSession::Scalar(const std::string &sql) {
	auto values = Column(sql);
	if (values.empty() || values[0] == "NULL") {
		return 0;
	}
	return std::stoll(values[0]);
}

} // namespace inlake_random
