#include "harness/openings/opening.hpp"

#include <utility>

#include "rules/move_notation.hpp"

namespace draughts::harness {

Opening opening_at(const rules::Position& position, std::string source) {
    return Opening{position, position, {}, std::move(source)};
}

Opening opening_after(const rules::Position& root, std::vector<rules::Move> moves,
                      std::string source) {
    rules::Position position = root;
    for (const rules::Move& move : moves) position = position.after(move);
    return Opening{position, root, std::move(moves), std::move(source)};
}

std::vector<std::string> opening_move_texts(const Opening& opening) {
    std::vector<std::string> texts;
    texts.reserve(opening.moves.size());
    rules::Position position = opening.root;
    for (const rules::Move& move : opening.moves) {
        texts.push_back(rules::to_pdn_notation(position, move));
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
