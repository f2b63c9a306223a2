#include "cluster/match_run.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cluster/distributed_match.hpp"
#include "common/calendar.hpp"
#include "harness/tournament/match_report.hpp"
#include "harness/tournament/progress.hpp"
#include "harness/tournament/progress_ticker.hpp"
#include "harness/tournament/termination_report.hpp"
#include "harness/tournament/tournament.hpp"
#include "report/report_builder.hpp"
#include "report/report_refresher.hpp"
#include "system/process/child_registry.hpp"
#include "system/process/interrupt_watcher.hpp"

namespace draughts::cluster {

namespace {

constexpr double kSummaryInterval = 5.0;             // seconds between summary.json rewrites
constexpr std::chrono::seconds kReportInterval{60};  // between report.html rewrites

void print_header(const harness::MatchConfig& config, const harness::Tournament& t,
                  const harness::ResultsFolder& folder, std::FILE* out) {
    const auto& schedule = t.schedule();
    fmt::print(out, "Match {}: {}, {} engines, {} games ({} per encounter x {} rounds)\n",
               config.event, harness::tournament_type_name(config.tournament.type),
               config.engines.size(), schedule.game_count(), config.tournament.games,
               config.tournament.rounds);
    fmt::print(out, "Time control {}, concurrency {}, results in {}\n",
               harness::time_controls_text(config), config.concurrency, folder.dir().string());
    if (const auto& shard = t.scope().shard)
        fmt::print(out, "Shard {}: {} of the {} pairs\n", harness::to_string(*shard),
                   t.planned_pairs(), schedule.pair_count());
    const std::int64_t done = t.standings().games();
    if (done > 0)
        fmt::print(out, "Resuming: {} games already played, {} pairs to go\n", done,
                   t.pending_pairs());
    std::fflush(out);
}

int exit_status(const harness::RunOutcome& outcome, int signal, bool strict_failure) {
    switch (outcome.end) {
        case harness::RunEnd::Failed:
            return kExitError;
        case harness::RunEnd::Interrupted:
            return kExitSignalBase + (signal > 0 ? signal : 2);
        default:
            break;
    }
    if (outcome.pairs_unplayable > 0) return kExitError;
    // Not finished: not "every game played" (docs/exit-statuses.md, with the precedence).
    if (outcome.end == harness::RunEnd::Stopped) return kExitStopped;
    // Strict mode: a verdict over forfeited games is no verdict, whatever the SPRT says.
    if (strict_failure) return kExitForfeits;
    return outcome.end == harness::RunEnd::SprtAcceptedH0 ? kExitSprtH0 : kExitOk;
}

/// The final words after the report: how the run ended, what to do next.
void print_ending(const harness::RunOutcome& outcome, const harness::ResultsFolder& folder,
                  std::FILE* out) {
    switch (outcome.end) {
        case harness::RunEnd::SprtAcceptedH0:
            fmt::print(out, "SPRT accepted H0: stopped early.\n");
            break;
        case harness::RunEnd::SprtAcceptedH1:
            fmt::print(out, "SPRT accepted H1: stopped early.\n");
            break;
        case harness::RunEnd::Interrupted:
            fmt::print(out, "Interrupted; continue with: draughts match --resume {}\n",
                       folder.dir().string());
            break;
        case harness::RunEnd::Stopped:
            fmt::print(
                out, "Stopped (the stop file exists); continue with: draughts match --resume {}\n",
                folder.dir().string());
            break;
        case harness::RunEnd::Failed:
            fmt::print(stderr, "draughts match: {}\n", outcome.error);
            break;
        case harness::RunEnd::Completed:
            break;
    }
    if (outcome.pairs_unplayable > 0)
        fmt::print(
            stderr,
            "draughts match: {} pairs could not be played (see {}); --resume {} tries them again\n",
            outcome.pairs_unplayable, folder.engine_log().string(), folder.dir().string());
}

/// Everything the run shows and writes besides the games: progress, the JSON stream,
/// summary.json, and at the end the report.
class MatchReporter {
  public:
    MatchReporter(const harness::MatchConfig& config, const harness::Tournament& t,
                  harness::ResultsFolder& folder, const MatchOutput& output,
                  const harness::Provenance* provenance)
        : config_(config),
          provenance_(provenance),
          folder_(folder),
          output_(output),
          text_(output.json ? stderr : stdout),  // stdout carries the JSON lines
          planned_(static_cast<std::int64_t>(2 * t.planned_pairs())),
          sprt_(t.sprt() ? &*t.sprt() : nullptr),
          progress_(text_, ::isatty(::fileno(text_)) != 0, output.progress_interval, planned_,
                    t.standings().games()),
          report_file_(folder.dir() / report::kReportFile),
          refresher_({folder.dir()}, report_file_, kReportInterval) {
        for (const harness::EngineConfig& e : config.engines) {
            const harness::TimeControl& tc = e.time_control.value_or(config.time_control);
            any_capped_ = any_capped_ || (!tc.has_clock() && !tc.move_time);
        }
        if (!output.quiet) print_header(config, t, folder, text_);
    }

