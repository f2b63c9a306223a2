#pragma once
// The iterations of an SPSA run on the tournament runner (harness/tournament/tournament.hpp).
// The pairs of every iteration are the pairs of one head-to-head match of the tuned engine
// against itself (pair_match): SpsaRun is that tournament's feed of pairs, gives each pair's two
// players their values (theta+ and theta- of its iteration), and takes every recorded pair's
// result. Once all pairs of the next iteration are in, it applies the iteration, appends its row
// to spsa.csv and replaces state.json, then lets the next iterations start.
//
// Iteration k may start once iteration k - window is applied, and is played around theta after
// that iteration, so the values of every pair, and with fixed nodes or depth every game, depend
// on the configuration alone: the trajectory is the same at any concurrency, on any number of
// ranks (cluster/ leases whole iterations to other processes through take()), and after a
// resume, which reuses every pair recorded in games/ and plays the others again.

#include <array>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "harness/tournament/tournament.hpp"
#include "spsa/spsa_config.hpp"
#include "spsa/spsa_state.hpp"

namespace draughts::spsa {

/// See the top of the file. Thread-safe.
class SpsaRun final : public harness::PairFeed {
  public:
    /// Called after every applied iteration with its row and the state (under the run's lock).
    using IterationObserver = std::function<void(const CsvRow&, const SpsaState&)>;

    /// `state`: read from state.json (or initial_state); `csv` and `state_file`: where applied
    /// iterations are written.
    SpsaRun(const SpsaConfig& config, SpsaState state, CsvFile csv,
            std::filesystem::path state_file);

    /// Counts the pairs already in games/ (those of iterations the state has not applied) and
    /// applies the iterations they complete. Errors name the pair.
    Expected<void> restore(const harness::StoredRun& stored);
    /// The tournament whose pairs these are: no pair is handed out once it takes no more.
    void attach(harness::Tournament* tournament);
    void set_observer(IterationObserver observer);

    /// A pair for a local game thread: waits until one may start; nullopt once none will.
    std::optional<std::uint64_t> next() override;
    void not_played(std::uint64_t pair) override;
    /// Pairs that may start now for another process, whole iterations of at least one pair and
    /// about `wanted` pairs; never waits. `finished` is set when no pair will be handed out
    /// any more.
    std::vector<std::uint64_t> take(std::size_t wanted, bool& finished);

    /// The values of a pair's first engine (theta+) and second engine (theta-).
    std::array<engine::ParameterValues, 2> parameters(const harness::Pairing& pairing) const;
    /// Takes a recorded pair (the tournament's observer); pairs it has seen are ignored.
    void record(const harness::FinishedPair& pair);

    /// No pair is handed out any more (an interrupt); waiting threads return.
    void stop();
    /// Every iteration is applied.
    bool complete() const;
    /// Why the run failed (state or spsa.csv not written, a pair that could not be played).
    std::optional<std::string> error() const;
    SpsaState state() const;
    const SpsaSchedule& schedule() const { return schedule_; }

  private:
    struct Tally {
        int pairs = 0;
        int wins = 0;
        int draws = 0;
        int losses = 0;
    };

    int iteration_of(std::uint64_t pair) const {
        return static_cast<int>(pair / static_cast<std::uint64_t>(pairs_)) + 1;
    }
    /// Theta that iteration k is played around.
    const std::vector<double>& theta_for(int k) const;
    std::optional<std::uint64_t> take_one();
    bool may_start(int k) const { return k - window_ <= state_.applied && k <= iterations_; }
    bool accepting() const;
    void add_result(std::uint64_t pair, const std::array<harness::CountedGame, 2>& games);
    /// Applies every complete iteration in order.
    void apply_ready();
    void fail(std::string message);

    SpsaSchedule schedule_;
    int iterations_;
    int pairs_;
    int window_;
    std::uint64_t total_pairs_;
    std::filesystem::path state_file_;
    CsvFile csv_;
    double seconds_at_start_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();

    mutable std::mutex mutex_;  ///< guards everything below
    std::condition_variable changed_;
    SpsaState state_;
    std::map<int, Tally> tallies_;  ///< iterations past the state's, by iteration
    std::vector<bool> recorded_;    ///< per pair of iterations past the state's
    std::uint64_t next_pair_;
    std::deque<std::uint64_t> retry_;
    std::map<std::uint64_t, int> failures_;
    harness::Tournament* tournament_ = nullptr;
    IterationObserver observer_;
    bool stopped_ = false;
    std::optional<std::string> error_;
};

}  // namespace draughts::spsa
