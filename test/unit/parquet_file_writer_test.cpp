// Unit tests of ParquetFileWriter: files written through DuckDB's Parquet copy
// function, checked back with read_parquet / parquet_schema / parquet_metadata.
#include "write/parquet_file_writer.hpp"

#include "duckdb.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>
#include <regex>

using namespace inlake;

namespace {

namespace fs = std::filesystem;

class ParquetFileWriterTest : public ::testing::Test {
protected:
	void SetUp() override {
		std::random_device rd;
		dir = fs::temp_directory_path() / ("inlake_pfw_" + std::to_string(rd()) + std::to_string(rd()));
		fs::create_directories(dir);
	}
	void TearDown() override {
		std::error_code ec;
		fs::remove_all(dir, ec);
	}

	std::string Dir() const {
		return dir.string() + "/";
	}

	size_t FileCount() const {
		size_t n = 0;
		for (auto &entry : fs::recursive_directory_iterator(dir)) {
			n += entry.is_regular_file();
		}
		return n;
	}

	//! Runs a query that must succeed.
	duckdb::unique_ptr<duckdb::MaterializedQueryResult> Q(const std::string &sql) {
		auto result = con.Query(sql);
		EXPECT_FALSE(result->HasError()) << sql << ": " << result->GetError();
		return result;
	}

	duckdb::Value Scalar(const std::string &sql) {
		auto result = Q(sql);
		return result->GetValue(0, 0);
	}

	//! Appends every chunk of a query's result.
	void AppendQuery(ParquetFileWriter &writer, const std::string &sql) {
		auto result = Q(sql);
		while (auto chunk = result->Fetch()) {
			writer.Append(*chunk);
		}
	}

	fs::path dir;
	duckdb::DuckDB db {nullptr};
	duckdb::Connection con {db};
};

LakeColumn Col(int64_t id, const std::string &name, duckdb::LogicalType type, std::vector<LakeColumn> children = {}) {
	LakeColumn column;
	column.column_id = id;
	column.name = name;
	column.type = std::move(type);
	column.children = std::move(children);
	return column;
}

std::vector<LakeColumn> MixedColumns() {
	using duckdb::LogicalType;
	auto struct_type = LogicalType::STRUCT({{"a", LogicalType::INTEGER}, {"b", LogicalType::VARCHAR}});
	return {Col(1, "id", LogicalType::INTEGER),
	        Col(2, "name", LogicalType::VARCHAR),
	        Col(3, "d", LogicalType::DATE),
	        Col(4, "x", LogicalType::DOUBLE),
	        Col(5, "amount", LogicalType::DECIMAL(10, 2)),
	        Col(6, "s", struct_type, {Col(7, "a", LogicalType::INTEGER), Col(8, "b", LogicalType::VARCHAR)}),
	        Col(9, "l", LogicalType::LIST(LogicalType::INTEGER), {Col(10, "element", LogicalType::INTEGER)})};
}

const char *MIXED_SQL = R"(
SELECT i::INTEGER AS id,
       CASE WHEN i % 5 = 0 THEN NULL ELSE 'n' || i END AS name,
       (DATE '2024-01-01' + i::INTEGER) AS d,
       CASE WHEN i = 3 THEN 'nan'::DOUBLE ELSE i / 2.0 END AS x,
       (i * 1.25)::DECIMAL(10, 2) AS amount,
       CASE WHEN i = 7 THEN NULL ELSE {'a': (i * 10)::INTEGER, 'b': 'b' || i} END AS s,
       CASE WHEN i % 4 = 0 THEN NULL ELSE [i::INTEGER, NULL, (i + 1)::INTEGER] END AS l
FROM range(10) t(i) ORDER BY i)";

const WrittenColumnStats &StatsOf(const WrittenDataFile &file, int64_t column_id) {
	for (auto &stats : file.column_stats) {
		if (stats.column_id == column_id) {
			return stats;
		}
	}
	static WrittenColumnStats missing;
	ADD_FAILURE() << "no stats for column " << column_id;
	return missing;
}

std::string Lit(const std::string &path) {
	return "'" + path + "'";
}

} // namespace

