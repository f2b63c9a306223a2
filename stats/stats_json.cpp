#include "stats/stats_json.hpp"

namespace draughts::harness {

namespace {

std::string_view kind_name(SampleKind kind) {
    return kind == SampleKind::Pentanomial ? "pentanomial" : "trinomial";
}

}  // namespace

Json to_json(const Trinomial& counts) {
    return {{"wins", counts.wins},
            {"draws", counts.draws},
            {"losses", counts.losses},
            {"games", counts.games()}};
}

Json to_json(const Pentanomial& counts) {
    // WL and DD apart are unknown when some 1-1 pairs were given without their split.
    const bool split = counts.even_unsplit == 0;
    return {{"ll", counts.ll},
            {"ld", counts.ld},
            {"wl", split ? Json(counts.wl) : Json()},
            {"dd", split ? Json(counts.dd) : Json()},
            {"wl_dd", counts.bins()[2]},
            {"wd", counts.wd},
            {"ww", counts.ww},
            {"pairs", counts.pairs()}};
}

Json to_json(const Estimate& e) {
    return {{"sample", kind_name(e.kind)},
            {"samples", e.samples},
            {"score", e.score},
            {"mean", e.mean},
            {"elo", e.elo},
            {"elo_error", e.elo_error},
            {"elo_lower", e.elo_lower},
            {"elo_upper", e.elo_upper},
            {"nelo", e.nelo},
            {"nelo_error", e.nelo_error},
            {"los", e.los},
            {"draw_ratio", e.draw_ratio}};
}

Json to_json(const SprtParameters& p) {
    return {{"model", to_string(p.model)},
            {"elo0", p.elo0},
            {"elo1", p.elo1},
            {"alpha", p.alpha},
            {"beta", p.beta}};
}

Json to_json(const SprtStatus& s) {
    return {{"sample", kind_name(s.kind)},
            {"llr", s.llr},
            {"lower_bound", s.bounds.lower},
            {"upper_bound", s.bounds.upper},
            {"decision", to_string(s.decision)}};
}

Json to_json(const PairSummary& s) {
    Json out = {{"first", s.first},
                {"second", s.second},
                {"paired", s.counts.paired},
                {"games", to_json(s.counts.games)}};
    if (s.counts.paired) out["pairs"] = to_json(s.counts.pairs);
    if (s.distinct_pairs) out["pairs_distinct"] = *s.distinct_pairs;
    out["estimate"] = to_json(s.estimate);
    if (s.sprt) {
        Json sprt = to_json(*s.sprt);
        if (s.sprt_status) {
            sprt["status"] = to_json(*s.sprt_status);
        } else {
            sprt["error"] = s.sprt_error;
        }
        if (s.sprt_decided) sprt["decided"] = to_json(*s.sprt_decided);
        out["sprt"] = std::move(sprt);
    }
    return out;
}

Json to_json(const RatingTable& table) {
    Json engines = Json::array();
    for (const RatingEntry& e : table.entries) {
        engines.push_back({{"name", e.name},
                           {"elo", e.elo},
                           {"error", e.error},
                           {"games", to_json(e.games)},
                           {"site_rating", e.site_rating ? Json(*e.site_rating) : Json()}});
    }
    return {{"anchor", table.anchor ? Json(*table.anchor) : Json()},
            {"anchor_elo", table.anchor_elo},
            {"engines", std::move(engines)}};
}

}  // namespace draughts::harness
