// BasicGameState<V> of every variant: each rule's verdict at the exact ply (the ply before, the
// game goes on), with its RuleEnding and the variant's own text. The games are played by a
// walker that never repeats a position and never offers a capture, so that only the rule under
// test can end them.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include "rules/draw_claim.hpp"
#include "rules/fen.hpp"
#include "rules/game_state.hpp"
#include "rules/movegen.hpp"
#include "rules/rules_verdict.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {
namespace {

/// True when `move` moves a man in `position`.
template <typename V>
bool moves_man(const BasicPosition<V>& position, const BasicMove<V>& move) {
    const Piece piece = position.piece_at(move.from());
    return piece == Piece::WhiteMan || piece == Piece::BlackMan;
}

/// The quiet moves of the side to move, best first: no capture now or for the opponent next, no
/// promotion, a position seen at most once before (never seen first, so no position occurs a
/// third time); man moves first when `man`, king moves first otherwise.
template <typename V>
std::vector<BasicMove<V>> quiet_moves(const BasicGameState<V>& game, bool man,
                                      const std::map<std::string, int>& seen) {
    BasicMoveList<V> legal;
    generate_moves(game.position(), legal);
    std::array<std::vector<BasicMove<V>>, 4> ranked;
    for (const BasicMove<V>& move : legal) {
        const BasicPosition<V> next = game.position().after(move);
        if (move.is_capture() || has_capture(next)) continue;
        if (popcount(next.kings()) != popcount(game.position().kings())) continue;
        const auto it = seen.find(to_fen(next));
        const int times = it == seen.end() ? 0 : it->second;
        if (times >= 2) continue;
        const bool preferred = moves_man(game.position(), move) == man;
        ranked[(preferred ? 0U : 2U) + static_cast<std::size_t>(times)].push_back(move);
    }
    std::vector<BasicMove<V>> out;
    for (const auto& moves : ranked) out.insert(out.end(), moves.begin(), moves.end());
    return out;
}

/// The first legal move quiet_moves offers; null when none.
template <typename V>
BasicMove<V> quiet_move(const BasicGameState<V>& game, bool man,
                        const std::map<std::string, int>& seen) {
    const auto moves = quiet_moves(game, man, seen);
    return moves.empty() ? BasicMove<V>{} : moves.front();
}

/// A quiet line of `plies` more plies from `game` (depth first, best moves first): true and the
/// line in `line` when found within `budget` nodes.
template <typename V>
bool quiet_line(const BasicGameState<V>& game, int plies, const std::vector<int>& man_plies,
                std::map<std::string, int>& seen, std::vector<BasicMove<V>>& line, int& budget) {
    if (plies == 0) return true;
    if (--budget < 0) return false;
    const bool man = std::count(man_plies.begin(), man_plies.end(), game.ply() + 1) > 0;
    for (const BasicMove<V>& move : quiet_moves(game, man, seen)) {
        BasicGameState<V> next = game;
        next.play(move);
        const std::string fen = to_fen(next.position());
        ++seen[fen];
        line.push_back(move);
        if (quiet_line(next, plies - 1, man_plies, seen, line, budget)) return true;
        line.pop_back();
        --seen[fen];
    }
    return false;
}

/// One rule at its ply: from `fen`, the walker plays (men where it can at `man_plies`, kings
/// where it can elsewhere) until the verdict; it must come at `ply` with `ending` and a text
/// containing `text`. (Where men moves are meant to reset the kings-only count, the verdict
/// itself shows that they did: else the kings-only rule would come first.)
struct RuleAtPly {
    Variant variant;
    const char* name;
    const char* fen;
    std::vector<int> man_plies;
    int ply;
    RuleEnding ending;
    const char* text;
};

template <typename V>
void check_rule_at_ply(const RuleAtPly& c) {
    const auto start = parse_fen<V>(c.fen);
    ASSERT_TRUE(start) << start.error().message;
    BasicGameState<V> game(*start);
    std::map<std::string, int> seen{{to_fen(*start), 1}};
    std::vector<BasicMove<V>> line;
    int budget = 100000;
    ASSERT_TRUE(quiet_line(game, c.ply, c.man_plies, seen, line, budget)) << "no quiet line";
    for (const BasicMove<V>& move : line) {
        ASSERT_FALSE(game.verdict()) << "ply " << game.ply() << ": " << game.verdict()->text;
        game.play(move);
    }
    const auto verdict = game.verdict();
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->rule, c.ending);
    EXPECT_EQ(verdict->result, GameResult::Draw);
    EXPECT_NE(verdict->text.find(c.text), std::string::npos) << verdict->text;
}

