#include "records/game_record.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "common/json.hpp"
#include "engine/search_types.hpp"
#include "rules/fen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

SideLine side_line(const SideStats& s) { return {s.moves, s.time_used, s.nodes}; }

template <typename V>
MoveLine move_line(const BasicPlyRecord<V>& p) {
    return {p.notation, p.seconds, p.clock_left,       p.score,
            p.depth,    p.nodes,   p.reported_seconds, p.pv};
}

}  // namespace

std::string format_score(int score) {
    const int magnitude = std::abs(score);
    if (magnitude >= engine::kWinThreshold)
        return fmt::format("{}{}", score > 0 ? "+W" : "-L", engine::kWinScore - magnitude);
    return fmt::format("{:+.2f}", static_cast<double>(score) / engine::kScorePerMan);
}

template <typename V>
GameLine to_game_line(const BasicGameRecord<V>& record) {
    GameLine line;
    line.event = record.info.event;
    line.round = record.info.round;
    line.opening = record.info.opening;
    line.white = record.white;
    line.black = record.black;
    line.start_fen = rules::to_fen(record.start);
    line.time_controls = {to_string(record.time_controls[0]), to_string(record.time_controls[1])};
    line.result = record.end.result;
    line.termination = record.end.termination;
    line.termination_text = record.end.text;
    line.sides = {side_line(record.stats[0]), side_line(record.stats[1])};
    line.moves.reserve(record.plies.size());
    for (const BasicPlyRecord<V>& p : record.plies) line.moves.push_back(move_line(p));
    line.egdb_value = record.egdb_value;
    line.egdb_probe_errors = record.egdb_probe_errors;
    line.egdb_probe_error = record.egdb_probe_error;
    line.variant = std::string(V::kName);
    return line;
}

template <typename V>
Json to_json(const BasicGameRecord<V>& record) {
    return to_json(to_game_line(record));
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_RECORD_JSON(V)                           \
    template GameLine to_game_line(const BasicGameRecord<rules::V>&); \
    template Json to_json(const BasicGameRecord<rules::V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_RECORD_JSON)
#undef DRAUGHTS_INSTANTIATE_RECORD_JSON

}  // namespace draughts::harness
