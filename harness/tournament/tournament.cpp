#include "harness/tournament/tournament.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>

#include "common/calendar.hpp"
#include "common/tsan_annotations.hpp"
#include "harness/tournament/match_check.hpp"
#include "harness/tournament/match_report.hpp"
#include "records/game_line.hpp"
#include "records/pdn_writer.hpp"

namespace draughts::harness {

std::string_view run_end_name(RunEnd end) {
    switch (end) {
        case RunEnd::Completed:
            return "completed";
        case RunEnd::SprtAcceptedH0:
            return "sprt_h0";
        case RunEnd::SprtAcceptedH1:
            return "sprt_h1";
        case RunEnd::Interrupted:
            return "interrupted";
        case RunEnd::Stopped:
            return "stopped";
        case RunEnd::Failed:
            return "failed";
    }
    return "?";
}

Tournament::Tournament(const MatchConfig& config, ResultsFolder* folder,
                       std::unique_ptr<MatchGames> games, EngineLog* log)
    : config_(config),
      schedule_(config),
      folder_(folder),
      log_(log),
      games_(std::move(games)),
      date_(pdn_date(std::time(nullptr))),
      proven_(std::make_unique<std::atomic<bool>[]>(config.engines.size())),
      standings_(
          [&] {
              std::vector<std::string> names;
              for (const auto& e : config.engines) names.push_back(e.name);
              return names;
          }(),
          schedule_.encounters()) {}

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
    std::unique_ptr<Tournament> t(new Tournament(config, folder, std::move(games).value(), log));
    t->scope_ = scope;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        const EngineConfig& e = config.engines[i];
        t->time_controls_.push_back(e.time_control.value_or(config.time_control));
        t->margins_.push_back(t->games_->move_margin(i).value_or(config.time_margin));
    }
    auto adjudication = adjudication_options(config.adjudication);
    if (!adjudication) return make_error("adjudication: " + adjudication.error().message);
    t->adjudication_ = std::move(adjudication).value();
    auto sprt = make_sprt(config.sprt);
    if (!sprt) return sprt.error();
    t->sprt_ = std::move(sprt).value();
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
            games[static_cast<std::size_t>(k)] = {line->result, line->termination};
        }
        standings_.add_pair(pairing, games, pair_signature(pair[0].line, pair[1].line));
        done.insert(index);
    }
    for (std::uint64_t i = 0; i < schedule_.pair_count(); ++i)
        if (done.count(i) == 0 && (!scope_.shard || scope_.shard->contains(i)))
            pending_.push_back(i);
    if (sprt_) {
        const auto status = sprt_->evaluate(standings_.counts(0));
        if (status) sprt_status_ = *status;
        if (status && status->decision != SprtDecision::Continue) stop_starting_ = true;
    }
    return {};
}

std::optional<std::size_t> Tournament::book_index(const Pairing& pairing) const {
    const auto& order = games_->order();
    if (!order) return std::nullopt;
    return order->book_index(static_cast<std::size_t>(pairing.opening));
}

GamePlan Tournament::plan_for(const Pairing& pairing, int game) const {
    GamePlan setup;
    const auto index = book_index(pairing);
    setup.book_index = index;
    const std::size_t white = pairing.white(game);
    const std::size_t black = pairing.black(game);
    setup.time_controls = {time_controls_[white], time_controls_[black]};
    setup.time_margin = std::max(margins_[white], margins_[black]);
    setup.adjudication = adjudication_;
    setup.info.event = config_.event;
    setup.info.site = config_.site;
    setup.info.date = date_;
    setup.info.round = std::to_string(pairing.game_index(game) + 1);
    if (index) setup.info.opening = std::to_string(*index);
    return setup;
}

void Tournament::note(const std::string& who, const std::string& text) const {
    if (log_ != nullptr) log_->note(who, text);
}

void Tournament::fail(const std::string& error) {
    {
        const std::lock_guard lock(mutex_);
        if (!failed_) {
            failed_ = true;
            outcome_.error = error;
        }
    }
    stop_starting_ = true;
    stop_.request_stop();
}

