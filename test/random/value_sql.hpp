//===----------------------------------------------------------------------===//
// Value SQL: the typed expressions statements are built from.
//
// Contract: every function returns a deterministic SQL expression (no random(),
// no now()) whose value depends only on its text and on the row it is
// evaluated against, so the lake and the native table compute the same values.
// Literal: a value of the type (NULL with the given chance, nested values with
// NULLs inside; no chr(0) inside them without "nested-nul"). BulkExpression: a value computed from the BIGINT row counter
// `counter` of a large insert, cycling through a handful of literals.
// MutateExpression: a new value derived from the column's current value (may
// overflow: both sides must then fail alike). WHERE conditions are in
// filter_predicates.hpp.
//===----------------------------------------------------------------------===//
#pragma once

#include "column_type.hpp"
#include "features.hpp"
#include "rng.hpp"

#include <string>

namespace inlake_random {

std::string Literal(const ColumnType &type, Rng &rng, const FeatureSet &features, int null_percent = 10);
std::string BulkExpression(const ColumnType &type, Rng &rng, const FeatureSet &features, const std::string &counter);
std::string MutateExpression(const ColumnType &type, const std::string &column, Rng &rng,
                             const FeatureSet &features);

//! The features for values an UPDATE or MERGE assigns: no float zeros (see the "signed-zero" feature).
FeatureSet UpdateFeatures(const FeatureSet &features);
//! FLOAT/DOUBLE, alone or inside a nested type.
bool ContainsFloat(const ColumnType &type);

//! "name" with double quotes doubled.
std::string QuoteIdentifier(const std::string &name);

} // namespace inlake_random
