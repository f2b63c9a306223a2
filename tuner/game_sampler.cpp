#include "tuner/game_sampler.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "common/portable_random.hpp"
#include "engine/search_types.hpp"
#include "records/game_line.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::tuner {

namespace {

bool decided(int score, int max_score) {
    return max_score > 0 &&
           (engine::is_win_score(score) || score > max_score || score < -max_score);
}

}  // namespace

template <typename V>
std::vector<BasicSample<V>> sample_game(const BasicSampledGame<V>& game,
                                        const SamplingOptions& options, std::uint64_t key) {
    std::vector<BasicSample<V>> eligible;
    if (!game.result) return eligible;
    rules::BasicPosition<V> p = game.start;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const int ply = game.first_ply + static_cast<int>(i);
        const int* score = i < game.scores.size() && game.scores[i] ? &*game.scores[i] : nullptr;
        const bool keep = ply >= options.skip_plies &&
                          !(options.skip_captures && rules::has_capture(p)) &&
                          !(score != nullptr && decided(*score, options.max_score));
        if (keep) {
            BasicSample<V> s{p, *game.result, ply, std::nullopt};
            if (score != nullptr)
                s.score = p.side_to_move() == rules::Color::White ? *score : -*score;
            eligible.push_back(s);
        }
        p = p.after(game.moves[i]);
    }
    const auto limit = static_cast<std::size_t>(options.max_per_game);
    if (options.max_per_game <= 0 || eligible.size() <= limit) return eligible;
    // A seeded partial Fisher-Yates picks the positions; they are kept in game order.
    std::vector<std::size_t> index(eligible.size());
    for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
    PortableRandom random(options.seed ^ (key * 0x9e3779b97f4a7c15ULL));
    for (std::size_t i = 0; i < limit; ++i)
        std::swap(index[i], index[i + random.below(index.size() - i)]);
    index.resize(limit);
    std::sort(index.begin(), index.end());
    std::vector<BasicSample<V>> chosen;
    for (const std::size_t i : index) chosen.push_back(eligible[i]);
    return chosen;
}

template <typename V>
Expected<BasicSampledGame<V>> game_from_json_line(const Json& json, const std::string& where) {
    const auto line = harness::parse_game_line(json, where);
    if (!line) return line.error();
    BasicSampledGame<V> game;
    const auto start = rules::parse_fen<V>(line->start_fen);
    if (!start) return make_error(where + ": " + start.error().message);
    game.start = *start;
    if (const auto outcome = parse_outcome(rules::to_pdn_result(line->result)))
        game.result = *outcome;
    rules::BasicPosition<V> p = game.start;
    for (const harness::MoveLine& m : line->moves) {
        const auto move = rules::parse_move(p, m.move);
        if (!move)
            return make_error(where + ": ply " + std::to_string(game.moves.size() + 1) + ": " +
                              move.error().message);
        game.scores.push_back(m.score);  // nullopt: none, or no engine's score
        game.moves.push_back(*move);
        p = p.after(*move);
    }
    return game;
}

// Sampling needs only the rules, so every variant of the rules core has it.
#define DRAUGHTS_TUNER_GAME_SAMPLER(Policy)                                                \
    template std::vector<BasicSample<rules::Policy>> sample_game(                          \
        const BasicSampledGame<rules::Policy>&, const SamplingOptions&, std::uint64_t);    \
    template Expected<BasicSampledGame<rules::Policy>> game_from_json_line<rules::Policy>( \
        const Json&, const std::string&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_TUNER_GAME_SAMPLER)
#undef DRAUGHTS_TUNER_GAME_SAMPLER

}  // namespace draughts::tuner
