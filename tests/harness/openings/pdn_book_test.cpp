#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>

#include "harness/openings/book_generator.hpp"
#include "harness/openings/opening_book.hpp"
#include "rules/fen.hpp"
#include "rules/pdn.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using rules::Position;

constexpr const char* kGames =
    "[Event \"one\"]\n"
    "1. 31-26 20-25 2. 32-27 15-20 3. 36-31 *\n"
    "\n"
    "[Event \"short\"]\n"
    "1. 33-28 *\n"
    "\n"
    "[Event \"transposed\"]\n"
    "1. 32-27 20-25 2. 31-26 15-20 3. 37-32 *\n"
    "\n"
    "[Event \"same start\"]\n"
    "1. 31-26 20-25 2. 32-27 2-0\n"
    "\n"
    "[Event \"from FEN\"]\n"
    "[FEN \"W:W33,38:B8,12\"]\n"
    "1. 33-28 8-13 2. 38-33 *\n";

TEST(PdnBookTest, TakesThePositionAfterTheFirstPlies) {
    const auto book = OpeningBook::from_pdn_text(kGames, "games.pdn", 2);
    ASSERT_TRUE(book) << book.error().message;
    // "same start" repeats "one"; "short" has one ply only.
    ASSERT_EQ(book->size(), 3U);
    EXPECT_EQ(book->stats().entries, 4U);
    EXPECT_EQ(book->stats().duplicates, 1U);
    EXPECT_EQ(book->stats().skipped, 1U);
    EXPECT_EQ(opening_moves_text((*book)[0]), "31-26 20-25");
    EXPECT_EQ((*book)[0].root, Position::initial());
    EXPECT_EQ((*book)[0].source, "games.pdn:1");
    EXPECT_EQ(opening_moves_text((*book)[1]), "32-27 20-25");
    EXPECT_EQ((*book)[1].source, "games.pdn:7");
    EXPECT_EQ((*book)[2].root, *rules::parse_fen("W:W33,38:B8,12"));
    EXPECT_EQ((*book)[2].position, *rules::parse_fen("W:W28,38:B12,13"));
}

TEST(PdnBookTest, TranspositionsAreDuplicatesWhateverTheMoves) {
    const auto book = OpeningBook::from_pdn_text(kGames, "games.pdn", 3);
    ASSERT_TRUE(book) << book.error().message;
    ASSERT_EQ(book->size(), 2U);
    EXPECT_EQ(book->stats().duplicates, 2U);
    EXPECT_EQ(opening_moves_text((*book)[0]), "31-26 20-25 32-27");
}

TEST(PdnBookTest, GamesShorterThanThePliesAreSkipped) {
    const auto book = OpeningBook::from_pdn_text(kGames, "games.pdn", 5);
    ASSERT_TRUE(book) << book.error().message;
    ASSERT_EQ(book->size(), 2U);
    EXPECT_EQ(book->stats().skipped, 3U);
    EXPECT_EQ(opening_moves_text((*book)[1]), "32-27 20-25 31-26 15-20 37-32");
}

TEST(PdnBookTest, ZeroPliesGivesEachGamesStartPosition) {
    const auto book = OpeningBook::from_pdn_text(kGames, "games.pdn", 0);
    ASSERT_TRUE(book) << book.error().message;
    ASSERT_EQ(book->size(), 2U);
    EXPECT_EQ(book->stats().duplicates, 3U);
    EXPECT_EQ((*book)[0].position, Position::initial());
    EXPECT_TRUE((*book)[0].moves.empty());
}

TEST(PdnBookTest, InvalidGameFailsTheBookWithFileAndLine) {
    const auto book = OpeningBook::from_pdn_text(
        "[Event \"ok\"]\n1. 32-28 *\n\n[Event \"bad\"]\n1. 32-28 19-24 2. 28-17 *\n", "bad.pdn", 1);
    ASSERT_FALSE(book);
    EXPECT_NE(book.error().message.find("bad.pdn:"), std::string::npos) << book.error().message;
    EXPECT_NE(book.error().message.find("1 invalid games"), std::string::npos);
}

TEST(PdnBookTest, InvalidGamesCanBeSkippedAndCounted) {
    const auto book = OpeningBook::from_pdn_text(
        "[Event \"ok\"]\n1. 32-28 *\n\n[Event \"bad\"]\n1. 32-28 19-24 2. 28-17 *\n", "bad.pdn", 1,
        true);
    ASSERT_TRUE(book) << book.error().message;
    EXPECT_EQ(book->size(), 1U);
    EXPECT_EQ(book->stats().invalid, 1U);
    EXPECT_EQ(book->stats().first_invalid.rfind("bad.pdn:", 0), 0U) << book->stats().first_invalid;
}