    /// Starts the clock of the progress lines and the heartbeat (see
    /// harness/tournament/progress_ticker.hpp), which every game played here resets, not only
    /// every recorded pair; finish() stops it.
    void start_ticker(harness::Tournament& t) {
        const double tick = std::min(output_.progress_interval, 1.0);
        ticker_.emplace(
            harness::TickerTimes{tick, output_.heartbeat},
            [this, &t] {
                if (output_.quiet) return;
                // The tournament's lock first (standings), then the display's: the order of
                // on_pair, which runs under the tournament's lock.
                const harness::Standings standings = t.standings();
                // No line of 0 games: an engine that takes longer than a tick to fail its start
                // ends the run with its error alone (the heartbeat covers a silent start).
                if (standings.games() == 0) return;
                const auto sprt = t.sprt_status();
                const std::lock_guard lock(display_mutex_);
                progress_.update(standings, sprt);
            },
            [this, &t](double seconds) { on_silence(seconds, t.standings().games()); });
        t.set_game_ended([this] { ticker_->game_finished(); });
    }

    /// No game has finished for `seconds`: says so, with what may be holding the games up.
    void on_silence(double seconds, std::int64_t games) {
        std::string text =
            fmt::format("draughts match: no game has finished for {} ({} of {} games played)",
                        harness::format_duration(seconds), games, planned_);
        if (any_capped_)
            text += fmt::format(
                "; a move under a node or depth limit forfeits after {} "
                "(move_cap)",
                harness::format_duration(config_.move_cap));
        text += "; engine log: " + folder_.engine_log().string();
        const std::lock_guard lock(display_mutex_);
        if (output_.quiet) {
            std::fputs((text + "\n").c_str(), stderr);
            std::fflush(stderr);
        } else {
            progress_.message(text);
        }
    }

    /// Called for each recorded pair (under the tournament's lock).
    void on_pair(const harness::FinishedPair& pair) {
        if (ticker_) ticker_->game_finished();
        const std::lock_guard lock(display_mutex_);
        if (output_.json) {
            // Under the tournament's lock on a game thread: fputs, unlike fmt::print, never throws.
            for (const std::string& line : pair.lines)
                std::fputs((tagged_text("game", line) + "\n").c_str(), stdout);
            std::fflush(stdout);
        }
        if (pair.repeated && !warned_repeats_) {
            warned_repeats_ = true;  // once: the count is in summary.json and the report
            progress_.message(
                "draughts match: warning: pair " + std::to_string(pair.pairing.index) +
                " played exactly the games of an earlier pair; repeated pairs are not "
                "independent samples (use an opening book, or vary the engines' limits)");
        }
        if (pair.standings.egdb_probe_errors() > 0 && !warned_probe_errors_) {
            warned_probe_errors_ = true;  // once: the count is in summary.json and the report
            progress_.message(
                "draughts match: warning: probes of the endgame database failed (the games were "
                "played on; see " +
                folder_.engine_log().string() + ")");
        }
        if (!output_.quiet) progress_.update(pair.standings, pair.sprt);
        const auto now = std::chrono::steady_clock::now();
        if (last_summary_ &&
            std::chrono::duration<double>(now - *last_summary_).count() < kSummaryInterval)
            return;
        last_summary_ = now;
        Json summary =
            harness::summary_json(config_, planned_, pair.standings,
                                  harness::make_report(pair.standings, sprt_), "running");
        if (provenance_ != nullptr)
            summary["provenance"] = harness::summary_provenance(*provenance_, "");
        (void)folder_.write_summary(summary);
        refresher_.maybe_refresh();
    }

