// The transposition table forgets everything at clear(), also when clearing only starts a new
// epoch (see transposition_table.hpp): over many clears, stale entries are never found, never
// lend their best move, and are replaced like empty ones.

#include "engine/transposition_table.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace draughts::engine {
namespace {

// A table of one bucket (four entries): every key lands in it.
TranspositionTable one_bucket() { return TranspositionTable(0); }

TEST(TranspositionTable, FindsWhatItStored) {
    TranspositionTable tt = one_bucket();
    tt.store(42, 17, 5, Bound::Lower, 3);
    const TtEntry* e = tt.probe(42);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->score, 17);
    EXPECT_EQ(e->depth, 5);
    EXPECT_EQ(e->bound(), Bound::Lower);
    EXPECT_EQ(e->move_index, 3);
    EXPECT_EQ(tt.probe(43), nullptr);
}

TEST(TranspositionTable, EveryClearForgetsEveryEntryOverManyEpochs) {
    TranspositionTable tt = one_bucket();
    // 200 clears pass the 6-bit epoch round three times.
    for (std::uint64_t round = 0; round < 200; ++round) {
        for (std::uint64_t key = 1; key <= 4; ++key)
            EXPECT_EQ(tt.probe(key), nullptr) << "round " << round << " key " << key;
        for (std::uint64_t key = 1; key <= 4; ++key)
            tt.store(key, static_cast<int>(round), 1, Bound::Exact, 1);
        for (std::uint64_t key = 1; key <= 4; ++key) ASSERT_NE(tt.probe(key), nullptr);
        tt.clear();
    }
}

TEST(TranspositionTable, AStaleEntryLendsNoBestMove) {
    TranspositionTable tt = one_bucket();
    tt.store(7, 0, 4, Bound::Exact, 9);
    tt.clear();
    tt.store(7, 0, 2, Bound::Upper, TtEntry::kNoMove);
    ASSERT_NE(tt.probe(7), nullptr);
    EXPECT_EQ(tt.probe(7)->move_index, TtEntry::kNoMove);
    // Within one epoch the known move is kept.
    tt.store(7, 0, 3, Bound::Upper, TtEntry::kNoMove);
    tt.store(7, 0, 3, Bound::Lower, 5);
    tt.store(7, 0, 3, Bound::Upper, TtEntry::kNoMove);
    EXPECT_EQ(tt.probe(7)->move_index, 5);
}

TEST(TranspositionTable, StaleEntriesAreReplacedFirstLikeEmptyOnes) {
    TranspositionTable tt = one_bucket();
    for (std::uint64_t key = 1; key <= 4; ++key) tt.store(key, 0, 20, Bound::Exact, 0);
    tt.clear();
    // Four new shallow entries fill the bucket: deep stale ones do not push them out.
    for (std::uint64_t key = 11; key <= 14; ++key) tt.store(key, 0, 1, Bound::Exact, 0);
    for (std::uint64_t key = 11; key <= 14; ++key) EXPECT_NE(tt.probe(key), nullptr) << key;
    for (std::uint64_t key = 1; key <= 4; ++key) EXPECT_EQ(tt.probe(key), nullptr) << key;
}

}  // namespace
}  // namespace draughts::engine
