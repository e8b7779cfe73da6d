// Tests of the lake table scan (src/read): a LakeScanSpec over Parquet files
// and in-memory row sets, exposed to SQL through a test table function
// lake_scan_test() whose bind calls GetLakeScanFunction.
#include "read/lake_scan.hpp"
#include "read/row_set_scan.hpp"
#include "common/row_stream.hpp"

#include "duckdb.hpp"
#include "duckdb/catalog/catalog.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/parser/parsed_data/create_table_function_info.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace duckdb;
using inlake::LakeColumn;
using inlake::LakeScanSpec;
using inlake::ScanDataFile;
using inlake::ScanRowSet;

namespace {

//! The spec lake_scan_test() scans (set by each test before querying)
std::shared_ptr<LakeScanSpec> current_spec;

void TestBindColumns(vector<LogicalType> &return_types, vector<string> &names) {
	for (auto &column : current_spec->columns) {
		names.push_back(column.name);
		return_types.push_back(column.type);
	}
}

//! lake_scan_test(): the full scan (read_parquet's machinery), whatever the spec holds
unique_ptr<FunctionData> TestBind(ClientContext &context, TableFunctionBindInput &input,
                                  vector<LogicalType> &return_types, vector<string> &names) {
	unique_ptr<FunctionData> bind_data;
	inlake::GetMultiFileLakeScanFunction(context, current_spec, bind_data);
	TestBindColumns(return_types, names);
	return bind_data;
}

//! row_set_scan_test(): the scan of a spec without data files
unique_ptr<FunctionData> RowSetTestBind(ClientContext &context, TableFunctionBindInput &input,
                                        vector<LogicalType> &return_types, vector<string> &names) {
	unique_ptr<FunctionData> bind_data;
	inlake::GetRowSetScanFunction(current_spec, bind_data);
	TestBindColumns(return_types, names);
	return bind_data;
}

LakeColumn Column(int64_t id, const string &name, const LogicalType &type) {
	LakeColumn column;
	column.column_id = id;
	column.name = name;
	column.type = type;
	return column;
}

class LakeScanTest : public ::testing::Test {
protected:
	void SetUp() override {
		db = make_uniq<DuckDB>(nullptr);
		con = make_uniq<Connection>(*db);
		char dir_template[] = "/tmp/lake_scan_test_XXXXXX";
		dir = mkdtemp(dir_template);
		current_spec = std::make_shared<LakeScanSpec>();
		current_spec->table_name = "t";
		current_spec->columns = {Column(1, "a", LogicalType::BIGINT), Column(2, "b", LogicalType::VARCHAR)};
		RegisterScan();
	}
	void TearDown() override {
		con.reset();
		db.reset();
		std::filesystem::remove_all(dir);
		current_spec.reset();
	}

	void RegisterScan() {
		con->context->RunFunctionInTransaction([&]() {
			auto &context = *con->context;
			unique_ptr<FunctionData> unused;
			auto function = inlake::GetMultiFileLakeScanFunction(context, std::make_shared<LakeScanSpec>(), unused);
			Register(context, function, "lake_scan_test", TestBind);
			Register(context, inlake::GetRowSetScanFunction(std::make_shared<LakeScanSpec>(), unused),
			         "row_set_scan_test", RowSetTestBind);
		});
	}
	void Register(ClientContext &context, TableFunction function, const string &name, table_function_bind_t bind) {
		function.name = name;
		function.arguments.clear();
		function.named_parameters.clear();
		function.bind = bind;
		CreateTableFunctionInfo info(function);
		Catalog::GetSystemCatalog(context).CreateTableFunction(context, info);
	}

	//! Writes rows [from, to) as columns x (field id 1) and y (field id 2): y = 'v' || x
	string WriteFile(const string &name, int64_t from, int64_t to) {
		auto path = dir + "/" + name;
		Run("COPY (SELECT i AS x, 'v' || i AS y FROM range(" + std::to_string(from) + ", " + std::to_string(to) +
		    ") t(i)) TO '" + path + "' (FORMAT parquet, FIELD_IDS {x: 1, y: 2})");
		return path;
	}