const std::vector<int> kEveryPly = [] {
    std::vector<int> plies;
    for (int ply = 1; ply <= 60; ++ply) plies.push_back(ply);
    return plies;
}();

const std::vector<RuleAtPly> kRulesAtPly = {
    {Variant::International,
     "international 25-move rule",
     "W:WK46,K47:BK4,K5",
     {},
     50,
     RuleEnding::TwentyFiveMoveRule,
     "25-move rule: 25 moves by each player"},
    {Variant::Brazilian,
     "brazilian 20-move rule",
     "W:WK29,K30:BK1,K2",
     {},
     40,
     RuleEnding::KingsOnlyRule,
     "20-move rule: 20 moves by each player"},
    {Variant::Brazilian,
     "brazilian 16-move rule",
     "W:WK29,K30,K31:BK1",
     {},
     32,
     RuleEnding::SixteenMoveRule,
     "16-move rule"},
    {Variant::Brazilian,
     "brazilian 5-move rule",
     "W:WK29,K30:BK1",
     {},
     10,
     RuleEnding::FiveMoveRule,
     "5-move rule"},
    {Variant::Russian,
     "russian 15-move rule",
     "W:WK29,K30,K31,32:BK1,K2,K3,4",
     {},
     30,
     RuleEnding::KingsOnlyRule,
     "15-move rule: 15 moves by each player"},
    {Variant::Russian,
     "russian 4-5 piece ending",
     "W:WK30,32:BK3,1",
     {1},
     30,
     RuleEnding::CountedEnding,
     "4- and 5-piece ending"},
    {Variant::Russian, "russian 6-7 piece ending", "W:WK30,31,32:BK3,1,2", kEveryPly, 60,
     RuleEnding::CountedEnding, "6- and 7-piece ending"},
    // Killer draughts and antidraughts keep the FMJD draw rules [KIL 2, ANTI 2].
    {Variant::Killer,
     "killer 25-move rule",
     "W:WK46,K47:BK4,K5",
     {},
     50,
     RuleEnding::TwentyFiveMoveRule,
     "25-move rule"},
    {Variant::Killer,
     "killer 16-move rule",
     "W:WK1,K2,K3:BK50",
     {},
     32,
     RuleEnding::SixteenMoveRule,
     "16-move rule"},
    {Variant::Killer,
     "killer 5-move rule",
     "W:WK1,K2:BK50",
     {},
     10,
     RuleEnding::FiveMoveRule,
     "5-move rule"},
    {Variant::Antidraughts,
     "antidraughts 25-move rule",
     "W:WK46,K47:BK4,K5",
     {},
     50,
     RuleEnding::TwentyFiveMoveRule,
     "25-move rule"},
    {Variant::Antidraughts,
     "antidraughts 16-move rule",
     "W:WK1,K2,K3:BK50",
     {},
     32,
     RuleEnding::SixteenMoveRule,
     "16-move rule"},
    {Variant::Antidraughts,
     "antidraughts 5-move rule",
     "W:WK1,K2:BK50",
     {},
     10,
     RuleEnding::FiveMoveRule,
     "5-move rule"},
    // English draughts counts 40 moves each without a man moved or a piece taken, men on the
    // board or not [ENG 7]; a man's move starts the count again.
    {Variant::English,
     "english 40-move rule",
     "B:WK29,K30,21:BK3,K4,12",
     {},
     80,
     RuleEnding::KingsOnlyRule,
     "40-move rule: 40 moves by each player without a man moved"},
    {Variant::English,
     "english 40-move rule after a man's move",
     "B:WK29,K30,21:BK3,K4,12",
     {2},
     82,
     RuleEnding::KingsOnlyRule,
     "40-move rule"},
    // Pool checkers: three kings against a lone king have 13 moves [POOL 7].
    {Variant::Pool,
     "pool three kings against one",
     "B:WK30,K31,K32:BK1",
     {},
     26,
     RuleEnding::CountedEnding,
     "three kings against a lone king: 13 moves"},
    // Frisian draughts: two kings against a lone king have 7 moves each, a king against a king 2
    // [FRS 7]; Frysk! plays by the same rules.
    {Variant::Frisian,
     "frisian two kings against one",
     "W:WK46,K47:BK4",
     {},
     14,
     RuleEnding::CountedEnding,
     "two kings against a lone king: 7 moves by each player"},
    {Variant::Frisian,
     "frisian king against king",
     "W:WK46:BK4",
     {},
     4,
     RuleEnding::CountedEnding,
     "a king against a king: 2 moves by each player"},
    {Variant::Frysk,
     "frysk two kings against one",
     "W:WK46,K47:BK4",
     {},
     14,
     RuleEnding::CountedEnding,
     "two kings against a lone king"},
};