TEST_F(ParquetFileWriterTest, WritesRowsReadBackByReadParquet) {
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = MixedColumns();
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, MIXED_SQL);
	auto files = writer.Finish();
	ASSERT_EQ(files.size(), 1u);
	auto &file = files[0];
	EXPECT_TRUE(std::regex_match(file.file_name,
	                             std::regex("ducklake-[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}"
	                                        "\\.parquet")))
	    << file.file_name;
	EXPECT_EQ(file.path, Dir() + file.file_name);
	ASSERT_TRUE(fs::exists(file.path));
	EXPECT_EQ(file.file_size_bytes, (int64_t)fs::file_size(file.path));
	EXPECT_GT(file.footer_size, 0);
	EXPECT_LT(file.footer_size, file.file_size_bytes);
	EXPECT_EQ(file.record_count, 10);

	auto read = "read_parquet(" + Lit(file.path) + ")";
	EXPECT_EQ(Scalar("SELECT count(*) FROM " + read).GetValue<int64_t>(), 10);
	std::string src = std::string("(") + MIXED_SQL + ")";
	EXPECT_EQ(Scalar("SELECT count(*) FROM (FROM " + src + " EXCEPT ALL FROM " + read + ")").GetValue<int64_t>(), 0);
	EXPECT_EQ(Scalar("SELECT count(*) FROM (FROM " + read + " EXCEPT ALL FROM " + src + ")").GetValue<int64_t>(), 0);
	// types survive the round trip
	EXPECT_EQ(Scalar("SELECT typeof(amount) || ',' || typeof(d) || ',' || typeof(s) || ',' || typeof(l) FROM " + read +
	                 " LIMIT 1")
	              .ToString(),
	          "DECIMAL(10,2),DATE,STRUCT(a INTEGER, b VARCHAR),INTEGER[]");
	EXPECT_EQ(Scalar("SELECT s.b FROM " + read + " WHERE id = 2").ToString(), "b2");
	EXPECT_EQ(Scalar("SELECT l::VARCHAR FROM " + read + " WHERE id = 5").ToString(), "[5, NULL, 6]");
}

TEST_F(ParquetFileWriterTest, WritesFieldIdsAndRowGroups) {
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = MixedColumns();
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, MIXED_SQL);
	auto files = writer.Finish();
	ASSERT_EQ(files.size(), 1u);
	auto result = Q("SELECT name, field_id FROM parquet_schema(" + Lit(files[0].path) + ") WHERE field_id IS NOT NULL");
	std::map<std::string, int64_t> ids;
	for (duckdb::idx_t r = 0; r < result->RowCount(); r++) {
		ids[result->GetValue(0, r).ToString()] = result->GetValue(1, r).GetValue<int64_t>();
	}
	std::map<std::string, int64_t> expected {{"id", 1}, {"name", 2}, {"d", 3}, {"x", 4},  {"amount", 5},
	                                         {"s", 6},  {"a", 7},    {"b", 8}, {"l", 9}, {"element", 10}};
	EXPECT_EQ(ids, expected);
	EXPECT_EQ(Scalar("SELECT count(DISTINCT row_group_id) FROM parquet_metadata(" + Lit(files[0].path) + ")")
	              .GetValue<int64_t>(),
	          1);
	EXPECT_EQ(Scalar("SELECT sum(row_group_num_rows) FROM (SELECT DISTINCT row_group_id, row_group_num_rows FROM "
	                 "parquet_metadata(" +
	                 Lit(files[0].path) + "))")
	              .GetValue<int64_t>(),
	          10);
	EXPECT_EQ(Scalar("SELECT DISTINCT compression FROM parquet_metadata(" + Lit(files[0].path) + ")").ToString(),
	          "SNAPPY");
}