	ScanDataFile &AddFile(const string &path, int64_t record_count, int64_t min_a = 0, int64_t max_a = -1) {
		ScanDataFile file;
		file.file_id = static_cast<int64_t>(current_spec->files.size());
		file.path = path;
		file.record_count = record_count;
		if (max_a >= min_a) {
			inlake::ScanColumnStats stats;
			stats.has_min_max = true;
			stats.min_value = std::to_string(min_a);
			stats.max_value = std::to_string(max_a);
			stats.contains_null = false;
			file.column_stats[1] = stats;
		}
		current_spec->files.push_back(file);
		return current_spec->files.back();
	}

	//! A row set of (a, b, row id, snapshot id) rows: a in [from, to), b = 'r' || a,
	//! row id = 1000 + a, snapshot id = 77
	void AddRowSet(int64_t from, int64_t to) {
		vector<LogicalType> types {LogicalType::BIGINT, LogicalType::VARCHAR, LogicalType::BIGINT, LogicalType::BIGINT};
		auto rows = std::make_shared<ColumnDataCollection>(Allocator::DefaultAllocator(), types);
		DataChunk chunk;
		chunk.Initialize(Allocator::DefaultAllocator(), types);
		for (int64_t a = from; a < to; a++) {
			auto row = chunk.size();
			chunk.SetValue(0, row, Value::BIGINT(a));
			chunk.SetValue(1, row, Value("r" + std::to_string(a)));
			chunk.SetValue(2, row, Value::BIGINT(1000 + a));
			chunk.SetValue(3, row, Value::BIGINT(77));
			chunk.SetCardinality(row + 1);
			if (chunk.size() == STANDARD_VECTOR_SIZE) {
				rows->Append(chunk);
				chunk.Reset();
			}
		}
		if (chunk.size() > 0) {
			rows->Append(chunk);
		}
		ScanRowSet row_set;
		row_set.rows = rows;
		current_spec->row_sets.push_back(row_set);
	}

	void Run(const string &sql) {
		auto result = con->Query(sql);
		ASSERT_FALSE(result->HasError()) << sql << ": " << result->GetError();
	}
	unique_ptr<MaterializedQueryResult> Query(const string &sql) {
		auto result = con->Query(sql);
		EXPECT_FALSE(result->HasError()) << sql << ": " << result->GetError();
		return result;
	}
	//! The single value of a one-row, one-column query, as text
	string Scalar(const string &sql) {
		auto result = Query(sql);
		if (result->HasError() || result->RowCount() != 1) {
			return "<error or " + std::to_string(result->RowCount()) + " rows>";
		}
		return result->GetValue(0, 0).ToString();
	}
	//! All rows of the query, one line per row, columns separated by ","
	string Rows(const string &sql) {
		auto result = Query(sql);
		string text;
		for (idx_t r = 0; r < result->RowCount(); r++) {
			for (idx_t c = 0; c < result->ColumnCount(); c++) {
				text += (c ? "," : "") + result->GetValue(c, r).ToString();
			}
			text += "\n";
		}
		return text;
	}

	unique_ptr<DuckDB> db;
	unique_ptr<Connection> con;
	string dir;
};

} // namespace

TEST_F(LakeScanTest, ReadsAllRowsByFieldId) {
	// the files name their columns x and y; the table calls them a and b
	AddFile(WriteFile("f1.parquet", 0, 10), 10);
	AddFile(WriteFile("f2.parquet", 10, 20), 10);
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test()"), "20");
	EXPECT_EQ(Scalar("SELECT sum(a) FROM lake_scan_test()"), "190");
	EXPECT_EQ(Scalar("SELECT string_agg(b, ',' ORDER BY a) FROM lake_scan_test() WHERE a >= 17"), "v17,v18,v19");
	EXPECT_EQ(Rows("SELECT * FROM lake_scan_test() WHERE a = 5"), "5,v5\n");
}