TEST(VariantGameState, EachRuleAtItsPly) {
    for (const RuleAtPly& c : kRulesAtPly) {
        SCOPED_TRACE(c.name);
        dispatch_variant(c.variant, [&](auto policy) { check_rule_at_ply<decltype(policy)>(c); });
    }
}

/// Two kings each shuttle out and back: the start position occurs the third time after ply 8.
template <typename V>
void check_threefold(const char* fen) {
    const auto start = parse_fen<V>(fen);
    ASSERT_TRUE(start) << start.error().message;
    BasicGameState<V> game(*start);
    std::array<BasicMove<V>, 2> out{};  // the two plies out, played back in the same order
    for (int ply = 1; ply <= 8; ++ply) {
        ASSERT_FALSE(game.verdict()) << "ply " << ply - 1;
        const std::size_t k = static_cast<std::size_t>((ply - 1) % 2);
        BasicMove<V> move{};
        if ((ply - 1) % 4 < 2) {
            move = quiet_move(game, false, {});
            out[k] = move;
        } else {
            move = BasicMove<V>::quiet(out[k].to(), out[k].from());
        }
        game.play(move);
    }
    const auto verdict = game.verdict();
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->rule, RuleEnding::ThreefoldRepetition);
    EXPECT_NE(verdict->text.find("after plies 0, 4, 8"), std::string::npos) << verdict->text;
}

TEST(VariantGameState, ThreefoldRepetitionInEveryVariant) {
    check_threefold<International>("W:WK46,K47:BK4,K5");
    check_threefold<Brazilian>("W:WK29,K30:BK1,K2");
    check_threefold<Russian>("W:WK29,K30:BK1,K2");
    check_threefold<Killer>("W:WK46,K47:BK4,K5");
    check_threefold<Antidraughts>("W:WK46,K47:BK4,K5");
    check_threefold<English>("B:WK29,K30:BK1,K2");
    check_threefold<Pool>("B:WK29,K30:BK1,K2");
    check_threefold<Frisian>("W:WK46,K47:BK4,K5");
    check_threefold<Frysk>("W:WK46,K47:BK4,K5");
}

