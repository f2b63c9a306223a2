// `draughts train-network DATA --output DIR [options] [--resume] [--json]`: trains the engine's
// network on a data set (tuner/network_run.hpp, docs/network.md).

#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "report/report_builder.hpp"
#include "system/process/child_registry.hpp"
#include "system/process/interrupt_watcher.hpp"
#include "tuner/network_run.hpp"

namespace draughts::app {

namespace {

struct TrainNetworkOptions {
    tuner::NetworkRunConfig config;
    std::string data;
    std::string output;
    bool resume = false;
    bool json = false;
};

void print_json(const Json& json) {
    fmt::print("{}\n", dump_json(json));
    std::fflush(stdout);
}

tuner::NetworkRunObserver observer_for(const TrainNetworkOptions& o) {
    tuner::NetworkRunObserver observer;
    observer.on_data = [json = o.json](const tuner::NetworkRunSummary& s) {
        if (json) {
            print_json(Json{{"event", "data"},
                            {"variant", std::string(rules::variant_name(s.variant))},
                            {"samples", s.samples},
                            {"not_quiet", s.not_quiet},
                            {"train", s.train},
                            {"holdout", s.holdout}});
            return;
        }
        fmt::print("data: {} samples of {}, {} dropped (not quiet), {} train / {} hold-out\n",
                   s.samples, rules::variant_name(s.variant), s.not_quiet, s.train, s.holdout);
        std::fflush(stdout);
    };
    observer.on_epoch = [json = o.json,
                         epochs = o.config.epochs](const tuner::NetworkEpochReport& r) {
        if (json) {
            print_json(Json{{"event", "epoch"},
                            {"epoch", r.epoch},
                            {"train_loss", r.train_loss},
                            {"holdout_loss", r.holdout_loss},
                            {"learning_rate", r.learning_rate},
                            {"positions_per_second", r.positions_per_second},
                            {"best_epoch", r.best_epoch}});
            return;
        }
        fmt::print("epoch {}/{}  train {:.8f}  hold-out {:.8f}  lr {:.4g}  {:.0f} positions/s{}\n",
                   r.epoch, epochs, r.train_loss, r.holdout_loss, r.learning_rate,
                   r.positions_per_second, r.best_epoch == r.epoch ? "  best" : "");
        std::fflush(stdout);
    };
    return observer;
}

int run_train_network(TrainNetworkOptions& o) {
    // Ctrl-C (or SIGTERM, SIGHUP) stops after the current epoch, writes the best network so far
    // and exits with 128 + the signal; --resume continues from the checkpoint.
    std::atomic<bool> stop{false};
    std::atomic<int> stopped_by{SIGINT};
    harness::ChildRegistry children;
    const harness::InterruptWatcher watcher(children, [&stop, &stopped_by](int signal) {
        stopped_by = signal;
        stop = true;
    });
    o.config.data = o.data;
    o.config.output = o.output;
    const auto summary = tuner::run_network_training(o.config, o.resume, &stop, observer_for(o));
    if (!summary) return command_failed("train-network", summary.error().message);
    const tuner::NetworkRunSummary& s = *summary;
    const std::filesystem::path report_file = s.folder / report::kReportFile;
    const auto report = report::write_report({s.folder}, report_file);
    if (o.json) {
        print_json(Json{{"event", "done"},
                        {"folder", s.folder.string()},
                        {"epochs", s.epochs},
                        {"best_epoch", s.best_epoch},
                        {"holdout_loss", s.holdout_loss},
                        {"positions_per_second", s.positions_per_second},
                        {"quantisation_error_mean", s.quantisation.mean},
                        {"quantisation_error_max", s.quantisation.max},
                        {"saturated_weights", s.saturated},
                        {"interrupted", s.interrupted},
                        {"report", report ? report_file.string() : ""}});
    } else {
        fmt::print(
            "{} after {} epochs; network of epoch {}: hold-out {:.8f} -> {:.8f}, {:.0f} "
            "positions/s; quantised: {:.2f} engine units mean error, {:.2f} largest, {} weights "
            "saturated, {:.1f} s\nnetwork: {}\n",
            s.interrupted ? "stopped" : "done", s.epochs, s.best_epoch, s.start_holdout_loss,
            s.holdout_loss, s.positions_per_second, s.quantisation.mean, s.quantisation.max,
            s.saturated, s.seconds, (s.folder / "network.bin").string());
        if (report) fmt::print("report: {}\n", report_file.string());
    }
    // A report that cannot be written is a failed final write (docs/exit-statuses.md).
    if (!report) return command_failed("train-network", "no report: " + report.error().message);
    return s.interrupted ? kExitSignalBase + stopped_by.load() : kExitOk;
}

}  // namespace

void add_train_network_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<TrainNetworkOptions>();
    tuner::NetworkRunConfig& c = o->config;
    CLI::App* cmd = app.add_subcommand(
        "train-network", "Train the engine's evaluation network on a data set (docs/network.md)");
    cmd->add_option("data", o->data, "Data set (text or .bin, any variant)")->required();
    cmd->add_option("--output", o->output, "Run folder (checkpoint, curve, network.bin)")
        ->required();
    cmd->add_option("--epochs", c.epochs, "Epochs")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--batch", c.settings.batch_size, "Samples per Adam step")
        ->capture_default_str()
        ->check(CLI::Range(1, 1 << 24));
    cmd->add_option("--lr", c.settings.learning_rate, "Adam's step size")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--lr-decay", c.settings.learning_rate_decay,
                    "Factor applied to the step size after each epoch")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--k", c.labels.k, "Sigmoid constant of the loss and the score labels")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--score-weight", c.labels.score_weight,
                    "Share of the search score's sigmoid in the label (0: the result alone)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--holdout", c.holdout, "Share of the data, from its end, held out")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 0.9));
    cmd->add_option("--seed", c.settings.seed, "Initial weights and sample order")
        ->capture_default_str();
    cmd->add_flag("--resume", o->resume, "Continue the run whose checkpoint is in --output");
    cmd->add_flag("--json", o->json, "Print JSON lines (data, each epoch, done)");
    cmd->callback([o, &exit_code] { exit_code = run_train_network(*o); });
}

}  // namespace draughts::app
