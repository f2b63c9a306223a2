#include "app/spsa_run.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>

#include "app/build_info.hpp"
#include "cluster/distributed_spsa.hpp"
#include "cluster/match_run.hpp"
#include "common/calendar.hpp"
#include "common/file_io.hpp"
#include "harness/player/engine_log.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "report/report_builder.hpp"
#include "spsa/spsa_outputs.hpp"
#include "spsa/spsa_run.hpp"
#include "system/process/child_registry.hpp"
#include "system/process/interrupt_watcher.hpp"

namespace draughts::app {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr double kSpsaPlainProgressInterval = 10.0;  // seconds between lines when not a terminal
constexpr double kSpsaSummaryInterval = 5.0;         // seconds between summary.json rewrites

/// Progress, the JSON stream and summary.json while the iterations run.
class SpsaReporter {
  public:
    SpsaReporter(const spsa::SpsaFolder& folder, const SpsaOutput& output)
        : folder_(folder),
          output_(output),
          text_(output.json ? stderr : stdout),
          in_place_(::isatty(::fileno(text_)) != 0),
          applied_at_start_(folder.state.applied) {}

    std::FILE* text() const { return text_; }

    /// Iterations per minute in this session (0 before the first one).
    double rate(const spsa::SpsaState& state) const {
        const double minutes = std::chrono::duration<double>(Clock::now() - started_).count() / 60;
        const int done = state.applied - applied_at_start_;
        return done > 0 && minutes > 0 ? done / minutes : 0.0;
    }

    /// Called after every applied iteration (under the run's lock).
    void on_iteration(const spsa::CsvRow& row, const spsa::SpsaState& state) {
        const double per_minute = rate(state);
        if (output_.json) {
            Json line = {{"type", "iteration"},  {"iteration", row.iteration},
                         {"wins", row.wins},     {"draws", row.draws},
                         {"losses", row.losses}, {"iterations_per_minute", per_minute},
                         {"theta", row.theta}};
            std::fputs((dump_json(line) + "\n").c_str(), stdout);
            std::fflush(stdout);
        }
        const auto now = Clock::now();
        if (!output_.quiet) {
            const bool due = !last_line_ || in_place_ ||
                             std::chrono::duration<double>(now - *last_line_).count() >=
                                 kSpsaPlainProgressInterval ||
                             state.applied == folder_.config.iterations;
            if (due) {
                last_line_ = now;
                const std::string line =
                    spsa::spsa_progress_line(folder_.config, state, per_minute);
                if (in_place_)
                    std::fprintf(text_, "\r\033[K%s", line.c_str());
                else
                    std::fprintf(text_, "%s\n", line.c_str());
                std::fflush(text_);
                line_open_ = in_place_;
            }
        }
        if (!last_summary_ ||
            std::chrono::duration<double>(now - *last_summary_).count() >= kSpsaSummaryInterval) {
            last_summary_ = now;
            (void)write_summary(state, "running");
        }
    }

    Expected<void> write_summary(const spsa::SpsaState& state, std::string_view run_state) const {
        Json summary = spsa::spsa_summary(folder_.config, state, run_state, rate(state));
        summary["provenance"] = harness::summary_provenance(
            folder_.provenance, run_state == "running" ? "" : utc_timestamp());
        return write_file_atomically(folder_.dir / harness::kSummaryFile,
                                     dump_json(summary, 2) + "\n");
    }

    void finish() {
        if (line_open_) std::fputc('\n', text_);
        line_open_ = false;
    }

  private:
    const spsa::SpsaFolder& folder_;
    SpsaOutput output_;
    std::FILE* text_;
    bool in_place_;
    int applied_at_start_;
    Clock::time_point started_ = Clock::now();
    std::optional<Clock::time_point> last_line_;
    std::optional<Clock::time_point> last_summary_;
    bool line_open_ = false;
};

void print_header(const spsa::SpsaFolder& folder, std::FILE* out) {
    const spsa::SpsaConfig& c = folder.config;
    fmt::print(out,
               "SPSA {}: engine '{}' ({}), {} parameter(s), {} iterations of {} pair(s), window "
               "{}\n",
               c.event, c.engine.name, harness::kind_name(c.engine.spec), c.parameters.size(),
               c.iterations, c.pairs, c.window);
    fmt::print(out, "Time control {}, concurrency {}, results in {}\n", to_string(c.time_control),
               c.concurrency, folder.dir.string());
    if (folder.state.applied > 0)
        fmt::print(out, "Resuming after iteration {} ({} pairs recorded beyond it)\n",
                   folder.state.applied,
                   folder.stored.pairs.size() -
                       std::min<std::size_t>(folder.stored.pairs.size(),
                                             static_cast<std::size_t>(folder.state.applied) *
                                                 static_cast<std::size_t>(c.pairs)));
    std::fflush(out);
}

/// final.yaml and, for the built-in engine, weights.yaml.
Expected<void> write_values(const spsa::SpsaFolder& folder, const spsa::SpsaState& state) {
    if (auto ok = write_file_atomically(folder.dir / spsa::kFinalValuesFile,
                                        spsa::final_values_yaml(folder.config, state));
        !ok)
        return ok;
    auto weights = spsa::final_weights(folder.config, state);
    if (!weights) return weights.error();
    if (*weights) return write_file_atomically(folder.dir / spsa::kWeightsFile, **weights);
    return {};
}

/// The SPRT of the final values against the start (verification/), created or resumed.
int run_verification(const spsa::SpsaFolder& folder, const spsa::SpsaState& state,
                     const SpsaOutput& output, cluster::Cluster* ranks) {
    const fs::path dir = folder.dir / spsa::kVerificationFolder;
    const harness::MatchConfig match =
        spsa::verification_match(folder.config, spsa::final_values(folder.config, state), dir);
    auto inputs = harness::hash_inputs(match);
    if (!inputs) return command_failed("spsa", inputs.error().message);
    const BuildInfo build = build_info();
    const harness::Provenance provenance{
        harness::new_run_id(),
        std::move(inputs).value(),
        {harness::this_session("created", build.version, build.commit, {"draughts", "spsa"})},
        {},
        std::nullopt};
    harness::StoredRun stored;
    std::error_code ec;
    auto opened = fs::exists(dir / harness::kConfigFile, ec)
                      ? harness::ResultsFolder::open(dir, stored)
                      : harness::ResultsFolder::create(
                            dir, harness::to_yaml(match) + harness::provenance_yaml(provenance));
    if (!opened) return command_failed("spsa", opened.error().message);
    fmt::print(output.json ? stderr : stdout,
               "Verification: the final values against the start, SPRT [{}, {}] at {}\n",
               match.sprt.elo0, match.sprt.elo1, to_string(match.time_control));
    return cluster::run_match(match, *opened, stored,
                              cluster::MatchOutput{output.json, output.quiet}, &provenance, {},
                              ranks)
        .status;
}

}  // namespace

