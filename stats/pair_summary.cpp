#include "stats/pair_summary.hpp"

#include <utility>

namespace draughts::harness {

PairSummary summarize(std::string first, std::string second, const MatchCounts& counts,
                      const Sprt* sprt) {
    PairSummary s;
    s.first = std::move(first);
    s.second = std::move(second);
    s.counts = counts;
    s.estimate = estimate(counts);
    if (sprt != nullptr) {
        s.sprt = sprt->parameters();
        auto status = sprt->evaluate(counts);
        if (status) {
            s.sprt_status = *status;
        } else {
            s.sprt_error = status.error().message;
        }
    }
    return s;
}

void keep_sprt_decision(PairSummary& s, const SprtStatus& decided) {
    if (!s.sprt || decided.decision == SprtDecision::Continue) return;
    if (s.sprt_status && s.sprt_status->decision == decided.decision) return;
    s.sprt_decided = decided;
}

std::optional<SprtDecision> sprt_decision(const PairSummary& s) {
    if (s.sprt_decided) return s.sprt_decided->decision;
    if (s.sprt_status) return s.sprt_status->decision;
    return std::nullopt;
}

}  // namespace draughts::harness
