#include "harness/game/game_record.hpp"

#include <cstdio>
#include <cstdlib>

#include "engine/search_types.hpp"
#include "rules/fen.hpp"

namespace draughts::harness {

namespace {

Json side_json(const SideStats& s) {
    return Json::object().set("moves", s.moves).set("time", s.time_used).set("nodes", s.nodes);
}

Json ply_json(const PlyRecord& p) {
    Json j = Json::object();
    j.set("move", p.notation).set("time", p.seconds);
    if (p.clock_left) j.set("clock", *p.clock_left);
    if (p.score) j.set("score", *p.score);
    if (p.depth) j.set("depth", *p.depth);
    if (p.nodes) j.set("nodes", *p.nodes);
    if (p.reported_seconds) j.set("reported_time", *p.reported_seconds);
    if (!p.pv.empty()) {
        Json pv = Json::array();
        for (const std::string& m : p.pv) pv.push(m);
        j.set("pv", pv);
    }
    return j;
}

}  // namespace

rules::Position GameRecord::final_position() const {
    rules::Position p = start;
    for (const PlyRecord& ply : plies) p = p.after(ply.move);
    return p;
}

std::string format_score(int score) {
    const int magnitude = std::abs(score);
    char buffer[32];
    if (magnitude >= engine::kWinThreshold) {
        std::snprintf(buffer, sizeof buffer, "%s%d", score > 0 ? "+W" : "-L",
                      engine::kWinScore - magnitude);
    } else {
        std::snprintf(buffer, sizeof buffer, "%+.2f",
                      static_cast<double>(score) / engine::kScorePerMan);
    }
    return buffer;
}

Json to_json(const GameRecord& record) {
    Json moves = Json::array();
    for (const PlyRecord& p : record.plies) moves.push(ply_json(p));
    Json j = Json::object();
    j.set("event", record.info.event)
        .set("round", record.info.round)
        .set("opening", record.info.opening)
        .set("white", record.white)
        .set("black", record.black)
        .set("start_fen", rules::to_fen(record.start))
        .set("time_control_white", to_string(record.time_controls[0]))
        .set("time_control_black", to_string(record.time_controls[1]))
        .set("result", to_pdn_result(record.end.result))
        .set("termination", termination_code(record.end.termination))
        .set("category", category_name(category_of(record.end.termination)))
        .set("termination_text", record.end.text)
        .set("plies", record.plies.size())
        .set("white_stats", side_json(record.stats[0]))
        .set("black_stats", side_json(record.stats[1]))
        .set("moves", moves);
    return j;
}

}  // namespace draughts::harness
