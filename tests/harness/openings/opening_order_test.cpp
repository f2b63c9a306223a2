#include "harness/openings/opening_order.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

namespace draughts::harness {
namespace {

std::vector<std::size_t> first(const OpeningOrder& order, std::size_t count) {
    std::vector<std::size_t> indices;
    for (std::size_t k = 0; k < count; ++k) indices.push_back(order.book_index(k));
    return indices;
}

TEST(OpeningOrderTest, SequentialFollowsTheBook) {
    const OpeningOrder order(5, BookOrder::Sequential, 99, 0);
    EXPECT_EQ(first(order, 5), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(OpeningOrderTest, SequentialStartIndexAndWrapAround) {
    const OpeningOrder order(5, BookOrder::Sequential, 0, 3);
    EXPECT_EQ(first(order, 12), (std::vector<std::size_t>{3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4}));
}

TEST(OpeningOrderTest, StartPastTheEndWraps) {
    const OpeningOrder order(5, BookOrder::Sequential, 0, 12);
    EXPECT_EQ(order.start(), 2U);
    EXPECT_EQ(order.book_index(0), 2U);
}

TEST(OpeningOrderTest, RandomOrderIsPinnedForSeed) {
    // The order every machine and compiler must produce (checked by an independent script).
    const OpeningOrder order(10, BookOrder::Random, 42, 0);
    EXPECT_EQ(first(order, 10), (std::vector<std::size_t>{7, 3, 8, 9, 5, 6, 4, 1, 0, 2}));
    const OpeningOrder zero(10, BookOrder::Random, 0, 0);
    EXPECT_EQ(first(zero, 10), (std::vector<std::size_t>{4, 2, 1, 7, 5, 6, 3, 9, 8, 0}));
    const OpeningOrder large(447, BookOrder::Random, 2024, 0);
    EXPECT_EQ(first(large, 12),
              (std::vector<std::size_t>{377, 58, 194, 102, 326, 20, 179, 73, 212, 65, 22, 336}));
}

TEST(OpeningOrderTest, RandomOrderRepeatsForTheSameSeedAndDiffersForAnother) {
    const OpeningOrder a(200, BookOrder::Random, 5, 0);
    const OpeningOrder b(200, BookOrder::Random, 5, 0);
    const OpeningOrder c(200, BookOrder::Random, 6, 0);
    EXPECT_EQ(a.permutation(), b.permutation());
    EXPECT_NE(a.permutation(), c.permutation());
}

TEST(OpeningOrderTest, RandomStartIndexSkipsIntoTheShuffledOrderAndWraps) {
    const OpeningOrder order(10, BookOrder::Random, 42, 8);
    EXPECT_EQ(first(order, 5), (std::vector<std::size_t>{0, 2, 7, 3, 8}));
}

TEST(OpeningOrderTest, EveryOpeningOncePerPass) {
    const OpeningOrder order(37, BookOrder::Random, 11, 5);
    std::vector<int> seen(37, 0);
    for (std::size_t k = 0; k < 74; ++k) ++seen[order.book_index(k)];
    for (const int count : seen) EXPECT_EQ(count, 2);
}

TEST(OpeningOrderTest, OrderNamesRoundTrip) {
    EXPECT_EQ(value_of(kBookOrderNames, "random"), BookOrder::Random);
    EXPECT_EQ(value_of(kBookOrderNames, "sequential"), BookOrder::Sequential);
    EXPECT_FALSE(value_of(kBookOrderNames, "shuffled").has_value());
    EXPECT_EQ(name_of(kBookOrderNames, BookOrder::Random), "random");
    EXPECT_EQ(name_of(kBookOrderNames, BookOrder::Sequential), "sequential");
}

}  // namespace
}  // namespace draughts::harness
