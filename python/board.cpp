#include <stdexcept>
#include <type_traits>

#include "python/errors.hpp"
#include "python/typed_board.hpp"
#include "records/termination.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/parallel_perft.hpp"
#include "rules/perft.hpp"

namespace draughts::python {

namespace {

template <typename V>
rules::Duplicates duplicates(bool keep) {
    if (V::kOrthogonalCaptures && keep)
        throw std::invalid_argument(rules::routes_not_counted(V::kName));
    return keep ? rules::Duplicates::Keep : rules::Duplicates::Drop;
}

/// The counted endings of the counters of international draughts (rules/draw_rules.hpp).
void put_ending(DrawState& out, const rules::DrawCounters& counters) {
    switch (counters.rule) {
        case rules::EndgameRule::SixteenMoves:
            out.ending = "16-move rule";
            out.ending_limit = rules::kSixteenMoveDrawPlies;
            break;
        case rules::EndgameRule::FiveMoves:
            out.ending = "5-move rule";
            out.ending_limit = rules::kFiveMoveDrawPlies;
            break;
        case rules::EndgameRule::None:
            return;
    }
    out.ending_plies = counters.endgame_plies;
}

/// The same for the counters of the 64-square variants (rules/variant_draw_rules.hpp).
template <typename V>
void put_ending(DrawState& out, const rules::VariantDrawCounters<V>& counters) {
    if (counters.ending == nullptr) return;
    out.ending = std::string(counters.ending->name);
    out.ending_limit = counters.ending->limit_plies;
    out.ending_plies = counters.ending_plies;
}

/// Throws the rules' error for a move that is not legal in `position`: the words parse_move
/// uses for the same move written in Hub notation.
template <typename V>
[[noreturn]] void throw_illegal(const rules::BasicPosition<V>& position, const AnyMove& move) {
    const std::string text = move.hub_notation();
    const auto parsed = rules::parse_move(position, text);
    throw IllegalMoveError(parsed ? "move \"" + text + "\" in position " + rules::to_fen(position) +
                                        ": not a legal move"
                                  : parsed.error().message);
}

}  // namespace

void Board::check_variant(const AnyMove& move) const {
    if (move.variant() != variant())
        throw IllegalMoveError("move " + move.hub_notation() + " is a move of " +
                               std::string(rules::variant_name(move.variant())) +
                               " draughts, not " + std::string(rules::variant_name(variant())));
}

std::unique_ptr<Board> Board::create(rules::Variant variant, std::optional<std::string_view> fen) {
    return rules::dispatch_variant(variant, [&](auto policy) -> std::unique_ptr<Board> {
        using V = decltype(policy);
        const rules::BasicPosition<V> start =
            fen ? value_or_throw(rules::parse_fen_for_variant<V>(*fen))
                : rules::BasicPosition<V>::initial();
        return std::make_unique<BasicBoard<V>>(rules::BasicGameState<V>(start));
    });
}

rules::Variant variant_or_throw(std::string_view name) {
    return value_or_throw(rules::variant_from_name(name));
}

template <typename V>
std::string BasicBoard<V>::fen() const {
    return rules::to_fen(game_.position());
}

template <typename V>
std::string BasicBoard<V>::start_fen() const {
    return rules::to_fen(game_.start());
}

template <typename V>
rules::Piece BasicBoard<V>::piece_at(int square) const {
    if (!V::Board::is_valid_square(square))
        throw InputError("square " + std::to_string(square) + " is not between 1 and " +
                         std::to_string(V::Board::kNumSquares));
    return game_.position().piece_at(square);
}

template <typename V>
std::vector<int> BasicBoard<V>::squares_of(rules::Piece piece) const {
    std::vector<int> out;
    for (int square = 1; square <= V::Board::kNumSquares; ++square)
        if (game_.position().piece_at(square) == piece) out.push_back(square);
    return out;
}

template <typename V>
std::string BasicBoard<V>::diagram() const {
    using B = typename V::Board;
    std::string out;
    for (int row = 0; row < B::kSize; ++row) {
        for (int column = 0; column < B::kSize; ++column) {
            const rules::Square square = B::square_at(row, column);
            char c = ' ';
            if (square != 0) {
                switch (game_.position().piece_at(square)) {
                    case rules::Piece::WhiteMan:
                        c = 'w';
                        break;
                    case rules::Piece::BlackMan:
                        c = 'b';
                        break;
                    case rules::Piece::WhiteKing:
                        c = 'W';
                        break;
                    case rules::Piece::BlackKing:
                        c = 'B';
                        break;
                    case rules::Piece::None:
                        c = '.';
                        break;
                }
            }
            if (column > 0) out += ' ';
            out += c;
        }
        while (!out.empty() && out.back() == ' ') out.pop_back();
        out += '\n';
    }
    return out;
}

template <typename V>
bool BasicBoard<V>::same_position(const Board& other) const {
    const auto* game = typed_game<V>(other);
    return game != nullptr && game->position() == game_.position();
}

template <typename V>
std::vector<AnyMove> BasicBoard<V>::legal_moves() const {
    rules::BasicMoveList<V> moves;
    rules::generate_moves(game_.position(), moves);
    std::vector<AnyMove> out;
    out.reserve(moves.size());
    for (const auto& move : moves) out.push_back(AnyMove::of(move));
    return out;
}

template <typename V>
std::size_t BasicBoard<V>::legal_move_count() const {
    return static_cast<std::size_t>(rules::count_moves(game_.position()));
}

template <typename V>
bool BasicBoard<V>::is_legal(const AnyMove& move) const {
    if (move.variant() != variant()) return false;
    rules::BasicMoveList<V> moves;
    rules::generate_moves(game_.position(), moves);
    return moves.contains(move.as<V>());
}

template <typename V>
AnyMove BasicBoard<V>::parse_move(std::string_view text) const {
    const auto move = rules::parse_move(game_.position(), text);
    if (!move) throw IllegalMoveError(move.error().message);
    return AnyMove::of(*move);
}

template <typename V>
void BasicBoard<V>::push(const AnyMove& move) {
    check_variant(move);
    if (!is_legal(move)) throw_illegal(game_.position(), move);
    game_.play(move.as<V>());
}

template <typename V>
AnyMove BasicBoard<V>::pop() {
    if (game_.moves().empty()) throw std::out_of_range("pop from a board without moves");
    const AnyMove last = AnyMove::of(game_.moves().back());
    game_.undo();
    return last;
}

template <typename V>
std::vector<AnyMove> BasicBoard<V>::move_stack() const {
    std::vector<AnyMove> out;
    out.reserve(game_.moves().size());
    for (const auto& move : game_.moves()) out.push_back(AnyMove::of(move));
    return out;
}

template <typename V>
std::string BasicBoard<V>::notation(const AnyMove& move, Notation form) const {
    check_variant(move);
    const rules::BasicMove<V> typed = move.as<V>();
    switch (form) {
        case Notation::Short:
            return rules::to_short_notation(typed);
        case Notation::Hub:
            return rules::to_hub_notation(typed);
        case Notation::Long:
        case Notation::Pdn:
            break;
    }
    if (!is_legal(move)) throw_illegal(game_.position(), move);
    return form == Notation::Long ? rules::to_long_notation(game_.position(), typed)
                                  : rules::to_pdn_notation(game_.position(), typed);
}

template <typename V>
std::optional<Outcome> BasicBoard<V>::outcome() const {
    const auto verdict = game_.verdict();
    if (!verdict) return std::nullopt;
    Outcome out;
    out.termination =
        std::string(harness::termination_code(harness::termination_of(verdict->rule)));
    out.result = std::string(rules::to_pdn_result(verdict->result));
    if (verdict->result == rules::GameResult::WhiteWin) out.winner = rules::Color::White;
    if (verdict->result == rules::GameResult::BlackWin) out.winner = rules::Color::Black;
    out.text = verdict->text;
    return out;
}

template <typename V>
DrawState BasicBoard<V>::draw_state() const {
    DrawState out;
    out.reversible_plies = game_.counters().reversible_plies;
    out.kings_only_limit = V::kKingsOnlyRule.limit_plies;
    put_ending(out, game_.counters());
    out.repetitions = game_.occurrences(game_.position());
    return out;
}

template <typename V>
std::uint64_t BasicBoard<V>::perft(int depth, bool keep_duplicates, int threads) const {
    return rules::parallel_perft(game_.position(), depth, threads, duplicates<V>(keep_duplicates));
}

template <typename V>
std::vector<std::pair<AnyMove, std::uint64_t>> BasicBoard<V>::perft_divide(
    int depth, bool keep_duplicates) const {
    std::vector<std::pair<AnyMove, std::uint64_t>> out;
    for (const auto& entry :
         rules::perft_divide(game_.position(), depth, duplicates<V>(keep_duplicates)))
        out.emplace_back(AnyMove::of(entry.move), entry.nodes);
    return out;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_PYTHON_BOARD(Policy) template class BasicBoard<rules::Policy>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_PYTHON_BOARD)
#undef DRAUGHTS_PYTHON_BOARD

}  // namespace draughts::python
