//===----------------------------------------------------------------------===//
// inlake-sqllogictest FILE_OR_DIR...
//
// Runs every given .test file (directories are searched recursively for
// *.test, in sorted order), prints one PASS/FAIL/SKIP line per file, failures
// in detail, and finally exactly `N passed, N failed, N skipped` (counting
// files). Exits 1 if any file failed or an argument does not exist.
//===----------------------------------------------------------------------===//
#include "substitution.hpp"
#include "test_runner.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace {

bool CollectFiles(const std::string &argument, std::vector<std::string> &files) {
	namespace fs = std::filesystem;
	std::error_code error;
	if (fs::is_directory(argument, error)) {
		std::vector<std::string> found;
		for (auto &entry : fs::recursive_directory_iterator(argument)) {
			if (entry.is_regular_file() && entry.path().extension() == ".test") {
				found.push_back(entry.path().string());
			}
		}
		std::sort(found.begin(), found.end());
		files.insert(files.end(), found.begin(), found.end());
		return true;
	}
	if (fs::is_regular_file(argument, error)) {
		files.push_back(argument);
		return true;
	}
	std::cerr << "inlake-sqllogictest: no such file or directory: " << argument << "\n";
	return false;
}

} // namespace

int main(int argc, char **argv) {
	if (argc < 2) {
		std::cerr << "usage: inlake-sqllogictest FILE_OR_DIR...\n";
		return 2;
	}
	bool arguments_ok = true;
	std::vector<std::string> files;
	for (int i = 1; i < argc; i++) {
		arguments_ok = CollectFiles(argv[i], files) && arguments_ok;
	}
	size_t passed = 0, failed = 0, skipped = 0;
	if (inlake_test::Substitution::CatalogBackend() == "postgres" &&
	    inlake_test::PostgresLakes::ServerConninfo().empty()) {
		std::cout << "SKIPPED: INLAKE_TEST_CATALOG=postgres but INLAKE_TEST_PG names no PostgreSQL test server "
		             "(scripts/test.sh starts one)\n";
		std::cout << "0 passed, 0 failed, " << files.size() << " skipped" << std::endl;
		return 0;
	}
	for (auto &file : files) {
		auto outcome = inlake_test::RunTestFile(file, std::cout);
		switch (outcome) {
		case inlake_test::FileOutcome::PASSED:
			passed++;
			std::cout << "PASS " << file << "\n";
			break;
		case inlake_test::FileOutcome::FAILED:
			failed++;
			std::cout << "FAIL " << file << "\n";
			break;
		case inlake_test::FileOutcome::SKIPPED:
			skipped++;
			break;
		}
		std::cout.flush();
	}
	std::cout << passed << " passed, " << failed << " failed, " << skipped << " skipped" << std::endl;
	return failed == 0 && arguments_ok ? 0 : 1;
}
