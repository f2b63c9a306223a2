#pragma once
// The one state that the game threads of a tournament share, behind one lock: it writes each
// finished pair to the results folder, counts it in the standings, evaluates the SPRT, tells the
// observer, and knows how the run stands (pairs played, pairs that could not be played, the
// failure that ended it). Everything else a game thread touches is its own or read-only.

#include <array>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "common/expected.hpp"
#include "harness/tournament/schedule.hpp"
#include "harness/tournament/standings.hpp"
#include "records/results_folder.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {

/// How a run ended.
enum class RunEnd : unsigned char {
    Completed,       ///< every scheduled pair is recorded (or could not be played, see below)
    SprtAcceptedH0,  ///< the SPRT accepted H0: the first engine is not elo1 stronger
    SprtAcceptedH1,  ///< the SPRT accepted H1
    Interrupted,     ///< abort() was called; resume to finish
    Stopped,         ///< the stop file appeared; resume to finish
    Failed,          ///< writing the results failed, or a game could not be set up
};

/// "completed", "sprt_h0", "sprt_h1", "interrupted", "stopped" or "failed" (summary.json's
/// state).
std::string_view run_end_name(RunEnd end);

/// What a run did.
struct RunOutcome {
    RunEnd end = RunEnd::Completed;
    std::string error;  ///< for Failed
    /// Failed because an engine could not start (before its first game counted); the error
    /// names the engine, its command line, the phase and its last lines of stderr.
    bool startup_failure = false;
    std::int64_t pairs_played = 0;       ///< recorded by this run (not counting resumed ones)
    std::int64_t pairs_unplayable = 0;   ///< could not be played; a resumed run tries again
    std::int64_t pairs_not_started = 0;  ///< left out because the run stopped early
};

/// A finished pair rendered as the results folder stores it, with what the standings count, so
/// that whoever records it (rank 0 of a distributed run) parses none of it.
struct RenderedPair {
    std::uint64_t pair = 0;
    std::array<std::string, 2> pdn;
    /// Its games.jsonl lines as compact JSON text, without the PDN keys the folder adds.
    std::array<std::string, 2> lines;
    std::array<CountedGame, 2> games{};  ///< decided results (a pair is only sent when both are)
    std::uint64_t signature = 0;         ///< pair_signature of its lines
};

/// A pair just recorded, as observers see it (under the collector's lock).
struct FinishedPair {
    const Pairing& pairing;
    const std::array<std::string, 2>& lines;  ///< its games.jsonl lines, as stored (JSON text)
    const std::array<CountedGame, 2>& games;  ///< how its two games ended
    const Standings& standings;               ///< totals including it
    const std::optional<SprtStatus>& sprt;
    /// An earlier pair of the same encounter played exactly these games.
    bool repeated = false;
};

/// What the run loop knows when it asks how the run ended (ResultCollector::outcome).
struct RunStops {
    std::int64_t not_started = 0;  ///< pairs left out
    bool interrupted = false;      ///< abort() was called
    bool stopped_by_file = false;  ///< the stop file appeared
};

/// See the top of the file. Thread-safe.
class ResultCollector {
  public:
    using Observer = std::function<void(const FinishedPair&)>;

    /// `folder` is null in a process that forwards its pairs instead of recording them.
    ResultCollector(ResultsFolder* folder, Standings standings, std::optional<Sprt> sprt);

    /// Counts a pair an earlier run recorded (before the run starts).
    void restore(const Pairing& pairing, const std::array<CountedGame, 2>& games,
                 std::uint64_t signature);
    /// Writes, counts and reports a finished pair (its lines become the lines as stored, with
    /// the PDN keys the folder adds). True when the SPRT has decided (no further
    /// pair should start); an error when writing failed (the run must fail). A collector that
    /// has failed records nothing more.
    Expected<bool> record(const Pairing& pairing, RenderedPair& pair, const Observer& observer);
    /// Counts a pair that this process forwards to another instead of recording it; false
    /// once the run has failed (the pair is then dropped).
    bool count_forwarded();
    /// Counts a pair that could not be played.
    void count_unplayable();
    /// Fails the run with `error` (the first failure's message is kept); `startup` marks a
    /// failure to start an engine.
    void fail(const std::string& error, bool startup = false);

    /// Evaluates the SPRT on the standings; true when it has decided.
    bool evaluate_sprt();
    /// How the run stands; see RunOutcome.
    RunOutcome outcome(const RunStops& stops) const;

    /// A copy of the current totals.
    Standings standings() const;
    std::optional<SprtStatus> sprt_status() const;
    const std::optional<Sprt>& sprt() const { return sprt_; }

  private:
    /// Under mutex_.
    bool evaluate_sprt_locked();

    ResultsFolder* folder_;
    const std::optional<Sprt> sprt_;

    mutable std::mutex mutex_;  ///< guards everything below
    Standings standings_;
    std::optional<SprtStatus> sprt_status_;
    RunOutcome outcome_;
    bool failed_ = false;
};

}  // namespace draughts::harness
