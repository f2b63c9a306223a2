// `draughts egdb` through the real program keeps the exit-status contract (docs/exit-statuses.md):
// a damaged or inconsistent database is bad input, status 2 (1 means "SPRT accepted H0"), and the
// database it verified is named.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "egdb/slice_file.hpp"
#include "egdb/value.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;

TEST(EgdbCli, VerifyOfAnInconsistentDatabaseExitsTwo) {
    const testing::TempFolder folder("draughts-egdb-cli");
    const fs::path db = folder.path() / "db";
    fs::copy(testing::test_database(3), db);
    const fs::path slice = db / "KMvK.egdb";
    auto file = egdb::SliceFile::load(slice, true);
    ASSERT_TRUE(file) << file.error().message;
    auto bytes = file->decode_all();
    ASSERT_TRUE(bytes);
    // A win in one ply (a capture of the lone king) made a draw, under a valid checksum.
    const auto it = std::find(bytes->begin(), bytes->end(), egdb::Value::win(1).byte());
    ASSERT_NE(it, bytes->end());
    *it = egdb::Value::draw().byte();
    ASSERT_TRUE(egdb::write_slice_file(slice, file->info().material, *bytes));
    const testing::RunResult r = testing::run_draughts(folder.path(), {"egdb", "verify", "db"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("draughts egdb verify: db: inconsistent values"), std::string::npos)
        << r.err;
}

TEST(EgdbCli, VerifyOfAnIntactDatabaseExitsZero) {
    const testing::TempFolder folder("draughts-egdb-cli");
    const testing::RunResult r = testing::run_draughts(
        folder.path(), {"egdb", "verify", testing::test_database(3).string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace draughts::app