TEST(PdnBookTest, AllGamesTooShortIsAnError) {
    const auto book = OpeningBook::from_pdn_text("1. 32-28 *\n", "short.pdn", 4);
    ASSERT_FALSE(book);
    EXPECT_NE(book.error().message.find("short.pdn: no openings"), std::string::npos);
}

class TempFile {
  public:
    TempFile(const std::string& name, const std::string& text)
        : path_(std::filesystem::temp_directory_path() /
                ("draughts-book-" + std::to_string(::getpid()) + "-" + name)) {
        std::ofstream(path_, std::ios::binary) << text;
    }
    ~TempFile() { std::filesystem::remove(path_); }
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

TEST(OpeningBookLoadTest, FormatFollowsTheExtensionUnlessForced) {
    const TempFile pdn("games.PDN", kGames);
    const auto by_extension = OpeningBook::load(pdn.path(), {BookFormat::Auto, 2});
    ASSERT_TRUE(by_extension) << by_extension.error().message;
    EXPECT_EQ(by_extension->size(), 3U);

    const TempFile fen("book.txt", "W:W31-50:B1-20\n");
    const auto as_fen = OpeningBook::load(fen.path());
    ASSERT_TRUE(as_fen) << as_fen.error().message;
    EXPECT_EQ(as_fen->size(), 1U);

    const TempFile forced("games.txt", kGames);
    const auto as_pdn = OpeningBook::load(forced.path(), {BookFormat::Pdn, 2});
    ASSERT_TRUE(as_pdn) << as_pdn.error().message;
    EXPECT_EQ(as_pdn->size(), 3U);
}

TEST(OpeningBookLoadTest, FenErrorsNameTheFilePath) {
    const TempFile fen("broken.fen", "W:W31-50:B1-20\nW:W31-50:B1-20,55\n");
    const auto book = OpeningBook::load(fen.path());
    ASSERT_FALSE(book);
    EXPECT_EQ(book.error().message.rfind(fen.path().string() + ":2: FEN", 0), 0U)
        << book.error().message;
}

TEST(OpeningBookLoadTest, MissingFileIsAnError) {
    const auto book = OpeningBook::load("/nonexistent/book.fen");
    ASSERT_FALSE(book);
    EXPECT_NE(book.error().message.find("/nonexistent/book.fen: cannot open"), std::string::npos);
}

// Every master game in the shared collection gives an opening after its first plies; at two
// plies each one is among the 81 distinct positions the generator finds. Games the PDN reader
// rejects are the reader's business (its own tests); here they are skipped and counted.
TEST(OpeningBookLoadTest, SharedMasterGamesGiveOpeningsAfterTheirFirstPlies) {
    const std::string files[] = {"babasy1.pdn",  "babasy2.pdn",  "babasy3.pdn", "babasy4.pdn",
                                 "diversen.pdn", "flankopn.pdn", "loi20.pdn",   "loi21.pdn",
                                 "loi22.pdn",    "opening1.pdn", "sur01.pdn",   "sur06.pdn"};
    const GeneratedBook two = generate_book(Position::initial(), 2);
    std::size_t compared_with_generator = 0;
    for (const std::string& name : files) {
        DRAUGHTS_SHARED_FILE_OR_SKIP(path, "data/games/" + name);
        const auto games = rules::read_pdn_file(path);
        ASSERT_TRUE(games) << games.error().message;
        for (const int plies : {2, 8}) {
            const auto book = OpeningBook::load(path, {BookFormat::Auto, plies, true});
            ASSERT_TRUE(book) << book.error().message;
            const BookStats& s = book->stats();
            EXPECT_EQ(s.entries + s.skipped, games->games.size()) << name;
            EXPECT_EQ(s.invalid, games->errors.size()) << name;
            EXPECT_EQ(book->size() + s.duplicates, s.entries) << name;
            for (const Opening& opening : book->openings()) {
                ASSERT_EQ(opening.moves.size(), static_cast<std::size_t>(plies));
                Position replayed = opening.root;
                for (const rules::Move& move : opening.moves) replayed = replayed.after(move);
                EXPECT_EQ(replayed, opening.position);
                if (plies != 2 || !(opening.root == Position::initial())) continue;
                bool found = false;
                for (const Opening& g : two.openings)
                    found = found || g.position == opening.position;
                EXPECT_TRUE(found) << opening.source;
                ++compared_with_generator;
            }
        }
    }
    // Most games start from the initial position: the comparison above must have run.
    EXPECT_GT(compared_with_generator, 20U);
}

}  // namespace
}  // namespace draughts::harness