/// A capture of the last black piece: the game goes on at ply 0 and Black loses at ply 1.
template <typename V>
void check_no_pieces(const char* fen) {
    const auto start = parse_fen<V>(fen);
    ASSERT_TRUE(start) << start.error().message;
    BasicGameState<V> game(*start);
    ASSERT_FALSE(game.verdict());
    BasicMoveList<V> legal;
    generate_moves(game.position(), legal);
    ASSERT_EQ(legal.size(), 1U);
    game.play(legal[0]);
    const auto verdict = game.verdict();
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->rule, RuleEnding::NoPieces);
    EXPECT_EQ(verdict->result, GameResult::WhiteWin);
}

TEST(VariantGameState, LastPieceTakenLosesInEveryVariant) {
    check_no_pieces<Brazilian>("W:W22:B18");
    check_no_pieces<Russian>("W:W22:B18");
    check_no_pieces<Killer>("W:W33:B28");
    check_no_pieces<Breakthrough>("W:W33:B28");
    check_no_pieces<English>("W:W22:B18");
    check_no_pieces<Pool>("W:W22:B18");
    check_no_pieces<Frisian>("W:W33:B28");
    check_no_pieces<Frysk>("W:W33:B28");
}

// Antidraughts: the side left without pieces, or blocked, wins [ANTI 1].
TEST(VariantGameState, AntidraughtsNoMoveWins) {
    const auto start = parse_fen<Antidraughts>("W:W33:B28");
    ASSERT_TRUE(start);
    BasicGameState<Antidraughts> game(*start);
    ASSERT_FALSE(game.verdict());
    game.play(BasicMove<Antidraughts>(Antidraughts::Board::bit_index(33),
                                      Antidraughts::Board::bit_index(22),
                                      Antidraughts::Board::square_bit(28)));
    const auto taken = game.verdict();
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->rule, RuleEnding::NoPieces);
    EXPECT_EQ(taken->result, GameResult::BlackWin);
    // White's man on 6 is blocked by Black's man on 1: White, to move, wins.
    const auto blocked = parse_fen<Antidraughts>("W:W6:B1");
    ASSERT_TRUE(blocked);
    const auto verdict = no_legal_move_verdict(*blocked);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->rule, RuleEnding::Blocked);
    EXPECT_EQ(verdict->result, GameResult::WhiteWin);
}

// Breakthrough: the first king wins at the ply it is crowned [BT 1]; a start with one is
// refused.
TEST(VariantGameState, BreakthroughFirstKingWinsAtItsPly) {
    const auto start = parse_fen<Breakthrough>("W:W40:B45");
    ASSERT_TRUE(start);
    BasicGameState<Breakthrough> game(*start);
    ASSERT_FALSE(game.verdict());
    game.play(BasicMove<Breakthrough>::quiet(40, 34));
    ASSERT_FALSE(game.verdict());
    game.play(BasicMove<Breakthrough>::quiet(45, 50));
    const auto verdict = game.verdict();
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->rule, RuleEnding::FirstKing);
    EXPECT_EQ(verdict->result, GameResult::BlackWin);
    EXPECT_EQ(game.ply(), 2);
    const auto crowned = parse_fen<Breakthrough>("W:WK1,40:B45");
    ASSERT_TRUE(crowned);
    EXPECT_FALSE(check_start_position(*crowned));
}

TEST(VariantGameState, DrawClaimOnTheRussianPlyBeforeTheCount) {
    // One ply before the 15-move rule, the side to move can claim it with any quiet move.
    const auto start = parse_fen<Russian>("W:WK29,K30,K31,32:BK1,K2,K3,4");
    ASSERT_TRUE(start);
    BasicGameState<Russian> game(*start);
    std::map<std::string, int> seen{{to_fen(*start), 1}};
    while (game.ply() < 29) {
        EXPECT_FALSE(claimable_draw(game)) << "ply " << game.ply();
        game.play(quiet_move(game, false, seen));
        ++seen[to_fen(game.position())];
    }
    const auto claim = claimable_draw(game);
    ASSERT_TRUE(claim);
    EXPECT_EQ(claim->verdict.rule, RuleEnding::KingsOnlyRule);
}

}  // namespace
}  // namespace draughts::rules
