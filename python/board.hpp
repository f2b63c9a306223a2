#pragma once
// The board of the Python module: a game of any variant (rules::BasicGameState, the one place that
// decides when the rules end a game) behind one interface, so that Python sees a single Board
// class whatever the variant. Everything is the rules core's own code; this layer only chooses
// the variant at run time and converts moves (python/any_move.hpp).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "python/any_move.hpp"
#include "rules/color.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

namespace draughts::python {

/// How the rules ended a game: the stable termination code of game records ("no_pieces",
/// "threefold_repetition", "25_move_rule", ...), the result ("2-0", "0-2", "1-1") and the rules'
/// text, which names the article.
struct Outcome {
    std::string termination;
    std::string result;
    std::optional<rules::Color> winner;
    std::string text;
};

/// The counters of the draw rules at the current position.
struct DrawState {
    int reversible_plies = 0;  ///< plies since the last man move or capture
    int kings_only_limit = 0;  ///< plies of the kings-only rule (50: the 25-move rule [FMJD 6.2])
    std::optional<std::string> ending;  ///< the counted ending the position is in ("16-move rule")
    int ending_plies = 0;               ///< plies counted in it
    int ending_limit = 0;               ///< plies that draw it
    int repetitions = 1;  ///< occurrences of the position since the last irreversible ply
};

/// The forms of move notation.
enum class Notation : unsigned char {
    Pdn,    ///< short, long where the short form is ambiguous (game records)
    Short,  ///< origin and destination: 32-28, 28x19
    Long,   ///< every landing square of a capture: 26x37x48x30
    Hub,    ///< every captured square: 28x19x23
};

/// A game of one variant; see the top of the file. Implemented by BasicBoard<V>
/// (python/typed_board.hpp).
class Board {
  public:
    virtual ~Board() = default;

    /// A game of `variant` from `fen` (none: the variant's initial position). Throws InputError
    /// with the message of `draughts perft` for the same FEN (an empty one included).
    static std::unique_ptr<Board> create(rules::Variant variant,
                                         std::optional<std::string_view> fen);

    virtual rules::Variant variant() const = 0;
    virtual std::unique_ptr<Board> copy() const = 0;
    /// Squares on the board: 50, or 32 on 64 squares.
    virtual int square_count() const = 0;

    virtual std::string fen() const = 0;
    virtual std::string start_fen() const = 0;
    virtual rules::Color turn() const = 0;
    virtual rules::Piece piece_at(int square) const = 0;
    /// The squares holding `piece`, in increasing order.
    virtual std::vector<int> squares_of(rules::Piece piece) const = 0;
    virtual std::uint64_t position_hash() const = 0;
    /// The board as text, one row a line, White at the bottom: `w`/`b` men, `W`/`B` kings, `.`
    /// empty dark squares, spaces for light ones.
    virtual std::string diagram() const = 0;
    /// Same variant, pieces and side to move (the moves that led there do not matter).
    virtual bool same_position(const Board& other) const = 0;

    virtual std::vector<AnyMove> legal_moves() const = 0;
    virtual std::size_t legal_move_count() const = 0;
    virtual bool is_legal(const AnyMove& move) const = 0;
    /// The legal move `text` names, in any notation; throws IllegalMoveError with the rules'
    /// message otherwise.
    virtual AnyMove parse_move(std::string_view text) const = 0;
    /// Plays a legal move; throws IllegalMoveError for any other.
    virtual void push(const AnyMove& move) = 0;
    /// Takes back the last move; throws std::out_of_range when there is none.
    virtual AnyMove pop() = 0;
    virtual std::vector<AnyMove> move_stack() const = 0;
    virtual int ply() const = 0;
    virtual std::string notation(const AnyMove& move, Notation form) const = 0;

    /// How the rules end the game here; nullopt while it goes on.
    virtual std::optional<Outcome> outcome() const = 0;
    virtual DrawState draw_state() const = 0;

    virtual std::uint64_t perft(int depth, bool keep_duplicates, int threads) const = 0;
    virtual std::vector<std::pair<AnyMove, std::uint64_t>> perft_divide(
        int depth, bool keep_duplicates) const = 0;

    /// Throws IllegalMoveError unless `move` is a move of this board's variant.
    void check_variant(const AnyMove& move) const;
};

/// The variant a name gives, or InputError with the message of the command line.
rules::Variant variant_or_throw(std::string_view name);

}  // namespace draughts::python
