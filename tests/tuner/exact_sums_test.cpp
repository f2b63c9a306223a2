// The exact sums under the loss and gradient: the fixed-point rounding equals std::llround, and
// the 64-bit gradient accumulator gives the 128-bit integer sums exactly, whatever the order of
// rows and merges, also when its bound forces carries and rows too large for 64-bit words.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "common/portable_random.hpp"
#include "tuner/coefficient_store.hpp"
#include "tuner/fixed_point.hpp"
#include "tuner/gradient_accumulator.hpp"

namespace draughts::tuner {
namespace {

TEST(FixedPoint, RoundsAsLlroundDoes) {
    const double half = 0.5 / kFixedScale;
    const double cases[] = {0.0,
                            -0.0,
                            half,
                            -half,
                            3 * half,
                            -3 * half,
                            std::nextafter(half, 0.0),
                            std::nextafter(-half, 0.0),
                            std::nextafter(half, 1.0),
                            0.49999999999999994 / kFixedScale,
                            1.0,
                            -1.0,
                            1e-3,
                            -2.7e-4,
                            34.5,
                            1234.5678,
                            -98765.4321,
                            std::ldexp(1.0, 62 - kFixedBits),
                            -std::ldexp(1.0, 62 - kFixedBits)};
    for (const double x : cases) EXPECT_EQ(to_fixed(x), std::llround(x * kFixedScale)) << x;
    PortableRandom random(42);
    for (int i = 0; i < 100000; ++i) {
        // Random magnitudes from 2^-50 to 2^15, both signs, many at exact halves.
        const double mantissa = static_cast<double>(random.below(1u << 30)) / (1u << 30);
        const int exponent = static_cast<int>(random.below(66)) - 50;
        double x = std::ldexp(mantissa, exponent) * (random.below(2) ? 1 : -1);
        if (random.below(4) == 0) x = (std::floor(x * kFixedScale) + 0.5) / kFixedScale;
        ASSERT_EQ(to_fixed(x), std::llround(x * kFixedScale)) << x;
    }
}

/// Random packed rows of distinct indices, with values up to `max_value` in magnitude.
CoefficientStore random_store(std::size_t parameters, std::size_t rows, int max_value,
                              std::uint64_t seed) {
    CoefficientStore store = CoefficientStore::for_parameters(parameters);
    PortableRandom random(seed);
    for (std::size_t r = 0; r < rows; ++r) {
        std::vector<engine::EvalCoefficient> row;
        for (std::uint32_t j = 0; j < parameters; ++j)
            if (random.below(3) == 0)
                row.push_back({j, static_cast<int>(
                                      random.below(static_cast<std::uint64_t>(2 * max_value + 1))) -
                                      max_value});
        EXPECT_TRUE(store.append(row, 0, Outcome::Draw));
    }
    return store;
}

/// Derivatives in fixed point: mostly small, some near the 64-bit edge.
std::vector<std::int64_t> random_derivatives(std::size_t rows, std::uint64_t seed) {
    PortableRandom random(seed);
    std::vector<std::int64_t> d(rows);
    for (auto& x : d) {
        const unsigned bits = random.below(5) == 0 ? 62 : 34;
        x = static_cast<std::int64_t>(random.next() >> (64 - bits)) * (random.below(2) ? 1 : -1);
    }
    return d;
}

std::vector<Int128> reference_sums(const CoefficientStore& store,
                                   const std::vector<std::int64_t>& d) {
    std::vector<Int128> sums(store.parameter_count(), 0);
    for (std::size_t r = 0; r < store.size(); ++r)
        for (const auto& c : store.coefficients(r)) sums[c.index] += Int128{d[r]} * c.value;
    return sums;
}

void add_rows(GradientAccumulator& a, const CoefficientStore& store,
              const std::vector<std::int64_t>& d, std::size_t begin, std::size_t end) {
    const unsigned shift = store.packing().index_bits();
    const std::uint32_t mask = (std::uint32_t{1} << shift) - 1;
    a.start();
    for (std::size_t r = begin; r < end; ++r) {
        const auto row = store.row(r);
        a.add_row(d[r], row.data(), row.data() + row.size(), mask, shift);
    }
}

TEST(GradientAccumulator, KnowsTheLargestRowMagnitude) {
    CoefficientStore store = CoefficientStore::for_parameters(10);
    const std::vector<engine::EvalCoefficient> a{{1, 5}, {2, -7}}, b{{3, -20}};
    ASSERT_TRUE(store.append(a, 0, Outcome::Draw));
    EXPECT_EQ(store.max_row_magnitude(), 12U);
    ASSERT_TRUE(store.append(b, 0, Outcome::Draw));
    EXPECT_EQ(store.max_row_magnitude(), 20U);
    CoefficientStore copy = CoefficientStore::for_parameters(10);
    copy.append_row(store, 0);
    EXPECT_EQ(copy.max_row_magnitude(), 12U);
}

struct SplitCase {
    const char* name;
    int max_value;         ///< large values leave room for few rows: many carries
    std::size_t pieces;    ///< accumulators merged
    bool merge_backwards;  ///< merge order
};

class ExactAccumulation : public ::testing::TestWithParam<SplitCase> {};

TEST_P(ExactAccumulation, EqualsThe128BitSums) {
    const SplitCase c = GetParam();
    const CoefficientStore store = random_store(40, 3000, c.max_value, 7);
    const std::vector<std::int64_t> d = random_derivatives(store.size(), 9);
    const std::vector<Int128> expected = reference_sums(store, d);
    std::vector<GradientAccumulator> parts(
        c.pieces, GradientAccumulator(store.parameter_count(), store.max_row_magnitude()));
    for (std::size_t p = 0; p < c.pieces; ++p)
        add_rows(parts[p], store, d, p * store.size() / c.pieces,
                 (p + 1) * store.size() / c.pieces);
    GradientAccumulator& total = c.merge_backwards ? parts.back() : parts.front();
    for (std::size_t p = 1; p < c.pieces; ++p)
        total.merge(parts[c.merge_backwards ? c.pieces - 1 - p : p]);
    const std::vector<Int128>& sums = total.sums();
    ASSERT_EQ(sums.size(), expected.size());
    for (std::size_t j = 0; j < sums.size(); ++j)
        EXPECT_TRUE(sums[j] == expected[j]) << "parameter " << j;
}

INSTANTIATE_TEST_SUITE_P(Bounds, ExactAccumulation,
                         ::testing::Values(SplitCase{"SmallValuesOnePiece", 40, 1, false},
                                           SplitCase{"SmallValuesSevenPieces", 40, 7, false},
                                           SplitCase{"HugeValuesOnePiece", 1 << 20, 1, false},
                                           SplitCase{"HugeValuesFivePiecesBackwards", 1 << 20, 5,
                                                     true}),
                         [](const auto& p) { return std::string(p.param.name); });

TEST(GradientAccumulator, UnusedGivesNoSums) {
    GradientAccumulator unused(5, 3);
    EXPECT_TRUE(unused.sums().empty());
    GradientAccumulator started(5, 3);
    started.start();
    started.merge(unused);
    EXPECT_EQ(started.sums(), std::vector<Int128>(5, 0));
}

}  // namespace
}  // namespace draughts::tuner
