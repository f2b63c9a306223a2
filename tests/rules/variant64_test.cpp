// The 64-square games (Brazilian and Russian draughts, issue 17): board geometry, perft from the
// initial position with both duplicate conventions, and rulebook positions with their exact move
// lists (majority against free choice of captures, crowning during a capture, a man passing the
// far row, Turkish strike). Sources of the rules: docs/variants.md.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "rules/fen.hpp"
#include "rules/game_state.hpp"
#include "rules/movegen.hpp"
#include "rules/perft.hpp"
#include "rules/rules_verdict.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {
namespace {

using B8 = Board<8>;

TEST(Board8, Layout) {
    EXPECT_EQ(B8::kNumSquares, 32);
    EXPECT_EQ(B8::kUpLeft, -5);
    EXPECT_EQ(B8::kUpRight, -4);
    EXPECT_EQ(B8::kDownLeft, 4);
    EXPECT_EQ(B8::kDownRight, 5);
    // Rows in pairs of 9 bits: 4 + 4 squares and one ghost bit; 36 bits in all.
    EXPECT_EQ(B8::bit_index(1), 0);
    EXPECT_EQ(B8::bit_index(5), 4);
    EXPECT_EQ(B8::bit_index(9), 9);
    EXPECT_EQ(B8::bit_index(32), 34);
    EXPECT_EQ(popcount(B8::kMask), 32);
    EXPECT_EQ(B8::kMask >> 36, 0u);
    EXPECT_EQ(B8::promotion_row(Color::White), B8::squares_mask({1, 2, 3, 4}));
    EXPECT_EQ(B8::promotion_row(Color::Black), B8::squares_mask({29, 30, 31, 32}));
}

TEST(Board8, StepsFollowTheDiagonals) {
    // Every square's neighbours by bit shift are exactly its diagonal neighbours by row and column.
    for (Square s = 1; s <= B8::kNumSquares; ++s) {
        const int row = B8::row_of(s);
        const int column = B8::column_of(s);
        const std::array<std::tuple<int, int, int>, 4> steps = {
            std::tuple{B8::kUpLeft, -1, -1}, std::tuple{B8::kUpRight, -1, 1},
            std::tuple{B8::kDownLeft, 1, -1}, std::tuple{B8::kDownRight, 1, 1}};
        for (const auto& [step, dr, dc] : steps) {
            const Square expected = B8::square_at(row + dr, column + dc);
            const Bitboard moved = shift_by(B8::square_bit(s), step) & B8::kMask;
            EXPECT_EQ(moved, expected == 0 ? 0 : B8::square_bit(expected)) << s << " " << step;
        }
    }
}

TEST(Board8, CornersMatchTheAlgebraicNames) {
    // a1 is White's left corner, dark, square 29; h8 is square 4 [PDN GameType 25/26].
    EXPECT_EQ(B8::square_at(7, 0), 29);
    EXPECT_EQ(B8::square_at(0, 7), 4);
    EXPECT_EQ(B8::square_at(0, 1), 1);
    EXPECT_EQ(B8::square_at(7, 6), 32);
}

TEST(Variant, NamesAndGameTypes) {
    EXPECT_EQ(parse_variant("Russian"), Variant::Russian);
    EXPECT_EQ(parse_variant("brazilian"), Variant::Brazilian);
    EXPECT_EQ(parse_variant("international"), Variant::International);
    EXPECT_EQ(parse_variant("italian"), std::nullopt);
    EXPECT_EQ(variant_of_game_type(20), Variant::International);
    EXPECT_EQ(variant_of_game_type(25), Variant::Russian);
    EXPECT_EQ(variant_of_game_type(26), Variant::Brazilian);
    EXPECT_EQ(variant_of_game_type(22), std::nullopt);  // Italian draughts
    EXPECT_EQ(variant_of_game_type_tag("25,W,8,8,A0,0"), Variant::Russian);
    EXPECT_EQ(variant_of_game_type_tag(" 26 "), Variant::Brazilian);
    EXPECT_EQ(variant_of_game_type_tag(""), Variant::International);
    EXPECT_EQ(variant_of_game_type_tag("22,W,8,8,N2,1"), std::nullopt);
    EXPECT_EQ(variant_of_game_type_tag("checkers"), std::nullopt);
    EXPECT_EQ(variant_name(Variant::Brazilian), "brazilian");
    EXPECT_EQ(game_type_of(Variant::Russian), 25);
    EXPECT_EQ(dispatch_variant(Variant::Russian,
                               [](auto policy) { return decltype(policy)::Board::kSize; }),
              8);
}

template <typename V>
void expect_perft(const std::vector<std::uint64_t>& counts, Duplicates duplicates) {
    const BasicPosition<V> start = BasicPosition<V>::initial();
    EXPECT_EQ(to_fen(start), "W:W21-32:B1-12");
    for (std::size_t d = 0; d < counts.size(); ++d)
        EXPECT_EQ(perft(start, static_cast<int>(d + 1), duplicates), counts[d])
            << V::kName << " depth " << d + 1;
}

// Reference counts from W:W21-32:B1-12 (issue 17). No two capture routes coincide this early,
// so both duplicate conventions give the same figures.
const std::vector<std::uint64_t> kBrazilianPerft = {7, 49, 302, 1469, 7473, 37628, 187302};
const std::vector<std::uint64_t> kRussianPerft = {7, 49, 302, 1469, 7482, 37986, 190146};

TEST(Perft64, BrazilianInitialPosition) {
    expect_perft<Brazilian>(kBrazilianPerft, Duplicates::Drop);
    expect_perft<Brazilian>(kBrazilianPerft, Duplicates::Keep);
}

TEST(Perft64, RussianInitialPosition) {
    expect_perft<Russian>(kRussianPerft, Duplicates::Drop);
    expect_perft<Russian>(kRussianPerft, Duplicates::Keep);
}

TEST(Perft64, DivideSumsToPerft) {
    const auto start = BasicPosition<Russian>::initial();
    std::uint64_t total = 0;
    for (const auto& entry : perft_divide(start, 5)) total += entry.nodes;
    EXPECT_EQ(total, perft(start, 5));
}

/// A move as the rulebook writes it: from, to, captured squares (increasing), crowned on the way.
using Expected64 = std::tuple<Square, Square, std::vector<Square>, bool>;

template <typename V>
std::vector<Expected64> legal_moves(const std::string& fen, Duplicates duplicates) {
    const auto position = parse_fen<V>(fen);
    EXPECT_TRUE(position) << position.error().message;
    if (!position) return {};
    BasicMoveList<V> moves;
    generate_moves(*position, moves, duplicates);
    std::vector<Expected64> out;
    for (const auto& m : moves) {
        std::vector<Square> captured;
        for_each_square_on<typename V::Board>(m.captured(),
                                              [&](Square s) { captured.push_back(s); });
        out.emplace_back(m.from(), m.to(), captured, m.crowns_in_capture());
    }
    std::sort(out.begin(), out.end());
    return out;
}

template <typename V>
void expect_moves(const std::string& fen, std::vector<Expected64> expected,
                  Duplicates duplicates = Duplicates::Drop) {
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(legal_moves<V>(fen, duplicates), expected) << V::kName << " " << fen;
}

// White man c3 (22) can take b4 (17) and stop on a5, or d4 (18) and f6 (11) ending on g7 (8).
constexpr const char* kMajorityFen = "W:W22:B11,17,18";

TEST(Rulebook64, BrazilianMustTakeTheMost) {
    expect_moves<Brazilian>(kMajorityFen, {{22, 8, {11, 18}, false}});  // [CBD 12]
}

TEST(Rulebook64, RussianChoosesFreely) {
    expect_moves<Russian>(kMajorityFen, {{22, 13, {17}, false}, {22, 8, {11, 18}, false}});
}

// White man b6 (9) takes c7 (6) landing on d8 (2), the far row; f6 (11) is on the diagonal
// d8-h4 behind e7.
constexpr const char* kCrownFen = "W:W9:B6,11";

TEST(Rulebook64, RussianManCrownedCapturesOnAsKing) {
    // Crowned on d8, the new king takes f6 and may stop on g5 or h4 [RUS 2.5].
    expect_moves<Russian>(kCrownFen, {{9, 16, {6, 11}, true}, {9, 20, {6, 11}, true}});
    const auto position = parse_fen<Russian>(kCrownFen);
    ASSERT_TRUE(position);
    BasicMoveList<Russian> moves;
    generate_moves(*position, moves);
    for (const auto& m : moves) {
        const auto next = position->after(m);
        EXPECT_EQ(next.piece_at(m.to()), Piece::WhiteKing) << m.to();
        EXPECT_EQ(to_fen(next), "B:WK" + std::to_string(m.to()) + ":B");
    }
}

TEST(Rulebook64, BrazilianManEndingOnFarRowIsCrownedAfterTheMove) {
    // As a man on d8 it cannot reach f6, so the capture ends there and the man is crowned.
    expect_moves<Brazilian>(kCrownFen, {{9, 2, {6}, false}});
    const auto position = parse_fen<Brazilian>(kCrownFen);
    ASSERT_TRUE(position);
    BasicMoveList<Brazilian> moves;
    generate_moves(*position, moves);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(position->after(moves[0]).piece_at(2), Piece::WhiteKing);
}

// White man f6 (11) takes e7 (7) landing on d8 (2), then c7 (6) from there.
constexpr const char* kPassFen = "W:W11:B6,7";

TEST(Rulebook64, BrazilianManPassingTheFarRowStaysAMan) {
    // It lands on d8 but leaves it by the next jump: no promotion [CBD 13].
    expect_moves<Brazilian>(kPassFen, {{11, 9, {6, 7}, false}});
    const auto position = parse_fen<Brazilian>(kPassFen);
    ASSERT_TRUE(position);
    BasicMoveList<Brazilian> moves;
    generate_moves(*position, moves);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(position->after(moves[0]).piece_at(9), Piece::WhiteMan);
}

TEST(Rulebook64, RussianManPassingTheFarRowIsCrowned) {
    // Crowned on d8, it takes c7 as a king and may stop on b6 or a5 [RUS 2.5].
    expect_moves<Russian>(kPassFen, {{11, 9, {6, 7}, true}, {11, 13, {6, 7}, true}});
}

// White king e1 (31) against men b4, d4, f4, d2, f2 (17, 18, 19, 26, 27): it can go round the
// square d2-d4-f4-f2 both ways back to e1, or turn off at c3 over b4 to a5, or from d6 over b4
// to a3. Back on e1 the king
// faces d2 again, still on the board and not to be taken twice: the Turkish strike stops the
// capture there, although b4 would lie behind d2 were it removed at once.
constexpr const char* kTurkishFen = "W:WK31:B17,18,19,26,27";

TEST(Rulebook64, BrazilianTurkishStrike) {
    expect_moves<Brazilian>(kTurkishFen,
                            {{31, 31, {18, 19, 26, 27}, false}, {31, 13, {17, 18, 19, 27}, false}});
    // The loop round the square counts once per direction when routes are kept.
    expect_moves<Brazilian>(kTurkishFen,
                            {{31, 31, {18, 19, 26, 27}, false},
                             {31, 31, {18, 19, 26, 27}, false},
                             {31, 13, {17, 18, 19, 27}, false}},
                            Duplicates::Keep);
}

TEST(Rulebook64, RussianTurkishStrikeAndCompleteCaptures) {
    // Free choice adds the shorter complete captures: d2 then b4 (to a5), and f2, f4 then b4
    // from d6 (to a3). Behind each piece the king must stop where it can capture on, so no
    // capture is cut short (after f4 it may not stop on c7 or b8, nor after d4 on f6) [RUS 2.4].
    expect_moves<Russian>(kTurkishFen, {{31, 13, {17, 26}, false},
                                        {31, 21, {17, 19, 27}, false},
                                        {31, 31, {18, 19, 26, 27}, false},
                                        {31, 13, {17, 18, 19, 27}, false}});
}

TEST(Verdict64, BlockedSideLoses) {
    // White's man on a3 faces b4 with c5 behind it: no move, no capture.
    const auto position = parse_fen<Russian>("W:W21:B14,17");
    ASSERT_TRUE(position);
    const auto verdict = no_legal_move_verdict(*position);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->rule, RuleEnding::Blocked);
    EXPECT_EQ(verdict->result, GameResult::BlackWin);
    EXPECT_FALSE(no_legal_move_verdict(BasicPosition<Brazilian>::initial()));
}

TEST(Verdict64, StartPositionsAreChecked) {
    EXPECT_TRUE(check_start_position(BasicPosition<Russian>::initial()));
    const auto blocked = check_start_position(*parse_fen<Brazilian>("W:W21:B14,17"));
    ASSERT_FALSE(blocked);
    EXPECT_NE(blocked.error().message.find("W:W21:B14,17"), std::string::npos)
        << blocked.error().message;
}

TEST(Fen64, SquaresBeyond32AreRejected) {
    const auto position = parse_fen<Brazilian>("W:W21-33:B1-12");
    ASSERT_FALSE(position);
    EXPECT_NE(position.error().message.find("between 1 and 32"), std::string::npos)
        << position.error().message;
    EXPECT_FALSE(parse_fen<Russian>("W:W4:B12"));  // a white man on its promotion row
}

}  // namespace
}  // namespace draughts::rules
