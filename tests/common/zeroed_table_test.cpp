// The zeroed table of big random-access tables: every byte starts at zero whatever the size,
// large blocks are aligned to the 2 MB huge page (so that the kernel can back them with huge
// pages), small ones to their type, and ownership moves like a unique_ptr's.

#include "common/zeroed_table.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace draughts {
namespace {

struct alignas(64) Line {
    std::uint64_t words[8];
};

TEST(ZeroedTable, EveryByteStartsAtZeroAndLargeTablesAreAlignedToTheHugePage) {
    for (const std::size_t lines : {std::size_t{1}, std::size_t{1000}, kLargePageBytes / 64 - 1,
                                    kLargePageBytes / 64, 3 * kLargePageBytes / 64 + 5}) {
        ZeroedTable<Line> table(lines);
        ASSERT_EQ(table.size(), lines);
        const auto address = reinterpret_cast<std::uintptr_t>(table.data());
        const std::size_t alignment =
            lines * sizeof(Line) >= kLargePageBytes ? kLargePageBytes : alignof(Line);
        EXPECT_EQ(address % alignment, 0u) << lines;
        for (const Line& line : table)
            for (const std::uint64_t w : line.words) ASSERT_EQ(w, 0u) << lines;
        // Every byte is usable.
        table[0].words[0] = 1;
        table[lines - 1].words[7] = 2;
        EXPECT_EQ(table[0].words[0] + table[lines - 1].words[7], 3u);
    }
}

TEST(ZeroedTable, MovingHandsOverTheBlock) {
    ZeroedTable<Line> a(kLargePageBytes / 64 * 2);
    a[5].words[3] = 42;
    const Line* block = a.data();
    ZeroedTable<Line> b(std::move(a));
    EXPECT_EQ(b.data(), block);
    EXPECT_EQ(b[5].words[3], 42u);
    EXPECT_EQ(a.size(), 0u);  // NOLINT(bugprone-use-after-move): moved-from is empty
    ZeroedTable<Line> c(3);
    c = std::move(b);
    EXPECT_EQ(c.data(), block);
    EXPECT_EQ(c.size(), kLargePageBytes / 64 * 2);
    ZeroedTable<Line> empty(0);
    EXPECT_EQ(empty.data(), nullptr);
    EXPECT_EQ(empty.begin(), empty.end());
}

}  // namespace
}  // namespace draughts
