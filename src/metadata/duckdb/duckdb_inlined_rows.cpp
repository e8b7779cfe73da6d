// DuckDBMetadataStore::OpenInlinedRows: a table's inlined rows for the flush's COPY, read in place from the
// catalog file's inlined tables (every schema version cast to the current columns), in one read transaction
// held under the store's lock while the flush copies them.
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/inlined_select.hpp"
#include "metadata/sql_literal.hpp"

namespace inlake {

namespace {

class CatalogInlinedRows : public InlinedRowsRelation {
public:
	CatalogInlinedRows(OwnedMutex &lock, CatalogConnection &connection, std::vector<std::string> parts_p)
	    : guard(lock), connection(connection), parts(std::move(parts_p)) {
		connection.BeginRead();
	}
	~CatalogInlinedRows() override {
		try {
			connection.Commit();
		} catch (...) { // NOLINT: a read transaction; nothing to keep
		}
	}
	CatalogConnection &Connection() override {
		return connection;
	}
	const std::vector<std::string> &Parts() override {
		return parts;
	}

private:
	std::lock_guard<OwnedMutex> guard;
	CatalogConnection &connection;
	std::vector<std::string> parts;
};

} // namespace

std::unique_ptr<InlinedRowsRelation> DuckDBMetadataStore::OpenInlinedRows(const std::vector<InlinedSource> &sources,
                                                                          const InlinedColumnNames &names,
                                                                          int64_t snapshot_id) {
	std::vector<std::string> parts;
	for (auto &source : sources) {
		parts.push_back("SELECT " + InlinedSelectList(source) + ", " + SqlIdentifier(names.row_id) + ", " +
		                SqlIdentifier(names.begin_snapshot) + ", " + SqlIdentifier(names.end_snapshot) +
		                ", rowid AS " + SqlIdentifier(kStoragePositionColumn) + " FROM " + prefix +
		                SqlIdentifier(source.table_name) + " WHERE " + SqlIdentifier(names.begin_snapshot) +
		                " <= " + SqlInt(snapshot_id));
	}
	return std::unique_ptr<InlinedRowsRelation>(new CatalogInlinedRows(lock, catalog_connection, std::move(parts)));
}

} // namespace inlake
