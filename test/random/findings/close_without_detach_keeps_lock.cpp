// FINDING: destroying a duckdb::DuckDB (and its Connection) while a lake is still attached keeps the lake's catalog
// file locked until the process exits: another process then fails to attach the lake ("Could not set lock on file
// ... Conflicting lock is held in <this process>"). With DETACH before closing, the other process attaches fine.
// The DuckDB instance (or the catalog database inside it) is apparently never freed, so it also leaks memory.
// Build (from the repository root, after building inlake_core):
//   D=third_party/duckdb-1.4.4/duckdb; g++ -std=c++17 -DNDEBUG -DDUCKDB_BUILD_LIBRARY -Isrc -isystem $D/src/include \
//     test/random/findings/close_without_detach_keeps_lock.cpp build/libinlake_core.a -Lthird_party/duckdb-1.4.4/lib \
//     -lduckdb -Wl,-rpath,$PWD/third_party/duckdb-1.4.4/lib -o /tmp/leak_test
// Run: rm -rf /tmp/lk && mkdir /tmp/lk && /tmp/leak_test /tmp/lk          (the shell child fails to attach)
//      rm -rf /tmp/lk && mkdir /tmp/lk && /tmp/leak_test /tmp/lk detach   (the shell child counts 1 row)
#include "duckdb.hpp"
#include "inlake_extension.hpp"
#include <iostream>
#include <unistd.h>
#include <sys/wait.h>
int main(int argc, char **argv) {
	std::string dir = argv[1];
	bool detach = argc > 2;
	{
		duckdb::DuckDB db(nullptr);
		inlake::LoadInlake(*db.instance);
		duckdb::Connection con(db);
		auto r = con.Query("ATTACH 'ducklake:" + dir + "/lake.duckdb' AS l (DATA_PATH '" + dir + "/data/')");
		if (r->HasError()) std::cout << r->GetError() << std::endl;
		con.Query("CREATE TABLE IF NOT EXISTS l.t (a INTEGER)");
		con.Query("INSERT INTO l.t VALUES (1)");
		if (detach) con.Query("DETACH l");
	}
	auto pid = fork();
	if (pid == 0) {
		execlp("/work/wt-random/build/inlake", "inlake", "-c", ("ATTACH 'ducklake:" + dir + "/lake.duckdb' AS l; SELECT count(*) FROM l.t;").c_str(), nullptr);
		_exit(1);
	}
	int status; waitpid(pid, &status, 0);
	return 0;
}
