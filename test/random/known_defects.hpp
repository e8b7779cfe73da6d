//===----------------------------------------------------------------------===//
// Known-defect guards: state checks that let a run step around a known defect
// whose feature is excluded, where the generator alone cannot avoid it.
//
// Contract: each guard only reads the lake's catalog (never changes it) and
// says whether the next statement of a kind would run into the defect. The
// run then skips that statement and says so in its --verbose output.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "lake_backend.hpp"
#include "sql_session.hpp"
#include "step.hpp"

#include <string>

namespace inlake_random {

//! Defect 1: a flush fails (INTERNAL) while a live data file has both a delete file and inlined deletions.
bool FlushWouldHitDefect1(SqlSession &lake, const std::string &metadata_catalog);

//! Finding expire_then_alter_internal_error: reads (also time travel) fail once a table has inlined rows under a
//! schema version that no retained snapshot has and the table's schema changed. True when `step` is an expiry that
//! would leave such a schema version, or an ALTER of the lake table `table_name` while one exists.
bool StepWouldHitExpireAlter(SqlSession &lake, const std::string &metadata_catalog, const Step &step,
                             const std::string &table_name);

//! Known defect of PostgreSQL catalogs ("pg-ne-negative", fixed: the guard applies only when the feature is excluded): a `<>` filter pushed into the query of
//! inlined rows is rendered as `"a"!=-2`, which PostgreSQL lexes as the operator `!=-` (the statement fails). True
//! when the WHERE part of `step` has a negative number and spells `<>`, `!=`, `NOT IN` or `NOT (` (DuckDB rewrites
//! `NOT (a = -2)` and `a NOT IN (-2)` into `a <> -2`).
bool StepWouldHitPostgresNotEqualNegative(const Step &step);

//! Known defect of PostgreSQL catalogs ("pg-neg-nan", fixed: likewise): a FLOAT/DOUBLE -NaN written to inlined rows
//! reads back as +NaN. True when `step` writes a value spelled '-nan' (in its text before the first WHERE: the
//! values of an INSERT, UPDATE SET, MERGE source or column DEFAULT; a -NaN filter constant writes nothing).
bool StepWouldHitPostgresNegativeNan(const Step &step);

//! Which known-defect guard, if any, `step` would run into with the features a run excludes ("" for none).
std::string KnownDefectInTheWay(SqlSession &lake, Backend backend, const FeatureSet &features, const Step &step,
                                const std::string &table_name);

} // namespace inlake_random
