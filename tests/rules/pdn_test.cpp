// The PDN reader: the real master games in ../shared/data/games/, every syntax element of the
// format, and a write/re-read round trip.

#include "rules/pdn.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::rules {
namespace {

using draughts::testing::read_text;

/// Games in a PDN text counted independently of the reader: one `[Event` tag starts each game.
std::size_t count_event_tags(const std::string& text) {
    std::size_t count = 0;
    for (std::size_t at = text.find("[Event"); at != std::string::npos;
         at = text.find("[Event", at + 1))
        ++count;
    return count;
}

/// Replays a game checking each move against a fresh generation of the legal moves.
void expect_legal_replay(const PdnGame& game) {
    Position position = game.start;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        MoveList legal;
        generate_moves(position, legal);
        ASSERT_TRUE(legal.contains(game.moves[i]))
            << game.source << ":" << game.first_line << " ply " << i + 1;
        position = position.after(game.moves[i]);
    }
    EXPECT_EQ(position, game.final_position());
}

/// A minimal PDN writer for the round trip (the real one belongs to the harness): tags, then
/// numbered movetext in the notation a game record uses, then the result.
std::string write_pdn(const PdnGame& game) {
    std::string out;
    for (const PdnTag& tag : game.tags) out += "[" + tag.name + " \"" + tag.value + "\"]\n";
    out += "\n";
    Position position = game.start;
    int number = 1;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        if (position.side_to_move() == Color::White) {
            out += std::to_string(number) + ". ";
        } else if (i == 0) {
            out += std::to_string(number) + "... ";
        }
        out += to_pdn_notation(position, game.moves[i]) + " ";
        if (i < game.comments.size() && !game.comments[i].empty())
            out += "{" + game.comments[i] + "} ";
        if (position.side_to_move() == Color::Black) ++number;
        position = position.after(game.moves[i]);
    }
    return out + game.result + "\n\n";
}

PdnGame read_single_game(const std::string& text) {
    const PdnReadResult read = read_pdn(text, "test.pdn");
    EXPECT_TRUE(read.errors.empty()) << read.errors.front().message;
    EXPECT_EQ(read.games.size(), 1u);
    return read.games.empty() ? PdnGame{} : read.games.front();
}

std::vector<std::string> short_moves(const PdnGame& game) {
    std::vector<std::string> out;
    for (const Move& m : game.moves) out.push_back(to_short_notation(m));
    return out;
}

TEST(PdnSharedGames, EveryMasterGameLoadsAndReplaysLegally) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(folder, "data/games");
    std::size_t files = 0;
    std::size_t games = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".pdn") continue;
        ++files;
        const std::string text = read_text(entry.path());
        const auto read = read_pdn_file(entry.path());
        ASSERT_TRUE(read) << read.error().message;
        for (const Error& e : read->errors) ADD_FAILURE() << e.message;
        EXPECT_EQ(read->games.size(), count_event_tags(text)) << entry.path();
        for (const PdnGame& game : read->games) {
            EXPECT_FALSE(game.moves.empty()) << game.source << ":" << game.first_line;
            expect_legal_replay(game);
        }
        games += read->games.size();
    }
    EXPECT_GE(files, 12u);
    EXPECT_GE(games, 400u);
}

TEST(PdnSharedGames, WrittenBackAndReReadGiveTheSameMoves) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(folder, "data/games");
    std::size_t games = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".pdn") continue;
        const auto read = read_pdn_file(entry.path());
        ASSERT_TRUE(read) << read.error().message;
        std::string written;
        for (const PdnGame& game : read->games) written += write_pdn(game);
        const PdnReadResult again = read_pdn(written, "rewritten");
        ASSERT_TRUE(again.errors.empty()) << again.errors.front().message;
        ASSERT_EQ(again.games.size(), read->games.size());
        for (std::size_t i = 0; i < again.games.size(); ++i) {
            EXPECT_EQ(again.games[i].moves, read->games[i].moves) << entry.path() << " game " << i;
            EXPECT_EQ(again.games[i].result, read->games[i].result);
            EXPECT_EQ(again.games[i].tag("Event"), read->games[i].tag("Event"));
        }
        games += again.games.size();
    }
    EXPECT_GE(games, 400u);
}

TEST(PdnReader, ReadsTagPairs) {
    const PdnGame game = read_single_game(
        "[Event \"Club \\\"final\\\"\"]\n[White \"Sijbrands, T.\"]\n[Black \"Baba Sy\"]\n"
        "[Date \"1960.05.01\"]\n[GameType \"20\"]\n\n1. 32-28 *\n");
    EXPECT_EQ(game.tag("Event"), "Club \"final\"");
    EXPECT_EQ(game.tag("White"), "Sijbrands, T.");
    EXPECT_EQ(game.tag("Black"), "Baba Sy");
    EXPECT_EQ(game.tag("Date"), "1960.05.01");
    EXPECT_EQ(game.tag("GameType"), "20");
    EXPECT_EQ(game.tag("Round"), "");
    EXPECT_EQ(game.tags.size(), 5u);
}

