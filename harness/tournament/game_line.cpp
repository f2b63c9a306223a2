#include "harness/tournament/game_line.hpp"

#include "common/json.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
Json game_line(const BasicGameRecord<V>& record, const Pairing& pairing, int game,
               std::optional<std::size_t> book_index) {
    GameLine line = to_game_line(record);
    line.place = GamePlace{pairing.index, game, pairing.game_index(game),
                           static_cast<std::uint64_t>(pairing.round + 1), book_index};
    return to_json(line);
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_GAME_LINE(V)                                      \
    template Json game_line<rules::V>(const BasicGameRecord<rules::V>& record, \
                                      const Pairing& pairing, int game,        \
                                      std::optional<std::size_t> book_index);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_GAME_LINE)
#undef DRAUGHTS_INSTANTIATE_GAME_LINE

}  // namespace draughts::harness