std::string Tournament::startup_failure(std::size_t engine, const std::string& phase,
                                        const StartFailure& failure) const {
    std::string text = "engine '" + config_.engines[engine].name + "' could not start (" + phase +
                       "): " + failure.reason;
    text += "\n  command: " + games_->command_line(engine);
    const auto lines =
        log_ != nullptr ? log_->recent_stderr(failure.who) : std::vector<std::string>{};
    if (lines.empty()) {
        text += "\n  it wrote nothing on stderr";
    } else {
        text += "\n  its last lines on stderr:";
        for (const auto& line : lines) text += "\n    | " + line;
    }
    return text;
}

std::optional<std::string> Tournament::check_engines_start() {
    for (std::size_t engine = 0; engine < config_.engines.size(); ++engine) {
        if (const auto failure = games_->start_check(engine)) {
            note(failure->who, "start failed: " + failure->reason);
            return startup_failure(engine, "starting the engine", *failure);
        }
    }
    return std::nullopt;
}

bool Tournament::check_first_game(const Pairing& pairing, int game, const RenderedGame& record) {
    for (const rules::Color c : {rules::Color::White, rules::Color::Black}) {
        const std::size_t engine =
            c == rules::Color::White ? pairing.white(game) : pairing.black(game);
        const bool failed = record.not_started[static_cast<std::size_t>(rules::index_of(c))];
        if (!failed) {
            proven_[engine] = true;
        } else if (!proven_[engine] && !stop_.stop_requested()) {
            const std::string who = config_.engines[engine].name;
            fail(startup_failure(engine, "starting its first game",
                                 StartFailure{who, record.end.text}));
            const std::lock_guard lock(mutex_);
            outcome_.startup_failure = true;
            return true;
        }
    }
    return false;
}

std::uint64_t Tournament::planned_pairs() const {
    const std::uint64_t all = schedule_.pair_count();
    return scope_.shard ? scope_.shard->pairs_among(all) : all;
}

bool Tournament::stop_file_appeared() {
    if (scope_.stop_file.empty()) return false;
    std::error_code ec;
    if (!std::filesystem::exists(scope_.stop_file, ec)) return false;
    if (!stopped_by_file_.exchange(true))
        note("harness", "stop file " + scope_.stop_file.string() + " appeared: no new pairs");
    stop_starting_ = true;
    return true;
}

bool Tournament::accepting_new_pairs() { return !stop_starting_ && !stop_file_appeared(); }

std::optional<std::uint64_t> Tournament::take_pair() {
    if (!accepting_new_pairs()) return std::nullopt;
    if (feed_ != nullptr) {
        const auto index = feed_->next();
        if (index && *index >= schedule_.pair_count()) {
            fail("pair " + std::to_string(*index) + " is not in the schedule");
            return std::nullopt;
        }
        return index;
    }
    const std::size_t k = next_.fetch_add(1);
    if (k >= pending_.size()) return std::nullopt;
    return pending_[k];
}