    /// Writes the final summary (with the keys of `extra`) and report; returns the exit status.
    int finish(const harness::RunOutcome& outcome, const harness::Standings& standings,
               const std::optional<harness::SprtStatus>& sprt, int signal, const Json& extra) {
        ticker_.reset();
        // The last state, whenever the last line was shown.
        if (!output_.quiet && standings.games() > 0) progress_.update(standings, sprt, true);
        if (!output_.quiet) progress_.finish();
        harness::MatchReport report = harness::make_report(standings, sprt_);
        if (sprt && !report.encounters.empty())
            harness::keep_sprt_decision(report.encounters.front(), *sprt);
        report.time_control = harness::time_controls_text(config_);
        // Strict: a forfeit, or a game the database could not judge, makes the verdict not count.
        const std::string forfeits = harness::forfeits_text(standings);
        const std::int64_t probe_errors = standings.egdb_probe_errors();
        const bool strict_failure = config_.strict && (!forfeits.empty() || probe_errors > 0);
        int status = exit_status(outcome, signal, strict_failure);
        Json summary = harness::summary_json(config_, planned_, standings, report,
                                             harness::run_end_name(outcome.end));
        summary["pairs_unplayable"] = outcome.pairs_unplayable;
        if (extra.is_object())
            for (const auto& [key, value] : extra.items()) summary[key] = value;
        if (provenance_ != nullptr)
            summary["provenance"] = harness::summary_provenance(*provenance_, utc_timestamp());
        // The final summary and report are results like the games: a failed write fails the run
        // (status 2), never a status 0 over a stale summary.
        std::vector<std::string> write_errors;
        if (auto ok = folder_.write_summary(summary); !ok)
            write_errors.push_back(ok.error().message);
        const Reported reported = write_final_report(standings);
        if (reported == Reported::Failed) write_errors.push_back(report_error_);
        if (!write_errors.empty() && status < kExitSignalBase) status = kExitError;
        if (output_.json) {
            Json last = tagged("summary", summary);
            last["results_dir"] = folder_.dir().string();
            last["exit_status"] = status;
            if (!outcome.error.empty()) last["error"] = outcome.error;
            if (!write_errors.empty()) last["write_errors"] = write_errors;
            if (outcome.startup_failure) last["startup_failure"] = true;
            if (strict_failure)
                last["strict_failure"] =
                    forfeits.empty() ? fmt::format("egdb_probe_errors {}", probe_errors) : forfeits;
            if (reported == Reported::Written) last["report"] = report_file_.string();
            fmt::print("{}\n", dump_json(last));
        } else if (!outcome.startup_failure && output_.report_text) {
            fmt::print("\n{}", harness::format_report(report));  // none when no game counted
        }
        std::fflush(stdout);
        if (reported == Reported::Written && !output_.quiet)
            fmt::print(text_, "Report: {}\n", report_file_.string());
        print_ending(outcome, folder_, text_);
        for (const std::string& error : write_errors)
            fmt::print(stderr, "draughts match: {}\n", error);
        if (strict_failure && !forfeits.empty())
            fmt::print(stderr,
                       "draughts match: strict: games were forfeited ({}); the verdict does not "
                       "count (see {})\n",
                       forfeits, folder_.engine_log().string());
        if (strict_failure && probe_errors > 0)
            fmt::print(stderr,
                       "draughts match: strict: {} probes of the endgame database failed; the "
                       "verdict does not count (see {})\n",
                       probe_errors, folder_.engine_log().string());
        return status;
    }

  private:
    enum class Reported { None, Written, Failed };

    /// report.html from the folder as it ends (after the background rewrite, if one runs); none
    /// when no game was counted (a folder that recorded nothing is removed).
    Reported write_final_report(const harness::Standings& standings) {
        refresher_.wait();
        if (standings.games() == 0) return Reported::None;
        if (auto written = report::write_report({folder_.dir()}, report_file_); !written) {
            report_error_ = "no report: " + written.error().message;
            return Reported::Failed;
        }
        return Reported::Written;
    }

    /// tagged() of a JSON object's compact text, made on the text: {"type":"TYPE",...its keys}.
    static std::string tagged_text(const char* type, const std::string& object) {
        std::string out = "{\"type\":" + dump_json(Json(type));
        if (object.size() > 2) {
            out += ',';
            out.append(object, 1);
        } else {
            out += '}';
        }
        return out;
    }

    /// {"type": TYPE, ...the keys of `object`}.
    static Json tagged(const char* type, const Json& object) {
        Json out = {{"type", type}};
        for (const auto& [key, value] : object.items()) out[key] = value;
        return out;
    }

