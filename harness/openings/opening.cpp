#include "harness/openings/opening.hpp"

#include <utility>

#include "engine/move_notation.hpp"

namespace draughts::harness {

Opening opening_at(const engine::Position& position, std::string source) {
    return Opening{position, position, {}, std::move(source)};
}

Opening opening_after(const engine::Position& root, std::vector<engine::Move> moves,
                      std::string source) {
    engine::Position position = root;
    for (const engine::Move& move : moves) position = position.after(move);
    return Opening{position, root, std::move(moves), std::move(source)};
}

std::vector<std::string> opening_move_texts(const Opening& opening) {
    std::vector<std::string> texts;
    texts.reserve(opening.moves.size());
    engine::Position position = opening.root;
    for (const engine::Move& move : opening.moves) {
        texts.push_back(engine::to_pdn_notation(position, move));
        position = position.after(move);
    }
    return texts;
}

std::string opening_moves_text(const Opening& opening) {
    std::string text;
    for (const std::string& move : opening_move_texts(opening)) {
        if (!text.empty()) text += ' ';
        text += move;
    }
    return text;
}

}  // namespace draughts::harness