TEST(PdnReader, AttachesCommentsToThePrecedingPly) {
    const PdnGame game = read_single_game(
        "{before any move} 1. 32-28 {the classic} 19-23 ; rest of line\n2. 28x19 14x23 *");
    ASSERT_EQ(game.comments.size(), 4u);
    EXPECT_EQ(game.comments[0], "the classic");
    EXPECT_EQ(game.comments[1], " rest of line");
    EXPECT_EQ(game.comments[2], "");
}

TEST(PdnReader, SkipsVariationsIncludingNestedOnes) {
    const PdnGame game = read_single_game(
        "1. 32-28 19-23 (1... 18-23 (1... 17-21 {a comment) inside} 2. 31-26) 2. 28x19) "
        "2. 28x19 14x23 *");
    EXPECT_EQ(short_moves(game), (std::vector<std::string>{"32-28", "19-23", "28x19", "14x23"}));
}

TEST(PdnReader, AcceptsCommentMarksAndNumericAnnotations) {
    const PdnGame game = read_single_game(
        "1. 32-28! 19-23? 2. 28x19!! 14x23?? 3. 33-28!? 23x32?! 4. 37x28* 10-14+ 5. 31-27= $4 "
        "5-10 1-1");
    EXPECT_EQ(game.moves.size(), 10u);
    EXPECT_EQ(game.result, "1-1");
}

struct ResultCase {
    std::string token;
    std::string normalised;
};

class PdnResults : public ::testing::TestWithParam<ResultCase> {};

TEST_P(PdnResults, EveryResultFormEndsTheGame) {
    const std::string text = "1. 32-28 19-23 " + GetParam().token + "\n1. 33-28 *\n";
    const PdnReadResult read = read_pdn(text, "results.pdn");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 2u);
    EXPECT_EQ(read.games[0].result, GetParam().normalised);
    EXPECT_EQ(read.games[0].moves.size(), 2u);
    EXPECT_EQ(normalise_result(GetParam().token), GetParam().normalised);
}

INSTANTIATE_TEST_SUITE_P(Tokens, PdnResults,
                         ::testing::Values(ResultCase{"2-0", "2-0"}, ResultCase{"1-0", "2-0"},
                                           ResultCase{"0-2", "0-2"}, ResultCase{"0-1", "0-2"},
                                           ResultCase{"1-1", "1-1"}, ResultCase{"1/2-1/2", "1-1"},
                                           ResultCase{"0-0", "*"}, ResultCase{"*", "*"}));

TEST(PdnReader, ResultTagIsUsedWhenMovetextHasNone) {
    const PdnReadResult read =
        read_pdn("[Result \"0-2\"]\n1. 32-28 19-23\n\n[Result \"1-0\"]\n1. 31-27\n", "t.pdn");
    ASSERT_EQ(read.games.size(), 2u);
    EXPECT_EQ(read.games[0].result, "0-2");
    EXPECT_EQ(read.games[1].result, "2-0");
}

TEST(PdnReader, HandlesCrlfAndMovesSplitOverLines) {
    const PdnGame game = read_single_game(
        "[Event \"crlf\"]\r\n\r\n1. 33-28 18-23 2. 39-33 12-18 3.\r\n31-27 17-21 4. 37-31\r\n"
        "21-26 5. 44-39 26x37 6.\r\n42x31 *\r\n");
    EXPECT_EQ(game.tag("Event"), "crlf");
    EXPECT_EQ(game.moves.size(), 11u);
    EXPECT_EQ(to_short_notation(game.moves.back()), "42x31");
}

TEST(PdnReader, AcceptsMoveNumbersGluedToMoves) {
    const PdnGame game = read_single_game("1.32-28 19-23 2.28x19 14x23 3...33-28 *");
    EXPECT_EQ(short_moves(game),
              (std::vector<std::string>{"32-28", "19-23", "28x19", "14x23", "33-28"}));
}

TEST(PdnReader, StartsFromTheFenTag) {
    const PdnGame game = read_single_game("[FEN \"B:W27,28,38,39,42:BK25\"]\n1... 25x33 2-0\n");
    EXPECT_EQ(to_fen(game.start), "B:W27-28,38-39,42:BK25");
    ASSERT_EQ(game.moves.size(), 1u);
    EXPECT_EQ(to_hub_notation(game.moves[0]), "25x33x27x28x39x42");
    EXPECT_EQ(to_fen(game.final_position()), "W:W38:BK33");
}