TEST_F(ParquetFileWriterTest, ReportsColumnStatistics) {
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = MixedColumns();
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, MIXED_SQL);
	auto files = writer.Finish();
	ASSERT_EQ(files.size(), 1u);
	auto &file = files[0];
	// one entry per top-level column and per nested leaf: 1..10 minus nothing
	EXPECT_EQ(file.column_stats.size(), 10u);

	auto &id = StatsOf(file, 1);
	EXPECT_EQ(id.value_count, 10);
	EXPECT_EQ(id.null_count, 0);
	EXPECT_TRUE(id.has_min_max);
	EXPECT_EQ(id.min_value, "0");
	EXPECT_EQ(id.max_value, "9");
	EXPECT_GT(id.column_size_bytes, 0);
	EXPECT_FALSE(id.contains_nan);

	auto &name = StatsOf(file, 2);
	EXPECT_EQ(name.null_count, 2);
	EXPECT_EQ(name.min_value, "n1");
	EXPECT_EQ(name.max_value, "n9");

	auto &d = StatsOf(file, 3);
	EXPECT_EQ(d.min_value, "2024-01-01");
	EXPECT_EQ(d.max_value, "2024-01-10");

	auto &x = StatsOf(file, 4);
	EXPECT_TRUE(x.contains_nan);
	EXPECT_EQ(x.min_value, "0.0");
	EXPECT_EQ(x.max_value, "4.5");

	auto &amount = StatsOf(file, 5);
	EXPECT_EQ(amount.min_value, "0.00");
	EXPECT_EQ(amount.max_value, "11.25");

	auto &s = StatsOf(file, 6);
	EXPECT_EQ(s.value_count, 10);
	EXPECT_EQ(s.null_count, 1);
	EXPECT_FALSE(s.has_min_max);
	auto &sa = StatsOf(file, 7);
	EXPECT_EQ(sa.value_count, 10);
	EXPECT_EQ(sa.null_count, 1);
	EXPECT_EQ(sa.min_value, "0");
	EXPECT_EQ(sa.max_value, "90");
	EXPECT_EQ(s.column_size_bytes, sa.column_size_bytes + StatsOf(file, 8).column_size_bytes);

	auto &l = StatsOf(file, 9);
	EXPECT_EQ(l.value_count, 10);
	EXPECT_EQ(l.null_count, 3);
	auto &element = StatsOf(file, 10);
	EXPECT_EQ(element.value_count, 21); // 7 non-NULL lists of 3
	EXPECT_EQ(element.null_count, 7);
	EXPECT_EQ(element.min_value, "1");
	EXPECT_EQ(element.max_value, "10");
}

TEST_F(ParquetFileWriterTest, RotatesFilesAtTargetSize) {
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = {Col(1, "id", duckdb::LogicalType::BIGINT), Col(2, "v", duckdb::LogicalType::VARCHAR)};
	options.target_file_size = 64 * 1024;
	options.row_group_size = 5000;
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, "SELECT i AS id, md5(i::VARCHAR) AS v FROM range(100000) t(i)");
	auto files = writer.Finish();
	ASSERT_GT(files.size(), 2u);
	EXPECT_EQ(FileCount(), files.size());
	int64_t total = 0;
	std::string list;
	for (auto &file : files) {
		total += file.record_count;
		EXPECT_EQ(file.file_size_bytes, (int64_t)fs::file_size(file.path));
		EXPECT_EQ(StatsOf(file, 1).value_count, file.record_count);
		list += (list.empty() ? "" : ", ") + Lit(file.path);
		// each file was closed once it reached the target (the last may be smaller)
		if (&file != &files.back()) {
			EXPECT_GE(file.file_size_bytes, options.target_file_size);
		}
	}
	EXPECT_EQ(total, 100000);
	auto read = "read_parquet([" + list + "])";
	EXPECT_EQ(Scalar("SELECT count(*) FROM " + read).GetValue<int64_t>(), 100000);
	EXPECT_EQ(Scalar("SELECT sum(id) FROM " + read).GetValue<int64_t>(), 99999LL * 100000 / 2);
	// the min/max of consecutive files follow the insertion order
	EXPECT_EQ(StatsOf(files[0], 1).min_value, "0");
	EXPECT_EQ(StatsOf(files.back(), 1).max_value, "99999");
}

TEST_F(ParquetFileWriterTest, EndsRowGroupsAtTheByteLimit) {
	// parquet_row_group_size_bytes: a row group ends with the chunk that makes its rows reach the limit in memory,
	// and rotation at the target size still works
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = {Col(1, "id", duckdb::LogicalType::BIGINT), Col(2, "v", duckdb::LogicalType::VARCHAR)};
	options.row_group_size_bytes = 256 * 1024;
	options.target_file_size = 1024 * 1024;
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, "SELECT i AS id, md5(i::VARCHAR) AS v FROM range(100000) t(i)");
	auto files = writer.Finish();
	ASSERT_GE(files.size(), 2u);
	std::string list;
	int64_t total = 0;
	for (auto &file : files) {
		list += (list.empty() ? "" : ", ") + Lit(file.path);
		total += file.record_count;
	}
	EXPECT_EQ(total, 100000);
	auto metadata = "parquet_metadata([" + list + "]) WHERE path_in_schema = 'id'";
	// 100,000 rows would be one row group by the row count (122,880); a 2048-row chunk takes about 100KB here
	EXPECT_GE(Scalar("SELECT count(*) FROM " + metadata).GetValue<int64_t>(), 10);
	EXPECT_LT(Scalar("SELECT max(row_group_num_rows) FROM " + metadata).GetValue<int64_t>(), 20000);
	auto read = "read_parquet([" + list + "])";
	EXPECT_EQ(Scalar("SELECT count(*) FROM " + read).GetValue<int64_t>(), 100000);
	EXPECT_EQ(Scalar("SELECT sum(id) FROM " + read).GetValue<int64_t>(), 99999LL * 100000 / 2);
	EXPECT_EQ(StatsOf(files[0], 1).min_value, "0");
	EXPECT_EQ(StatsOf(files.back(), 1).max_value, "99999");
}

