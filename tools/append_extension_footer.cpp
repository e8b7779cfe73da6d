// append_extension_footer IN OUT VERSION
//
// Copies the shared object IN to OUT and appends DuckDB's 512-byte extension
// metadata footer: eight 32-byte zero-padded fields (in file order: three
// unused, the ABI type "CPP", the extension version, the DuckDB version
// "v1.4.4", the platform "linux_amd64", and the magic value "4" last),
// followed by a 256-byte signature (zeros: the build is unsigned, so DuckDB
// needs allow_unsigned_extensions to LOAD it).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

static void AppendField(std::vector<char> &footer, const std::string &value) {
	char field[32] = {0};
	std::memcpy(field, value.data(), value.size() < 32 ? value.size() : 32);
	footer.insert(footer.end(), field, field + 32);
}

int main(int argc, char **argv) {
	if (argc != 4) {
		std::cerr << "usage: append_extension_footer IN OUT VERSION\n";
		return 2;
	}
	std::ifstream in(argv[1], std::ios::binary);
	if (!in) {
		std::cerr << "append_extension_footer: cannot read " << argv[1] << "\n";
		return 1;
	}
	std::vector<char> body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
	std::vector<char> footer;
	for (const char *field : {"", "", "", "CPP"}) {
		AppendField(footer, field);
	}
	AppendField(footer, argv[3]);
	AppendField(footer, "v1.4.4");
	AppendField(footer, "linux_amd64");
	AppendField(footer, "4");
	footer.resize(footer.size() + 256, 0);

	std::string tmp = std::string(argv[2]) + ".tmp";
	std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
	out.write(body.data(), body.size());
	out.write(footer.data(), footer.size());
	out.close();
	if (!out || std::rename(tmp.c_str(), argv[2]) != 0) {
		std::cerr << "append_extension_footer: cannot write " << argv[2] << "\n";
		return 1;
	}
	return 0;
}