TEST_F(LakeScanTest, ColumnMissingFromFileReadsNull) {
	current_spec->columns.push_back(Column(3, "c", LogicalType::INTEGER));
	AddFile(WriteFile("f1.parquet", 0, 3), 3);
	EXPECT_EQ(Rows("SELECT a, c IS NULL FROM lake_scan_test() ORDER BY a"), "0,true\n1,true\n2,true\n");
}

TEST_F(LakeScanTest, ProjectionAndFilters) {
	AddFile(WriteFile("f1.parquet", 0, 10), 10);
	AddFile(WriteFile("f2.parquet", 10, 20), 10);
	EXPECT_EQ(Rows("SELECT b FROM lake_scan_test() WHERE a = 5"), "v5\n");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a > 14"), "5");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a <= 3 OR a = 19"), "5");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE b = 'v12'"), "1");
}

TEST_F(LakeScanTest, StatsSkipFilesWithoutOpeningThem) {
	AddFile(WriteFile("f1.parquet", 0, 10), 10, 0, 9);
	auto f2 = WriteFile("f2.parquet", 10, 20);
	AddFile(f2, 10, 10, 19);
	std::filesystem::remove(f2);
	// f2 is gone: only queries whose filters exclude it by its stats can succeed
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a < 5"), "5");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a = 9"), "1");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a BETWEEN 2 AND 8"), "7");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a IS NULL"), "0");
	// control: a filter f2 may match opens it and fails
	EXPECT_TRUE(con->Query("SELECT count(*) FROM lake_scan_test() WHERE a > 5")->HasError());
	EXPECT_TRUE(con->Query("SELECT count(*) FROM lake_scan_test()")->HasError());
}

TEST_F(LakeScanTest, StringStatsSkipFiles) {
	AddFile(WriteFile("f1.parquet", 0, 10), 10);
	auto f2 = WriteFile("f2.parquet", 10, 20);
	AddFile(f2, 10);
	inlake::ScanColumnStats stats;
	stats.has_min_max = true;
	stats.min_value = "v10";
	stats.max_value = "v19";
	stats.contains_null = false;
	current_spec->files[1].column_stats[2] = stats;
	std::filesystem::remove(f2);
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE b = 'v3'"), "1");
	EXPECT_TRUE(con->Query("SELECT count(*) FROM lake_scan_test() WHERE b = 'v15'")->HasError());
}

TEST_F(LakeScanTest, DeletedPositionsAreSkipped) {
	auto &file = AddFile(WriteFile("f1.parquet", 0, 10), 10);
	file.deleted_positions = {0, 3, 9};
	// a file whose rows are all deleted is never opened
	auto &gone = AddFile(dir + "/does_not_exist.parquet", 2);
	gone.deleted_positions = {0, 1};
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test()"), "7");
	EXPECT_EQ(Scalar("SELECT string_agg(a::VARCHAR, ',' ORDER BY a) FROM lake_scan_test()"), "1,2,4,5,6,7,8");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a > 2"), "5");
}

TEST_F(LakeScanTest, DeletesAcrossVectors) {
	auto &file = AddFile(WriteFile("big.parquet", 0, 5000), 5000);
	for (int64_t pos = 0; pos < 5000; pos += 7) {
		file.deleted_positions.push_back(pos);
	}
	// 715 multiples of 7 below 5000
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test()"), "4285");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a % 7 = 0"), "0");
}

TEST_F(LakeScanTest, RowIdAndSnapshotIdFromFileMetadata) {
	auto &f1 = AddFile(WriteFile("f1.parquet", 0, 5), 5);
	f1.row_id_start = 100;
	f1.begin_snapshot = 7;
	f1.deleted_positions = {3};
	auto &f2 = AddFile(WriteFile("f2.parquet", 5, 7), 2);
	f2.row_id_start = 200;
	f2.begin_snapshot = 8;
	EXPECT_EQ(Rows("SELECT a, rowid, snapshot_id FROM lake_scan_test() ORDER BY a"),
	          "0,100,7\n1,101,7\n2,102,7\n4,104,7\n5,200,8\n6,201,8\n");
	EXPECT_EQ(Rows("SELECT a FROM lake_scan_test() WHERE rowid = 201"), "6\n");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE snapshot_id = 8"), "2");
	EXPECT_EQ(Scalar("SELECT max(rowid) FROM lake_scan_test()"), "201");
}

