//===----------------------------------------------------------------------===//
// The `ducklake:` storage extension: DuckDB calls it for
// ATTACH 'ducklake:PATH' AS name (...), and it answers with a LakeCatalog and
// its LakeTransactionManager.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/storage/storage_extension.hpp"

namespace inlake {

class LakeStorageExtension : public duckdb::StorageExtension {
public:
	LakeStorageExtension();
};

} // namespace inlake