int run_spsa(spsa::SpsaFolder& folder, const SpsaOutput& output, cluster::Cluster* ranks) {
    const spsa::SpsaConfig& config = folder.config;
    auto log = harness::EngineLog::open(folder.games->engine_log());
    if (!log) return command_failed("spsa", log.error().message);
    harness::ChildRegistry registry;
    if (auto guarded = registry.guard_orphans(); !guarded)
        fmt::print(stderr, "draughts spsa: warning: {}\n", guarded.error().message);
    std::vector<spsa::SpsaParameter> parameters;
    for (const auto& entry : config.parameters) parameters.push_back(entry.parameter);
    auto csv = spsa::CsvFile::open(folder.csv_file(), parameters, folder.state.applied);
    if (!csv) return command_failed("spsa", csv.error().message);
    spsa::SpsaRun run(config, folder.state, std::move(csv).value(), folder.state_file());
    SpsaReporter reporter(folder, output);
    run.set_observer([&](const spsa::CsvRow& row, const spsa::SpsaState& state) {
        reporter.on_iteration(row, state);
    });
    if (auto ok = run.restore(folder.stored); !ok)
        return command_failed("spsa", ok.error().message);
    if (!output.quiet) print_header(folder, reporter.text());
    auto created = harness::Tournament::create(spsa::pair_match(config), *folder.games,
                                               folder.stored, &registry, log->get());
    if (!created) return command_failed("spsa", created.error().message);
    harness::Tournament& t = **created;
    t.set_feed(&run);
    t.set_pair_parameters(
        [&run](const harness::Pairing& pairing) { return run.parameters(pairing); });
    run.attach(&t);
    std::atomic<int> signal_received{0};
    harness::RunOutcome outcome;
    if (!run.complete()) {
        harness::InterruptWatcher watcher(registry, [&](int signal) {
            signal_received = signal;
            run.stop();
            t.abort();
        });
        const auto observer = [&run](const harness::FinishedPair& pair) { run.record(pair); };
        if (ranks != nullptr && ranks->size() > 1)
            outcome = cluster::run_distributed_spsa(*ranks, t, run, spsa::pair_match(config),
                                                    folder.games_dir(), observer);
        else
            outcome = t.run(observer);
    }
    reporter.finish();
    const spsa::SpsaState state = run.state();
    const bool complete = run.complete();
    const auto error = run.error();
    const bool failed = error || outcome.end == harness::RunEnd::Failed;
    const std::string run_state = complete ? "completed" : failed ? "failed" : "interrupted";
    if (auto ok = write_values(folder, state); !ok)
        fmt::print(stderr, "draughts spsa: {}\n", ok.error().message);
    if (auto ok = reporter.write_summary(state, run_state); !ok)
        fmt::print(stderr, "draughts spsa: {}\n", ok.error().message);
    if (auto ok = report::write_report({folder.dir}, folder.dir / report::kReportFile); !ok)
        fmt::print(stderr, "draughts spsa: warning: no report: {}\n", ok.error().message);
    const double per_minute = reporter.rate(state);
    if (output.json) {
        Json last = spsa::spsa_summary(config, state, run_state, per_minute);
        last["type"] = "summary";
        last["results_dir"] = folder.dir.string();
        if (error) last["error"] = *error;
        if (!error && !outcome.error.empty()) last["error"] = outcome.error;
        fmt::print("{}\n", dump_json(last));
        std::fflush(stdout);
    } else {
        fmt::print("{}\nFinal values: {}\n", spsa::spsa_progress_line(config, state, per_minute),
                   (folder.dir / spsa::kFinalValuesFile).string());
    }
    if (failed) return command_failed("spsa", error ? *error : outcome.error);
    if (!complete) {
        fmt::print(reporter.text(), "Interrupted; continue with: draughts spsa --resume {}\n",
                   folder.dir.string());
        return kExitSignalBase + (signal_received > 0 ? signal_received.load() : 2);
    }
    if (!config.verification.enabled) return kExitOk;
    return run_verification(folder, state, output, ranks);
}

}  // namespace draughts::app
