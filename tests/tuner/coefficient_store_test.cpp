// The packed coefficient store: exact round trips of (index, value), range checks, and the memory
// bound of 16 bytes per position plus 4 per non-zero.

#include "tuner/coefficient_store.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

#include "engine/eval_weights.hpp"

namespace draughts::tuner {
namespace {

TEST(EntryPacking, EngineLayoutUsesEighteenIndexBits) {
    const auto packing = EntryPacking::for_parameters(engine::ParameterLayout::count());
    ASSERT_TRUE(packing);
    EXPECT_EQ(packing->index_bits(), 18u);  // 131252 parameters
    EXPECT_EQ(packing->max_value(), 8191);
    EXPECT_EQ(packing->min_value(), -8192);
    // The largest trace value: every man of one side 8 rows up (tempo), times the phase scale.
    EXPECT_TRUE(packing->fits(20 * 8 * engine::kPhaseScale));
    const auto fifteen = EntryPacking::for_parameters(26276);  // the layout before region tables
    ASSERT_TRUE(fifteen);
    EXPECT_EQ(fifteen->index_bits(), 15u);
    EXPECT_EQ(fifteen->max_value(), 65535);
}

TEST(EntryPacking, RoundTripsExtremes) {
    const auto packing = *EntryPacking::for_parameters(engine::ParameterLayout::count());
    for (const std::uint32_t index : {0u, 1u, 16383u, 131071u, 131251u})
        for (const std::int32_t value : {1, -1, 32, -32, 8191, -8192, 5120, -4096}) {
            const std::uint32_t entry = packing.pack(index, value);
            EXPECT_EQ(packing.index(entry), index);
            EXPECT_EQ(packing.value(entry), value);
        }
}

TEST(EntryPacking, RejectsLayoutsTooLargeToPack) {
    EXPECT_TRUE(EntryPacking::for_parameters(std::size_t{1} << 24));
    EXPECT_FALSE(EntryPacking::for_parameters((std::size_t{1} << 24) + 1));
    EXPECT_FALSE(EntryPacking::with_index_bits(0));
    EXPECT_FALSE(EntryPacking::with_index_bits(25));
}

TEST(CoefficientStore, AppendsRowsAndReadsThemBack) {
    CoefficientStore store = CoefficientStore::for_engine_layout();
    const std::vector<engine::EvalCoefficient> a = {{0, 640}, {1, -320}, {40, 32}};
    const std::vector<engine::EvalCoefficient> b = {{131251, -64}};
    ASSERT_TRUE(store.append(a, 20, Outcome::WhiteWin));
    ASSERT_TRUE(store.append({}, 0, Outcome::Draw));
    ASSERT_TRUE(store.append(b, 32, Outcome::BlackWin));
    ASSERT_EQ(store.size(), 3u);
    EXPECT_EQ(store.coefficients(0), a);
    EXPECT_TRUE(store.coefficients(1).empty());
    EXPECT_EQ(store.coefficients(2), b);
    EXPECT_EQ(store.phase(0), 20);
    EXPECT_EQ(store.result(2), Outcome::BlackWin);
    EXPECT_EQ(store.entry_count(), 4u);
}

TEST(CoefficientStore, RejectsValuesAndIndicesOutsideThePacking) {
    CoefficientStore store = CoefficientStore::for_engine_layout();
    const std::vector<engine::EvalCoefficient> too_big = {{3, 8192}};
    const std::vector<engine::EvalCoefficient> bad_index = {
        {static_cast<std::uint32_t>(engine::ParameterLayout::count()), 1}};
    EXPECT_FALSE(store.append(too_big, 10, Outcome::Draw));
    EXPECT_FALSE(store.append(bad_index, 10, Outcome::Draw));
    EXPECT_TRUE(store.empty());
    EXPECT_EQ(store.entry_count(), 0u);
}

TEST(CoefficientStore, MemoryWithinSixteenBytesPlusFourPerNonZero) {
    CoefficientStore store = CoefficientStore::for_engine_layout();
    std::vector<engine::EvalCoefficient> row;
    for (std::uint32_t i = 0; i < 30; ++i)
        row.push_back({i * 7, (i % 2 == 0 ? 1 : -1) * static_cast<std::int32_t>(32 * (i + 1))});
    for (int i = 0; i < 1000; ++i) ASSERT_TRUE(store.append(row, i % 33, Outcome::Draw));
    EXPECT_LE(store.memory_bytes(), store.size() * 16 + store.entry_count() * 4 + 16);
}

TEST(CoefficientStore, FingerprintSeesEveryField) {
    const std::vector<engine::EvalCoefficient> row = {{5, 64}};
    CoefficientStore a = CoefficientStore::for_engine_layout();
    CoefficientStore b = CoefficientStore::for_engine_layout();
    CoefficientStore c = CoefficientStore::for_engine_layout();
    CoefficientStore d = CoefficientStore::for_engine_layout();
    CoefficientStore e = CoefficientStore::for_engine_layout();
    ASSERT_TRUE(a.append(row, 10, Outcome::Draw));
    ASSERT_TRUE(b.append(row, 10, Outcome::Draw));
    ASSERT_TRUE(c.append(row, 10, Outcome::WhiteWin));
    ASSERT_TRUE(d.append(row, 10, Outcome::Draw, 250.0));
    ASSERT_TRUE(e.append(row, 10, Outcome::Draw, -250.0));
    EXPECT_EQ(a.fingerprint(), b.fingerprint());
    EXPECT_NE(a.fingerprint(), c.fingerprint());
    EXPECT_NE(a.fingerprint(), d.fingerprint());
    EXPECT_NE(d.fingerprint(), e.fingerprint());
}

TEST(CoefficientStore, KeepsScoresAndCopiesThemWithTheirRows) {
    const std::vector<engine::EvalCoefficient> row = {{5, 64}};
    CoefficientStore store = CoefficientStore::for_engine_layout();
    ASSERT_TRUE(store.append(row, 10, Outcome::WhiteWin, 350.0));
    ASSERT_TRUE(store.append(row, 10, Outcome::Draw));
    ASSERT_TRUE(store.append(row, 10, Outcome::BlackWin, -1250.5));
    EXPECT_EQ(store.score(0), 350.0);
    EXPECT_EQ(store.score(1), std::nullopt);
    EXPECT_EQ(store.score(2), -1250.5);
    EXPECT_EQ(store.scored_rows(), 2u);
    // A score that is not a finite number is refused, and nothing is appended.
    for (const double bad : {std::nan(""), HUGE_VAL, 1e300}) {
        const auto refused = store.append(row, 10, Outcome::Draw, bad);
        ASSERT_FALSE(refused) << bad;
        EXPECT_NE(refused.error().message.find("score"), std::string::npos);
    }
    EXPECT_EQ(store.size(), 3u);
    CoefficientStore copy = CoefficientStore::for_engine_layout();
    for (std::size_t i = 0; i < store.size(); ++i) copy.append_row(store, i);
    EXPECT_EQ(copy.fingerprint(), store.fingerprint());
    EXPECT_EQ(copy.scored_rows(), 2u);
    EXPECT_EQ(copy.score(2), -1250.5);
}

}  // namespace
}  // namespace draughts::tuner
