#include "tuner/tune_steps.hpp"

#include <fmt/format.h>

#include <iterator>

#include "common/file_io.hpp"
#include "tuner/run_folder.hpp"

namespace draughts::tuner {

Expected<std::filesystem::path> prepare_folder(const TuneConfig& config, bool resume, bool write) {
    if (resume && config.output.empty())
        return make_error("--resume needs the run folder: set output in the configuration");
    const std::filesystem::path folder = tune_folder(config);
    if (auto ok = prepare_run_folder(folder, resume, write); !ok) return ok.error();
    if (!write) return folder;
    if (auto ok = write_file_atomically(folder / "config.yaml", to_yaml(config)); !ok)
        return ok.error();
    return folder;
}

std::string loss_curve(const std::vector<EpochReport>& history) {
    std::string csv =
        "epoch,train_loss,holdout_loss,learning_rate,seconds,epochs_per_second,best_epoch\n";
    for (const EpochReport& r : history) {
        fmt::format_to(std::back_inserter(csv), "{},{:.12g},{:.12g},{:.9g},{:.6f},{:.4f},{}\n",
                       r.epoch, r.train_loss, r.holdout_loss, r.learning_rate, r.seconds,
                       r.seconds > 0 ? 1.0 / r.seconds : 0.0, r.best_epoch);
    }
    return csv;
}

Json summary_json(const TuneSummary& s, const DataReport& d) {
    return Json{{"folder", s.folder.string()},
                {"k", s.k},
                {"k_fitted", s.k_fitted},
                {"epochs", s.epochs},
                {"best_epoch", s.best_epoch},
                {"stopped_early", s.stopped_early},
                {"interrupted", s.interrupted},
                {"positions", d.positions},
                {"positions_per_rank", d.positions_per_rank},
                {"train", d.train},
                {"holdout", d.holdout},
                {"start_train_loss", s.start_train_loss},
                {"start_holdout_loss", s.start_holdout_loss},
                {"train_loss", s.train_loss},
                {"holdout_loss", s.holdout_loss},
                {"rounded_train_loss", s.rounded_train_loss},
                {"rounded_holdout_loss", s.rounded_holdout_loss},
                {"seconds", s.seconds}};
}

TunerSettings settings_for(const TuneConfig& config, double k, std::vector<bool> frozen,
                           const RowPartition* partition) {
    TunerSettings s;
    s.partition = partition;
    s.loss = config.loss;
    s.k = k;
    s.score_weight = config.score_weight;
    s.batch_size = config.batch_size;
    s.learning_rate = config.learning_rate;
    s.learning_rate_decay = config.learning_rate_decay;
    s.l2 = config.l2;
    s.adam = config.adam;
    s.seed = config.seed;
    s.frozen = std::move(frozen);
    return s;
}

std::string weights_comment(const std::filesystem::path& source, const TexelTuner& tuner) {
    std::error_code ec;
    const TunerSettings& s = tuner.settings();
    const std::string label =
        s.score_weight > 0.0 ? fmt::format(", score weight {}", s.score_weight) : std::string();
    return fmt::format("Tuned by draughts tune from {} (epoch {} of {}{}, K {:.6f}, {}{}).",
                       std::filesystem::proximate(source, ec).string(), tuner.best_epoch(),
                       tuner.epoch(), tuner.has_holdout() ? ", the best by hold-out loss" : "", s.k,
                       loss_kind_name(s.loss), label);
}

bool stop_requested(const TuneRunOptions& options) {
    return options.stop != nullptr && options.stop->load();
}

/// True when the last `early_stop` epochs all failed to beat the best epoch's hold-out loss.
bool no_longer_improving(const TuneConfig& config, const TexelTuner& tuner) {
    return config.early_stop > 0 && tuner.epoch() - tuner.best_epoch() >= config.early_stop;
}

Expected<void> run_epochs(const TuneConfig& config, const TuneRunOptions& options,
                          const TuneObserver& observer, TexelTuner& tuner,
                          const std::function<Expected<void>()>& save, TuneSummary& summary) {
    while (tuner.epoch() < config.epochs && !no_longer_improving(config, tuner) &&
           !stop_requested(options)) {
        const EpochReport report = tuner.run_epoch();
        if (observer.on_epoch) observer.on_epoch(report);
        if (report.epoch % config.checkpoint_every == 0 || report.epoch == config.epochs)
            if (auto ok = save(); !ok) return ok;
    }
    summary.stopped_early = no_longer_improving(config, tuner);
    summary.interrupted = tuner.epoch() < config.epochs && !summary.stopped_early;
    return {};
}

}  // namespace draughts::tuner
