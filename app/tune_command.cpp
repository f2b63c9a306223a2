// `draughts tune CONFIG.yaml [--set key=value]... [--resume] [--json]`: Texel tuning of the
// engine's evaluation weights from a data set (see tuner/tune_run.hpp and docs/tuning.md).

#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "cluster/cluster.hpp"
#include "cluster/transport_partition.hpp"
#include "common/json.hpp"
#include "report/report_builder.hpp"
#include "system/process/child_registry.hpp"
#include "system/process/interrupt_watcher.hpp"
#include "tuner/row_partition.hpp"
#include "tuner/tune_run.hpp"

namespace draughts::app {

namespace {

struct TuneOptions {
    std::string config;
    std::vector<std::string> set;
    bool resume = false;
    bool json = false;
};

void print(const Json& json) {
    fmt::print("{}\n", dump_json(json));
    std::fflush(stdout);
}

tuner::TuneObserver observer_for(const TuneOptions& o, int epochs) {
    tuner::TuneObserver observer;
    observer.on_data = [json = o.json](const tuner::DataReport& d) {
        if (json) {
            print(Json{{"event", "data"},
                       {"samples", d.samples},
                       {"positions", d.positions},
                       {"game_over", d.game_over},
                       {"from_cache", d.from_cache},
                       {"train", d.train},
                       {"holdout", d.holdout},
                       {"nonzeros_per_position", d.nonzeros_per_position},
                       {"bytes_per_position", d.bytes_per_position},
                       {"seconds", d.seconds}});
            return;
        }
        fmt::print(
            "data: {} samples, {} positions ({} dropped as decided){}, {} train / {} hold-out, "
            "{:.1f} non-zeros and {:.1f} bytes per position, {:.1f} s\n",
            d.samples, d.positions, d.game_over + d.too_deep,
            d.from_cache ? " from cached coefficients" : "", d.train, d.holdout,
            d.nonzeros_per_position, d.bytes_per_position, d.seconds);
    };
    observer.on_k = [json = o.json](double k, double loss, bool fitted) {
        if (json) {
            print(Json{{"event", "k"}, {"k", k}, {"fitted", fitted}, {"loss", loss}});
            return;
        }
        fmt::print("K {:.6f} ({}), starting training loss {:.8f}\n", k, fitted ? "fitted" : "given",
                   loss);
    };
    observer.on_epoch = [json = o.json, epochs](const tuner::EpochReport& r) {
        const double rate = r.seconds > 0 ? 1.0 / r.seconds : 0.0;
        if (json) {
            print(Json{{"event", "epoch"},
                       {"epoch", r.epoch},
                       {"train_loss", r.train_loss},
                       {"holdout_loss", r.holdout_loss},
                       {"learning_rate", r.learning_rate},
                       {"epochs_per_second", rate},
                       {"steps", r.steps},
                       {"best_epoch", r.best_epoch}});
            return;
        }
        fmt::print("epoch {}/{}  train {:.8f}  hold-out {:.8f}  lr {:.4g}  {:.2f} epochs/s{}\n",
                   r.epoch, epochs, r.train_loss, r.holdout_loss, r.learning_rate, rate,
                   r.best_epoch == r.epoch ? "  best" : "");
        std::fflush(stdout);
    };
    return observer;
}

void print_summary(const tuner::TuneSummary& s, bool json, const std::string& report_file) {
    if (json) {
        print(Json{{"event", "done"},
                   {"folder", s.folder.string()},
                   {"epochs", s.epochs},
                   {"best_epoch", s.best_epoch},
                   {"stopped_early", s.stopped_early},
                   {"interrupted", s.interrupted},
                   {"k", s.k},
                   {"train_loss", s.train_loss},
                   {"holdout_loss", s.holdout_loss},
                   {"rounded_train_loss", s.rounded_train_loss},
                   {"rounded_holdout_loss", s.rounded_holdout_loss},
                   {"seconds", s.seconds},
                   {"report", report_file}});
        return;
    }
    fmt::print(
        "{} after {} epochs{}; weights of epoch {}{}: train {:.8f} -> {:.8f}, hold-out {:.8f} -> "
        "{:.8f} (rounded weights: {:.8f} / {:.8f}), {:.1f} s\nresults in {}\n",
        s.interrupted ? "stopped" : "done", s.epochs,
        s.stopped_early ? " (stopped early: no hold-out improvement)" : "", s.best_epoch,
        s.best_epoch == 0 ? " (the starting weights)" : "", s.start_train_loss, s.train_loss,
        s.start_holdout_loss, s.holdout_loss, s.rounded_train_loss, s.rounded_holdout_loss,
        s.seconds, s.folder.string());
    if (!report_file.empty()) fmt::print("report: {}\n", report_file);
}

/// report.html in the run's folder, or why it could not be written.
Expected<std::string> write_tune_report(const std::filesystem::path& folder) {
    const std::filesystem::path file = folder / report::kReportFile;
    if (auto written = report::write_report({folder}, file); !written)
        return make_error("no report: " + written.error().message);
    return file.string();
}

/// The configuration with the --set overrides.
Expected<tuner::TuneConfig> load_config(const TuneOptions& o) {
    std::vector<harness::ConfigAssignment> overrides;
    for (const std::string& text : o.set) {
        auto assignment = harness::parse_assignment(text, "--set " + text);
        if (!assignment) return assignment.error();
        overrides.push_back(std::move(*assignment));
    }
    return tuner::load_tune_config(o.config, overrides);
}

Expected<void> status_of(const Expected<tuner::TuneConfig>& config) {
    if (!config) return config.error();
    return {};
}

/// `ranks`: under mpirun, every rank runs the same steps on its share of the rows (see
/// cluster/transport_partition.hpp); rank 0 alone writes and prints.
int run_tune(const TuneOptions& o, cluster::Cluster* ranks) {
    // Ctrl-C (or SIGTERM, SIGHUP) stops after the current epoch, with a checkpoint to resume
    // from; the exit status is then 128 + the signal, as for draughts match. Under mpirun the
    // signal ends every rank at once instead (the ranks must agree on every step), and --resume
    // continues from the last checkpoint.
    std::atomic<bool> stop{false};
    std::atomic<int> stopped_by{SIGINT};
    harness::ChildRegistry children;
    std::optional<harness::InterruptWatcher> watcher;
    if (ranks == nullptr)
        watcher.emplace(children, [&stop, &stopped_by](int signal) {
            stopped_by = signal;
            stop = true;
        });
    tuner::TuneRunOptions options{o.resume, &stop, nullptr, true};
    std::optional<cluster::TransportPartition> partition;
    if (ranks != nullptr) {
        // Every rank runs the same steps from here on: an exception on one of them ends the job
        // (app/main.cpp), and every error below is agreed by all before the next step.
        ranks->engage();
        partition.emplace(ranks->transport());
        options = {o.resume, nullptr, &*partition, ranks->is_root()};
    }
    const bool root = ranks == nullptr || ranks->is_root();
    const auto config = load_config(o);
    if (auto agreed = tuner::agree(options.partition, status_of(config)); !agreed)
        return root ? command_failed("tune", agreed.error().message) : kExitError;
    const auto summary = tuner::run_tuning(
        *config, options, root ? observer_for(o, config->epochs) : tuner::TuneObserver{});
    // An agreed error: rank 0 prints it (it names the rank that failed).
    if (!summary) return root ? command_failed("tune", summary.error().message) : kExitError;
    if (!root) return kExitOk;  // the other ranks print nothing
    const auto report = write_tune_report(summary->folder);
    print_summary(*summary, o.json, report ? *report : "");
    // A report that cannot be written is a failed final write: an error (docs/exit-statuses.md).
    if (!report) return command_failed("tune", report.error().message);
    return summary->interrupted ? kExitSignalBase + stopped_by.load() : kExitOk;
}

}  // namespace

void add_tune_command(CLI::App& app, int& exit_code, cluster::Cluster* cluster) {
    auto o = std::make_shared<TuneOptions>();
    CLI::App* cmd = app.add_subcommand(
        "tune", "Texel-tune the evaluation weights on a data set (configs/tuning/*.yaml)");
    cmd->add_option("config", o->config, "Tuning configuration (YAML)")->required();
    cmd->add_option("--set", o->set,
                    "Override a configuration key, e.g. --set epochs=50 --set adam.beta1=0.8")
        ->type_name("KEY=VALUE");
    cmd->add_flag("--resume", o->resume,
                  "Continue the run whose checkpoint is in the configured output folder");
    cmd->add_flag("--json", o->json, "Print JSON lines (data, k, each epoch, done)");
    cmd->callback([o, &exit_code, cluster] { exit_code = run_tune(*o, cluster); });
}

}  // namespace draughts::app
