// The rulebook positions of ../shared/reference/formats.md (every row of the table: the exact
// list of legal moves) and the handling of capture routes that are the same move.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/capture_route.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "tests/support/legal_moves.hpp"

namespace draughts::rules {
namespace {

Position rulebook_position(const std::string& fen) {
    const auto p = parse_fen(fen);
    EXPECT_TRUE(p) << p.error().message;
    return p ? *p : Position{};
}

struct RulebookCase {
    std::string fen;
    std::vector<std::string> moves;
    std::string rule;
};

class Rulebook : public ::testing::TestWithParam<RulebookCase> {};

TEST_P(Rulebook, ExactListOfLegalMoves) {
    const RulebookCase& c = GetParam();
    std::vector<std::string> expected = c.moves;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(test::sorted_short_moves(rulebook_position(c.fen)), expected) << c.rule;
}

INSTANTIATE_TEST_SUITE_P(
    FormatsTable, Rulebook,
    ::testing::Values(
        RulebookCase{"W:W28,32:B23", {"28x19"}, "man capture"},
        RulebookCase{"W:WK46:B23",
                     {"46x19", "46x14", "46x10", "46x5"},
                     "king may land on any free square behind"},
        RulebookCase{"W:W15:B8,19,20", {"15x2"}, "multi-capture continues"},
        RulebookCase{"W:WK47:B9,12,33",
                     {"47x17", "47x21", "47x26"},
                     "king multi-capture, free landing on the last jump"},
        RulebookCase{"W:WK41,49:B9,10,12,19,38", {"41x43"}, "same square crossed twice is allowed"},
        RulebookCase{"B:W27,28,38,39,42:BK25", {"25x33"}, "Turkish strike: jumped pieces block"},
        RulebookCase{"W:W48:B24,K31,34,K42,43", {"48x19"}, "majority by count"},
        RulebookCase{"W:WK48:B7,8,31,34,K42,44", {"48x50"}, "majority by count"},
        RulebookCase{"W:W26:B12,K21,31,32", {"26x8", "26x28"}, "kings count as one piece"},
        RulebookCase{"W:W15:B9,10", {"15x13"}, "passing the far row does not promote"},
        RulebookCase{"W:W47:B13,14,22,24,31,34,K41,44", {"47x49"}, "long man capture"},
        RulebookCase{"W:WK1:B7,9,17,19,20,30,31,33,43,44", {"1x15"}, "long king capture"}));

TEST(RulebookPromotion, ManPassingTheFarRowStaysAMan) {
    const Position position = rulebook_position("W:W15:B9,10");
    const auto move = parse_move(position, "15x13");
    ASSERT_TRUE(move);
    EXPECT_EQ(to_fen(position.after(*move)), "B:W13:B");
}

TEST(RulebookPromotion, ManEndingOnTheFarRowIsCrowned) {
    const Position position = rulebook_position("W:W15:B8,19,20");
    const auto move = parse_move(position, "15x2");
    ASSERT_TRUE(move);
    EXPECT_EQ(to_fen(position.after(*move)), "B:WK2:B");
}

// Two landing squares between 30 and 13 give two routes of the same king capture 35x8.
constexpr const char* kTwoRoutesFen =
    "W:WK6,K31-32,K35-38,K41-43,K46-50:BK1-5,K7,K9-10,K13-16,K20,K26,K30";

TEST(DuplicateCaptures, TwoRoutesWithTheSameCapturedPiecesAreOneMove) {
    const Position position = rulebook_position(kTwoRoutesFen);
    for (const Duplicates d : {Duplicates::Drop, Duplicates::Keep}) {
        const std::vector<std::string> moves = test::sorted_short_moves(position, d);
        EXPECT_EQ(std::count(moves.begin(), moves.end(), "35x8"), 1);
    }
    const auto move = parse_move(position, "35x8");
    ASSERT_TRUE(move) << move.error().message;
    EXPECT_EQ(to_hub_notation(*move), "35x8x13x30");
    std::vector<CaptureRoute> routes = capture_routes(position, *move);
    std::sort(routes.begin(), routes.end());
    EXPECT_EQ(routes, (std::vector<CaptureRoute>{{19, 8}, {24, 8}}));
}

struct DuplicateCase {
    std::string fen;
    std::string move;  // short form
    int routes;        // times it appears with Duplicates::Keep
};

class KeptDuplicates : public ::testing::TestWithParam<DuplicateCase> {};

TEST_P(KeptDuplicates, AppearOncePerRouteOnlyWhenKept) {
    const DuplicateCase& c = GetParam();
    const Position position = rulebook_position(c.fen);
    const std::vector<std::string> dropped = test::sorted_short_moves(position, Duplicates::Drop);
    const std::vector<std::string> kept = test::sorted_short_moves(position, Duplicates::Keep);
    EXPECT_EQ(std::count(dropped.begin(), dropped.end(), c.move), 1);
    EXPECT_EQ(std::count(kept.begin(), kept.end(), c.move), c.routes);
    EXPECT_EQ(count_moves(position, Duplicates::Drop), static_cast<int>(dropped.size()));
    EXPECT_EQ(count_moves(position, Duplicates::Keep), static_cast<int>(kept.size()));
}

INSTANTIATE_TEST_SUITE_P(
    FourPieceCaptures, KeptDuplicates,
    ::testing::Values(
        // A man going round a square of four pieces, clockwise or anticlockwise.
        DuplicateCase{"W:W32:B17,18,27,28", "32x32", 2},
        // The same for Black, backwards first.
        DuplicateCase{"B:W23,24,33,34:B19", "19x19", 2},
        // A king round the same kind of ring, ending where it started.
        DuplicateCase{"W:WK32:B17,18,27,28", "32x32", 2}));

}  // namespace
}  // namespace draughts::rules
