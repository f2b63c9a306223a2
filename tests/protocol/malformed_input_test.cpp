// Untrusted input never crashes the readers: every malformed FEN, Hub position, move text and PDN
// game gives an error whose message names the offending item (and, for files, the line).

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "protocol/hub/hub_position.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/pdn.hpp"

namespace draughts::rules {
namespace {

enum class Reader { Fen, Hub, Move, Pdn };

struct MalformedCase {
    std::string kind;  // test name
    Reader reader;
    std::string input;
    std::vector<std::string> expected;           // substrings of the error message
    std::string fen = std::string(kInitialFen);  // position for move texts
};

void PrintTo(const MalformedCase& c, std::ostream* os) { *os << c.kind; }

/// The error message of reading `c.input`, or nothing when it was (wrongly) accepted.
std::string error_of(const MalformedCase& c) {
    switch (c.reader) {
        case Reader::Fen: {
            const auto p = parse_fen(c.input);
            return p ? std::string() : p.error().message;
        }
        case Reader::Hub: {
            const auto p = protocol::parse_hub_position(c.input);
            return p ? std::string() : p.error().message;
        }
        case Reader::Move: {
            const auto position = parse_fen(c.fen);
            if (!position) return "bad test position: " + position.error().message;
            const auto m = parse_move(*position, c.input);
            return m ? std::string() : m.error().message;
        }
        case Reader::Pdn: {
            const PdnReadResult read = read_pdn(c.input, "bad.pdn");
            if (read.errors.size() != 1) return {};
            return read.errors.front().message;
        }
    }
    return {};
}

class MalformedInput : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedInput, GivesAnErrorNamingTheOffendingItem) {
    const std::string message = error_of(GetParam());
    ASSERT_FALSE(message.empty()) << "accepted: \"" << GetParam().input << "\"";
    for (const std::string& part : GetParam().expected)
        EXPECT_NE(message.find(part), std::string::npos)
            << "message \"" << message << "\" does not mention \"" << part << "\"";
}

const std::string kBadByteFen = "W:W31\xff:B1";
const std::string kBadByteMove = "32\xfe-28";
const std::string kAmbiguousFen = "W:WK35:B11,13,17,43";

INSTANTIATE_TEST_SUITE_P(
    Table, MalformedInput,
    ::testing::Values(
        // FEN
        MalformedCase{"FenEmpty", Reader::Fen, "", {"FEN \"\"", "expected"}},
        MalformedCase{"FenMissingColon", Reader::Fen, "W", {"\"W\"", "expected '<side>:"}},
        MalformedCase{"FenBadSideToMove", Reader::Fen, "X:W31:B1", {"side to move", "\"X\""}},
        MalformedCase{"FenLowercaseSide", Reader::Fen, "w:W31:B1", {"side to move", "\"w\""}},
        MalformedCase{"FenBadColour", Reader::Fen, "W:W31:X1", {"colour", "\"X1\""}},
        MalformedCase{"FenSquareTooHigh", Reader::Fen, "W:W51:B1", {"\"51\"", "1 and 50"}},
        MalformedCase{"FenSquareZero", Reader::Fen, "W:W0:B1", {"\"0\"", "1 and 50"}},
        MalformedCase{"FenRangeOffBoard", Reader::Fen, "W:W46-55:B1", {"\"46-55\"", "1 and 50"}},
        MalformedCase{"FenDuplicateSquare", Reader::Fen, "W:W31,33,31:B1", {"31", "twice"}},
        MalformedCase{"FenSquareOfBothColours", Reader::Fen, "W:W31-35:BK33", {"33", "twice"}},
        MalformedCase{
            "FenWhiteManOnPromotionRow", Reader::Fen, "W:W3:B10", {"white man", "square 3"}},
        MalformedCase{
            "FenBlackManOnPromotionRow", Reader::Fen, "W:W31:B12,47", {"black man", "square 47"}},
        MalformedCase{"FenUnknownCharacter", Reader::Fen, "W:W3a:B1", {"\"3a\""}},
        MalformedCase{"FenHugeNumber",
                      Reader::Fen,
                      "W:W99999999999999999999:B1",
                      {"\"99999999999999999999\""}},
        MalformedCase{"FenBackwardsRange", Reader::Fen, "W:W31-29:B1", {"\"31-29\"", "backwards"}},
        MalformedCase{"FenEmptyItem", Reader::Fen, "W:W31,,32:B1", {"empty item"}},
        MalformedCase{"FenTrailingComma", Reader::Fen, "W:W31,:B1", {"empty item"}},
        MalformedCase{"FenColourTwice", Reader::Fen, "W:W31:B1:W32", {"colour W", "twice"}},
        MalformedCase{"FenEmptySection", Reader::Fen, "W:W31::B1", {"empty colour section"}},
        MalformedCase{"FenKingWithoutSquare", Reader::Fen, "W:WK:B1", {"\"K\""}},
        MalformedCase{"FenDoubleKing", Reader::Fen, "W:WKK31:B1", {"\"KK31\""}},
        MalformedCase{"FenThreePartRange", Reader::Fen, "W:W31-40-45:B1", {"\"31-40-45\""}},
        MalformedCase{"FenGarbageBytes", Reader::Fen, kBadByteFen, {"\"31\xff\""}},
        MalformedCase{"FenWrongSeparators", Reader::Fen, "W;W31;B1", {"\"W;W31;B1\""}},
        // Hub position
        MalformedCase{"HubEmpty", Reader::Hub, "", {"51 characters", "found 0"}},
        MalformedCase{"HubTooShort",
                      Reader::Hub,
                      "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwww",
                      {"found 50"}},
        MalformedCase{"HubBadSide",
                      Reader::Hub,
                      "Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
                      {"side to move"}},
        MalformedCase{"HubUnknownPiece",
                      Reader::Hub,
                      "Wbbbbbbbbbbbbbbbbbbbbeeeeexeeeewwwwwwwwwwwwwwwwwwww",
                      {"square 26", "'x'"}},
        MalformedCase{"HubManOnPromotionRow",
                      Reader::Hub,
                      "Wwbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
                      {"square 1", "promoted"}},
        // Move text
        MalformedCase{"MoveEmpty", Reader::Move, "", {"move \"\"", "origin"}},
        MalformedCase{"MoveOneSquare", Reader::Move, "32", {"\"32\"", "destination"}},
        MalformedCase{"MoveTrailingSeparator", Reader::Move, "32-", {"\"32-\"", "separator"}},
        MalformedCase{"MoveSquareOutOfRange", Reader::Move, "99-28", {"square 99", "1 and 50"}},
        MalformedCase{"MoveSquareZero", Reader::Move, "0-5", {"square 0"}},
        MalformedCase{"MoveHugeNumber",
                      Reader::Move,
                      "123456789012345678901234567890-1",
                      {"\"123456789012345678901234567890-1\"", "too long"}},
        MalformedCase{"MoveUnknownCharacter", Reader::Move, "32_28", {"'_'"}},
        MalformedCase{"MoveMixedSeparators", Reader::Move, "32-28x23", {"mixes"}},
        MalformedCase{
            "MoveQuietWithThreeSquares", Reader::Move, "32-28-23", {"exactly two squares"}},
        MalformedCase{"MoveGarbageBytes", Reader::Move, kBadByteMove, {kBadByteMove}},
        MalformedCase{"MoveIllegal",
                      Reader::Move,
                      "32-23",
                      {"\"32-23\"", "not a legal move", "W:W31-50:B1-20"}},
        MalformedCase{"MoveOpponentsPiece", Reader::Move, "19-23", {"not a legal move"}},
        MalformedCase{
            "MoveAmbiguous", Reader::Move, "35x49", {"\"35x49\"", "ambiguous"}, kAmbiguousFen},
        // PDN
        MalformedCase{"PdnIllegalMove",
                      Reader::Pdn,
                      "[Event \"e\"]\n\n1. 32-28 19-23\n2. 28-22 14x23 *\n",
                      {"bad.pdn:4", "ply 3", "\"28-22\"", "not a legal move", "Event \"e\""}},
        MalformedCase{"PdnAmbiguousMove",
                      Reader::Pdn,
                      "[FEN \"W:WK35:B11,13,17,43\"]\n1. 35x49 *",
                      {"bad.pdn:2", "ambiguous"}},
        MalformedCase{"PdnSquareOutOfRange",
                      Reader::Pdn,
                      "1. 32-28 19-23 2. 28x61 *",
                      {"bad.pdn:1", "square 61"}},
        MalformedCase{"PdnUnterminatedComment",
                      Reader::Pdn,
                      "[Event \"e\"]\n1. 32-28\n{ never\nclosed\n19-23 *\n",
                      {"bad.pdn:3", "never closed"}},
        MalformedCase{"PdnUnterminatedVariation",
                      Reader::Pdn,
                      "1. 32-28 19-23\n2. 28x19 (2. 33-29\n14x23 *\n",
                      {"bad.pdn:2", "variation", "never closed"}},
        MalformedCase{
            "PdnUnmatchedParenthesis", Reader::Pdn, "1. 32-28 ) 19-23 *", {"bad.pdn:1", "')'"}},
        MalformedCase{"PdnUnterminatedTag",
                      Reader::Pdn,
                      "[Event \"open\n1. 32-28 *\n",
                      {"bad.pdn:1", "[Event]", "not closed"}},
        MalformedCase{"PdnTagWithoutValue",
                      Reader::Pdn,
                      "[Event open]\n1. 32-28 *\n",
                      {"[Event]", "no quoted value"}},
        MalformedCase{
            "PdnTagWithoutName", Reader::Pdn, "[ \"x\"]\n1. 32-28 *\n", {"tag without a name"}},
        MalformedCase{"PdnBadFenTag",
                      Reader::Pdn,
                      "[FEN \"W:W31:B47\"]\n1. 31-26 *\n",
                      {"bad.pdn:1", "FEN \"W:W31:B47\"", "square 47"}},
        // Not UTF-8, so read as Latin-1: the message quotes 0xFF as U+00FF in UTF-8.
        MalformedCase{"PdnGarbageBytes",
                      Reader::Pdn,
                      "1. 32-28 \x01\x02\xff 19-23 *",
                      {"ply 2", "\x01\x02\xc3\xbf"}},
        MalformedCase{"PdnStrayBracket", Reader::Pdn, "1. 32-28 ] 19-23 *", {"\"]\""}},
        MalformedCase{"PdnUnknownToken", Reader::Pdn, "1. 32-28 @@ 19-23 *", {"\"@@\""}}),
    [](const auto& test_param) { return test_param.param.kind; });

/// Byte-level mutations of valid inputs: every reader either accepts or explains, never crashes.
std::string mutate(std::string text, std::mt19937_64& rng) {
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_int_distribution<int> what(0, 3);
    const int edits = 1 + what(rng);
    for (int e = 0; e < edits; ++e) {
        const std::size_t at = text.empty() ? 0 : rng() % text.size();
        switch (what(rng)) {
            case 0:
                if (!text.empty()) text[at] = static_cast<char>(byte(rng));
                break;
            case 1:
                text.insert(at, 1, static_cast<char>(byte(rng)));
                break;
            case 2:
                if (!text.empty()) text.erase(at, 1);
                break;
            default:
                text.insert(at, text.substr(at, 1 + rng() % 8));
                break;
        }
    }
    return text;
}

TEST(MalformedInputFuzz, MutatedInputsAreAcceptedOrExplained) {
    std::mt19937_64 rng(12345);
    const std::vector<std::string> fens = {"W:W31-50:B1-20", "B:W6,9-11,20-23,K31:BK17,K24.",
                                           "W:WK31-35:B1-5,K10"};
    const std::string hub = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    const std::vector<std::string> moves = {"32-28", "35x8x21x49", "35x49x13x17x43"};
    const Position ambiguous = *parse_fen(kAmbiguousFen);
    const std::string pdn =
        "[Event \"x\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 {c} 19-23 (1... 18-23) 2. 28x19! "
        "14x23 3.33-28 *\n";
    int rejected = 0;
    for (int i = 0; i < 4000; ++i) {
        const auto fen = parse_fen(mutate(fens[static_cast<std::size_t>(i) % fens.size()], rng));
        if (!fen) rejected += !fen.error().message.empty();
        const auto position = protocol::parse_hub_position(mutate(hub, rng));
        if (!position) rejected += !position.error().message.empty();
        const auto move =
            parse_move(ambiguous, mutate(moves[static_cast<std::size_t>(i) % moves.size()], rng));
        if (!move) rejected += !move.error().message.empty();
        const PdnReadResult read = read_pdn(mutate(pdn, rng), "fuzz.pdn");
        for (const Error& e : read.errors) {
            ASSERT_EQ(e.message.rfind("fuzz.pdn:", 0), 0u) << e.message;
            ++rejected;
        }
    }
    EXPECT_GT(rejected, 8000);  // most mutations break the input, and each says why
}

}  // namespace
}  // namespace draughts::rules
