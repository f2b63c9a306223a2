// The allocator of big random-access tables: large blocks are aligned to the 2 MB huge page (so
// that the kernel can back them with huge pages), small ones get ordinary aligned memory, and
// vectors using it behave like any other.

#include "common/large_page_allocator.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace draughts {
namespace {

struct alignas(64) Line {
    std::uint64_t words[8];
};

TEST(LargePageAllocator, LargeBlocksAreAlignedToTheHugePageSmallOnesToTheirType) {
    LargePageAllocator<Line> allocator;
    for (const std::size_t lines : {std::size_t{1}, std::size_t{1000}, kLargePageBytes / 64 - 1,
                                    kLargePageBytes / 64, 3 * kLargePageBytes / 64 + 5}) {
        Line* p = allocator.allocate(lines);
        ASSERT_NE(p, nullptr);
        const auto address = reinterpret_cast<std::uintptr_t>(p);
        const std::size_t alignment =
            lines * sizeof(Line) >= kLargePageBytes ? kLargePageBytes : alignof(Line);
        EXPECT_EQ(address % alignment, 0u) << lines;
        // Every byte is usable.
        p[0].words[0] = 1;
        p[lines - 1].words[7] = 2;
        EXPECT_EQ(p[0].words[0] + p[lines - 1].words[7], 3u);
        allocator.deallocate(p, lines);
    }
}

TEST(LargePageAllocator, VectorsValueInitialiseAndResize) {
    std::vector<Line, LargePageAllocator<Line>> table(kLargePageBytes / 64 * 2);
    for (const Line& line : table)
        for (const std::uint64_t w : line.words) ASSERT_EQ(w, 0u);
    table.resize(10);
    table.shrink_to_fit();
    EXPECT_EQ(table.size(), 10u);
    table.assign(kLargePageBytes / 64 * 4, Line{{7}});
    EXPECT_EQ(table.back().words[0], 7u);
}

}  // namespace
}  // namespace draughts
