#pragma once
// Runs the games of a match in parallel and records them.
//
// A TBB task arena with `concurrency` slots plays the pairs of the schedule that are not yet in
// the results folder. Each pair is one task: it plays its two games one after the other on the
// same thread, each with a player of each engine taken from the pool (a player instance serves
// one game at a time). Tasks take pairs in schedule order, so results come in roughly that
// order. The only state shared between games is the result collector below, behind one lock:
// it writes the finished pair to the folder, counts it, evaluates the SPRT and tells the
// observer.
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
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "common/time_source.hpp"
#include "harness/config/match_config.hpp"
#include "harness/openings/opening_order.hpp"
#include "harness/tournament/match_games.hpp"
#include "harness/tournament/player_pool.hpp"
#include "harness/tournament/schedule.hpp"
#include "harness/tournament/shard.hpp"
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

/// Which pairs a run plays, and when it stops starting them (see the top of the file).
struct RunScope {
    std::optional<Shard> shard;       ///< nullopt: every pair
    std::filesystem::path stop_file;  ///< empty: none
};

/// Where the pairs of a distributed run come from (see Tournament::set_feed): next() gives the
/// next pair index to play, or nullopt when this process plays no more. Called from game
/// threads; must be thread-safe.
class PairFeed {
  public:
    virtual ~PairFeed() = default;
    virtual std::optional<std::uint64_t> next() = 0;
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
    const Standings& standings;               ///< totals including it
    const std::optional<SprtStatus>& sprt;
    /// An earlier pair of the same encounter played exactly these games.
    bool repeated = false;
};

/// One match run; see the top of the file.
class Tournament {
  public:
    using Observer = std::function<void(const FinishedPair&)>;

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
    void set_feed(PairFeed* feed) { feed_ = feed; }
    /// A playing process without results folder: finished pairs go to `forward` (from game
    /// threads) instead of the folder; set before run().
    void set_forward(std::function<void(RenderedPair)> forward) { forward_ = std::move(forward); }
    /// Records a pair another process played, as if played here (folder, counts, SPRT,
    /// observer). Thread-safe; valid during and after run().
    Expected<void> record_remote(RenderedPair pair);
    /// Fails the run (another process failed). Thread-safe.
    void fail_remote(const std::string& error) { fail(error); }
    /// False once no further pair may start: the SPRT decided, the stop file appeared, the run
    /// failed or was aborted. Thread-safe.
    bool accepting_new_pairs();
    /// The pair indices still to play when the run started, in order.
    const std::vector<std::uint64_t>& pending() const { return pending_; }
    /// How the run stands now, as run() returns it (for a distributed run, after the last
    /// remote pair). `not_started`: pairs left out.
    RunOutcome outcome(std::int64_t not_started) const;

    const MatchConfig& config() const { return config_; }
    const Schedule& schedule() const { return schedule_; }
    /// A copy of the current totals. Thread-safe.
    Standings standings() const;
    std::optional<SprtStatus> sprt_status() const;
    const std::optional<Sprt>& sprt() const { return sprt_; }
    /// Pairs still to play when the run started.
    std::size_t pending_pairs() const { return pending_.size(); }
    /// Pairs this run plays in all (its shard's, or the whole schedule's).
    std::uint64_t planned_pairs() const;
    const RunScope& scope() const { return scope_; }

  private:
    Tournament(const MatchConfig& config, ResultsFolder* folder, std::unique_ptr<MatchGames> games,
               EngineLog* log);

    Expected<void> restore(const StoredRun& stored);
    GamePlan plan_for(const Pairing& pairing, int game) const;
    static Expected<std::unique_ptr<Tournament>> build(const MatchConfig& config,
                                                       ResultsFolder* folder,
                                                       const StoredRun& stored,
                                                       ChildRegistry* registry, EngineLog* log,
                                                       const RunScope& scope);
    /// The next pair to play (from the feed, or the next pending one); nullopt when none may
    /// start.
    std::optional<std::uint64_t> take_pair();
    /// Plays one pair; false when there was none to play.
    bool play_next_pair(const Observer& observer);
    void commit(const Pairing& pairing, std::array<RenderedGame, 2>& played,
                const Observer& observer);
    /// Writes, counts and reports a rendered pair (takes mutex_).
    void commit_rendered(const Pairing& pairing, RenderedPair& pair, const Observer& observer);
    void fail(const std::string& error);
    /// Starts every engine once; the failure message, if one cannot start.
    std::optional<std::string> check_engines_start();
    /// The message for an engine that could not start in `phase`.
    std::string startup_failure(std::size_t engine, const std::string& phase,
                                const StartFailure& failure) const;
    /// After a game: engines that started it are proven; true when an unproven engine could not
    /// start it (the run then fails).
    bool check_first_game(const Pairing& pairing, int game, const RenderedGame& played);
    void note(const std::string& who, const std::string& text) const;
    /// True once the stop file exists (then no further pair starts).
    bool stop_file_appeared();
    std::optional<std::size_t> book_index(const Pairing& pairing) const;

    MatchConfig config_;
    RunScope scope_;
    Schedule schedule_;
    ResultsFolder* folder_;  ///< null in a process that forwards its pairs
    PairFeed* feed_ = nullptr;
    std::function<void(RenderedPair)> forward_;
    Observer observer_;  ///< run()'s, for remote pairs
    EngineLog* log_;
    std::unique_ptr<MatchGames> games_;       ///< the variant's players and book
    std::vector<TimeControl> time_controls_;  ///< per engine
    std::vector<double> margins_;             ///< per engine
    AdjudicationOptions adjudication_;        ///< every game's (one open endgame database)
    std::optional<Sprt> sprt_;
    std::string date_;  ///< PDN Date tag of this run
    SteadyTimeSource time_;

    /// Per engine: it has started a game (before that, failing to start one fails the run).
    std::unique_ptr<std::atomic<bool>[]> proven_;
    std::vector<std::uint64_t> pending_;  ///< pair indices to play, in order
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_starting_{false};
    std::atomic<bool> stopped_by_file_{false};
    std::stop_source stop_;

    mutable std::mutex mutex_;  ///< guards everything below
    Standings standings_;
    std::optional<SprtStatus> sprt_status_;
    RunOutcome outcome_;
    bool failed_ = false;
};

}  // namespace draughts::harness
