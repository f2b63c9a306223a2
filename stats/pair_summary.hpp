#pragma once
// Everything reported about a match between two engines, computed once from the counts, for the
// final report, the live progress line, `draughts sprt` and `draughts merge`.

#include <cstdint>
#include <optional>
#include <string>

#include "stats/counts.hpp"
#include "stats/estimate.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {

/// The figures of one match: counts, the estimate of the default sample and the SPRT state.
struct PairSummary {
    std::string first;
    std::string second;
    MatchCounts counts;
    Estimate estimate;
    std::optional<SprtParameters> sprt;  // the test, when one runs
    std::optional<SprtStatus> sprt_status;
    std::string sprt_error;  // why sprt_status is missing although sprt is set
    /// Pairs whose games differ from every other pair's, when known (a tournament's standings).
    std::optional<std::int64_t> distinct_pairs;
};

/// Computes the summary; `sprt` may be null when no test runs.
PairSummary summarize(std::string first, std::string second, const MatchCounts& counts,
                      const Sprt* sprt = nullptr);

}  // namespace draughts::harness
