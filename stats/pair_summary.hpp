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
    /// The status that stopped the run, kept when the pairs still under way at that moment,
    /// which are counted too, have since moved the LLR of all games (sprt_status) back inside
    /// the bounds. The first crossing decides (harness/tournament/result_collector.cpp), so the
    /// test's verdict is this one's; see sprt_decision().
    std::optional<SprtStatus> sprt_decided;
    /// Pairs whose games differ from every other pair's, when known (a tournament's standings).
    std::optional<std::int64_t> distinct_pairs;
};

/// Computes the summary; `sprt` may be null when no test runs.
PairSummary summarize(std::string first, std::string second, const MatchCounts& counts,
                      const Sprt* sprt = nullptr);

/// Records `decided`, the status that stopped the run, in `s` (as sprt_decided) when it is a
/// decision that the LLR of all games no longer shows.
void keep_sprt_decision(PairSummary& s, const SprtStatus& decided);

/// The test's verdict: the decision that stopped the run, else that of all games; nullopt
/// without a test or when it could not be computed.
std::optional<SprtDecision> sprt_decision(const PairSummary& s);

}  // namespace draughts::harness
