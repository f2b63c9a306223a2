#include "records/game_record.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <type_traits>

#include "common/json.hpp"
#include "engine/search_types.hpp"
#include "rules/fen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

Json side_json(const SideStats& s) {
    return {{"moves", s.moves}, {"time", s.time_used}, {"nodes", s.nodes}};
}

template <typename V>
Json ply_json(const BasicPlyRecord<V>& p) {
    Json j = {{"move", p.notation}, {"time", p.seconds}};
    if (p.clock_left) j["clock"] = *p.clock_left;
    if (p.score) put_score(j, *p.score);
    if (p.depth) j["depth"] = *p.depth;
    if (p.nodes) j["nodes"] = *p.nodes;
    if (p.reported_seconds) j["reported_time"] = *p.reported_seconds;
    if (!p.pv.empty()) j["pv"] = p.pv;
    return j;
}

}  // namespace

std::string format_score(int score) {
    const int magnitude = std::abs(score);
    if (magnitude >= engine::kWinThreshold)
        return fmt::format("{}{}", score > 0 ? "+W" : "-L", engine::kWinScore - magnitude);
    return fmt::format("{:+.2f}", static_cast<double>(score) / engine::kScorePerMan);
}

void put_score(Json& move, int score) {
    if (engine::is_win_score(score))
        move["win_in"] = engine::plies_to_win(score);
    else
        move["score"] = static_cast<double>(score) / engine::kScorePerMan;
}

std::optional<int> read_score(const Json& move) {
    constexpr double kMaxMen = static_cast<double>(engine::kWinThreshold) / engine::kScorePerMan;
    if (const auto plies = int_field(move, "win_in")) {
        if (*plies == 0 || std::abs(*plies) >= engine::kWinScore - engine::kWinThreshold)
            return std::nullopt;
        const int magnitude = engine::kWinScore - static_cast<int>(std::abs(*plies));
        return *plies > 0 ? magnitude : -magnitude;
    }
    const Json* score = json_field(move, "score");
    if (score == nullptr) return std::nullopt;
    if (score->is_number_integer()) {  // engine units (older files)
        const auto units = int_field(move, "score");
        if (!units || std::abs(*units) > engine::kWinScore) return std::nullopt;
        return static_cast<int>(*units);
    }
    if (!score->is_number_float()) return std::nullopt;
    const double men = score->get<double>();
    if (!std::isfinite(men) || std::abs(men) > kMaxMen) return std::nullopt;
    return static_cast<int>(std::lround(men * engine::kScorePerMan));
}

template <typename V>
Json to_json(const BasicGameRecord<V>& record) {
    Json moves = Json::array();
    for (const BasicPlyRecord<V>& p : record.plies) moves.push_back(ply_json(p));
    Json line = {{"event", record.info.event},
                 {"round", record.info.round},
                 {"opening", record.info.opening},
                 {"white", record.white},
                 {"black", record.black},
                 {"start_fen", rules::to_fen(record.start)},
                 {"time_control_white", to_string(record.time_controls[0])},
                 {"time_control_black", to_string(record.time_controls[1])},
                 {"result", to_pdn_result(record.end.result)},
                 {"termination", termination_code(record.end.termination)},
                 {"category", category_name(category_of(record.end.termination))},
                 {"termination_text", record.end.text},
                 {"plies", record.plies.size()},
                 {"white_stats", side_json(record.stats[0])},
                 {"black_stats", side_json(record.stats[1])},
                 {"moves", std::move(moves)}};
    if (!record.egdb_value.empty()) line["egdb_value"] = record.egdb_value;
    if constexpr (!std::is_same_v<V, rules::International>) line["variant"] = V::kName;
    return line;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_RECORD_JSON(V) template Json to_json(const BasicGameRecord<rules::V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_RECORD_JSON)
#undef DRAUGHTS_INSTANTIATE_RECORD_JSON

}  // namespace draughts::harness
