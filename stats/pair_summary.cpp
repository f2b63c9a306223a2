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

}  // namespace draughts::harness
