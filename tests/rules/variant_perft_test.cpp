// Perft of the variants beside international, Brazilian and Russian draughts: the 100-square ones
// that change the FMJD rules in one place, Killer draughts (the killer rule), breakthrough (the
// first king ends the game) and antidraughts (the goal reversed), and the checkers games Black
// starts, English draughts and pool checkers; Frisian draughts (captures along rows and columns,
// by value, and the limit on a king's quiet moves) and Frysk!. Published counts are checked
// where they exist (English, pool, Frisian and Killer draughts); where a variant's move rules
// cannot differ from the FMJD rules, the published international counts of docs/rules.md
// (reference positions) hold; elsewhere the counts are checked against the independent mailbox
// rules of tests/support/reference_rules.cpp, counted there move by move, and the agreed figures
// are recorded so that a later change shows up (docs/variants.md#perft).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/perft.hpp"
#include "rules/variant.hpp"
#include "tests/support/reference_convert.hpp"
#include "tests/support/reference_rules.hpp"

namespace draughts::rules {
namespace {

/// A position, its counts from depth 1, and the move identity they count.
struct VariantPerftCase {
    std::string name;
    std::string fen;
    std::vector<std::uint64_t> counts;
    Duplicates duplicates = Duplicates::Drop;
};

template <typename V>
void expect_variant_counts(const VariantPerftCase& c) {
    const auto position = parse_fen<V>(c.fen);
    ASSERT_TRUE(position) << position.error().message;
    for (std::size_t d = 0; d < c.counts.size(); ++d)
        EXPECT_EQ(perft(*position, static_cast<int>(d + 1), c.duplicates), c.counts[d])
            << V::kName << ' ' << c.name << " depth " << d + 1;
}

/// The generator and the reference rules count the same leaves at every depth to `depth`: moves
/// by the FMJD identity (Drop) and capture routes (Keep). Where pieces also capture along rows
/// and columns (Frisian), two landing paths can take the same pieces in the same order; the
/// generator's route count tells them apart and the reference's (origin, destination, pieces in
/// jump order) does not, so only the moves are compared there (docs/variants.md#perft).
template <typename V>
void expect_reference_perft(const std::string& fen, int depth) {
    const auto position = parse_fen<V>(fen);
    ASSERT_TRUE(position) << position.error().message;
    const testing::RefBoard board = testing::to_reference(*position);
    for (int d = 1; d <= depth; ++d) {
        for (const auto& [duplicates, listing] :
             {std::pair{Duplicates::Drop, testing::RefListing::Drop},
              std::pair{Duplicates::Keep, testing::RefListing::Keep}}) {
            if (V::kOrthogonalCaptures && duplicates == Duplicates::Keep) continue;
            EXPECT_EQ(perft(*position, d, duplicates), testing::reference_perft(board, d, listing))
                << V::kName << ' ' << fen << " depth " << d;
        }
    }
}

// The published international counts (docs/rules.md#perft), to the depths perft_test.cpp checks.
const VariantPerftCase kInitial{
    "initial", "W:W31-50:B1-20", {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}};
const VariantPerftCase kWoldouby{"Woldouby",
                                 "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
                                 {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436}};
const VariantPerftCase kAllKings{
    "all kings", "W:WK31-50:BK1-20", {17, 79, 352, 1399, 7062, 37589, 217575, 1333217}};
const VariantPerftCase kAlmostPromotion{
    "almost promotion", "W:W6,7,8,9,10:B41,42,43,44,45", {9, 81, 795, 7578, 86351, 936311}};

// Antidraughts moves by the FMJD rules unchanged [ANTI 1]: every published count holds.
TEST(VariantPerft, AntidraughtsEqualsThePublishedInternationalCounts) {
    for (const VariantPerftCase& c : {kInitial, kWoldouby, kAllKings, kAlmostPromotion})
        expect_variant_counts<Antidraughts>(c);
}

// The killer rule needs a king taking a king: not in the first 8 plies of a game, nor in the
// Woldouby position to depth 9, so the published counts hold there.
TEST(VariantPerft, KillerEqualsThePublishedCountsWithoutKings) {
    expect_variant_counts<Killer>(kInitial);
    expect_variant_counts<Killer>(
        {kWoldouby.name, kWoldouby.fen, {6, 12, 30, 73, 215, 590, 1944, 6269, 22369}});
}

// With kings on both sides the killer rule removes king captures that end away from the king
// taken last: the counts fall below the international ones and agree with the reference rules.
// In the Woldouby position a man crowned by the 9th ply takes part from depth 10 on.
TEST(VariantPerft, KillerAgreesWithTheReferenceAmongKings) {
    expect_reference_perft<Killer>(kAllKings.fen, 5);
    expect_reference_perft<Killer>("W:WK3,K26,37,39,43:BK14,K21,K28,K30,17", 4);
    expect_reference_perft<Killer>("B:WK46,K50,33,34:BK23,K5,K12,7", 4);
    expect_reference_perft<Killer>(kWoldouby.fen, 10);
}

// Recorded once the reference agreed (KillerAgreesWithTheReferenceAmongKings), deeper: against
// 79, 352, 1399, ... in international draughts.
TEST(VariantPerft, KillerCounts) {
    expect_variant_counts<Killer>(
        {kAllKings.name, kAllKings.fen, {17, 72, 252, 822, 3224, 12409, 51228}});
}

// Fabien Letouzey's Killer counts (Scan's author, in a correspondence with Rein Halbersma that
// the test suite of Halbersma's dctl library records, test/src/algo/traversal/killer/
// letouzey.cpp): a position with kings of both sides, where the killer rule acts from the first
// ply, and the Woldouby position, where it acts from depth 10 (88043 against 88050). Deeper, to
// depths 10 and 17, in perft_slowtest.cpp.
const VariantPerftCase kKillerRandom{
    "Random178",
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
    {14, 55, 1168, 5165, 84326, 573965, 8476150}};

TEST(VariantPerft, KillerEqualsLetouzeysCounts) {
    expect_variant_counts<Killer>(kKillerRandom);
    expect_variant_counts<Killer>(
        {kWoldouby.name,
         kWoldouby.fen,
         {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88043, 377339, 1908829, 9850540}});
}

// Breakthrough: no man reaches the far row within 8 plies of the initial position, nor within 6
// of the Woldouby position, so the counts are the international ones; from there on the first
// king ends the game [BT 1], and the counts agree with the reference rules.
TEST(VariantPerft, BreakthroughEqualsThePublishedCountsBeforeAKing) {
    expect_variant_counts<Breakthrough>(kInitial);
    expect_variant_counts<Breakthrough>(
        {kWoldouby.name, kWoldouby.fen, {6, 12, 30, 73, 215, 590, 1944}});
}

TEST(VariantPerft, BreakthroughAgreesWithTheReferenceNearTheFarRow) {
    expect_reference_perft<Breakthrough>(kWoldouby.fen, 9);
    expect_reference_perft<Breakthrough>(kAlmostPromotion.fen, 3);
    expect_reference_perft<Breakthrough>("W:W16,17,19,24,28,32:B11,12,27,29,33,36", 5);
    expect_reference_perft<Breakthrough>("B:W11,13,22,27,31:B20,35,38,40,42", 5);
}

TEST(VariantPerft, BreakthroughCounts) {
    expect_variant_counts<Breakthrough>(
        {kWoldouby.name,
         kWoldouby.fen,
         {6, 12, 30, 73, 215, 590, 1944, 6155, 20803, 75803, 273941}});
    expect_variant_counts<Breakthrough>({kAlmostPromotion.name, kAlmostPromotion.fen, {9, 0}});
}

// English draughts from the initial position: the counts of Martin Fierz's Cake
// (checker-board.blogspot.com, "perft for checkers", 2009-02) to depth 12, which Aart Bik's
// BikMove matches and extends (aartbik.com, "Perft for Checkers"); OEIS A133046. Depths 11-14
// are in perft64_slowtest.cpp.
TEST(VariantPerft, EnglishEqualsThePublishedCounts) {
    EXPECT_EQ(BasicPosition<English>::initial().side_to_move(), Color::Black);
    expect_variant_counts<English>(
        {"initial",
         std::string(English::kInitialFen),
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564}});
}

// Pool checkers against the reference rules, from the initial position and from positions with
// kings and men of both sides, where backward captures by men, flying kings and the free choice
// of a capture all occur (and English draughts' short kings and forward-only men).
TEST(VariantPerft, PoolAndEnglishAgreeWithTheReference) {
    expect_reference_perft<Pool>(std::string(Pool::kInitialFen), 8);
    expect_reference_perft<Pool>("B:WK29,K22,18,19,27:BK4,K11,6,7,15", 4);
    expect_reference_perft<Pool>("W:W14,K31,23,26:B10,K28,9,17,19", 4);
    expect_reference_perft<English>("B:WK29,K22,18,19,27:BK4,K11,6,7,15", 5);
    expect_reference_perft<English>("W:W14,K31,23,26:B10,K28,9,17,19", 5);
}

// Pool checkers from the initial position: the counts of the "Standard validation generator
// moves" thread of the shashki.com forum (page from post 57), as the test suite of Rein
// Halbersma's dctl library records them (test/src/algo/traversal/initial/board_08x08.cpp, 2017),
// both conventions. They are Russian draughts' counts to depth 7; at depth 8 a man crossing the
// far row within a capture, crowned in Russian draughts and not in pool [POOL 5], differs.
// Depths 11-13 are in perft64_slowtest.cpp.
TEST(VariantPerft, PoolEqualsThePublishedCounts) {
    const std::string start(Pool::kInitialFen);
    expect_variant_counts<Pool>(
        {"initial", start, {7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955}});
    expect_variant_counts<Pool>({"initial",
                                 start,
                                 {7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615, 22442551},
                                 Duplicates::Keep});
}

// Frisian draughts from the initial position: Rein Halbersma's counts ("Perft for all recognized
// draughts variants", laatste.info/damforum.nl topic 2822, from post 15), as his dctl library's
// test suite records them (test/src/algo/traversal/initial/board_10x10.cpp, 2017) with moves
// counted by the FMJD identity. Kings appear from ply 7, and the run of a king's quiet moves
// matters from ply 13 on. Depths 9-11 are in perft_slowtest.cpp.
TEST(VariantPerft, FrisianEqualsThePublishedCounts) {
    expect_variant_counts<Frisian>({"initial",
                                    std::string(Frisian::kInitialFen),
                                    {9, 81, 658, 3874, 21265, 102431, 540126, 2825779}});
}

// Against the reference rules: the initial position into the first captures, and positions
// where men and kings capture along rows and columns, by value, and kings run out of quiet moves.
TEST(VariantPerft, FrisianAndFryskAgreeWithTheReference) {
    expect_reference_perft<Frisian>(std::string(Frisian::kInitialFen), 5);
    expect_reference_perft<Frisian>("W:WK46,K3,33,28,39:BK30,K12,17,24,19", 4);
    expect_reference_perft<Frisian>("W:WK46,35,36:BK5,3,4,14", 5);
    expect_reference_perft<Frisian>("B:W27,28,32,33,K45:B17,18,22,23,K6", 4);
    expect_reference_perft<Frysk>(std::string(Frysk::kInitialFen), 7);
}

// Recorded once the reference agreed (FrisianAndFryskAgreeWithTheReference), deeper.
TEST(VariantPerft, FryskCounts) {
    expect_variant_counts<Frysk>({"initial",
                                  std::string(Frysk::kInitialFen),
                                  {9, 81, 657, 5329, 41829, 328329, 2572197, 20147712}});
}

}  // namespace
}  // namespace draughts::rules