TEST_F(LakeScanTest, EmbeddedRowIdAndSnapshotId) {
	auto path = dir + "/flushed.parquet";
	Run("COPY (SELECT i AS x, 'v' || i AS y, 1000 + i AS rid, 50 + i % 2 AS snap FROM range(4) t(i)) TO '" + path +
	    "' (FORMAT parquet, FIELD_IDS {x: 1, y: 2, rid: 2147483540, snap: 2147483539})");
	auto &file = AddFile(path, 4);
	file.has_embedded_row_ids = true;
	file.row_id_start = 5; // ignored: the row ids are in the file
	file.begin_snapshot = 3;
	EXPECT_EQ(Rows("SELECT a, rowid, snapshot_id FROM lake_scan_test() ORDER BY a"),
	          "0,1000,50\n1,1001,51\n2,1002,50\n3,1003,51\n");
	EXPECT_EQ(Rows("SELECT a FROM lake_scan_test() WHERE snapshot_id = 51 AND rowid > 1001"), "3\n");
	// the internal columns are not table columns
	EXPECT_EQ(Scalar("SELECT count(*) FROM (DESCRIBE SELECT * FROM lake_scan_test())"), "2");
}

//! Both scans over row sets alone: the full scan and the row set scan
const char *const ROW_SET_SCANS[] = {"lake_scan_test()", "row_set_scan_test()"};

TEST_F(LakeScanTest, RowSetsWithFiltersAndProjection) {
	AddRowSet(0, 3000);
	for (string scan : ROW_SET_SCANS) {
		SCOPED_TRACE(scan);
		EXPECT_EQ(Scalar("SELECT count(*) FROM " + scan), "3000");
		EXPECT_EQ(Rows("SELECT b FROM " + scan + " WHERE a = 2500"), "r2500\n");
		EXPECT_EQ(Scalar("SELECT count(*) FROM " + scan + " WHERE a >= 2990"), "10");
		EXPECT_EQ(Scalar("SELECT count(b) FROM " + scan + " WHERE a < 10 OR a > 2995"), "14");
		EXPECT_EQ(Rows("SELECT rowid, snapshot_id FROM " + scan + " WHERE a = 7"), "1007,77\n");
		EXPECT_EQ(Rows("SELECT a FROM " + scan + " WHERE rowid = 1042"), "42\n");
		EXPECT_EQ(Scalar("SELECT count(*) FROM " + scan + " WHERE b = 'r12'"), "1");
		EXPECT_EQ(Scalar("SELECT count(*) FROM " + scan + " WHERE snapshot_id = 77 AND a < 5"), "5");
	}
}

TEST_F(LakeScanTest, RowSetScanKeepsInsertionOrderOverManyRowSets) {
	Run("SET threads=2");
	string expected;
	for (int i = 0; i < 40; i++) {
		AddRowSet(i * 100, (i + 1) * 100);
	}
	for (int a = 0; a < 4000; a += 7) {
		expected += std::to_string(a) + "\n";
	}
	EXPECT_EQ(Rows("SELECT a FROM row_set_scan_test() WHERE a % 7 = 0"), expected);
	EXPECT_EQ(Scalar("SELECT count(*) FROM row_set_scan_test() WHERE b LIKE 'r3%'"), "1111");
}

