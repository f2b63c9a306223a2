#include "harness/stats/stats_json.hpp"

namespace draughts::harness {

namespace {

std::string_view kind_name(SampleKind kind) {
    return kind == SampleKind::Pentanomial ? "pentanomial" : "trinomial";
}

}  // namespace

Json to_json(const Trinomial& counts) {
    return Json::object()
        .set("wins", counts.wins)
        .set("draws", counts.draws)
        .set("losses", counts.losses)
        .set("games", counts.games());
}

Json to_json(const Pentanomial& counts) {
    Json out = Json::object();
    out.set("ll", counts.ll).set("ld", counts.ld);
    if (counts.even_unsplit == 0) {
        out.set("wl", counts.wl).set("dd", counts.dd);
    } else {
        out.set("wl", nullptr).set("dd", nullptr);
    }
    out.set("wl_dd", counts.bins()[2]).set("wd", counts.wd).set("ww", counts.ww);
    return out.set("pairs", counts.pairs());
}

Json to_json(const Estimate& e) {
    return Json::object()
        .set("sample", kind_name(e.kind))
        .set("samples", e.samples)
        .set("score", e.score)
        .set("elo", e.elo)
        .set("elo_error", e.elo_error)
        .set("nelo", e.nelo)
        .set("nelo_error", e.nelo_error)
        .set("los", e.los)
        .set("draw_ratio", e.draw_ratio);
}

Json to_json(const SprtParameters& p) {
    return Json::object()
        .set("model", to_string(p.model))
        .set("elo0", p.elo0)
        .set("elo1", p.elo1)
        .set("alpha", p.alpha)
        .set("beta", p.beta);
}

Json to_json(const SprtStatus& s) {
    return Json::object()
        .set("sample", kind_name(s.kind))
        .set("llr", s.llr)
        .set("lower_bound", s.bounds.lower)
        .set("upper_bound", s.bounds.upper)
        .set("decision", to_string(s.decision));
}

Json to_json(const PairSummary& s) {
    Json out = Json::object();
    out.set("first", s.first).set("second", s.second).set("paired", s.counts.paired);
    out.set("games", to_json(s.counts.games));
    if (s.counts.paired) out.set("pairs", to_json(s.counts.pairs));
    out.set("estimate", to_json(s.estimate));
    if (s.sprt) {
        Json sprt = to_json(*s.sprt);
        if (s.sprt_status) {
            sprt.set("status", to_json(*s.sprt_status));
        } else {
            sprt.set("error", s.sprt_error);
        }
        out.set("sprt", sprt);
    }
    return out;
}

Json to_json(const RatingTable& table) {
    Json engines = Json::array();
    for (const RatingEntry& e : table.entries) {
        Json entry = Json::object();
        entry.set("name", e.name).set("elo", e.elo).set("error", e.error);
        entry.set("games", to_json(e.games));
        entry.set("site_rating", e.site_rating ? Json(*e.site_rating) : Json());
        engines.push(entry);
    }
    return Json::object()
        .set("anchor", table.anchor ? Json(*table.anchor) : Json())
        .set("anchor_elo", table.anchor_elo)
        .set("engines", engines);
}

}  // namespace draughts::harness
