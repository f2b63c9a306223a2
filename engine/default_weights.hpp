#pragma once
// The hand-set evaluation weights of each variant: the built-in defaults of BasicEvalWeights<V>,
// kept equal to configs/engines/default.yaml (international) and <variant>-default.yaml for the
// others by a test. A new variant adds its specialisation here (and its file).

#include <array>

#include "engine/eval_weights.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

/// One term's hand-set weights (engine units, 1000 = one man).
struct DefaultWeight {
    EvalTerm term;
    int middle_game;
    int endgame;
};

/// Default weights of a term for each variant; every variant specialises kTerms.
template <typename V>
struct DefaultWeights;

template <>
struct DefaultWeights<rules::International> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, 1000, 1000},
        {EvalTerm::King, 3000, 3000},
        {EvalTerm::FirstKing, 200, 400},
        {EvalTerm::Tempo, 6, 30},
        {EvalTerm::BackRank, 40, 0},
        {EvalTerm::Centre, 40, 15},
        {EvalTerm::Flank, -10, 0},
        {EvalTerm::Balance, -25, -5},
        {EvalTerm::Supported, 15, 5},
        {EvalTerm::Outpost, 30, 20},
        {EvalTerm::Locked, -30, -40},
        {EvalTerm::Runaway, 400, 700},
        {EvalTerm::ManMobility, 8, 10},
        {EvalTerm::KingMobility, 15, 20},
        {EvalTerm::TrappedKing, -300, -500},
        {EvalTerm::KingMainDiagonal, 100, 250},
    }};
};

/// On 64 squares each man is a twelfth of the army rather than a twentieth, and a king crosses
/// the board in fewer moves: a king is worth a little less against men (2.5 men in the middle
/// game), the first king and the back rank a little more, a runaway man less (it has fewer rows
/// to run), and the long diagonal more (holding it decides many king endings).
template <>
struct DefaultWeights<rules::Brazilian> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, 1000, 1000},
        {EvalTerm::King, 2500, 3000},
        {EvalTerm::FirstKing, 250, 400},
        {EvalTerm::Tempo, 8, 30},
        {EvalTerm::BackRank, 50, 0},
        {EvalTerm::Centre, 50, 15},
        {EvalTerm::Flank, -10, 0},
        {EvalTerm::Balance, -20, -5},
        {EvalTerm::Supported, 15, 5},
        {EvalTerm::Outpost, 25, 20},
        {EvalTerm::Locked, -30, -40},
        {EvalTerm::Runaway, 300, 600},
        {EvalTerm::ManMobility, 10, 10},
        {EvalTerm::KingMobility, 20, 25},
        {EvalTerm::TrappedKing, -300, -500},
        {EvalTerm::KingMainDiagonal, 150, 300},
    }};
};

/// Russian kings are crowned in the middle of a capture and go on taking, so a man close to the
/// far row is more dangerous: tempo and runaway men count a little more than in Brazilian.
template <>
struct DefaultWeights<rules::Russian> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, 1000, 1000},
        {EvalTerm::King, 2500, 3000},
        {EvalTerm::FirstKing, 250, 400},
        {EvalTerm::Tempo, 10, 35},
        {EvalTerm::BackRank, 50, 0},
        {EvalTerm::Centre, 50, 15},
        {EvalTerm::Flank, -10, 0},
        {EvalTerm::Balance, -20, -5},
        {EvalTerm::Supported, 15, 5},
        {EvalTerm::Outpost, 25, 20},
        {EvalTerm::Locked, -30, -40},
        {EvalTerm::Runaway, 350, 650},
        {EvalTerm::ManMobility, 10, 10},
        {EvalTerm::KingMobility, 20, 25},
        {EvalTerm::TrappedKing, -300, -500},
        {EvalTerm::KingMainDiagonal, 150, 300},
    }};
};

/// Killer draughts: two kings beat one, so a king counts more in the endgame and the long
/// diagonal, which no longer holds a draw alone, less.
template <>
struct DefaultWeights<rules::Killer> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, 1000, 1000},
        {EvalTerm::King, 3000, 3500},
        {EvalTerm::FirstKing, 200, 400},
        {EvalTerm::Tempo, 6, 30},
        {EvalTerm::BackRank, 40, 0},
        {EvalTerm::Centre, 40, 15},
        {EvalTerm::Flank, -10, 0},
        {EvalTerm::Balance, -25, -5},
        {EvalTerm::Supported, 15, 5},
        {EvalTerm::Outpost, 30, 20},
        {EvalTerm::Locked, -30, -40},
        {EvalTerm::Runaway, 400, 700},
        {EvalTerm::ManMobility, 8, 10},
        {EvalTerm::KingMobility, 15, 20},
        {EvalTerm::TrappedKing, -300, -500},
        {EvalTerm::KingMainDiagonal, 50, 100},
    }};
};

