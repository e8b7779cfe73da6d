#include "metadata/postgres/postgres_values.hpp"

#include "metadata/sql/sql_dialect.hpp"

#include "duckdb/common/types/timestamp.hpp"

#include <cstdlib>
#include <libpq-fe.h>

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

namespace {

// type OIDs (pg_type.dat)
constexpr Oid kBoolOid = 16;
constexpr Oid kByteaOid = 17;
constexpr Oid kInt8Oid = 20;
constexpr Oid kInt2Oid = 21;
constexpr Oid kInt4Oid = 23;
constexpr Oid kOidOid = 26;
constexpr Oid kFloat4Oid = 700;
constexpr Oid kFloat8Oid = 701;

int HexDigit(char c) {
	if (c >= '0' && c <= '9') {
		return c - '0';
	}
	if (c >= 'a' && c <= 'f') {
		return c - 'a' + 10;
	}
	if (c >= 'A' && c <= 'F') {
		return c - 'A' + 10;
	}
	return -1;
}

//! bytea's hex output ("\x4142") as the bytes it stands for.
std::string DecodeBytea(const char *text, int length) {
	if (length < 2 || text[0] != '\\' || text[1] != 'x') {
		throw duckdb::IOException("PostgreSQL catalog: unexpected bytea text (bytea_output must be hex)");
	}
	std::string bytes;
	bytes.reserve((length - 2) / 2);
	for (int i = 2; i + 1 < length; i += 2) {
		int high = HexDigit(text[i]), low = HexDigit(text[i + 1]);
		if (high < 0 || low < 0) {
			throw duckdb::IOException("PostgreSQL catalog: invalid bytea text");
		}
		bytes.push_back(char(high * 16 + low));
	}
	return bytes;
}

} // namespace

std::string StripTrailingNewline(std::string text) {
	while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
		text.pop_back();
	}
	return text;
}

void AddParameter(PostgresStatement &statement, const Value &value) {
	bool binary = false;
	std::string text;
	if (!value.IsNull()) {
		switch (value.type().id()) {
		case LogicalTypeId::BOOLEAN:
			text = value.GetValue<bool>() ? "true" : "false";
			break;
		case LogicalTypeId::TIMESTAMP_TZ:
			text = FixedTimestampText(value.GetValue<duckdb::timestamp_tz_t>());
			break;
		case LogicalTypeId::BLOB:
			text = duckdb::StringValue::Get(value);
			binary = true;
			break;
		case LogicalTypeId::VARCHAR:
			text = duckdb::StringValue::Get(value);
			break;
		// integers, the most common parameters of a commit (ids, counts), without Value::ToString's generic path
		case LogicalTypeId::TINYINT:
		case LogicalTypeId::SMALLINT:
		case LogicalTypeId::INTEGER:
		case LogicalTypeId::BIGINT:
		case LogicalTypeId::UTINYINT:
		case LogicalTypeId::USMALLINT:
		case LogicalTypeId::UINTEGER:
			text = std::to_string(value.GetValue<int64_t>());
			break;
		case LogicalTypeId::UBIGINT:
			text = std::to_string(value.GetValue<uint64_t>());
			break;
		default:
			text = value.ToString();
			break;
		}
		if (!binary && text.find('\0') != std::string::npos) {
			throw duckdb::InvalidInputException("A PostgreSQL catalog cannot store text holding a NUL character "
			                                    "(chr(0)) in a catalog column");
		}
	}
	statement.values.push_back(std::move(text));
	statement.nulls.push_back(value.IsNull());
	statement.binary.push_back(binary);
}

BoundParameters::BoundParameters(const PostgresStatement &statement) {
	for (size_t i = 0; i < statement.values.size(); i++) {
		bool binary = statement.binary[i];
		types.push_back(binary ? kByteaOid : 0); // text parameters take the type the statement gives them
		values.push_back(statement.nulls[i] ? nullptr : statement.values[i].c_str());
		lengths.push_back(int(statement.values[i].size()));
		formats.push_back(binary ? 1 : 0);
	}
}

LogicalType ResultColumnType(unsigned int oid) {
	switch (oid) {
	case kBoolOid:
		return LogicalType::BOOLEAN;
	case kInt2Oid:
	case kInt4Oid:
	case kInt8Oid:
	case kOidOid:
		return LogicalType::BIGINT;
	case kFloat4Oid:
	case kFloat8Oid:
		return LogicalType::DOUBLE;
	case kByteaOid:
		return LogicalType::BLOB;
	default:
		return LogicalType::VARCHAR;
	}
}

Value ResultValue(pg_result *result, int row, int column) {
	if (PQgetisnull(result, row, column)) {
		return Value(ResultColumnType(PQftype(result, column)));
	}
	auto text = PQgetvalue(result, row, column);
	auto length = PQgetlength(result, row, column);
	switch (PQftype(result, column)) {
	case kBoolOid:
		return Value::BOOLEAN(text[0] == 't');
	case kInt2Oid:
	case kInt4Oid:
	case kInt8Oid:
	case kOidOid:
		return Value::BIGINT(std::strtoll(text, nullptr, 10));
	case kFloat4Oid:
	case kFloat8Oid:
		return Value::DOUBLE(std::strtod(text, nullptr));
	case kByteaOid: {
		auto bytes = DecodeBytea(text, length);
		return Value::BLOB(duckdb::const_data_ptr_cast(bytes.data()), bytes.size());
	}
	default:
		return Value(std::string(text, length));
	}
}

void StoreResultCell(pg_result *result, int row, int column, duckdb::Vector &vector, duckdb::idx_t out_row) {
	if (PQgetisnull(result, row, column)) {
		duckdb::FlatVector::SetNull(vector, out_row, true);
		return;
	}
	auto text = PQgetvalue(result, row, column);
	auto length = PQgetlength(result, row, column);
	auto oid = PQftype(result, column);
	switch (vector.GetType().id()) {
	case LogicalTypeId::BIGINT:
		duckdb::FlatVector::GetData<int64_t>(vector)[out_row] =
		    oid == kBoolOid ? (text[0] == 't' ? 1 : 0) : std::strtoll(text, nullptr, 10);
		return;
	case LogicalTypeId::DOUBLE:
		duckdb::FlatVector::GetData<double>(vector)[out_row] = std::strtod(text, nullptr);
		return;
	case LogicalTypeId::VARCHAR:
	case LogicalTypeId::BLOB: {
		auto &target = duckdb::FlatVector::GetData<duckdb::string_t>(vector)[out_row];
		if (oid == kByteaOid) {
			auto bytes = DecodeBytea(text, length);
			target = duckdb::StringVector::AddStringOrBlob(vector, bytes.data(), bytes.size());
		} else {
			target = duckdb::StringVector::AddStringOrBlob(vector, text, length);
		}
		return;
	}
	default:
		vector.SetValue(out_row, ResultValue(result, row, column).DefaultCastAs(vector.GetType()));
		return;
	}
}

} // namespace inlake
