// Acceptance 1 of issue 18: every position of up to 4 pieces (49.5 million) at every count its
// rule allows has the result in the database that the brute-force oracle finds
// (tests/support/counting_oracle.hpp). About 10 minutes and 1 GB on two cores.

#include <gtest/gtest.h>

#include "egdb/builder.hpp"
#include "tests/support/counting_oracle.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts {
namespace {

TEST(OracleAgreementSlow, EveryPositionOfUpToFourPiecesAtEveryCountMatchesBruteForce) {
    const std::vector<egdb::Material> slices = egdb::materials_up_to(4);
    const std::filesystem::path& folder = testing::test_database(4);
    const testing::CountingOracle oracle(slices);
    ASSERT_TRUE(oracle.failures().empty()) << oracle.failures().front();
    const auto result = testing::compare_with_database(folder, slices, oracle);
    for (const std::string& e : result.examples) ADD_FAILURE() << e;
    EXPECT_EQ(result.wrong, 0u);
    EXPECT_GT(result.compared, 49'000'000u * 11);
    std::printf("compared %llu (position, count) pairs\n",
                static_cast<unsigned long long>(result.compared));
}

}  // namespace
}  // namespace draughts
