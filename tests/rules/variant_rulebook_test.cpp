// Positions for the rules of the variants beside international, Brazilian and Russian draughts
// (docs/variants.md), each with its exact list of legal moves: the killer rule [KIL 1] in each of
// its cases, breakthrough's first king [BT 1] and antidraughts' compulsory captures [ANTI 1],
// which are the FMJD ones (rows of the FMJD table of docs/rules.md); English draughts' forward
// captures, short kings, free choice and crowning that ends the move [ENG 3-5], and pool
// checkers' backward captures by men, flying kings and men passing the king row [POOL 3-5]. Three
// English positions, one Frisian position, two Killer positions and four of the 64-square games
// are published examples [ENG EX 1-3, FRS EX 2, KIL EX 1, BRA EX 1, RUS EX 1-3]; the others are
// constructed for the article they test, because the sources give the rules in words and a few
// diagrams, not move lists.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/variant.hpp"
#include "tests/support/legal_moves.hpp"

namespace draughts::rules {
namespace {

struct VariantRulebookCase {
    Variant variant;
    std::string fen;
    std::vector<std::string> moves;
    std::string rule;
};

template <typename V>
std::vector<std::string> sorted_short_moves(const std::string& fen) {
    const auto position = parse_fen<V>(fen);
    EXPECT_TRUE(position) << fen << ": " << position.error().message;
    if (!position) return {};
    return test::sorted_short_moves(*position);
}

class VariantRulebook : public ::testing::TestWithParam<VariantRulebookCase> {};

TEST_P(VariantRulebook, ExactListOfLegalMoves) {
    const VariantRulebookCase& c = GetParam();
    std::vector<std::string> expected = c.moves;
    std::sort(expected.begin(), expected.end());
    dispatch_variant(c.variant, [&]<typename V>(V) {
        EXPECT_EQ(sorted_short_moves<V>(c.fen), expected) << V::kName << ": " << c.rule;
    });
}

INSTANTIATE_TEST_SUITE_P(
    Killer, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{Variant::Killer,
                            "W:WK46:B23",
                            {"46x19", "46x14", "46x10", "46x5"},
                            "a man taken last: any free square behind [KIL 1, FMJD 4.3]"},
        VariantRulebookCase{Variant::Killer,
                            "W:WK46:BK23",
                            {"46x19"},
                            "a king taken last: right behind it [KIL 1]"},
        VariantRulebookCase{Variant::Killer,
                            "W:WK46:BK37,18",
                            {"46x12", "46x7", "46x1"},
                            "a king taken first, a man last: free landing [KIL 1]"},
        VariantRulebookCase{Variant::Killer,
                            "W:WK46:B37,K18",
                            {"46x12"},
                            "a man taken first, a king last: right behind it [KIL 1]"},
        VariantRulebookCase{Variant::Killer,
                            "W:W28:BK23",
                            {"28x19"},
                            "a man taking a king lands right behind anyway [FMJD 4.2]"},
        VariantRulebookCase{Variant::Killer,
                            "W:WK46:BK23,K19",
                            {"46-41", "46-37", "46-32", "46-28"},
                            "no capture: the king cannot jump two kings in a row [FMJD 4.3]"},
        VariantRulebookCase{Variant::Killer,
                            "B:WK14,K15:BK32",
                            {"32x10"},
                            "\"White wins by 3-14 32x10 15x4\": 32x5 is not a move [KIL EX 1]"},
        VariantRulebookCase{Variant::Killer,
                            "W:WK15:BK10",
                            {"15x4"},
                            "the last move of \"3-14 32x10 15x4\" [KIL EX 1]"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

INSTANTIATE_TEST_SUITE_P(
    Breakthrough, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{Variant::Breakthrough,
                            "W:WK1,40:B45",
                            {},
                            "a king is on the board: the game is over [BT 1]"},
        VariantRulebookCase{Variant::Breakthrough,
                            "W:W6,7:B45",
                            {"6-1", "7-1", "7-2"},
                            "moving onto the far row crowns, and wins [BT 1]"},
        VariantRulebookCase{Variant::Breakthrough,
                            "W:W15:B9,10",
                            {"15x13"},
                            "passing the far row in a capture does not crown [FMJD 4.15]"},
        VariantRulebookCase{Variant::Breakthrough,
                            "W:W15:B8,19,20",
                            {"15x2"},
                            "a capture ending on the far row crowns [FMJD 3.5, BT 1]"},
        VariantRulebookCase{Variant::Breakthrough,
                            "W:W28,32:B23",
                            {"28x19"},
                            "capturing is compulsory as in the FMJD rules [FMJD 4.1]"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

INSTANTIATE_TEST_SUITE_P(
    Antidraughts, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{Variant::Antidraughts,
                            "W:W28,32:B23",
                            {"28x19"},
                            "capturing is compulsory, even to win by losing [ANTI 1, FMJD 4.1]"},
        VariantRulebookCase{Variant::Antidraughts,
                            "W:WK46:B23",
                            {"46x19", "46x14", "46x10", "46x5"},
                            "a king lands on any free square behind [FMJD 4.3]"},
        VariantRulebookCase{Variant::Antidraughts,
                            "W:W48:B24,K31,34,K42,43",
                            {"48x19"},
                            "majority by count [FMJD 4.13]"},
        VariantRulebookCase{Variant::Antidraughts,
                            "B:W27,28,38,39,42:BK25",
                            {"25x33"},
                            "Turkish strike: jumped pieces block [FMJD 4.11]"},
        VariantRulebookCase{Variant::Antidraughts,
                            "W:W15:B9,10",
                            {"15x13"},
                            "passing the far row does not crown [FMJD 4.15]"},
        VariantRulebookCase{Variant::Antidraughts, "W:W6:B1", {}, "blocked: no move, a win"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

// The same positions under both checkers rules, so that each pair shows the switch at work.
INSTANTIATE_TEST_SUITE_P(
    English, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{
            Variant::English, "B:W10,18:B14", {"14x23"}, "a man captures forwards only [ENG 3]"},
        VariantRulebookCase{Variant::English,
                            "B:W32:BK14",
                            {"14-9", "14-10", "14-17", "14-18"},
                            "a king steps one square, forwards or backwards [ENG 3]"},
        VariantRulebookCase{Variant::English,
                            "B:W18:BK14",
                            {"14x23"},
                            "a king lands right behind the piece it takes [ENG 3]"},
        VariantRulebookCase{Variant::English,
                            "B:W9,10,19:B6",
                            {"6x13", "6x24"},
                            "any capture may be chosen, the one taking fewer too [ENG 4]"},
        VariantRulebookCase{Variant::English,
                            "B:W26,27:B22",
                            {"22x31"},
                            "a man crowned by a capture ends its move there [ENG 5]"},
        VariantRulebookCase{Variant::English,
                            "B:W18,24:BK14",
                            {"14x23"},
                            "a short king cannot reach a second capture [ENG 3]"},
        VariantRulebookCase{Variant::English,
                            "W:W18",
                            {"18-14", "18-15"},
                            "\"a white man placed on square 18 can move to 15 or 14\" [ENG EX 2]"},
        VariantRulebookCase{Variant::English,
                            "W:W18:B14",
                            {"18x9"},
                            "\"he jumps over 14 and remains on square 9\" [ENG EX 1]"},
        VariantRulebookCase{Variant::English,
                            "B:WK7,14,15,19,23,32:B5,9,10,20,28",
                            {"10x17", "9x27"},
                            "the published draw takes one piece, 10x17, where 9x27 takes two "
                            "[ENG EX 3]"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

INSTANTIATE_TEST_SUITE_P(
    Pool, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{Variant::Pool,
                            "B:W10,18:B14",
                            {"14x23", "14x7"},
                            "men capture backwards too, and either capture may be chosen "
                            "[POOL 3, 4]"},
        VariantRulebookCase{
            Variant::Pool,
            "B:W32:BK14",
            {"14-9", "14-5", "14-10", "14-7", "14-3", "14-17", "14-21", "14-18", "14-23", "14-27"},
            "a king moves along a free diagonal [POOL 4]"},
        VariantRulebookCase{Variant::Pool,
                            "B:W18:BK14",
                            {"14x23", "14x27", "14x32"},
                            "a king lands on any free square behind the piece it takes [POOL 4]"},
        VariantRulebookCase{Variant::Pool,
                            "B:W9,10,19:B6",
                            {"6x13", "6x24"},
                            "any capture may be chosen, the one taking fewer too [POOL 4]"},
        VariantRulebookCase{Variant::Pool,
                            "B:W26,27:B22",
                            {"22x24"},
                            "a man reaching the king row capturing jumps on backwards [POOL 5]"},
        VariantRulebookCase{Variant::Pool,
                            "B:W18,24:BK14",
                            {"14x20"},
                            "a king must land where it can capture on [POOL 4]"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

// Frisian draughts: captures along rows and columns, the capture of the highest value, a king
// first among equals, and crowning only where a move ends [FRS 3-5].
INSTANTIATE_TEST_SUITE_P(
    Frisian, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{
            Variant::Frisian, "W:W33:B34", {"33x35"}, "a man captures along a row [FRS 4]"},
        VariantRulebookCase{Variant::Frisian,
                            "W:W23:B33",
                            {"23x43"},
                            "a man captures along a column, backwards too [FRS 4]"},
        VariantRulebookCase{Variant::Frisian,
                            "W:W33:BK34,17,28",
                            {"33x11"},
                            "two men weigh more than a king [FRS 5]"},
        VariantRulebookCase{
            Variant::Frisian, "W:W33:BK34,28", {"33x35"}, "a king weighs more than a man [FRS 5]"},
        VariantRulebookCase{Variant::Frisian,
                            "W:WK47,33:B42,34",
                            {"47x38"},
                            "of captures of equal value, the king's [FRS 5]"},
        VariantRulebookCase{Variant::Frisian,
                            "W:WK46:B26",
                            {"46x16", "46x6"},
                            "a king takes along a column from afar and lands on any free square "
                            "behind [FRS 4]"},
        VariantRulebookCase{Variant::Frisian,
                            "W:W12:B8,9",
                            {"12x14"},
                            "a man reaching the far row capturing jumps on [FRS 3]"},
        VariantRulebookCase{Variant::Frisian,
                            "W:W43:B18,33,K19",
                            {"43x14"},
                            "along the column, then the king: a man and a king outweigh two "
                            "men [FRS EX 2]"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

// Frysk! is played by the Frisian rules from five men each [FRYSK 1]: its start, and the Frisian
// capture rules on its board.
INSTANTIATE_TEST_SUITE_P(
    Frysk, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{
            Variant::Frysk,
            "W:W46-50:B1-5",
            {"46-41", "47-41", "47-42", "48-42", "48-43", "49-43", "49-44", "50-44", "50-45"},
            "the start: five men each on the back rows [FRYSK 1]"},
        VariantRulebookCase{
            Variant::Frysk, "W:W33:B34", {"33x35"}, "a man captures along a row [FRS 4]"},
        VariantRulebookCase{Variant::Frysk,
                            "W:W33:BK34,17,28",
                            {"33x11"},
                            "two men weigh more than a king [FRS 5]"},
        VariantRulebookCase{Variant::Frysk,
                            "W:WK47,33:B42,34",
                            {"47x38"},
                            "of captures of equal value, the king's [FRS 5]"},
        VariantRulebookCase{Variant::Frysk,
                            "W:WK46:B26",
                            {"46x16", "46x6"},
                            "a king takes along a column from afar [FRS 4]"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

// Published examples of the 64-square games beside the constructed positions of
// tests/rules/variant64_test.cpp [BRA EX 1, RUS EX 1-3].
INSTANTIATE_TEST_SUITE_P(
    Published64, VariantRulebook,
    ::testing::Values(
        VariantRulebookCase{Variant::Brazilian,
                            "W:WK29:B14,16,22,24",
                            {"29x9", "29x5"},
                            "\"bound to move from 29 to 11, 20, 27, and ... to remain at 9 or 5\" "
                            "[BRA EX 1]"},
        VariantRulebookCase{
            Variant::Russian,
            "W:WK25",
            {"25-21", "25-22", "25-18", "25-15", "25-11", "25-8", "25-4", "25-29", "25-30"},
            "\"from b2 a king has only 9 moves\" [RUS EX 1]"},
        VariantRulebookCase{Variant::Russian,
                            "W:WK29",
                            {"29-25", "29-22", "29-18", "29-15", "29-11", "29-8", "29-4"},
                            "\"and from a1, 7\" [RUS EX 2]"},
        VariantRulebookCase{Variant::Russian,
                            "W:W15:B11",
                            {"15x8"},
                            "\"the white man jumps over the black one and stands on g7\" "
                            "[RUS EX 3]"}),
    [](const auto& test_param) { return "Case" + std::to_string(test_param.index); });

}  // namespace
}  // namespace draughts::rules
