#include "harness/tournament/tournament.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <set>

#include "common/saturating_cast.hpp"
#include "common/tsan_annotations.hpp"
#include "harness/player/engine_log.hpp"
#include "harness/tournament/match_check.hpp"
#include "harness/tournament/match_report.hpp"
#include "records/game_line.hpp"

namespace draughts::harness {

namespace {

Standings empty_standings(const MatchConfig& config, const Schedule& schedule) {
    std::vector<std::string> names;
    for (const auto& e : config.engines) names.push_back(e.name);
    return Standings(std::move(names), schedule.encounters());
}

/// The failed probes of the endgame database a game's line records (0 when none; a damaged
/// count beyond int's range is read as its bound, not wrapped).
int egdb_probe_errors_of(const Json& line) {
    const auto it = line.find(line_key::kEgdbProbeErrors);
    if (it == line.end() || !it->is_number_integer()) return 0;
    return std::max(0, saturating_cast<int>(it->get<double>()));
}

}  // namespace

Tournament::Tournament(const MatchConfig& config, const RunScope& scope, ResultsFolder* folder,
                       std::unique_ptr<MatchGames> games, GamePlanner planner,
                       std::optional<Sprt> sprt, EngineLog* log)
    : config_(config),
      scope_(scope),
      schedule_(config),
      log_(log),
      games_(std::move(games)),
      planner_(std::move(planner)),
      guard_(config_, *games_, log),
      dispatcher_(schedule_.pair_count(), scope.stop_file,
                  [this](const std::string& text) { note("harness", text); }),
      collector_(folder, empty_standings(config, schedule_), std::move(sprt)) {}

Tournament::~Tournament() { games_->shutdown(); }

Expected<std::unique_ptr<Tournament>> Tournament::create(const MatchConfig& config,
                                                         ResultsFolder& folder,
                                                         const StoredRun& stored,
                                                         ChildRegistry* registry, EngineLog* log,
                                                         const RunScope& scope) {
    return build(config, &folder, stored, registry, log, scope);
}

Expected<std::unique_ptr<Tournament>> Tournament::create_player(const MatchConfig& config,
                                                                ChildRegistry* registry,
                                                                EngineLog* log) {
    return build(config, nullptr, {}, registry, log, {});
}

Expected<std::unique_ptr<Tournament>> Tournament::build(const MatchConfig& config,
                                                        ResultsFolder* folder,
                                                        const StoredRun& stored,
                                                        ChildRegistry* registry, EngineLog* log,
                                                        const RunScope& scope) {
    auto games = make_match_games(config, registry, log);
    if (!games) return games.error();
    auto planner = GamePlanner::create(config, **games);
    if (!planner) return planner.error();
    auto sprt = make_sprt(config.sprt);
    if (!sprt) return sprt.error();
    std::unique_ptr<Tournament> t(new Tournament(config, scope, folder, std::move(games).value(),
                                                 std::move(planner).value(),
                                                 std::move(sprt).value(), log));
    if (auto ok = t->restore(stored); !ok) return ok.error();
    return t;
}

Expected<void> Tournament::restore(const StoredRun& stored) {
    std::set<std::uint64_t> done;
    for (const auto& pair : stored.pairs) {
        std::array<CountedGame, 2> games{};
        const std::uint64_t index = pair[0].pair;
        if (index >= schedule_.pair_count())
            return make_error("the results hold pair " + std::to_string(index) +
                              ", which this configuration does not schedule");
        if (scope_.shard && !scope_.shard->contains(index))
            return make_error("the results hold pair " + std::to_string(index) +
                              ", which is not in shard " + to_string(*scope_.shard));
        const Pairing pairing = schedule_.pair(index);
        for (int k = 0; k < 2; ++k) {
            const std::string where =
                "pair " + std::to_string(index) + " game " + std::to_string(k);
            auto line = summarize_line(pair[static_cast<std::size_t>(k)].line, where);
            if (!line) return line.error();
            if (line->variant != rules::variant_name(config_.variant))
                return make_error(where + " was played under the rules of " + line->variant +
                                  ", but the configuration plays " +
                                  std::string(rules::variant_name(config_.variant)) +
                                  " (variant:); start a new run for another variant");
            const std::string& white = config_.engines[pairing.white(k)].name;
            const std::string& black = config_.engines[pairing.black(k)].name;
            if (line->white != white || line->black != black)
                return make_error(where + " was played by " + line->white + " v " + line->black +
                                  ", but the schedule says " + white + " v " + black);
            games[static_cast<std::size_t>(k)] = {line->result, line->termination,
                                                  line->egdb_probe_errors};
        }
        collector_.restore(pairing, games, pair_signature(pair[0].line, pair[1].line));
        done.insert(index);
    }
    std::vector<std::uint64_t> pending;
    for (std::uint64_t i = 0; i < schedule_.pair_count(); ++i)
        if (done.count(i) == 0 && (!scope_.shard || scope_.shard->contains(i)))
            pending.push_back(i);
    dispatcher_.set_pending(std::move(pending));
    if (collector_.evaluate_sprt()) dispatcher_.close();
    return {};
}

void Tournament::note(const std::string& who, const std::string& text) const {
    if (log_ != nullptr) log_->note(who, text);
}

void Tournament::fail(const std::string& error, bool startup) {
    collector_.fail(error, startup);
    dispatcher_.close();
    stop_.request_stop();
}

std::uint64_t Tournament::planned_pairs() const {
    const std::uint64_t all = schedule_.pair_count();
    return scope_.shard ? scope_.shard->pairs_among(all) : all;
}

bool Tournament::play_next_pair(const Observer& observer) {
    const auto index = dispatcher_.take();
    if (!index) {
        fail(index.error().message);
        return false;
    }
    if (!*index) return false;
    const Pairing pairing = schedule_.pair(**index);
    std::optional<std::array<engine::ParameterValues, 2>> parameters;
    if (pair_parameters_) parameters = pair_parameters_(pairing);
    std::array<RenderedGame, 2> records;
    for (int g = 0; g < 2; ++g) {
        GamePlan plan = planner_.plan(pairing, g);
        if (parameters) {
            // By colour: the pair's first engine has White in game 0.
            plan.parameters[0] = (*parameters)[g == 0 ? 0 : 1];
            plan.parameters[1] = (*parameters)[g == 0 ? 1 : 0];
        }
        auto record = games_->play(pairing, g, plan, time_, stop_.get_token());
        if (!record) {
            fail("pair " + std::to_string(pairing.index) + ": " + record.error().message);
            return true;
        }
        RenderedGame& r = record.value();
        if (const auto failure = guard_.check_first_game(pairing, g, r);
            failure && !stop_.stop_requested()) {
            fail(*failure, true);
            return true;
        }
        if (r.end.result == GameResult::Unfinished) {
            if (!stop_.stop_requested()) {
                note("harness", "pair " + std::to_string(pairing.index) +
                                    " could not be played: " + r.end.text);
                collector_.count_unplayable();
            }
            if (dispatcher_.feed() != nullptr) dispatcher_.feed()->not_played(pairing.index);
            return true;
        }
        if (category_of(r.end.termination) == TerminationCategory::Forfeit) {
            const rules::Color loser =
                r.end.result == GameResult::WhiteWin ? rules::Color::Black : rules::Color::White;
            const std::size_t engine =
                loser == rules::Color::White ? pairing.white(g) : pairing.black(g);
            note(config_.engines[engine].name,
                 "game " + std::to_string(pairing.game_index(g) + 1) + " forfeited (" +
                     std::string(termination_code(r.end.termination)) + "): " + r.end.text);
        }
        if (const int errors = egdb_probe_errors_of(r.line); errors > 0)
            note("harness", "game " + std::to_string(pairing.game_index(g) + 1) + ": " +
                                std::to_string(errors) +
                                " probe(s) of the endgame database failed, the game was played "
                                "on; the first: " +
                                r.line.value(line_key::kEgdbProbeError, std::string()));
        records[static_cast<std::size_t>(g)] = std::move(r);
        if (game_ended_) game_ended_();
    }
    commit(pairing, records, observer);
    return true;
}

void Tournament::commit(const Pairing& pairing, std::array<RenderedGame, 2>& played,
                        const Observer& observer) {
    RenderedPair pair;
    pair.pair = pairing.index;
    pair.signature = pair_signature(played[0].line, played[1].line);
    for (std::size_t g = 0; g < 2; ++g) {
        pair.pdn[g] = std::move(played[g].pdn);
        pair.lines[g] = dump_json(played[g].line);
        pair.games[g] = {played[g].end.result, played[g].end.termination,
                         egdb_probe_errors_of(played[g].line)};
    }
    if (forward_) {
        if (collector_.count_forwarded()) forward_(std::move(pair));
        return;
    }
    record(pairing, pair, observer);
}

Expected<void> Tournament::record_remote(RenderedPair pair) {
    if (pair.pair >= schedule_.pair_count())
        return make_error("pair " + std::to_string(pair.pair) + " is not in the schedule");
    record(schedule_.pair(pair.pair), pair, observer_);
    return {};
}

void Tournament::record(const Pairing& pairing, RenderedPair& pair, const Observer& observer) {
    const auto decided = collector_.record(pairing, pair, observer);
    if (!decided) {
        fail(decided.error().message);
    } else if (*decided) {
        dispatcher_.close();
    }
}

RunOutcome Tournament::run(const Observer& observer) {
    observer_ = observer;
    if (const auto failure = guard_.check_engines_start()) {
        games_->shutdown();
        fail(*failure, true);
        return outcome(static_cast<std::int64_t>(dispatcher_.pending().size()));
    }
    const int concurrency = std::max(1, config_.concurrency);
    // Allow as many threads as games, even beyond the cores (Hub engines think in their own
    // processes, so the harness's threads mostly wait).
    const tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                      static_cast<std::size_t>(concurrency));
    tbb::task_arena arena(concurrency);
    // The tasks read the configuration and schedule set up before: TSan cannot see TBB's fork
    // and join (see the header). Shared state they change is guarded by a lock or atomic.
    const ForkJoinEdges edges;
    // One leaf task per pair, each taking the next pair in schedule order; with a feed (whose
    // length is not known), one task per game slot, each playing pairs until the feed ends.
    const bool fed = dispatcher_.has_feed();
    const std::size_t tasks =
        fed ? static_cast<std::size_t>(concurrency) : dispatcher_.pending().size();
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, tasks, 1),
                          edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  while (play_next_pair(observer) && fed) {
                                  }
                          }),
                          tbb::simple_partitioner());
    });
    edges.joined();
    games_->shutdown();
    return outcome(dispatcher_.not_taken());
}

RunOutcome Tournament::outcome(std::int64_t not_started) const {
    return collector_.outcome(
        RunStops{not_started, stop_.stop_requested(), dispatcher_.stopped_by_file()});
}

void Tournament::abort() {
    dispatcher_.close();
    stop_.request_stop();
}

}  // namespace draughts::harness