TEST_F(LakeScanTest, RowSetScanHandsFiltersAndColumnsToLoaders) {
	AddRowSet(0, 50);
	auto collection = current_spec->row_sets.back().rows;
	std::vector<inlake::ColumnFilter> seen_filters;
	std::vector<bool> seen_needed;
	ScanRowSet lazy;
	lazy.estimated_count = 50;
	lazy.loader = [&](const std::vector<inlake::ColumnFilter> &filters, const std::vector<bool> &needed, bool) {
		seen_filters = filters;
		seen_needed = needed;
		return std::unique_ptr<inlake::RowStream>(new inlake::CollectionRowStream(collection));
	};
	current_spec->row_sets = {lazy};
	EXPECT_EQ(Rows("SELECT b, snapshot_id FROM row_set_scan_test() WHERE a = 12"), "r12,77\n");
	ASSERT_EQ(seen_filters.size(), 1u);
	EXPECT_EQ(seen_filters[0].column, 0u);
	EXPECT_EQ(seen_needed, (std::vector<bool> {true, true, false, true}));
}

//! A stream of the given rows that claims to have applied the loader's filters on column `applied_column`
class ClaimingRowStream : public inlake::CollectionRowStream {
public:
	ClaimingRowStream(std::shared_ptr<ColumnDataCollection> rows, std::vector<bool> applied_p)
	    : CollectionRowStream(std::move(rows)), applied(std::move(applied_p)) {
	}
	bool AppliesFilter(idx_t index) const override {
		return index < applied.size() && applied[index];
	}

private:
	std::vector<bool> applied;
};

//! The scan evaluates only the filters the loader's stream did not apply: a stream that claims a filter it did
//! not apply shows its rows unfiltered by it, the other filters still hold.
TEST_F(LakeScanTest, FiltersTheLoaderAppliedAreNotEvaluatedAgain) {
	AddRowSet(0, 50);
	auto collection = current_spec->row_sets.back().rows;
	bool claim = false;
	ScanRowSet lazy;
	lazy.estimated_count = 50;
	lazy.loader = [&](const std::vector<inlake::ColumnFilter> &filters, const std::vector<bool> &, bool) {
		std::vector<bool> applied;
		for (auto &filter : filters) {
			applied.push_back(claim && filter.column == 0);
		}
		return std::unique_ptr<inlake::RowStream>(new ClaimingRowStream(collection, applied));
	};
	current_spec->row_sets = {lazy};
	for (string scan : ROW_SET_SCANS) {
		SCOPED_TRACE(scan);
		claim = false;
		EXPECT_EQ(Scalar("SELECT count(*) FROM " + scan + " WHERE a >= 10 AND b <> 'r20'"), "39");
		claim = true;
		EXPECT_EQ(Scalar("SELECT count(*) FROM " + scan + " WHERE a >= 10 AND b <> 'r20'"), "49");
		// numbered rows: the loader gets no filters, so nothing is claimed
		EXPECT_EQ(Scalar("SELECT count(file_row_number) FROM " + scan + " WHERE a >= 10 AND b <> 'r20'"), "39");
	}
}

TEST_F(LakeScanTest, RowSetsAndFilesInOneScan) {
	auto &file = AddFile(WriteFile("f1.parquet", 0, 10), 10);
	file.row_id_start = 0;
	file.begin_snapshot = 1;
	AddRowSet(10, 15);
	AddRowSet(15, 15); // empty row set
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test()"), "15");
	EXPECT_EQ(Scalar("SELECT sum(a) FROM lake_scan_test()"), "105");
	EXPECT_EQ(Rows("SELECT a, b, rowid, snapshot_id FROM lake_scan_test() WHERE a IN (9, 10) ORDER BY a"),
	          "9,v9,9,1\n10,r10,1010,77\n");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE snapshot_id = 77"), "5");
}

TEST_F(LakeScanTest, EmptySpecReturnsNoRows) {
	for (string scan : ROW_SET_SCANS) {
		SCOPED_TRACE(scan);
		EXPECT_EQ(Scalar("SELECT count(*) FROM " + scan), "0");
		EXPECT_EQ(Rows("SELECT a, rowid, snapshot_id FROM " + scan + " WHERE a > 1"), "");
		auto result = Query("SELECT * FROM " + scan);
		EXPECT_EQ(result->ColumnCount(), 2u);
		EXPECT_EQ(result->RowCount(), 0u);
	}
}

