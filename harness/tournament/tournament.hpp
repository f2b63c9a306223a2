#pragma once
// Runs the games of a match in parallel and records them.
//
// A TBB task arena with `concurrency` slots plays the pairs of the schedule that are not yet in
// the results folder. Each pair is one task: it plays its two games one after the other on the
// same thread, each with a player of each engine taken from the pool (a player instance serves
// one game at a time). Tasks take pairs in schedule order, so results come in roughly that
// order. The only state shared between games is the result collector (result_collector.hpp),
// behind one lock: it writes the finished pair to the folder, counts it, evaluates the SPRT and
// tells the observer.
//
// The parts, one concept each: the pair dispatcher (which pair starts next, and whether any may),
// the game planner (clocks, adjudication, opening and tags of each game), the startup guard (an
// engine that cannot start fails the run before a game of it counts), the match's games (the
// variant's players and book, match_games.hpp) and the result collector. This class builds them
// from the configuration and runs the game threads.
//
// Scope. A run may play one shard of the schedule (RunScope::shard: its pairs only), and stops
// starting pairs once a stop file exists (RunScope::stop_file, checked before each pair; the
// pairs already running finish and count, RunEnd::Stopped).
//
// Stopping. When the SPRT decides, no further pair is started and the pairs already running are
// played to the end and counted (their games are not thrown away; the LLR may end a little past
// its bound). abort() (Ctrl-C, SIGTERM) stops every running game at once: those games end
// unfinished, their pairs are not recorded, and a resumed run plays them again. A pair that could
// not be played (neither engine could start) is not recorded either and is reported.

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "common/time_source.hpp"
#include "harness/config/match_config.hpp"
#include "harness/openings/opening_order.hpp"
#include "harness/tournament/game_planner.hpp"
#include "harness/tournament/match_games.hpp"
#include "harness/tournament/pair_dispatcher.hpp"
#include "harness/tournament/player_pool.hpp"
#include "harness/tournament/result_collector.hpp"
#include "harness/tournament/schedule.hpp"
#include "harness/tournament/shard.hpp"
#include "harness/tournament/standings.hpp"
#include "harness/tournament/startup_guard.hpp"
#include "records/results_folder.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {

/// Which pairs a run plays, and when it stops starting them (see the top of the file).
struct RunScope {
    std::optional<Shard> shard;       ///< nullopt: every pair
    std::filesystem::path stop_file;  ///< empty: none
};

/// Parameter values of the two engines of a pair (Player::set_parameters): [0] for the pair's
/// first engine, [1] for its second; called once per pair before its first game, from game
/// threads.
using PairParameters = std::function<std::array<engine::ParameterValues, 2>(const Pairing&)>;

/// One match run; see the top of the file.
class Tournament {
  public:
    using Observer = ResultCollector::Observer;

    /// A tournament that plays leased pairs and forwards them (set_feed, set_forward), in a
    /// process that keeps no results folder.
    static Expected<std::unique_ptr<Tournament>> create_player(const MatchConfig& config,
                                                               ChildRegistry* registry,
                                                               EngineLog* log);
    /// Prepares a run: loads the openings and weights, counts the pairs already in `stored`
    /// (checking that they belong to this configuration). `folder`, `registry` and `log` must
    /// outlive the tournament; `registry` and `log` may be null.
    static Expected<std::unique_ptr<Tournament>> create(const MatchConfig& config,
                                                        ResultsFolder& folder,
                                                        const StoredRun& stored,
                                                        ChildRegistry* registry, EngineLog* log,
                                                        const RunScope& scope = {});
    ~Tournament();

    /// Plays every pair not yet recorded; calls `observer` after each recorded pair. First every
    /// engine is started once: an engine that cannot start, or cannot start its first game,
    /// fails the run (RunOutcome::startup_failure) before any game of it counts.
    RunOutcome run(const Observer& observer = {});
    /// Stops the run as soon as possible (see the top of the file). Thread-safe.
    void abort();

