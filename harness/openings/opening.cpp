#include "harness/openings/opening.hpp"

#include <utility>

#include "rules/move_notation.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
BasicOpening<V> opening_at(const rules::BasicPosition<V>& position, std::string source) {
    return BasicOpening<V>{position, position, {}, std::move(source)};
}

template <typename V>
BasicOpening<V> opening_after(const rules::BasicPosition<V>& root,
                              std::vector<rules::BasicMove<V>> moves, std::string source) {
    rules::BasicPosition<V> position = root;
    for (const rules::BasicMove<V>& move : moves) position = position.after(move);
    return BasicOpening<V>{position, root, std::move(moves), std::move(source)};
}

template <typename V>
std::vector<std::string> opening_move_texts(const BasicOpening<V>& opening) {
    std::vector<std::string> texts;
    texts.reserve(opening.moves.size());
    rules::BasicPosition<V> position = opening.root;
    for (const rules::BasicMove<V>& move : opening.moves) {
        texts.push_back(rules::to_pdn_notation(position, move));
        position = position.after(move);
    }
    return texts;
}

template <typename V>
std::string opening_moves_text(const BasicOpening<V>& opening) {
    std::string text;
    for (const std::string& move : opening_move_texts(opening)) {
        if (!text.empty()) text += ' ';
        text += move;
    }
    return text;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_OPENING(V)                                                    \
    template BasicOpening<rules::V> opening_at(const rules::BasicPosition<rules::V>&,      \
                                               std::string);                               \
    template BasicOpening<rules::V> opening_after(const rules::BasicPosition<rules::V>&,   \
                                                  std::vector<rules::BasicMove<rules::V>>, \
                                                  std::string);                            \
    template std::vector<std::string> opening_move_texts(const BasicOpening<rules::V>&);   \
    template std::string opening_moves_text(const BasicOpening<rules::V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_OPENING)
#undef DRAUGHTS_INSTANTIATE_OPENING

}  // namespace draughts::harness
