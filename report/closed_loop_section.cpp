#include <fmt/format.h>

#include "common/sha256.hpp"
#include "report/markup.hpp"
#include "report/match_sections.hpp"
#include "report/text_format.hpp"
#include "report/tune_sections.hpp"
#include "stats/estimate.hpp"

namespace draughts::report {

namespace {

/// The match inputs (provenance) whose hash is that of the tuning's weights.yaml.
std::vector<std::string> inputs_with_hash(const MatchFolder& match, const std::string& sha256) {
    std::vector<std::string> out;
    const Json* provenance = json_field(match.summary, "provenance");
    const Json* inputs = provenance ? json_field(*provenance, "inputs") : nullptr;
    if (inputs == nullptr || !inputs->is_array()) return out;
    for (const Json& input : *inputs) {
        const std::string* hash = string_field(input, "sha256");
        const std::string* what = string_field(input, "what");
        if (hash && what && *hash == sha256) out.push_back(*what);
    }
    return out;
}

}  // namespace

Section closed_loop_section(const TuneFolder& tune, const MatchFolder& match) {
    std::string html;
    const auto hash = sha256_file(tune.dir / "weights.yaml");
    const std::vector<std::string> users =
        hash ? inputs_with_hash(match, *hash) : std::vector<std::string>{};
    if (users.empty()) {
        html +=
            "<p class=\"flag\">The match's recorded inputs do not include the tuned weights.yaml "
            "(no input has its SHA-256).</p>";
    } else {
        html += "<p>The match played the tuned weights: ";
        for (std::size_t i = 0; i < users.size(); ++i)
            html += (i ? ", " : "") + escape_markup(users[i]);
        html += fmt::format(" has the SHA-256 of {} ({}).</p>",
                            escape_markup((tune.dir / "weights.yaml").string()),
                            escape_markup(hash->substr(0, 16)));
    }
    if (!match.report.encounters.empty()) {
        const harness::PairSummary& s = match.report.encounters.front();
        std::string verdict = "no SPRT";
        if (const auto decision = harness::sprt_decision(s))
            verdict = *decision == harness::SprtDecision::AcceptH1   ? "H1 accepted"
                      : *decision == harness::SprtDecision::AcceptH0 ? "H0 accepted"
                                                                     : "still running";
        html += fmt::format(
            "<p>{} v {}: Elo {}, nElo {}, {} games; SPRT: <span class=\"verdict\" "
            "data-sprt=\"{}\">{}</span>.</p>",
            escape_markup(s.first), escape_markup(s.second), harness::elo_text(s.estimate, 1),
            harness::nelo_text(s.estimate, 1), count_text(s.counts.games.games()),
            escape_markup(verdict), escape_markup(verdict));
    }
    return Section{"closed-loop", "Closed loop: the tuned weights in a match", std::move(html)};
}

}  // namespace draughts::report