TEST_F(ParquetFileWriterTest, WritesHiddenRowIdAndSnapshotColumns) {
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = {Col(1, "id", duckdb::LogicalType::INTEGER)};
	options.write_row_id_and_snapshot = true;
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, "SELECT i::INTEGER, i + 1000, 7::BIGINT FROM range(5) t(i)");
	auto files = writer.Finish();
	ASSERT_EQ(files.size(), 1u);
	auto path = Lit(files[0].path);
	EXPECT_EQ(Scalar("SELECT field_id FROM parquet_schema(" + path + ") WHERE name = '_ducklake_internal_row_id'")
	              .GetValue<int64_t>(),
	          2147483540LL);
	EXPECT_EQ(Scalar("SELECT field_id FROM parquet_schema(" + path + ") WHERE name = '_ducklake_internal_snapshot_id'")
	              .GetValue<int64_t>(),
	          2147483539LL);
	EXPECT_EQ(Scalar("SELECT sum(_ducklake_internal_row_id) || ',' || max(_ducklake_internal_snapshot_id) FROM "
	                 "read_parquet(" +
	                 path + ")")
	              .ToString(),
	          "5010,7");
	// statistics only for the lake columns; the smallest row id from the writer's statistics of the hidden column
	ASSERT_EQ(files[0].column_stats.size(), 1u);
	EXPECT_EQ(files[0].column_stats[0].column_id, 1);
	EXPECT_EQ(files[0].min_row_id, 1000);
}

TEST_F(ParquetFileWriterTest, ReportsTheSmallestKeptRowIdOnlyWhenWritten) {
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = {Col(1, "id", duckdb::LogicalType::INTEGER)};
	options.write_row_id = true; // an UPDATE's new versions: ids not ascending
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, "SELECT i::INTEGER, (500000 - i * 3)::BIGINT FROM range(100000) t(i)");
	auto files = writer.Finish();
	ASSERT_EQ(files.size(), 1u);
	EXPECT_EQ(files[0].min_row_id, 500000 - 99999 * 3);

	options.write_row_id = false;
	ParquetFileWriter plain(*con.context, options);
	AppendQuery(plain, "SELECT i::INTEGER FROM range(10) t(i)");
	auto plain_files = plain.Finish();
	ASSERT_EQ(plain_files.size(), 1u);
	EXPECT_EQ(plain_files[0].min_row_id, -1);
}

TEST_F(ParquetFileWriterTest, WriterWithoutRowsLeavesNoFile) {
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = MixedColumns();
	{
		ParquetFileWriter writer(*con.context, options);
		AppendQuery(writer, std::string(MIXED_SQL) + " LIMIT 0");
		duckdb::DataChunk empty;
		duckdb::vector<duckdb::LogicalType> types;
		for (auto &column : options.columns) {
			types.push_back(column.type);
		}
		empty.Initialize(duckdb::Allocator::DefaultAllocator(), types);
		writer.Append(empty);
		EXPECT_TRUE(writer.Finish().empty());
	}
	EXPECT_EQ(FileCount(), 0u);
	// a writer dropped without Finish() removes what it wrote
	{
		ParquetFileWriter writer(*con.context, options);
		AppendQuery(writer, MIXED_SQL);
	}
	EXPECT_EQ(FileCount(), 0u);
}

