// LakeTransaction, the views: CREATE [OR REPLACE] VIEW, DROP VIEW, ALTER VIEW ... RENAME TO and COMMENT ON VIEW
// are recorded in the transaction (seen by it alone) and written to ducklake_view at commit.
#include "transaction/lake_transaction.hpp"

#include "transaction/unsupported_alter.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parsed_data/create_view_info.hpp"

namespace inlake {
using duckdb::CatalogException;
using duckdb::StringUtil;

duckdb::optional_ptr<LakeViewEntry> LakeTransaction::LookupView(LakeSchemaEntry &schema, const std::string &name) {
	for (auto &view : changes.created_views) {
		if (&view->ParentSchema() == &schema && StringUtil::CIEquals(view->name, name)) {
			return view.get();
		}
	}
	for (auto &entry : changes.altered_views) {
		auto &altered = *entry.second;
		if (&altered.ParentSchema() == &schema && !changes.dropped_view_ids.count(entry.first) &&
		    StringUtil::CIEquals(altered.name, name)) {
			return &altered;
		}
	}
	auto view = schema.GetCommittedView(name);
	if (view && (changes.dropped_view_ids.count(view->ViewId()) || changes.altered_views.count(view->ViewId()))) {
		return nullptr;
	}
	return view;
}

void LakeTransaction::ScanViews(LakeSchemaEntry &schema, const std::function<void(LakeViewEntry &)> &callback) {
	schema.Scan(duckdb::CatalogType::VIEW_ENTRY, [&](duckdb::CatalogEntry &entry) {
		auto &view = entry.Cast<LakeViewEntry>();
		if (changes.dropped_view_ids.count(view.ViewId())) {
			return;
		}
		auto altered = changes.altered_views.find(view.ViewId());
		callback(altered == changes.altered_views.end() ? view : *altered->second);
	});
	for (auto &view : changes.created_views) {
		if (&view->ParentSchema() == &schema) {
			callback(*view);
		}
	}
}

void LakeTransaction::CheckNameFree(LakeSchemaEntry &schema, const std::string &name, const char *what) {
	if (LookupTable(schema, name)) {
		throw CatalogException("Cannot %s \"%s\": a table with this name exists in schema \"%s\"", what, name,
		                       schema.name);
	}
	if (LookupView(schema, name)) {
		throw CatalogException("Cannot %s \"%s\": a view with this name exists in schema \"%s\"", what, name,
		                       schema.name);
	}
}

duckdb::optional_ptr<LakeViewEntry> LakeTransaction::CreateView(LakeSchemaEntry &schema, duckdb::CreateViewInfo &info) {
	CheckWritable("create a view");
	auto existing = LookupView(schema, info.view_name);
	if (existing) {
		if (info.on_conflict == duckdb::OnCreateConflict::IGNORE_ON_CONFLICT) {
			return nullptr;
		}
		if (info.on_conflict != duckdb::OnCreateConflict::REPLACE_ON_CONFLICT) {
			throw CatalogException("View with name \"%s\" already exists in lake \"%s\"", info.view_name,
			                       catalog.GetName());
		}
		DropView(*existing);
	}
	CheckNameFree(schema, info.view_name, "create view");
	auto is_lake_schema = [&](const std::string &name) { return LookupSchema(name) != nullptr; };
	auto record = LakeViewEntry::RecordOf(info, schema.SchemaId(), catalog.GetName(), is_lake_schema);
	record.view_id = changes.next_local_id++;
	record.view_uuid = duckdb::UUID::ToString(duckdb::UUID::GenerateRandomUUID());
	changes.version++;
	changes.created_views.push_back(LakeViewEntry::FromRecord(catalog, schema, std::move(record), is_lake_schema));
	return changes.created_views.back().get();
}

void LakeTransaction::DropView(LakeViewEntry &view) {
	CheckWritable("drop a view");
	changes.version++;
	if (!DiscardCreated(changes.created_views, changes.discarded_views, view)) {
		changes.dropped_view_ids.insert(view.ViewId());
	}
}

void LakeTransaction::AlterView(LakeSchemaEntry &schema, duckdb::AlterInfo &info) {
	CheckWritable("alter a view");
	bool rename = info.type == duckdb::AlterType::ALTER_VIEW &&
	              info.Cast<duckdb::AlterViewInfo>().alter_view_type == duckdb::AlterViewType::RENAME_VIEW;
	bool comment = info.type == duckdb::AlterType::SET_COMMENT;
	if (!rename && !comment) {
		ThrowUnsupportedAlter(info);
	}
	auto view = LookupView(schema, info.name);
	if (!view) {
		if (info.if_not_found == duckdb::OnEntryNotFound::RETURN_NULL) {
			return;
		}
		throw CatalogException("View with name %s does not exist!", info.name);
	}
	auto record = view->Record();
	if (rename && info.Cast<duckdb::RenameViewInfo>().new_view_name == view->name) {
		return; // the name it has: nothing changes (no snapshot), as in DuckDB
	}
	if (rename) {
		record.view_name = info.Cast<duckdb::RenameViewInfo>().new_view_name;
		if (!StringUtil::CIEquals(record.view_name, view->name)) {
			CheckNameFree(schema, record.view_name, "rename a view to");
		}
	} else {
		auto &value = info.Cast<duckdb::SetCommentInfo>().comment_value;
		record.has_comment = !value.IsNull();
		record.comment = record.has_comment ? value.ToString() : std::string();
	}
	changes.version++;
	auto is_lake_schema = [&](const std::string &name) { return LookupSchema(name) != nullptr; };
	ReplaceLocalEntry(changes.created_views, changes.altered_views, changes.discarded_views, *view, view->ViewId(),
	                  LakeViewEntry::FromRecord(catalog, schema, std::move(record), is_lake_schema));
}

} // namespace inlake
