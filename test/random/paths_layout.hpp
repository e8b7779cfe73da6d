//===----------------------------------------------------------------------===//
// Paths layout: where one seed of the path workload puts its lake, the lake's
// neighbours and the working directories, and how it spells DATA_PATH.
//
// Contract: everything lives under `root` (absolute, no symbolic links):
//   root/home                 HOME for the seed (`~/...` spellings)
//   root/w                    the lake's home: the data path's parent
//   root/w/<data_name>        the lake's data path (or <catalog>.files, the default)
//   root/w/<sentinel_name>    a second lake's data path, named so that the data
//                             path's text read as a glob (or as a prefix) matches it
//   root/w/<neighbour_name>   a folder of user files with the same kind of name
//   root/w/sub, root/other    further working directories
// MakeLayout only decides (no file is touched); the data path's name is drawn
// from a grammar of glob characters, spaces, quotes and unicode. SpellPath
// writes an absolute folder as seen from a working directory: absolute,
// relative (`x`, `./x`, `../w/x`) or `~/...`, with doubled separators, `/./`,
// `x/../x` detours and trailing separators; every spelling names the same
// folder. SqlString quotes for a SQL string literal, ShellQuote for bash.
//===----------------------------------------------------------------------===//
#pragma once

#include "rng.hpp"

#include <string>
#include <vector>

namespace inlake_random {

enum class PathsBackend { DUCKDB, SQLITE, POSTGRES };

std::string PathsBackendName(PathsBackend backend);

struct PathsLayout {
	std::string root;
	std::string home;
	std::string lake_home;
	//! The lake's data path, absolute and normalised, without a trailing separator.
	std::string data_path;
	//! DATA_PATH as given at creation, from create_cwd ("" = none: the default beside the catalog).
	std::string data_spelling;
	std::string create_cwd;
	//! The catalog file (DuckDB and SQLite backends; "" on PostgreSQL).
	std::string catalog_file;
	std::string sentinel_data;
	std::string sentinel_catalog;
	std::string neighbour;
	//! Working directories the lake is attached from.
	std::vector<std::string> cwds;
};

//! `with_known_defects` false: a data path's name does not end in a non-ASCII character (paths_run.hpp).
PathsLayout MakeLayout(Rng &rng, const std::string &root, PathsBackend backend, bool with_known_defects);

//! `target` (absolute) as DATA_PATH from `cwd`, randomly spelled; `home` is where `~` points ("": no `~`).
std::string SpellPath(Rng &rng, const std::string &target, const std::string &cwd, const std::string &home);
//! A catalog file as seen from cwd: its folder spelled as SpellPath does, then its name.
std::string SpellFile(Rng &rng, const std::string &target, const std::string &cwd, const std::string &home);

std::string SqlString(const std::string &text);
//! Quotes for bash (the reproducer scripts).
std::string ShellQuote(const std::string &text);

} // namespace inlake_random
