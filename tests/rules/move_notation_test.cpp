// Move notation: writing moves in short, long and Hub form, reading any of them back against the
// legal moves of a position.

#include "rules/move_notation.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"

namespace draughts::rules {
namespace {

Position position_of(const std::string& fen) {
    const auto p = parse_fen(fen);
    EXPECT_TRUE(p) << p.error().message;
    return p ? *p : Position{};
}

/// The legal move whose Hub form is `hub` (Hub form names every move uniquely).
Move legal_move(const Position& position, const std::string& hub) {
    MoveList moves;
    generate_moves(position, moves);
    for (const Move& m : moves)
        if (to_hub_notation(m) == hub) return m;
    ADD_FAILURE() << "no legal move " << hub << " in " << to_fen(position);
    return Move{};
}

struct WrittenMove {
    std::string fen;
    std::string hub;  // identifies the move
    std::string short_form;
    std::string long_form;
    std::string pdn_form;  // short unless ambiguous
};

class MoveWriting : public ::testing::TestWithParam<WrittenMove> {};

TEST_P(MoveWriting, WritesEveryForm) {
    const WrittenMove& c = GetParam();
    const Position position = position_of(c.fen);
    const Move move = legal_move(position, c.hub);
    EXPECT_EQ(to_short_notation(move), c.short_form);
    EXPECT_EQ(to_long_notation(position, move), c.long_form);
    EXPECT_EQ(to_hub_notation(move), c.hub);
    EXPECT_EQ(to_pdn_notation(position, move), c.pdn_form);
}

TEST_P(MoveWriting, ReadsEveryFormBack) {
    const WrittenMove& c = GetParam();
    const Position position = position_of(c.fen);
    const Move move = legal_move(position, c.hub);
    for (const std::string& text : {c.long_form, c.hub, c.pdn_form}) {
        const auto parsed = parse_move(position, text);
        ASSERT_TRUE(parsed) << text << ": " << parsed.error().message;
        EXPECT_EQ(*parsed, move) << text;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Moves, MoveWriting,
    ::testing::Values(
        WrittenMove{"W:W31-50:B1-20", "32-28", "32-28", "32-28", "32-28"},
        WrittenMove{"B:W31-50:B1-20", "19-23", "19-23", "19-23", "19-23"},
        WrittenMove{"W:WK46:B23", "46x14x23", "46x14", "46x14", "46x14"},
        WrittenMove{"W:W28,32:B23", "28x19x23", "28x19", "28x19", "28x19"},
        WrittenMove{"W:W15:B8,19,20", "15x2x8x19x20", "15x2", "15x24x13x2", "15x2"},
        WrittenMove{"B:W27,28,38,39,42:BK25", "25x33x27x28x39x42", "25x33", "25x48x31x22x33",
                    "25x33"},
        // Two captures 35x49 with different captured pieces: the record needs the long form.
        WrittenMove{"W:WK35:B11,13,17,43", "35x49x13x17x43", "35x49", "35x8x21x49", "35x8x21x49"},
        WrittenMove{"W:WK35:B11,13,17,43", "35x49x11x13x43", "35x49", "35x2x16x49", "35x2x16x49"},
        // A man capturing round a square back to where it started.
        WrittenMove{"W:W32:B17,18,27,28", "32x32x17x18x27x28", "32x32", "32x21x12x23x32",
                    "32x32"}));

TEST(ParseMove, AmbiguousShortFormIsAnErrorNamingTheCandidates) {
    const Position position = position_of("W:WK35:B11,13,17,43");
    const auto parsed = parse_move(position, "35x49");
    ASSERT_FALSE(parsed);
    const std::string& message = parsed.error().message;
    EXPECT_NE(message.find("ambiguous"), std::string::npos) << message;
    EXPECT_NE(message.find("35x8x21x49"), std::string::npos) << message;
    EXPECT_NE(message.find("35x2x16x49"), std::string::npos) << message;
    EXPECT_NE(message.find("35x49"), std::string::npos) << message;
}

TEST(ParseMove, LongAndHubFormsResolveAnAmbiguity) {
    const Position position = position_of("W:WK35:B11,13,17,43");
    const auto via_8 = parse_move(position, "35x8x21x49");
    const auto via_2 = parse_move(position, "35x2x16x49");
    const auto hub = parse_move(position, "35x49x43x11x13");  // captured squares in any order
    ASSERT_TRUE(via_8 && via_2 && hub);
    EXPECT_EQ(to_hub_notation(*via_8), "35x49x13x17x43");
    EXPECT_EQ(to_hub_notation(*via_2), "35x49x11x13x43");
    EXPECT_EQ(*hub, *via_2);
}

TEST(ParseMove, PartialLandingListResolvesAnAmbiguity) {
    // From babasy4.pdn (game 99, ply 86): `2x30x17` names the origin, the first landing square
    // and the destination. 2x17 alone is ambiguous (via 30 or via 35).
    const Position position = position_of("B:W22,24,27,31,34,40,45,48:BK2,7,15,25");
    EXPECT_FALSE(parse_move(position, "2x17"));
    const auto via_30 = parse_move(position, "2x30x17");
    ASSERT_TRUE(via_30) << via_30.error().message;
    EXPECT_EQ(to_hub_notation(*via_30), "2x17x22x24x34");
    const auto via_44 = parse_move(position, "2x44x17");
    ASSERT_TRUE(via_44) << via_44.error().message;
    EXPECT_EQ(to_hub_notation(*via_44), "2x17x22x24x40");
    EXPECT_FALSE(parse_move(position, "2x39x35x17"));  // landing squares out of order
}

TEST(ParseMove, CaptureWrittenWithDashIsAccepted) {
    const Position position = position_of("W:W28,32:B23");
    const auto parsed = parse_move(position, "28-19");
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_TRUE(parsed->is_capture());
}

struct IllegalMove {
    std::string fen;
    std::string text;
};

class IllegalMoves : public ::testing::TestWithParam<IllegalMove> {};

TEST_P(IllegalMoves, AreRejectedNamingTheMoveAndPosition) {
    const Position position = position_of(GetParam().fen);
    const auto parsed = parse_move(position, GetParam().text);
    ASSERT_FALSE(parsed);
    const std::string& message = parsed.error().message;
    EXPECT_NE(message.find("\"" + GetParam().text + "\""), std::string::npos) << message;
    EXPECT_NE(message.find("not a legal move"), std::string::npos) << message;
    EXPECT_NE(message.find(to_fen(position)), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(
    Moves, IllegalMoves,
    ::testing::Values(IllegalMove{"W:W31-50:B1-20", "32-23"},  // two rows at once
                      IllegalMove{"W:W31-50:B1-20", "19-23"},  // not White's piece
                      IllegalMove{"W:W31-50:B1-20", "32-37"},  // backwards
                      IllegalMove{"W:W31-50:B1-20", "26-21"},  // empty origin
                      IllegalMove{"W:W31-50:B1-20", "32x28"},  // capture that is a quiet move
                      IllegalMove{"W:W28,32:B23", "32-27"},    // capture is compulsory
                      IllegalMove{"W:W48:B24,K31,34,K42,43", "48x39"},  // not the majority
                      IllegalMove{"W:WK35:B11,13,17,43", "35x8x21x48"},
                      IllegalMove{"W:WK35:B11,13,17,43", "35x49x13x17"}));

TEST(ParseMove, MalformedTextSaysWhatIsWrong) {
    const Position start = Position::initial();
    const auto parsed = parse_move(start, "32-27x");
    ASSERT_FALSE(parsed);
    EXPECT_NE(parsed.error().message.find("32-27x"), std::string::npos);
}

}  // namespace
}  // namespace draughts::rules
