#include "statement_preprocessor.hpp"

namespace inlake {

std::string PreprocessStatement(const std::string &sql) {
	return sql;
}

} // namespace inlake
