//===----------------------------------------------------------------------===//
// LakeViewEntry: a view of a lake (a ducklake_view row) as DuckDB's binder
// sees it. The view's SELECT is kept as DuckDB SQL text; it is bound afresh
// every time the view is used (its column types are not stored), so a view
// over lake tables follows their ALTERs and reads them at the snapshot the
// query reads (AT clauses inside the view are bound as written).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/catalog/catalog_entry/view_catalog_entry.hpp"

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>

namespace inlake {

class LakeViewEntry : public duckdb::ViewCatalogEntry {
public:
	LakeViewEntry(duckdb::Catalog &catalog, duckdb::SchemaCatalogEntry &schema, duckdb::CreateViewInfo &info,
	              ViewRecord record);

	//! The entry of a committed (or transaction-local) view row; `is_lake_schema(name)` tells whether the lake has
	//! a schema of that name where the view is seen (see catalog/view_sql.hpp)
	static duckdb::unique_ptr<LakeViewEntry> FromRecord(duckdb::Catalog &catalog, duckdb::SchemaCatalogEntry &schema,
	                                                    ViewRecord record,
	                                                    const std::function<bool(const std::string &)> &is_lake_schema);
	//! The record of a CREATE VIEW (view_id and view_uuid left to the caller); its SQL drops the qualifiers
	//! naming the lake (attached as `lake_name`), see catalog/view_sql.hpp
	static ViewRecord RecordOf(const duckdb::CreateViewInfo &info, int64_t schema_id, const std::string &lake_name,
	                           const std::function<bool(const std::string &)> &is_lake_schema);

	bool HasTypes() const override {
		return false;
	}
	//! Fills `types` and `names` (what duckdb_views() and duckdb_columns() show of a view) by binding the query,
	//! once per entry; a view that does not bind (a table it reads is gone) shows no columns. Binding on use
	//! does not depend on them. False while this thread binds a view (a failed lookup inside it lists the
	//! schema's entries for its message): then the entry is left out of that listing, and nothing waits.
	bool BindColumns(duckdb::ClientContext &context);
	const ViewRecord &Record() const {
		return record;
	}
	int64_t ViewId() const {
		return record.view_id;
	}

private:
	ViewRecord record;
	enum class ColumnsState { UNBOUND, BINDING, BOUND };
	std::mutex bind_lock;
	std::condition_variable bound;
	ColumnsState columns_state = ColumnsState::UNBOUND;
};

} // namespace inlake
