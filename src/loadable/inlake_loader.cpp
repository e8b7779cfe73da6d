// The file users LOAD (inlake.duckdb_extension): a small loader that works in any process that has DuckDB
// 1.4.4 loaded, however it was loaded. The extension proper (inlake_loadable.cpp) resolves DuckDB's C++
// symbols from the process; a host that loaded libduckdb.so privately (Node's @duckdb/node-api: dlopen
// without RTLD_GLOBAL) hides them, and dlopen of the extension fails with "undefined symbol". So this
// loader, which uses no DuckDB symbol itself:
//  1. promotes a libduckdb.so already in the process to global symbol scope (dlopen with RTLD_NOLOAD |
//     RTLD_GLOBAL: no second copy is loaded); hosts that link DuckDB statically (the DuckDB CLI, the inlake
//     shell) export its symbols already and have no such library;
//  2. opens the extension proper, which is embedded in this file, from an anonymous memory file, and hands
//     it DuckDB's ExtensionLoader.
// One file to copy, nothing written to disk.
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

// The extension proper, built before this file (INLAKE_EMBEDDED_EXTENSION: its path)
asm(".section .rodata\n"
    ".balign 64\n"
    ".global inlake_embedded_start\n"
    "inlake_embedded_start:\n"
    ".incbin \"" INLAKE_EMBEDDED_EXTENSION "\"\n"
    ".global inlake_embedded_end\n"
    "inlake_embedded_end:\n"
    ".previous\n");
extern "C" const unsigned char inlake_embedded_start[];
extern "C" const unsigned char inlake_embedded_end[];

namespace {

int PromoteDuckDB(struct dl_phdr_info *info, size_t, void *) {
	if (info->dlpi_name && std::strstr(info->dlpi_name, "libduckdb")) {
		// already loaded: RTLD_NOLOAD only changes its symbols' scope to global
		dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
	}
	return 0;
}

void *OpenEmbeddedExtension() {
	int fd = memfd_create("inlake_extension", MFD_CLOEXEC);
	if (fd < 0) {
		throw std::runtime_error("inlake: memfd_create failed");
	}
	auto size = size_t(inlake_embedded_end - inlake_embedded_start);
	size_t written = 0;
	while (written < size) {
		auto n = write(fd, inlake_embedded_start + written, size - written);
		if (n <= 0) {
			close(fd);
			throw std::runtime_error("inlake: writing the extension to memory failed");
		}
		written += size_t(n);
	}
	auto path = "/proc/self/fd/" + std::to_string(fd);
	auto handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
	close(fd); // the mapping stays
	if (!handle) {
		throw std::runtime_error(std::string("inlake: cannot load the extension: ") + dlerror());
	}
	return handle;
}

} // namespace

// DuckDB calls <name>_duckdb_cpp_init(duckdb::ExtensionLoader &): a reference is passed as a pointer.
extern "C" __attribute__((visibility("default"))) void inlake_duckdb_cpp_init(void *loader) {
	dl_iterate_phdr(PromoteDuckDB, nullptr);
	static void *extension = OpenEmbeddedExtension();
	using Entry = void (*)(void *);
	auto entry = reinterpret_cast<Entry>(dlsym(extension, "inlake_load_into"));
	if (!entry) {
		throw std::runtime_error("inlake: the embedded extension has no entry point");
	}
	entry(loader);
}
