// The DXP codec: every message type round-trips through its text, the examples of the protocol
// description read as documented, and malformed messages (wrong widths, bad squares, bad counts,
// missing NUL, oversize, bad values) are rejected with a message naming the problem.

#include "protocol/dxp/dxp_message.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/fen.hpp"

namespace draughts::protocol {
namespace {

using rules::Color;

std::string padded(std::string name) {
    name.resize(kDxpNameWidth, ' ');
    return name;
}

rules::Position position_from(const char* fen) {
    auto position = rules::parse_fen(fen);
    EXPECT_TRUE(position) << position.error().message;
    return position ? *position : rules::Position::initial();
}

struct RoundTrip {
    DxpMessage message;
    std::string text;
};

std::vector<RoundTrip> round_trips() {
    DxpGameRequest initial;
    initial.initiator_name = "draughts harness";
    initial.follower_color = Color::Black;
    initial.thinking_minutes = 90;
    initial.moves = 75;
    DxpGameRequest setup = initial;
    setup.follower_color = Color::White;
    setup.thinking_minutes = 5;
    setup.moves = 0;
    setup.start = position_from("B:W28,K46,50:B3,K12,19");
    const std::string board = "ZeezeeeeeeeeZeeeeeezeeeeeeeeweeeeeeeeeeeeeeeeeWeeew";
    DxpGameRequest version2 = initial;
    version2.version = 2;
    return {
        {initial, "R01" + padded("draughts harness") + "Z090075A"},
        {setup, "R01" + padded("draughts harness") + "W005000B" + board},
        {version2, "R02" + padded("draughts harness") + "Z090075A"},
        {DxpGameAccept{"Kingsrow", DxpAcceptCode::Accepted}, "A" + padded("Kingsrow") + "0"},
        {DxpGameAccept{"", DxpAcceptCode::NoGames}, "A" + padded("") + "3"},
        {DxpGameAccept{std::string(32, 'x'), DxpAcceptCode::WrongVersion},
         "A" + std::string(32, 'x') + "1"},
        {DxpMove{12, 6, 11, {}}, "M0012061100"},
        {DxpMove{12, 5, 25, {22, 12, 23, 20}}, "M001205250422122320"},
        {DxpMove{9999, 46, 46, {23, 28, 39, 41}}, "M999946460423283941"},
        {DxpGameEnd{DxpEndReason::ILose, false}, "E10"},
        {DxpGameEnd{DxpEndReason::Draw, true}, "E21"},
        {DxpGameEnd{DxpEndReason::IWin, false}, "E30"},
        {DxpGameEnd{DxpEndReason::Unknown, true}, "E01"},
        {DxpChat{"good luck, have fun"}, "Cgood luck, have fun"},
        {DxpChat{""}, "C"},
        {DxpBackRequest{12, Color::White}, "B012W"},
        {DxpBackRequest{999, Color::Black}, "B999Z"},
        {DxpBackAnswer{0}, "K0"},
        {DxpBackAnswer{1}, "K1"},
    };
}

TEST(DxpMessage, EveryMessageTypeFormatsToItsDocumentedText) {
    for (const RoundTrip& r : round_trips()) {
        const auto text = format_dxp_message(r.message);
        ASSERT_TRUE(text) << text.error().message;
        EXPECT_EQ(*text, r.text);
        EXPECT_EQ(dxp_header(r.message), r.text[0]);
    }
}

TEST(DxpMessage, EveryMessageTypeParsesBackToTheSameValue) {
    for (const RoundTrip& r : round_trips()) {
        const auto parsed = parse_dxp_message(r.text);
        ASSERT_TRUE(parsed) << r.text << ": " << parsed.error().message;
        EXPECT_EQ(*parsed, r.message) << r.text;
    }
}

TEST(DxpMessage, FramesCarryExactlyOneTrailingNul) {
    for (const RoundTrip& r : round_trips()) {
        const auto frame = dxp_frame(r.message);
        ASSERT_TRUE(frame);
        EXPECT_EQ(*frame, r.text + '\0');
        const auto parsed = parse_dxp_frame(*frame);
        ASSERT_TRUE(parsed) << parsed.error().message;
        EXPECT_EQ(*parsed, r.message);
    }
}

TEST(DxpMessage, DocumentedMoveExamplesReadAsDescribed) {
    const auto quiet = parse_dxp_message("M0012061100");
    ASSERT_TRUE(quiet);
    const auto& m = std::get<DxpMove>(*quiet);
    EXPECT_EQ(m.seconds, 12);
    EXPECT_EQ(m.from, 6);
    EXPECT_EQ(m.to, 11);
    EXPECT_TRUE(m.captured.empty());

    const auto capture = parse_dxp_message("M001205250422122320");
    ASSERT_TRUE(capture);
    const auto& c = std::get<DxpMove>(*capture);
    EXPECT_EQ(c.from, 5);
    EXPECT_EQ(c.to, 25);
    EXPECT_EQ(c.captured, (std::vector<rules::Square>{22, 12, 23, 20}));
    EXPECT_EQ(c.captured_set(), rules::squares_mask({12, 20, 22, 23}));
}

TEST(DxpMessage, InitialAndSetupPositionsRoundTrip) {
    const rules::Position positions[] = {
        rules::Position::initial(),
        position_from("B:W28,K46,50:B3,K12,19"),
        position_from("W:WK1,K5:BK46,K50"),
    };
    for (const rules::Position& p : positions) {
        const std::string text = to_dxp_position(p);
        ASSERT_EQ(text.size(), 51U);
        const auto back = parse_dxp_position(text);
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_EQ(*back, p) << text;
    }
    EXPECT_EQ(to_dxp_position(rules::Position::initial()),
              "W" + std::string(20, 'z') + std::string(10, 'e') + std::string(20, 'w'));
}

TEST(DxpMessage, EngineMovesBecomeDxpMovesWithSortedCaptures) {
    const rules::Move capture(rules::bit_index(5), rules::bit_index(25),
                              rules::squares_mask({22, 12, 23, 20}));
    const DxpMove m = to_dxp_move(capture, 7);
    EXPECT_EQ(m, (DxpMove{7, 5, 25, {12, 20, 22, 23}}));
}

TEST(DxpMessage, ChatKeepsFreeTextAndMasksNonAsciiBytes) {
    const auto parsed = parse_dxp_message("Cdag \xe9\xe9n!");
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(std::get<DxpChat>(*parsed).text, "dag ??n!");
}

struct Malformed {
    std::string text;
    std::string expected;  ///< part of the error message
};

std::vector<Malformed> malformed_messages() {
    const std::string name = padded("x");
    const std::string board =
        "W" + std::string(20, 'z') + std::string(10, 'e') + std::string(20, 'w');
    return {
        // Widths.
        {"M001206110", "needs 2 characters"},
        {"M00120611000", "0 captured squares need 0 characters, 1 follow"},
        {"M012061100", "from square (column 6): 61 is out of range"},
        {"R01" + padded("x").substr(1) + "Z090075A", "follower colour (column 36)"},
        {"R01" + name + "Z090075", "start position (column 43): needs 1 characters"},
        {"R01" + name + "Z090075B" + board.substr(1), "position (column 44): needs 51"},
        {"R01" + name + "Z090075A" + "x", "unexpected characters"},
        {"A" + padded("x").substr(1) + "0", "accept code (column 34): needs 1 characters"},
        {"A" + name + "00", "unexpected characters"},
        {"E1", "stop code (column 3): needs 1"},
        {"E100", "unexpected characters"},
        {"B12W", "expected 3 digits"},
        {"K", "needs 1 characters"},
        {"K00", "unexpected characters"},
        // Squares.
        {"M0012001100", "from square (column 6): 0 is out of range 1..50"},
        {"M0012065100", "to square (column 8): 51 is out of range 1..50"},
        {"M0012 61100", "expected 2 digits"},
        {"M001205250422122399", "captured square 4 (column 18): 99 is out of range"},
        {"M001205250422122222", "captured square 22 is listed twice"},
        {"M0012060600", "must change square"},
        // Counts.
        {"M0012052504221223", "4 captured squares need 8 characters, 6 follow"},
        {"M00120525012212", "1 captured squares need 2 characters, 4 follow"},
        {"M001205252101", "number captured (column 10): 21 is out of range 0..20"},
        {"M00120525-1", "expected 2 digits"},
        // Values.
        {"R01" + name + "X090075A", "follower colour (column 36): expected W or Z"},
        {"R01" + name + "Z090075C", "expected A (initial) or B (setup)"},
        {"R01" + name + "Z090075BW" + std::string(49, 'e') + "q", "expected e, w, z, W or Z"},
        {"R01" + name + "Z090075BX" + std::string(50, 'e'), "side to move must be W or Z"},
        {"R01" + name + "Z090075BW" + std::string(50, 'w'), "would already have been promoted"},
        {"Rx1" + name + "Z090075A", "version (column 2): expected 2 digits"},
        {"A" + name + "4", "accept code (column 34): 4 is out of range 0..3"},
        {"A" + std::string(31, ' ') + "\x01" + "0", "not printable ASCII"},
        {"E40", "reason (column 2): 4 is out of range 0..3"},
        {"E12", "stop code (column 3): 2 is out of range 0..1"},
        {"B012Q", "side to move (column 5): expected W or Z"},
        {"Kx", "expected 1 digits"},
        {"X123", "unknown header \"X\""},
        {"m0012061100", "unknown header"},
        {"M0012\xff"
         "61100",
         "non-ASCII byte at column 6"},
        // Length and NUL.
        {"", "empty"},
        {"C" + std::string(127, 'a'), "128 characters long; at most 127"},
        {std::string("M0012\0"
                     "611",
                     9),
         "NUL byte at column 6"},
    };
}

TEST(DxpMessage, MalformedMessagesAreRejectedWithTheReason) {
    for (const Malformed& m : malformed_messages()) {
        const auto parsed = parse_dxp_message(m.text);
        ASSERT_FALSE(parsed) << "accepted: " << m.text;
        EXPECT_NE(parsed.error().message.find(m.expected), std::string::npos)
            << m.text << "\n  error: " << parsed.error().message << "\n  wanted: " << m.expected;
        EXPECT_EQ(parsed.error().message.rfind("DXP ", 0), 0U) << parsed.error().message;
    }
}

TEST(DxpMessage, FramesWithoutTheirNulAreRejected) {
    for (const std::string frame : {"M0012061100", "E10", ""}) {
        const auto parsed = parse_dxp_frame(frame);
        ASSERT_FALSE(parsed);
        EXPECT_NE(parsed.error().message.find("not terminated by a NUL"), std::string::npos);
    }
    const auto two = parse_dxp_frame(std::string("E10\0E20\0", 8));
    ASSERT_FALSE(two);
    EXPECT_NE(two.error().message.find("NUL byte at column 4"), std::string::npos);
}

TEST(DxpMessage, LongestMessagesAreAcceptedAndOneMoreCharacterIsNot) {
    const std::string longest = "C" + std::string(126, 'a');
    ASSERT_TRUE(parse_dxp_message(longest));
    ASSERT_TRUE(format_dxp_message(DxpChat{std::string(126, 'a')}));
    EXPECT_FALSE(format_dxp_message(DxpChat{std::string(127, 'a')}));
    DxpMove twenty{0, 46, 46, {}};
    for (rules::Square s = 2; s <= 40; s += 2) twenty.captured.push_back(s);
    const auto text = format_dxp_message(twenty);
    ASSERT_TRUE(text) << text.error().message;
    EXPECT_EQ(text->size(), 51U);
    EXPECT_TRUE(parse_dxp_message(*text));
}

TEST(DxpMessage, UnsendableValuesAreFormattingErrors) {
    DxpGameRequest long_name;
    long_name.initiator_name = std::string(33, 'n');
    const std::vector<std::pair<DxpMessage, std::string>> cases = {
        {long_name, "longer than 32 characters"},
        {DxpGameAccept{"tab\there", DxpAcceptCode::Accepted}, "printable ASCII"},
        {DxpMove{10000, 32, 28, {}}, "time used 10000 does not fit in 4 digits"},
        {DxpMove{1, 0, 28, {}}, "from square 0 is not a square"},
        {DxpMove{1, 32, 28, std::vector<rules::Square>(21, 5)}, "captures 21 pieces"},
        {DxpBackRequest{1000, Color::White}, "move number 1000"},
        {DxpBackAnswer{10}, "answer code 10"},
        {DxpChat{"line\nbreak"}, "printable ASCII"},
    };
    for (const auto& [message, expected] : cases) {
        const auto text = format_dxp_message(message);
        ASSERT_FALSE(text) << "formatted: " << *text;
        EXPECT_NE(text.error().message.find(expected), std::string::npos) << text.error().message;
        EXPECT_FALSE(dxp_frame(message));
    }
}

TEST(DxpMessage, EndReasonsMirrorBetweenTheTwoSides) {
    EXPECT_EQ(mirrored(DxpEndReason::ILose), DxpEndReason::IWin);
    EXPECT_EQ(mirrored(DxpEndReason::IWin), DxpEndReason::ILose);
    EXPECT_EQ(mirrored(DxpEndReason::Draw), DxpEndReason::Draw);
    EXPECT_EQ(mirrored(DxpEndReason::Unknown), DxpEndReason::Unknown);
}

}  // namespace
}  // namespace draughts::protocol
