#include "python/pdn_game.hpp"

#include "python/errors.hpp"
#include "python/typed_board.hpp"
#include "rules/fen.hpp"
#include "rules/pdn_writer.hpp"

namespace draughts::python {

namespace {

template <typename V>
PdnGame from_typed(const rules::BasicPdnGame<V>& game) {
    PdnGame out;
    out.variant = rules::variant_of<V>();
    out.source = game.source;
    out.first_line = game.first_line;
    for (const rules::PdnTag& tag : game.tags) out.tags.emplace_back(tag.name, tag.value);
    out.start_fen = rules::to_fen(game.start);
    for (const auto& move : game.moves) out.moves.push_back(AnyMove::of(move));
    out.comments = game.comments;
    out.result = game.result;
    return out;
}

template <typename V>
PdnFile from_typed(const rules::BasicPdnReadResult<V>& read) {
    PdnFile out;
    for (const auto& game : read.games) out.games.push_back(from_typed(game));
    for (const Error& e : read.errors) out.errors.push_back(e.message);
    for (const Error& w : read.warnings) out.warnings.push_back(w.message);
    return out;
}

template <typename V>
rules::BasicPdnGame<V> to_typed(const PdnGame& game) {
    rules::BasicPdnGame<V> out;
    out.source = game.source;
    out.first_line = game.first_line;
    for (const auto& [name, value] : game.tags) out.tags.push_back({name, value});
    out.start = value_or_throw(rules::parse_fen_for_variant<V>(game.start_fen));
    rules::BasicPosition<V> position = out.start;
    for (const AnyMove& move : game.moves) {
        // Every move must be legal where it is played: a game made in Python is checked as one
        // read from a file is.
        auto board = BasicBoard<V>(rules::BasicGameState<V>(position));
        board.push(move);
        out.moves.push_back(move.as<V>());
        position = position.after(move.as<V>());
    }
    out.comments = game.comments;
    out.comments.resize(out.moves.size());
    out.result = rules::normalise_result(game.result);
    if (out.result.empty())
        throw InputError("result \"" + game.result + "\" is not a PDN result (2-0, 0-2, 1-1, *)");
    return out;
}

}  // namespace

PdnGame PdnGame::from_board(const Board& board) {
    PdnGame out;
    out.variant = board.variant();
    out.start_fen = board.start_fen();
    out.moves = board.move_stack();
    out.comments.resize(out.moves.size());
    if (const auto outcome = board.outcome()) out.result = outcome->result;
    return out;
}

std::unique_ptr<Board> PdnGame::start_board() const {
    if (start_fen.empty()) return Board::create(variant, std::nullopt);
    return Board::create(variant, start_fen);
}

std::unique_ptr<Board> PdnGame::final_board() const {
    auto board = start_board();
    for (const AnyMove& move : moves) board->push(move);
    return board;
}

std::string PdnGame::to_pdn() const {
    return rules::dispatch_variant(
        variant, [&](auto policy) { return rules::write_pdn(to_typed<decltype(policy)>(*this)); });
}

PdnFile parse_pdn(std::string_view text, std::string_view source, rules::Variant variant) {
    return rules::dispatch_variant(variant, [&](auto policy) {
        return from_typed(rules::read_pdn<decltype(policy)>(text, source));
    });
}

PdnFile read_pdn(const std::filesystem::path& path, rules::Variant variant) {
    return rules::dispatch_variant(variant, [&](auto policy) {
        auto read = rules::read_pdn_file<decltype(policy)>(path);
        if (!read) throw FileError(read.error().message);
        return from_typed(*read);
    });
}

}  // namespace draughts::python
