//===----------------------------------------------------------------------===//
// inlake: naming the ALTER-family statements a lake refuses.
//
// DuckDB hands COMMENT ON, ALTER VIEW, ALTER TABLE ... SET PARTITIONED BY and
// the like to the catalog as one AlterInfo. A lake that does not support one
// of them answers with an error that names the statement the user typed and
// the object it was aimed at, e.g.
//   COMMENT ON TABLE is not supported by inlake (yet): "lake"."main"."t"
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/parser/parsed_data/alter_info.hpp"

#include <string>

namespace inlake {

//! The statement an AlterInfo came from, as the user wrote it ("COMMENT ON COLUMN", "ALTER TABLE ... ADD CONSTRAINT")
std::string AlterStatementName(const duckdb::AlterInfo &info);

//! Throws NotImplementedException "<statement> is not supported by inlake (yet): <object>"
[[noreturn]] void ThrowUnsupportedAlter(const duckdb::AlterInfo &info);

} // namespace inlake