/// Breakthrough: the first king wins, so kings never stand on the board and their terms are
/// zero; a man with a free path to the far row decides the game, advancing and guarding the
/// back row count much more.
template <>
struct DefaultWeights<rules::Breakthrough> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, 1000, 1000},
        {EvalTerm::King, 0, 0},
        {EvalTerm::FirstKing, 0, 0},
        {EvalTerm::Tempo, 15, 50},
        {EvalTerm::BackRank, 80, 40},
        {EvalTerm::Centre, 40, 15},
        {EvalTerm::Flank, -10, 0},
        {EvalTerm::Balance, -25, -5},
        {EvalTerm::Supported, 20, 10},
        {EvalTerm::Outpost, 40, 30},
        {EvalTerm::Locked, -30, -40},
        {EvalTerm::Runaway, 3000, 5000},
        {EvalTerm::ManMobility, 8, 10},
        {EvalTerm::KingMobility, 0, 0},
        {EvalTerm::TrappedKing, 0, 0},
        {EvalTerm::KingMainDiagonal, 0, 0},
    }};
};

/// Antidraughts: every piece kept, and every move kept, is a step away from winning, so
/// material and mobility count against their owner; a king, hard to give away, most.
template <>
struct DefaultWeights<rules::Antidraughts> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, -1000, -1000},
        {EvalTerm::King, -2000, -3000},
        {EvalTerm::FirstKing, -200, -400},
        {EvalTerm::Tempo, -4, -10},
        {EvalTerm::BackRank, 0, 0},
        {EvalTerm::Centre, 0, 0},
        {EvalTerm::Flank, 0, 0},
        {EvalTerm::Balance, 0, 0},
        {EvalTerm::Supported, -10, -5},
        {EvalTerm::Outpost, 0, 0},
        {EvalTerm::Locked, 30, 40},
        {EvalTerm::Runaway, -200, -400},
        {EvalTerm::ManMobility, -10, -15},
        {EvalTerm::KingMobility, -15, -20},
        {EvalTerm::TrappedKing, 300, 500},
        {EvalTerm::KingMainDiagonal, 0, 0},
    }};
};

/// English draughts: a king steps one square, so it is worth far less than a flying king (about
/// a man and a half), the long diagonal holds nothing, and with men unable to go back the back
/// row that stops the opponent's crowning counts more.
template <>
struct DefaultWeights<rules::English> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, 1000, 1000},
        {EvalTerm::King, 1400, 1600},
        {EvalTerm::FirstKing, 100, 200},
        {EvalTerm::Tempo, 8, 30},
        {EvalTerm::BackRank, 70, 0},
        {EvalTerm::Centre, 50, 15},
        {EvalTerm::Flank, -10, 0},
        {EvalTerm::Balance, -20, -5},
        {EvalTerm::Supported, 15, 5},
        {EvalTerm::Outpost, 25, 20},
        {EvalTerm::Locked, -30, -40},
        {EvalTerm::Runaway, 300, 500},
        {EvalTerm::ManMobility, 10, 10},
        {EvalTerm::KingMobility, 20, 25},
        {EvalTerm::TrappedKing, -200, -300},
        {EvalTerm::KingMainDiagonal, 0, 0},
    }};
};

/// Pool checkers moves and captures like Brazilian draughts but for the free choice of capture
/// and Black's first move: the Brazilian weights.
template <>
struct DefaultWeights<rules::Pool> : DefaultWeights<rules::Brazilian> {};

/// Frisian draughts: two kings beat one and a king also takes along rows and columns, so a king
/// counts more, above all in the endgame; a long diagonal holds nothing against orthogonal
/// captures; and a king that cannot move (three quiet moves in a row, or boxed in) costs more.
template <>
struct DefaultWeights<rules::Frisian> {
    static constexpr std::array<DefaultWeight, kNumEvalTerms> kTerms = {{
        {EvalTerm::Man, 1000, 1000},
        {EvalTerm::King, 3000, 4000},
        {EvalTerm::FirstKing, 300, 600},
        {EvalTerm::Tempo, 6, 30},
        {EvalTerm::BackRank, 40, 0},
        {EvalTerm::Centre, 40, 15},
        {EvalTerm::Flank, -10, 0},
        {EvalTerm::Balance, -25, -5},
        {EvalTerm::Supported, 15, 5},
        {EvalTerm::Outpost, 30, 20},
        {EvalTerm::Locked, -30, -40},
        {EvalTerm::Runaway, 400, 700},
        {EvalTerm::ManMobility, 8, 10},
        {EvalTerm::KingMobility, 15, 20},
        {EvalTerm::TrappedKing, -400, -600},
        {EvalTerm::KingMainDiagonal, 0, 0},
    }};
};

/// Frysk! is Frisian draughts from five men each: the Frisian weights.
template <>
struct DefaultWeights<rules::Frysk> : DefaultWeights<rules::Frisian> {};

}  // namespace draughts::engine