TEST(PdnReader, ReadsSeveralGamesAndReportsWhereEachStarts) {
    const PdnReadResult read = read_pdn(
        "[Event \"a\"]\n1. 32-28 *\n\n\n[Event \"b\"]\n1. 31-27 2-0\n[Event \"c\"]\n*", "many.pdn");
    ASSERT_TRUE(read.errors.empty());
    ASSERT_EQ(read.games.size(), 3u);
    EXPECT_EQ(read.games[0].first_line, 1);
    EXPECT_EQ(read.games[1].first_line, 5);
    EXPECT_EQ(read.games[2].first_line, 7);
    EXPECT_EQ(read.games[2].moves.size(), 0u);
    EXPECT_EQ(read.games[1].source, "many.pdn");
}

TEST(PdnReader, BadGameIsReportedAndTheOthersStillLoad) {
    const PdnReadResult read = read_pdn(
        "[Event \"good\"]\n1. 32-28 *\n\n[Event \"bad\"]\n1. 32-28 19-23\n2. 28-22 *\n\n"
        "[Event \"also good\"]\n1. 31-27 *\n",
        "mixed.pdn");
    ASSERT_EQ(read.games.size(), 2u);
    ASSERT_EQ(read.errors.size(), 1u);
    const std::string& message = read.errors[0].message;
    EXPECT_NE(message.find("mixed.pdn:6"), std::string::npos) << message;
    EXPECT_NE(message.find("28-22"), std::string::npos) << message;
    EXPECT_NE(message.find("bad"), std::string::npos) << message;
    EXPECT_EQ(read.games[1].tag("Event"), "also good");
}

TEST(PdnReader, ReportsTheFirstErrorOfAGameAtItsOwnLine) {
    // A later unclosed comment must not move the report of the illegal move to its own line.
    const PdnReadResult read =
        read_pdn("[Event \"e\"]\n1. 32-27 19-23\n2. 27x18\n{open\n", "t.pdn");
    ASSERT_EQ(read.errors.size(), 1u);
    const std::string& message = read.errors[0].message;
    EXPECT_NE(message.find("t.pdn:3"), std::string::npos) << message;
    EXPECT_NE(message.find("27x18"), std::string::npos) << message;
}

TEST(PdnReader, ByteOrderMarkDoesNotSpoilTheFirstGame) {
    const PdnReadResult read =
        read_pdn("\xef\xbb\xbf[Event \"bom\"]\n1. 32-28 19-23 *\n", "bom.pdn");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 1u);
    EXPECT_EQ(read.games[0].tag("Event"), "bom");
    EXPECT_EQ(read.games[0].moves.size(), 2u);
}

TEST(PdnReader, Latin1TagsComeOutInUtf8) {
    const PdnGame game = read_single_game("[White \"Sij\xe9\"]\n[Black \"\xd8ye\"]\n1. 32-28 *\n");
    EXPECT_EQ(game.tag("White"), "Sij\xc3\xa9");
    EXPECT_EQ(game.tag("Black"), "\xc3\x98ye");
}

TEST(PdnReader, WarnsWithoutRejectingTheGame) {
    const PdnReadResult read = read_pdn(
        "[Result \"1-1\"]\n[GameType \"22\"]\n1. 32-28 2-0\n\n[Result \"2-0\"]\n1. 32-28 *\n",
        "w.pdn");
    ASSERT_TRUE(read.errors.empty());
    ASSERT_EQ(read.games.size(), 2u);
    EXPECT_EQ(read.games[0].result, "2-0") << "the movetext's result counts";
    EXPECT_EQ(read.games[1].result, "2-0") << "a '*' at the end keeps the tag's result";
    ASSERT_EQ(read.warnings.size(), 3u);
    EXPECT_NE(read.warnings[0].message.find("w.pdn:3: game starting at line 1: the Result tag"),
              std::string::npos)
        << read.warnings[0].message;
    EXPECT_NE(read.warnings[1].message.find("w.pdn:2: game starting at line 1: GameType \"22\""),
              std::string::npos)
        << read.warnings[1].message;
    EXPECT_NE(read.warnings[2].message.find("w.pdn:6: game starting at line 5: the Result tag "
                                            "\"2-0\" disagrees with the result at the end of the "
                                            "moves \"*\""),
              std::string::npos)
        << read.warnings[2].message;
}

TEST(PdnReader, UnclosedTagSpoilsOnlyItsOwnGame) {
    const PdnReadResult read =
        read_pdn("[Event \"a\"\n1. 32-28 2-0\n[Event \"b\"]\n1. 32-29 *\n", "t.pdn");
    ASSERT_EQ(read.errors.size(), 2u);
    EXPECT_NE(read.errors[0].message.find("t.pdn:1: game starting at line 1 (Event \"a\")"),
              std::string::npos)
        << read.errors[0].message;
    EXPECT_NE(read.errors[1].message.find("t.pdn:4: game starting at line 3 (Event \"b\")"),
              std::string::npos)
        << read.errors[1].message;
}

}  // namespace
}  // namespace draughts::rules