    const harness::MatchConfig& config_;
    const harness::Provenance* provenance_;
    harness::ResultsFolder& folder_;
    MatchOutput output_;
    std::FILE* text_;
    std::int64_t planned_;
    const harness::Sprt* sprt_;
    harness::ProgressDisplay progress_;
    std::optional<std::chrono::steady_clock::time_point> last_summary_;
    bool warned_repeats_ = false;
    bool warned_probe_errors_ = false;
    std::filesystem::path report_file_;
    std::string report_error_;
    report::ReportRefresher refresher_;
    std::mutex display_mutex_;  ///< progress_ and the text stream, shared with the ticker
    bool any_capped_ = false;   ///< some engine plays under a node or depth limit
    std::optional<harness::ProgressTicker> ticker_;  ///< last: stopped before the rest goes
};

}  // namespace

MatchRunEnd run_match(const harness::MatchConfig& config, harness::ResultsFolder& folder,
                      const harness::StoredRun& stored, const MatchOutput& output,
                      const harness::Provenance* provenance, const harness::RunScope& scope,
                      Cluster* ranks) {
    const MatchRunEnd failed{kExitError, stored.pairs.empty()};
    auto log = harness::EngineLog::open(folder.engine_log());
    if (!log) {
        fmt::print(stderr, "draughts match: {}\n", log.error().message);
        return failed;
    }
    harness::ChildRegistry registry;
    // Engines must not outlive a harness killed with SIGKILL (a hung one never would end).
    if (auto guarded = registry.guard_orphans(); !guarded)
        fmt::print(stderr, "draughts match: warning: {}\n", guarded.error().message);
    auto created =
        harness::Tournament::create(config, folder, stored, &registry, log->get(), scope);
    if (!created) {
        fmt::print(stderr, "draughts match: {}\n", created.error().message);
        return failed;
    }
    harness::Tournament& t = **created;
    MatchReporter reporter(config, t, folder, output, provenance);
    std::atomic<int> signal_received{0};
    harness::RunOutcome outcome;
    CoordinatorStats cluster_stats;
    const bool distributed = ranks != nullptr && ranks->size() > 1;
    {
        // Ctrl-C or SIGTERM: stop the games (their pairs are replayed on --resume) and kill the
        // engines; a second signal ends the harness at once.
        harness::InterruptWatcher watcher(registry, [&](int signal) {
            signal_received = signal;
            t.abort();
        });
        // After the watcher, so that the ticker's thread inherits its blocked signals: a
        // thread started before it would take Ctrl-C with the default action and end the run.
        reporter.start_ticker(t);
        const auto observer = [&](const harness::FinishedPair& pair) { reporter.on_pair(pair); };
        if (distributed)
            outcome = run_distributed(*ranks, t, config, folder.dir(), observer, cluster_stats);
        else
            outcome = t.run(observer);
    }
    const harness::Standings standings = t.standings();
    Json extra;
    if (distributed)
        extra["cluster"] = {{"ranks", ranks->size()},
                            {"remote_pairs", cluster_stats.remote_pairs},
                            {"messages_received", cluster_stats.messages_received},
                            {"messages_sent", cluster_stats.messages_sent},
                            {"bytes_received", cluster_stats.bytes_received},
                            {"coordinator_cpu_seconds", cluster_stats.cpu_seconds}};
    const int status =
        reporter.finish(outcome, standings, t.sprt_status(), signal_received.load(), extra);
    return {status, outcome.end == harness::RunEnd::Failed && standings.games() == 0};
}

Expected<CheckedMatch> check_new_match(const harness::MatchConfig& config) {
    auto openings = harness::check_match(config);
    if (!openings) return openings.error();
    auto inputs = harness::hash_inputs(config);
    if (!inputs) return inputs.error();
    return CheckedMatch{std::move(*openings), std::move(*inputs)};
}

Expected<MatchRunEnd> start_new_match(const harness::MatchConfig& config,
                                      const CheckedMatch& checked, const RunOrigin& origin,
                                      const MatchOutput& output, const harness::RunScope& scope,
                                      Cluster* cluster) {
    const harness::Provenance provenance{
        harness::new_run_id(),
        checked.inputs,
        {harness::this_session("created", origin.version, origin.commit, origin.command_line)},
        {},
        scope.shard};
    MatchRunEnd ended;
    {
        auto folder = harness::ResultsFolder::create(
            config.output, harness::to_yaml(config) + harness::provenance_yaml(provenance));
        if (!folder) return folder.error();
        ended = run_match(config, *folder, {}, output, &provenance, scope, cluster);
    }
    if (ended.failed_before_first_game) {
        // Nothing was played: leave no folder behind, so that the same command can be retried.
        std::error_code ec;
        std::filesystem::remove_all(config.output, ec);
        if (ec)
            fmt::print(stderr, "draughts match: could not remove {}: {}\n", config.output,
                       ec.message());
        else
            fmt::print(stderr, "draughts match: no game was played; removed {}\n", config.output);
    }
    return ended;
}

}  // namespace draughts::cluster
