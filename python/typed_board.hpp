#pragma once
// The Board of one variant V: a rules::BasicGameState<V> (python/board.hpp). The module's other
// parts (engine, PDN) reach the typed game through typed_game().

#include "python/board.hpp"
#include "rules/game_state.hpp"

namespace draughts::python {

/// The Board of variant V; defined in board.cpp for the variants of rules/variant_list.hpp.
template <typename V>
class BasicBoard final : public Board {
  public:
    explicit BasicBoard(rules::BasicGameState<V> game) : game_(std::move(game)) {}

    const rules::BasicGameState<V>& game() const { return game_; }

    rules::Variant variant() const override { return rules::variant_of<V>(); }
    std::unique_ptr<Board> copy() const override { return std::make_unique<BasicBoard>(*this); }
    int square_count() const override { return V::Board::kNumSquares; }
    std::string fen() const override;
    std::string start_fen() const override;
    rules::Color turn() const override { return game_.position().side_to_move(); }
    rules::Piece piece_at(int square) const override;
    std::vector<int> squares_of(rules::Piece piece) const override;
    std::uint64_t position_hash() const override { return game_.position().hash(); }
    std::string diagram() const override;
    bool same_position(const Board& other) const override;
    std::vector<AnyMove> legal_moves() const override;
    std::size_t legal_move_count() const override;
    bool is_legal(const AnyMove& move) const override;
    AnyMove parse_move(std::string_view text) const override;
    void push(const AnyMove& move) override;
    AnyMove pop() override;
    std::vector<AnyMove> move_stack() const override;
    int ply() const override { return game_.ply(); }
    std::string notation(const AnyMove& move, Notation form) const override;
    std::optional<Outcome> outcome() const override;
    DrawState draw_state() const override;
    std::uint64_t perft(int depth, bool keep_duplicates, int threads) const override;
    std::vector<std::pair<AnyMove, std::uint64_t>> perft_divide(
        int depth, bool keep_duplicates) const override;

  private:
    rules::BasicGameState<V> game_;
};

/// The typed game of `board` when it is of variant V, else nullptr.
template <typename V>
const rules::BasicGameState<V>* typed_game(const Board& board) {
    const auto* typed = dynamic_cast<const BasicBoard<V>*>(&board);
    return typed != nullptr ? &typed->game() : nullptr;
}

}  // namespace draughts::python