bool Tournament::play_next_pair(const Observer& observer) {
    const auto index = take_pair();
    if (!index) return false;
    const Pairing pairing = schedule_.pair(*index);
    std::array<RenderedGame, 2> records;
    for (int g = 0; g < 2; ++g) {
        auto record = games_->play(pairing, g, plan_for(pairing, g), time_, stop_.get_token());
        if (!record) {
            fail("pair " + std::to_string(pairing.index) + ": " + record.error().message);
            return true;
        }
        RenderedGame& r = record.value();
        if (check_first_game(pairing, g, r)) return true;
        if (r.end.result == GameResult::Unfinished) {
            if (!stop_.stop_requested()) {
                note("harness", "pair " + std::to_string(pairing.index) +
                                    " could not be played: " + r.end.text);
                const std::lock_guard lock(mutex_);
                ++outcome_.pairs_unplayable;
            }
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
        records[static_cast<std::size_t>(g)] = std::move(r);
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
        pair.games[g] = {played[g].end.result, played[g].end.termination};
    }
    if (forward_) {
        {
            const std::lock_guard lock(mutex_);
            if (failed_) return;
            ++outcome_.pairs_played;
        }
        forward_(std::move(pair));
        return;
    }
    commit_rendered(pairing, pair, observer);
}

Expected<void> Tournament::record_remote(RenderedPair pair) {
    if (pair.pair >= schedule_.pair_count())
        return make_error("pair " + std::to_string(pair.pair) + " is not in the schedule");
    commit_rendered(schedule_.pair(pair.pair), pair, observer_);
    return {};
}

void Tournament::commit_rendered(const Pairing& pairing, RenderedPair& pair,
                                 const Observer& observer) {
    std::unique_lock lock(mutex_);
    if (failed_) return;
    if (auto ok = folder_->append_pair(pair.pdn, pair.lines); !ok) {
        lock.unlock();
        fail(ok.error().message);
        return;
    }
    const bool repeated = standings_.add_pair(pairing, pair.games, pair.signature);
    ++outcome_.pairs_played;
    // The first crossing of a bound decides the test: pairs already under way when it came are
    // recorded, but cannot take the decision back (the LLR may step back inside the bounds).
    const bool decided = sprt_status_ && sprt_status_->decision != SprtDecision::Continue;
    if (sprt_ && !decided) {
        const auto status = sprt_->evaluate(standings_.counts(0));
        if (status) sprt_status_ = *status;
        if (status && status->decision != SprtDecision::Continue) stop_starting_ = true;
    }
    if (observer) observer(FinishedPair{pairing, pair.lines, standings_, sprt_status_, repeated});
}

RunOutcome Tournament::run(const Observer& observer) {
    observer_ = observer;
    if (const auto failure = check_engines_start()) {
        games_->shutdown();
        fail(*failure);
        const std::lock_guard lock(mutex_);
        outcome_.startup_failure = true;
        RunOutcome outcome = outcome_;
        outcome.end = RunEnd::Failed;
        outcome.error = *failure;
        outcome.startup_failure = true;
        outcome.pairs_not_started = static_cast<std::int64_t>(pending_.size());
        return outcome;
    }
    const int concurrency = std::max(1, config_.concurrency);
    // Allow as many threads as games, even beyond the cores (Hub engines think in their own
    // processes, so the harness's threads mostly wait).
    const tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                      static_cast<std::size_t>(concurrency));
    tbb::task_arena arena(concurrency);
    // The tasks read the configuration and schedule set up before: TSan cannot see TBB's fork
    // and join (see the header). Shared state they change is guarded by mutex_ or atomic.
    const ForkJoinEdges edges;
    // One leaf task per pair, each taking the next pair in schedule order; with a feed (whose
    // length is not known), one task per game slot, each playing pairs until the feed ends.
    const std::size_t tasks =
        feed_ != nullptr ? static_cast<std::size_t>(concurrency) : pending_.size();
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, tasks, 1),
                          edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  while (play_next_pair(observer) && feed_ != nullptr) {
                                  }
                          }),
                          tbb::simple_partitioner());
    });
    edges.joined();
    games_->shutdown();
    const std::size_t taken = std::min(next_.load(), pending_.size());
    return outcome(feed_ != nullptr ? 0 : static_cast<std::int64_t>(pending_.size() - taken));
}

RunOutcome Tournament::outcome(std::int64_t not_started) const {
    const std::lock_guard lock(mutex_);
    RunOutcome outcome = outcome_;
    outcome.pairs_not_started = not_started;
    if (failed_) {
        outcome.end = RunEnd::Failed;
    } else if (sprt_status_ && sprt_status_->decision == SprtDecision::AcceptH0) {
        outcome.end = RunEnd::SprtAcceptedH0;
    } else if (sprt_status_ && sprt_status_->decision == SprtDecision::AcceptH1) {
        outcome.end = RunEnd::SprtAcceptedH1;
    } else if (stop_.stop_requested()) {
        outcome.end = RunEnd::Interrupted;
    } else if (stopped_by_file_ && not_started > 0) {
        outcome.end = RunEnd::Stopped;
    } else {
        outcome.end = RunEnd::Completed;
    }
    return outcome;
}

void Tournament::abort() {
    stop_starting_ = true;
    stop_.request_stop();
}

Standings Tournament::standings() const {
    const std::lock_guard lock(mutex_);
    return standings_;
}

std::optional<SprtStatus> Tournament::sprt_status() const {
    const std::lock_guard lock(mutex_);
    return sprt_status_;
}

}  // namespace draughts::harness
