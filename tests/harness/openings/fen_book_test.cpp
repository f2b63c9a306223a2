#include "harness/openings/fen_book.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "harness/openings/opening_book.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"

namespace draughts::harness {
namespace {

using rules::Position;

Position fen(const char* text) { return *rules::parse_fen(text); }

TEST(FenBookTest, ReadsOneFenPerLineSkippingBlankLinesAndComments) {
    const std::string text =
        "# a book\n"
        "\n"
        "W:W31-50:B1-20\n"
        "   # indented comment\n"
        "B:W28,31-32,34-50:B1-20   # after 33-28\r\n"
        "\t\n";
    const auto openings = read_fen_book(text, "book.fen");
    ASSERT_TRUE(openings) << openings.error().message;
    ASSERT_EQ(openings->size(), 2U);
    EXPECT_EQ((*openings)[0].position, Position::initial());
    EXPECT_EQ((*openings)[1].position, fen("B:W28,31-32,34-50:B1-20"));
    EXPECT_TRUE((*openings)[1].moves.empty());
    EXPECT_EQ((*openings)[0].source, "book.fen:3");
    EXPECT_EQ((*openings)[1].source, "book.fen:5");
}

TEST(FenBookTest, MalformedFenNamesFileLineAndProblem) {
    const auto openings = read_fen_book("W:W31-50:B1-20\n\nW:W31-51:B1-20\n", "my.fen");
    ASSERT_FALSE(openings);
    const std::string& message = openings.error().message;
    EXPECT_EQ(message.rfind("my.fen:3: FEN \"W:W31-51:B1-20\": ", 0), 0U) << message;
    EXPECT_NE(message.find("51"), std::string::npos);
}

TEST(FenBookTest, TableOfMalformedLines) {
    struct Case {
        const char* line;
        const char* expected_fragment;
    };
    const Case cases[] = {
        {"X:W31-50:B1-20", "book.fen:2: FEN"},
        {"W:W31-50:B1-20 ; 32-29", "book.fen:2: ply 1: move \"32-29\""},
        {"W:W31-50:B1-20 ; 32-28", "lead to B:W28,31,33-50:B1-20, not to the FEN given"},
        {"B:W28,31,33-50:B1-20 ; 32-28 ; W:W31-50:B1-20 ; x", "too many ';'-separated fields"},
        {"B:W28,31,33-50:B1-20 ; 32-28 ; W:W31-50:B1-99", "book.fen:2: root FEN"},
        {"W:W31-50:B1-20 ; ; W:W31-50:B1-20", "ROOT given without MOVES"},
        {"W:W:B1-20", "no legal move"},
    };
    for (const Case& c : cases) {
        const auto openings = read_fen_book(std::string("# header\n") + c.line + "\n", "book.fen");
        ASSERT_FALSE(openings) << c.line;
        EXPECT_NE(openings.error().message.find(c.expected_fragment), std::string::npos)
            << c.line << " -> " << openings.error().message;
    }
}

TEST(FenBookTest, MovesAreReplayedFromTheInitialPosition) {
    const auto openings = read_fen_book("B:W28,31,33-50:B1-20 ; 32-28\n", "b");
    ASSERT_TRUE(openings) << openings.error().message;
    const Opening& opening = openings->front();
    EXPECT_EQ(opening.root, Position::initial());
    ASSERT_EQ(opening.moves.size(), 1U);
    EXPECT_EQ(opening_moves_text(opening), "32-28");
}

TEST(FenBookTest, MovesAreReplayedFromAGivenRoot) {
    const char* line = "W:W28:B12 ; 33-28 8-12 ; W:W33:B8";
    const auto openings = read_fen_book(line, "b");
    ASSERT_TRUE(openings) << openings.error().message;
    EXPECT_EQ(openings->front().root, fen("W:W33:B8"));
    EXPECT_EQ(fen_book_line(openings->front()), line);
}

TEST(FenBookTest, WriteThenReadRoundTrips) {
    Position after = Position::initial();
    std::vector<rules::Move> moves;
    for (const char* text : {"32-28", "19-23", "28x19"}) {
        moves.push_back(*rules::parse_move(after, text));
        after = after.after(moves.back());
    }
    const std::vector<Opening> written = {opening_at(fen("W:W31-50:B1-20")),
                                          opening_after(Position::initial(), moves)};
    std::ostringstream out;
    write_fen_book(out, {"header line", "", "second"}, written);
    EXPECT_EQ(out.str(),
              "# header line\n#\n# second\nW:W31-50:B1-20\n"
              "B:W19,31,33-50:B1-18,20 ; 32-28 19-23 28x19\n");
    const auto read = read_fen_book(out.str(), "round");
    ASSERT_TRUE(read) << read.error().message;
    ASSERT_EQ(read->size(), 2U);
    EXPECT_EQ((*read)[1].position, written[1].position);
    EXPECT_EQ((*read)[1].moves, written[1].moves);
}

TEST(OpeningBookFenTest, DuplicatePositionsAreDroppedAndCounted) {
    const auto book = OpeningBook::from_fen_text(
        "W:W31-50:B1-20\n"
        "B:W28,31,33-50:B1-20 ; 32-28\n"
        "W:B1-20:W31-50\n"
        "B:W28,31,33-50:B1-20\n",
        "dups.fen");
    ASSERT_TRUE(book) << book.error().message;
    EXPECT_EQ(book->size(), 2U);
    EXPECT_EQ(book->stats().entries, 4U);
    EXPECT_EQ(book->stats().duplicates, 2U);
    EXPECT_EQ(opening_moves_text((*book)[1]), "32-28");
}

TEST(OpeningBookFenTest, SamePiecesOtherSideToMoveIsDistinct) {
    const auto book = OpeningBook::from_fen_text("W:W31-50:B1-20\nB:W31-50:B1-20\n", "sides.fen");
    ASSERT_TRUE(book) << book.error().message;
    EXPECT_EQ(book->size(), 2U);
    EXPECT_EQ(book->stats().duplicates, 0U);
}

TEST(OpeningBookFenTest, BookWithoutOpeningsIsAnError) {
    const auto book = OpeningBook::from_fen_text("# nothing here\n\n", "empty.fen");
    ASSERT_FALSE(book);
    EXPECT_NE(book.error().message.find("empty.fen: no openings"), std::string::npos);
}

}  // namespace
}  // namespace draughts::harness
