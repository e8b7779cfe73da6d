#include "read/small_file_prefetch.hpp"

#include "common/lake_paths.hpp"
#include "read/data_file_open_info.hpp"

#include "duckdb/main/client_context.hpp"
#include "duckdb/storage/caching_file_system.hpp"
#include "duckdb/storage/external_file_cache.hpp"

namespace inlake {

using namespace duckdb; // NOLINT

static bool ParquetPrefetchDisabled(ClientContext &context) {
	Value disabled = false;
	context.TryGetCurrentSetting("disable_parquet_prefetching", disabled);
	return !disabled.IsNull() && disabled.GetValue<bool>();
}

void PrefetchSmallFile(ClientContext &context, const OpenFileInfo &file) {
	auto size = KnownFileSize(file);
	if (size == 0 || size > kWholeFileReadLimit || !IsUrlPath(file.path)) {
		return;
	}
	if (!ExternalFileCache::Get(context).IsEnabled() || ParquetPrefetchDisabled(context)) {
		return;
	}
	auto caching_fs = CachingFileSystem::Get(context);
	auto handle = caching_fs.OpenFile(QueryContext(context), file, FileFlags::FILE_FLAGS_READ);
	data_ptr_t buffer;
	handle->Read(buffer, size, 0);
}

} // namespace inlake