TEST_F(LakeScanTest, CardinalityCountsLiveRows) {
	auto &file = AddFile(WriteFile("f1.parquet", 0, 10), 10);
	file.deleted_positions = {1, 2};
	AddRowSet(0, 5);
	idx_t cardinality = 0;
	con->context->RunFunctionInTransaction([&]() {
		unique_ptr<FunctionData> bind_data;
		auto function = inlake::GetLakeScanFunction(*con->context, current_spec, bind_data);
		cardinality = function.cardinality(*con->context, bind_data.get())->estimated_cardinality;
	});
	EXPECT_EQ(cardinality, 13u);
}

TEST_F(LakeScanTest, ParallelScanOfManyFiles) {
	Run("SET threads=2");
	for (int i = 0; i < 24; i++) {
		auto &file = AddFile(WriteFile("p" + std::to_string(i) + ".parquet", i * 1000, (i + 1) * 1000), 1000);
		file.deleted_positions = {0};
		file.row_id_start = i * 1000;
	}
	AddRowSet(100000, 101000);
	AddRowSet(101000, 101500);
	AddRowSet(101500, 102000);
	// 24 files of 999 live rows, plus 2000 in-memory rows (each row set scanned exactly once)
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test()"), "25976");
	EXPECT_EQ(Scalar("SELECT count(DISTINCT rowid) FROM lake_scan_test()"), "25976");
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test() WHERE a % 1000 = 0"), "2");
}

//! DuckDB's Parquet scan gives a single file only as many threads as the file it read at bind time has row groups;
//! the lake binds without reading a file, so a table of one data file was scanned on one thread.
TEST_F(LakeScanTest, OneDataFileIsScannedOnEveryThread) {
	Run("SET threads=4");
	AddFile(WriteFile("one.parquet", 0, 1000), 1000);
	idx_t max_threads = 0;
	con->context->RunFunctionInTransaction([&]() {
		unique_ptr<FunctionData> bind_data;
		auto function = inlake::GetMultiFileLakeScanFunction(*con->context, current_spec, bind_data);
		TableFunctionInitInput input(bind_data.get(), vector<column_t> {0}, vector<idx_t>(), nullptr);
		max_threads = function.init_global(*con->context, input)->MaxThreads();
	});
	EXPECT_EQ(max_threads, 4u);
	EXPECT_EQ(Scalar("SELECT count(*) FROM lake_scan_test()"), "1000");
}

TEST_F(LakeScanTest, NestedColumnsMapByFieldId) {
	auto path = dir + "/nested.parquet";
	Run("COPY (SELECT i AS x, {'p': i, 'q': 'w' || i} AS s, [i, i + 1] AS l FROM range(3) t(i)) TO '" + path +
	    "' (FORMAT parquet, FIELD_IDS {x: 1, s: {__duckdb_field_id: 3, p: 4, q: 5}, l: {__duckdb_field_id: 6, "
	    "element: 7}})");
	// the table's names differ from the file's at every level
	auto struct_column =
	    Column(3, "st", LogicalType::STRUCT({{"qq", LogicalType::VARCHAR}, {"pp", LogicalType::BIGINT}}));
	struct_column.children = {Column(5, "qq", LogicalType::VARCHAR), Column(4, "pp", LogicalType::BIGINT)};
	auto list_column = Column(6, "li", LogicalType::LIST(LogicalType::BIGINT));
	list_column.children = {Column(7, "element", LogicalType::BIGINT)};
	current_spec->columns = {Column(1, "a", LogicalType::BIGINT), struct_column, list_column};
	AddFile(path, 3);
	EXPECT_EQ(Rows("SELECT a, st.qq, st.pp, li FROM lake_scan_test() ORDER BY a"),
	          "0,w0,0,[0, 1]\n1,w1,1,[1, 2]\n2,w2,2,[2, 3]\n");
	EXPECT_EQ(Rows("SELECT a FROM lake_scan_test() WHERE st.pp = 1"), "1\n");
}