    // Distributed runs (cluster/): one process records, the others play what it leases them.
    /// Plays the pairs `feed` gives (instead of the pending ones in order); set before run().
    void set_feed(PairFeed* feed) { dispatcher_.set_feed(feed); }
    /// A playing process without results folder: finished pairs go to `forward` (from game
    /// threads) instead of the folder; set before run().
    void set_forward(std::function<void(RenderedPair)> forward) { forward_ = std::move(forward); }
    /// Called from a game thread after every game of this process that ends with a result,
    /// before its pair is recorded: a pair of long games takes two game lengths to record, and
    /// the heartbeat of a run must not call that silence. Set before run().
    void set_game_ended(std::function<void()> ended) { game_ended_ = std::move(ended); }
    /// Tuning by games: each pair's engines play with these values (see PairParameters); set
    /// before run().
    void set_pair_parameters(PairParameters parameters) {
        pair_parameters_ = std::move(parameters);
    }
    /// Records a pair another process played, as if played here (folder, counts, SPRT,
    /// observer). Thread-safe; valid during and after run().
    Expected<void> record_remote(RenderedPair pair);
    /// Fails the run (another process failed). Thread-safe.
    void fail_remote(const std::string& error) { fail(error); }
    /// False once no further pair may start: the SPRT decided, the stop file appeared, the run
    /// failed or was aborted. Thread-safe.
    bool accepting_new_pairs() { return dispatcher_.accepting(); }
    /// The pair indices still to play when the run started, in order.
    const std::vector<std::uint64_t>& pending() const { return dispatcher_.pending(); }
    /// How the run stands now, as run() returns it (for a distributed run, after the last
    /// remote pair). `not_started`: pairs left out.
    RunOutcome outcome(std::int64_t not_started) const;

    const MatchConfig& config() const { return config_; }
    const Schedule& schedule() const { return schedule_; }
    /// A copy of the current totals. Thread-safe.
    Standings standings() const { return collector_.standings(); }
    std::optional<SprtStatus> sprt_status() const { return collector_.sprt_status(); }
    const std::optional<Sprt>& sprt() const { return collector_.sprt(); }
    /// Pairs still to play when the run started.
    std::size_t pending_pairs() const { return dispatcher_.pending().size(); }
    /// Pairs this run plays in all (its shard's, or the whole schedule's).
    std::uint64_t planned_pairs() const;
    const RunScope& scope() const { return scope_; }

  private:
    Tournament(const MatchConfig& config, const RunScope& scope, ResultsFolder* folder,
               std::unique_ptr<MatchGames> games, GamePlanner planner, std::optional<Sprt> sprt,
               EngineLog* log);

    static Expected<std::unique_ptr<Tournament>> build(const MatchConfig& config,
                                                       ResultsFolder* folder,
                                                       const StoredRun& stored,
                                                       ChildRegistry* registry, EngineLog* log,
                                                       const RunScope& scope);
    /// Counts the pairs an earlier run recorded (checking that this configuration schedules
    /// them) and gives the dispatcher the others.
    Expected<void> restore(const StoredRun& stored);
    /// Plays one pair; false when there was none to play.
    bool play_next_pair(const Observer& observer);
    /// Records (or forwards) a pair whose two games were played here.
    void commit(const Pairing& pairing, std::array<RenderedGame, 2>& played,
                const Observer& observer);
    /// Records a rendered pair; a failed write fails the run, a decided SPRT closes it.
    void record(const Pairing& pairing, RenderedPair& pair, const Observer& observer);
    /// Fails the run: no pair starts, running games stop.
    void fail(const std::string& error, bool startup = false);
    void note(const std::string& who, const std::string& text) const;

    MatchConfig config_;
    RunScope scope_;
    Schedule schedule_;
    EngineLog* log_;
    std::unique_ptr<MatchGames> games_;  ///< the variant's players and book
    GamePlanner planner_;
    StartupGuard guard_;
    PairDispatcher dispatcher_;
    ResultCollector collector_;
    std::function<void(RenderedPair)> forward_;
    std::function<void()> game_ended_;
    PairParameters pair_parameters_;
    Observer observer_;  ///< run()'s, for remote pairs
    SteadyTimeSource time_;
    std::stop_source stop_;
};

}  // namespace draughts::harness