TEST_F(ParquetFileWriterTest, WorksInsideATransactionAndRejectsWrongChunks) {
	ParquetWriteOptions options;
	options.directory = Dir() + "nested/dir/";
	options.columns = {Col(1, "id", duckdb::LogicalType::INTEGER)};
	options.compression = "zstd";
	con.BeginTransaction();
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, "SELECT i::INTEGER FROM range(3) t(i)");
	auto result = con.Query("SELECT i AS id FROM range(3) t(i)"); // BIGINT, not INTEGER
	auto chunk = result->Fetch();
	EXPECT_THROW(writer.Append(*chunk), std::exception);
	auto files = writer.Finish();
	con.Commit();
	ASSERT_EQ(files.size(), 1u);
	EXPECT_EQ(files[0].record_count, 3);
	EXPECT_EQ(Scalar("SELECT DISTINCT compression FROM parquet_metadata(" + Lit(files[0].path) + ")").ToString(),
	          "ZSTD");
}

TEST_F(ParquetFileWriterTest, CountsMapsListsOfStructsAndSpecialTypes) {
	using duckdb::LogicalType;
	auto entry_type = LogicalType::STRUCT({{"p", LogicalType::INTEGER}});
	ParquetWriteOptions options;
	options.directory = Dir();
	options.columns = {
	    Col(11, "m", LogicalType::MAP(LogicalType::VARCHAR, LogicalType::INTEGER),
	        {Col(12, "key", LogicalType::VARCHAR), Col(13, "value", LogicalType::INTEGER)}),
	    Col(14, "ls", LogicalType::LIST(entry_type), {Col(15, "element", entry_type, {Col(16, "p", LogicalType::INTEGER)})}),
	    Col(17, "bin", LogicalType::BLOB),
	    Col(18, "big", LogicalType::HUGEINT),
	    Col(19, "ts", LogicalType::TIMESTAMP)};
	ParquetFileWriter writer(*con.context, options);
	AppendQuery(writer, R"(
	    SELECT CASE WHEN i = 2 THEN NULL ELSE MAP {'k' || i: i::INTEGER} END,
	           [{'p': i::INTEGER}, {'p': NULL::INTEGER}],
	           ('\xAA' || i::VARCHAR)::BLOB,
	           i::HUGEINT,
	           TIMESTAMP '2024-01-01 10:00:00' + INTERVAL (i) HOUR
	    FROM range(10) t(i))");
	auto files = writer.Finish();
	ASSERT_EQ(files.size(), 1u);
	auto &file = files[0];
	auto ids = Q("SELECT name, field_id FROM parquet_schema(" + Lit(file.path) + ") WHERE field_id IS NOT NULL");
	std::map<std::string, int64_t> found;
	for (duckdb::idx_t r = 0; r < ids->RowCount(); r++) {
		found[ids->GetValue(0, r).ToString()] = ids->GetValue(1, r).GetValue<int64_t>();
	}
	std::map<std::string, int64_t> expected {{"m", 11},       {"key", 12}, {"value", 13}, {"ls", 14}, {"element", 15},
	                                         {"p", 16},       {"bin", 17}, {"big", 18},   {"ts", 19}};
	EXPECT_EQ(found, expected);

	EXPECT_EQ(StatsOf(file, 11).value_count, 10);
	EXPECT_EQ(StatsOf(file, 11).null_count, 1);
	EXPECT_EQ(StatsOf(file, 12).value_count, 9);
	EXPECT_EQ(StatsOf(file, 12).null_count, 0);
	EXPECT_EQ(StatsOf(file, 12).min_value, "k0");
	EXPECT_EQ(StatsOf(file, 13).max_value, "9");
	EXPECT_EQ(StatsOf(file, 14).value_count, 10);
	EXPECT_EQ(StatsOf(file, 14).null_count, 0);
	EXPECT_EQ(StatsOf(file, 16).value_count, 20);
	EXPECT_EQ(StatsOf(file, 16).null_count, 10);
	EXPECT_EQ(StatsOf(file, 16).min_value, "0");
	EXPECT_EQ(StatsOf(file, 17).min_value, "\\xAA0");
	EXPECT_EQ(StatsOf(file, 17).max_value, "\\xAA9");
	EXPECT_FALSE(StatsOf(file, 18).has_min_max);
	EXPECT_EQ(StatsOf(file, 19).min_value, "2024-01-01 10:00:00");
	EXPECT_EQ(StatsOf(file, 19).max_value, "2024-01-01 19:00:00");
	// intermediate nested columns (the list's STRUCT element) get no entry of their own
	for (auto &stats : file.column_stats) {
		EXPECT_NE(stats.column_id, 15);
	}
	EXPECT_EQ(Scalar("SELECT count(*) FROM read_parquet(" + Lit(file.path) + ") WHERE m['k3'] = 3").GetValue<int64_t>(),
	          1);
}
