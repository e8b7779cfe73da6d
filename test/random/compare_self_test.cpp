#include "compare_self_test.hpp"

#include "table_image.hpp"

#include <iostream>
#include <string>
#include <vector>

namespace inlake_random {

struct SelfTestCase {
	const char *name;
	const char *left;
	const char *right;
	bool equal;
};

int RunCompareSelfTest(bool verbose) {
	static const std::vector<SelfTestCase> cases = {
	    {"identical", "SELECT 1::BIGINT AS k, 'nan'::DOUBLE AS v UNION ALL SELECT 2, NULL",
	     "SELECT 2::BIGINT AS k, NULL::DOUBLE AS v UNION ALL SELECT 1, 'nan'::DOUBLE", true},
	    {"-0.0 vs 0.0", "SELECT 1::BIGINT AS k, '-0.0'::DOUBLE AS v", "SELECT 1::BIGINT AS k, '0.0'::DOUBLE AS v",
	     false},
	    {"NaN vs NULL", "SELECT 1::BIGINT AS k, 'nan'::FLOAT AS v", "SELECT 1::BIGINT AS k, NULL::FLOAT AS v", false},
	    {"trailing space", "SELECT 1::BIGINT AS k, 'a' AS v", "SELECT 1::BIGINT AS k, 'a ' AS v", false},
	    {"TIMETZ offset", "SELECT 1::BIGINT AS k, '12:00:00+02'::TIMETZ AS v",
	     "SELECT 1::BIGINT AS k, '10:00:00+00'::TIMETZ AS v", false},
	    {"HUGEINT beyond 2^53", "SELECT 1::BIGINT AS k, 9007199254740993::HUGEINT AS v",
	     "SELECT 1::BIGINT AS k, 9007199254740992::HUGEINT AS v", false},
	    {"list order", "SELECT 1::BIGINT AS k, [1, 2] AS v", "SELECT 1::BIGINT AS k, [2, 1] AS v", false},
	    {"duplicate counts", "SELECT * FROM (VALUES (1::BIGINT), (1), (2)) t(k)",
	     "SELECT * FROM (VALUES (1::BIGINT), (2), (2)) t(k)", false},
	    {"column type", "SELECT 1::BIGINT AS k, 5::INTEGER AS v", "SELECT 1::BIGINT AS k, 5::BIGINT AS v", false},
	    {"column name", "SELECT 1::BIGINT AS k, 5 AS v", "SELECT 1::BIGINT AS k, 5 AS w", false},
	    {"NULL inside a struct", "SELECT 1::BIGINT AS k, {'a': NULL::INTEGER} AS v",
	     "SELECT 1::BIGINT AS k, NULL::STRUCT(a INTEGER) AS v", false},
	};
	SqlSession session(false);
	CellDictionary cells;
	int wrong = 0;
	for (auto &test : cases) {
		session.Exec("CREATE OR REPLACE TABLE a AS " + std::string(test.left));
		session.Exec("CREATE OR REPLACE TABLE b AS " + std::string(test.right));
		std::vector<ImageColumn> columns = {{0, "k"}};
		auto names = session.Column("SELECT column_name FROM (DESCRIBE a) WHERE column_name <> 'k'");
		for (size_t i = 0; i < names.size(); i++) {
			columns.push_back({int(i + 1), names[i]});
		}
		TableImage left, right;
		std::string error;
		bool read = ReadImage(session, "a", columns, cells, left, error) &&
		            ReadImage(session, "b", columns, cells, right, error);
		// A column that is missing on one side is itself a difference (the read fails).
		auto diff = read ? CompareImages(left, right, cells, "a", "b") : "read failed: " + error;
		bool judged_equal = diff.empty();
		bool right_judgement = judged_equal == test.equal;
		wrong += right_judgement ? 0 : 1;
		if (verbose || !right_judgement) {
			std::cout << (right_judgement ? "ok    " : "WRONG ") << test.name << ": "
			          << (judged_equal ? "equal" : "different") << "\n" << diff;
		}
	}
	std::cout << "compare self-test: " << cases.size() - wrong << "/" << cases.size() << " judged right" << std::endl;
	return wrong;
}

} // namespace inlake_random
