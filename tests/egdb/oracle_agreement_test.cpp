// Acceptance 1 of issue 18 for up to 3 pieces (4 pieces: oracle_agreement_slowtest.cpp): every
// stored value, read with every count the rules allow, gives the result that a brute-force
// minimax over (position, count) finds with the referee's draw counters (counting_oracle.hpp).

#include <gtest/gtest.h>

#include <string>

#include "egdb/counting.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/slice_index.hpp"
#include "rules/fen.hpp"
#include "tests/support/counting_oracle.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts {
namespace {

using egdb::Material;

/// Compares every position and count of every slice of `folder` with the oracle; returns the
/// number of disagreements (the first few are reported as failures).
std::uint64_t disagreements(const std::filesystem::path& folder, const std::vector<Material>& slices,
                            const testing::CountingOracle& oracle, std::uint64_t& compared) {
    std::uint64_t wrong = 0;
    for (const Material& m : slices) {
        auto file = egdb::SliceFile::load(folder / (m.name() + egdb::kSliceExtension), true);
        EXPECT_TRUE(file.has_value()) << m.name();
        if (!file) continue;
        const auto bytes = file->decode_all();
        const egdb::SliceIndex index(m);
        const int limit = egdb::count_limit(m.rule());
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            const auto p = index.position(i);
            if (!p) continue;
            const egdb::Value v = *egdb::Value::from_byte((*bytes)[i]);
            for (int count = 0; count <= limit; ++count, ++compared) {
                const egdb::Outcome expected = oracle.outcome(*p, count);
                if (egdb::outcome_within(v, limit - count) == expected) continue;
                if (++wrong <= 5)
                    ADD_FAILURE() << rules::to_fen(*p) << " count " << count << ": stored "
                                  << v.text() << ", brute force "
                                  << egdb::outcome_name(expected);
            }
        }
    }
    return wrong;
}

TEST(OracleAgreement, EveryPositionOfUpToThreePiecesAtEveryCountMatchesBruteForce) {
    const std::vector<Material> slices = egdb::materials_up_to(3);
    const testing::CountingOracle oracle(slices);
    ASSERT_TRUE(oracle.failures().empty()) << oracle.failures().front();
    std::uint64_t compared = 0;
    EXPECT_EQ(disagreements(testing::test_database(3), slices, oracle, compared), 0u);
    // 806,300 positions, each at 11 or 51 counts.
    EXPECT_GT(compared, 806'300u * 11);
}

}  // namespace
}  // namespace draughts
