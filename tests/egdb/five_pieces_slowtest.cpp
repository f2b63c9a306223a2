// The 5-piece database (issue 18, acceptance 1): every slice of up to 5 pieces (1.6 billion
// positions) is built into a temporary folder and verified (checksums and the retrograde
// consistency of every value). Long: see results/2026-12-01-egdb-build.md for the time and memory
// it takes; `make egdb5` runs the same through the command line.

#include <gtest/gtest.h>

#include "egdb/judgement.hpp"
#include "egdb/verifier.hpp"
#include "rules/fen.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts {
namespace {

TEST(FivePiecesSlow, TheFivePieceDatabaseBuildsAndVerifies) {
    const std::filesystem::path& folder = testing::test_database(5);
    const auto report = egdb::verify_database(folder, nullptr);
    ASSERT_TRUE(report) << report.error().message;
    for (const egdb::SliceCheck& s : report->slices)
        for (const std::string& e : s.examples) ADD_FAILURE() << s.material.name() << ": " << e;
    EXPECT_TRUE(report->ok());
    // Three kings against a lone king on the long diagonal stay a draw with more material about.
    const auto db = testing::open_test_database(5);
    const auto value = db->probe(*rules::parse_fen("W:WK13,K35,K49:BK23"));
    ASSERT_TRUE(value && *value);
    EXPECT_EQ(**value, egdb::Value::draw());
    EXPECT_EQ(db->pieces(), 5);
}

}  // namespace
}  // namespace draughts
