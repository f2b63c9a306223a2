#pragma once
// The bridge from the rules core to the independent reference rules of reference_rules.hpp: the
// reference settings of a variant's policy and a position as a reference board, for the
// cross-checks of tests/rules (movegen position by position, perft counted by both).

#include <cstddef>

#include "rules/color.hpp"
#include "rules/position.hpp"
#include "rules/rule_switches.hpp"
#include "tests/support/reference_rules.hpp"

namespace draughts::testing {

/// The reference rules of variant V, read from its policy's switches.
template <typename V>
RefRules reference_rules_of() {
    RefRules rules;
    rules.size = V::Board::kSize;
    rules.majority = V::kMajorityRule;
    rules.crown_in_capture = V::kPromoteInCapture;
    rules.men_capture_backward = V::kMenCaptureBackward;
    rules.flying_kings = V::kFlyingKings;
    rules.orthogonal = V::kOrthogonalCaptures;
    rules.value = V::kCaptureValue;
    rules.killer = V::kKingStopsBehindKing;
    rules.king_run_limit = V::kKingMoveLimit;
    rules.first_king_ends = V::kGoal == rules::GameGoal::FirstKing;
    return rules;
}

/// Position as a reference board, with the runs of king moves where the variant counts them.
template <typename V>
RefBoard to_reference(const rules::BasicPosition<V>& position) {
    using B = typename V::Board;
    RefBoard board;
    board.rules = reference_rules_of<V>();
    board.white_to_move = position.side_to_move() == rules::Color::White;
    for (const rules::Color c : {rules::Color::White, rules::Color::Black}) {
        const auto i = static_cast<std::size_t>(rules::index_of(c));
        const int king = position.king_in_run(c);
        board.run_king[i] = king < 0 ? 0 : B::square_of_bit_index(king);
        board.run_length[i] = position.king_run_length(c);
    }
    for (rules::Square s = 1; s <= V::Board::kNumSquares; ++s) {
        RefPiece& p = board.squares[static_cast<std::size_t>(s)];
        switch (position.piece_at(s)) {
            case rules::Piece::None:
                p = RefPiece::Empty;
                break;
            case rules::Piece::WhiteMan:
                p = RefPiece::WhiteMan;
                break;
            case rules::Piece::WhiteKing:
                p = RefPiece::WhiteKing;
                break;
            case rules::Piece::BlackMan:
                p = RefPiece::BlackMan;
                break;
            case rules::Piece::BlackKing:
                p = RefPiece::BlackKing;
                break;
        }
    }
    return board;
}

}  // namespace draughts::testing
