#include "harness/openings/book_generator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "harness/openings/opening_book.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "tests/support/opening_keys.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using rules::Move;
using rules::Position;
using Key = draughts::testing::OpeningKey;
using draughts::testing::opening_key;
using draughts::testing::opening_keys;

bool sequence_less(const std::vector<Move>& a, const std::vector<Move>& b) {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                        move_less<rules::International>);
}

/// Brute force: every move sequence of `plies` plies, keeping the smallest one per position.
std::map<Key, std::vector<Move>> smallest_sequences(const Position& root, int plies) {
    std::map<Key, std::vector<Move>> best;
    std::vector<Move> path;
    auto walk = [&](auto&& self, const Position& p, int depth) -> void {
        if (depth == plies) {
            auto [it, inserted] = best.emplace(opening_key(p), path);
            if (!inserted && sequence_less(path, it->second)) it->second = path;
            return;
        }
        rules::MoveList moves;
        rules::generate_moves(p, moves);
        for (const Move& m : moves) {
            path.push_back(m);
            self(self, p.after(m), depth + 1);
            path.pop_back();
        }
    };
    walk(walk, root, 0);
    return best;
}

TEST(BookGeneratorTest, DistinctPositionCountsFromTheInitialPosition) {
    struct Row {
        int plies;
        std::size_t distinct;
        std::uint64_t sequences;
    };
    // 81 and 447 are the published figures; sequences are the perft counts.
    for (const Row& row : {Row{0, 1, 1}, Row{1, 9, 9}, Row{2, 81, 81}, Row{3, 447, 658}}) {
        const GeneratedBook book = generate_book(Position::initial(), row.plies);
        EXPECT_EQ(book.openings.size(), row.distinct) << row.plies;
        EXPECT_EQ(book.sequences, row.sequences) << row.plies;
        EXPECT_EQ(book.finished, 0U);
        EXPECT_EQ(opening_keys(book.openings).size(), book.openings.size());
    }
}

TEST(BookGeneratorTest, EachOpeningCarriesTheSmallestSequenceAndBookIsInThatOrder) {
    const GeneratedBook book = generate_book(Position::initial(), 3);
    const auto expected = smallest_sequences(Position::initial(), 3);
    ASSERT_EQ(book.openings.size(), expected.size());
    for (std::size_t i = 0; i < book.openings.size(); ++i) {
        const Opening& opening = book.openings[i];
        EXPECT_EQ(opening.root, Position::initial());
        EXPECT_EQ(opening_after(opening.root, opening.moves).position, opening.position);
        EXPECT_EQ(opening.moves, expected.at(opening_key(opening.position))) << i;
        if (i > 0) {
            EXPECT_TRUE(sequence_less(book.openings[i - 1].moves, opening.moves)) << i;
        }
    }
}

TEST(BookGeneratorTest, OrderIsPinned) {
    const GeneratedBook book = generate_book(Position::initial(), 2);
    EXPECT_EQ(opening_moves_text(book.openings.front()), "31-26 16-21");
    EXPECT_EQ(opening_moves_text(book.openings[1]), "31-26 17-21");
    EXPECT_EQ(opening_moves_text(book.openings[9]), "31-27 16-21");
    EXPECT_EQ(opening_moves_text(book.openings.back()), "35-30 20-25");
}

TEST(BookGeneratorTest, MoveOrderComparesOriginDestinationThenCapturedSquares) {
    const Move a = Move::quiet(31, 26);
    const Move b = Move::quiet(31, 27);
    const Move c = Move::quiet(32, 27);
    EXPECT_TRUE(move_less(a, b));
    EXPECT_TRUE(move_less(b, c));
    EXPECT_FALSE(move_less(c, a));
    EXPECT_FALSE(move_less(a, a));
    // Two captures with the same origin and destination differ by their captured squares.
    const Move over_one(rules::bit_index(46), rules::bit_index(5), rules::square_bit(28));
    const Move over_two(rules::bit_index(46), rules::bit_index(5),
                        rules::square_bit(14) | rules::square_bit(28));
    EXPECT_TRUE(move_less(over_two, over_one));  // {14, 28} < {28}
}

TEST(BookGeneratorTest, GeneratesFromAnotherRootAndLeavesOutFinishedGames) {
    // White's only move captures Black's last piece: the game is over after one ply.
    const GeneratedBook over = generate_book(*rules::parse_fen("W:W28:B23"), 1);
    EXPECT_TRUE(over.openings.empty());
    EXPECT_EQ(over.finished, 1U);
    EXPECT_EQ(over.sequences, 1U);

    const Position root = *rules::parse_fen("W:W33,38:B8,12");
    const GeneratedBook book = generate_book(root, 2);
    ASSERT_FALSE(book.openings.empty());
    for (const Opening& opening : book.openings) EXPECT_EQ(opening.root, root);
    EXPECT_EQ(book.openings.size(), smallest_sequences(root, 2).size());
}

std::vector<Position> read_positions(const std::filesystem::path& path) {
    const auto book = OpeningBook::load(path);
    EXPECT_TRUE(book) << book.error().message;
    std::vector<Position> positions;
    if (book) {
        for (const Opening& opening : book->openings()) positions.push_back(opening.position);
        EXPECT_EQ(book->stats().duplicates, 0U);
    }
    return positions;
}

TEST(BookGeneratorTest, TwoPliesContainThe79PublishedBallotsAndOnlyMiss16To21Replies) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(path, "data/openings/ballots-2move.fen");
    const std::vector<Position> published = read_positions(path);
    ASSERT_EQ(published.size(), 79U);
    const GeneratedBook book = generate_book(Position::initial(), 2);
    ASSERT_EQ(book.openings.size(), 81U);
    std::set<Key> published_keys;
    for (const Position& p : published) published_keys.insert(opening_key(p));
    const std::set<Key> generated = opening_keys(book.openings);
    for (const Position& p : published)
        EXPECT_TRUE(generated.count(opening_key(p))) << rules::to_fen(p);
    std::vector<std::string> missing;
    for (const Opening& opening : book.openings) {
        if (!published_keys.count(opening_key(opening.position))) {
            missing.push_back(opening_moves_text(opening));
        }
    }
    EXPECT_EQ(missing, (std::vector<std::string>{"31-27 16-21", "32-27 16-21"}));
}

TEST(BookGeneratorTest, ThreePliesAreASupersetOfThe331PublishedBallots) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(path, "data/openings/ballots-3move.fen");
    const std::vector<Position> published = read_positions(path);
    ASSERT_EQ(published.size(), 331U);
    const GeneratedBook book = generate_book(Position::initial(), 3);
    ASSERT_EQ(book.openings.size(), 447U);
    const std::set<Key> generated = opening_keys(book.openings);
    for (const Position& p : published) {
        EXPECT_EQ(p.side_to_move(), rules::Color::Black);
        EXPECT_TRUE(generated.count(opening_key(p))) << rules::to_fen(p);
    }
}

}  // namespace
}  // namespace draughts::harness
