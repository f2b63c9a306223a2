#include "tuner/network_run.hpp"

#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <system_error>

#include "common/file_io.hpp"
#include "common/json.hpp"
#include "engine/network.hpp"
#include "rules/variant_list.hpp"
#include "tuner/dataset.hpp"
#include "tuner/run_folder.hpp"

namespace draughts::tuner {

namespace {

Json epoch_json(const NetworkEpochReport& r) {
    return Json{{"epoch", r.epoch},
                {"train_loss", r.train_loss},
                {"holdout_loss", r.holdout_loss},
                {"learning_rate", r.learning_rate},
                {"seconds", r.seconds},
                {"positions_per_second", r.positions_per_second},
                {"best_epoch", r.best_epoch}};
}

Expected<void> write_curve(const std::filesystem::path& folder,
                           const std::vector<NetworkEpochReport>& history) {
    std::string text;
    for (const NetworkEpochReport& r : history) text += dump_json(epoch_json(r)) + "\n";
    return write_file_atomically(folder / "curve.jsonl", text);
}

Json summary_json(const NetworkRunSummary& s, const NetworkRunConfig& c) {
    return Json{{"variant", std::string(rules::variant_name(s.variant))},
                {"data", c.data.string()},
                {"samples", s.samples},
                {"not_quiet", s.not_quiet},
                {"train", s.train},
                {"holdout", s.holdout},
                {"epochs", s.epochs},
                {"epochs_planned", c.epochs},
                {"best_epoch", s.best_epoch},
                {"start_holdout_loss", s.start_holdout_loss},
                {"holdout_loss", s.holdout_loss},
                {"train_loss", s.train_loss},
                {"positions_per_second", s.positions_per_second},
                {"quantisation_error_mean", s.quantisation.mean},
                {"quantisation_error_max", s.quantisation.max},
                {"saturated_weights", s.saturated},
                {"batch_size", c.settings.batch_size},
                {"learning_rate", c.settings.learning_rate},
                {"learning_rate_decay", c.settings.learning_rate_decay},
                {"k", c.labels.k},
                {"score_weight", c.labels.score_weight},
                {"seed", c.settings.seed},
                {"interrupted", s.interrupted},
                {"seconds", s.seconds}};
}

template <typename V>
Expected<NetworkRunSummary> run_for(const NetworkRunConfig& config, bool resume,
                                    const std::atomic<bool>* stop,
                                    const NetworkRunObserver& observer) {
    const auto started = std::chrono::steady_clock::now();
    NetworkRunSummary s;
    s.folder = config.output;
    s.variant = rules::variant_of<V>();
    std::optional<NetworkTrainingSet> train;
    NetworkTrainingSet holdout;
    {
        auto data = load_dataset<V>(config.data);
        if (!data) return data.error();
        s.samples = data->samples.size();
        const auto held = static_cast<std::size_t>(
            std::llround(static_cast<double>(s.samples) * std::clamp(config.holdout, 0.0, 1.0)));
        const std::size_t cut = s.samples - held;
        NetworkSetCounts a, b;
        train = network_training_set(*data, 0, cut, config.labels, &a);
        holdout = network_training_set(*data, cut, s.samples, config.labels, &b);
        s.not_quiet = a.not_quiet + b.not_quiet;
    }
    s.train = train->size();
    s.holdout = holdout.size();
    if (s.train == 0)
        return make_error(config.data.string() + ": no quiet position to train on (" +
                          std::to_string(s.samples) + " samples)");
    if (observer.on_data) observer.on_data(s);

    NetworkTrainerSettings settings = config.settings;
    settings.k = config.labels.k;
    NetworkTrainer trainer(*train, holdout.size() > 0 ? &holdout : nullptr, settings);
    s.start_holdout_loss = trainer.start_holdout_loss();
    const std::filesystem::path checkpoint = config.output / kCheckpointFile;
    if (resume) {
        auto state = load_network_checkpoint(checkpoint, trainer);
        if (!state) return state.error();
        trainer.restore(std::move(*state));
    }
    while (trainer.state().epoch < config.epochs && (stop == nullptr || !stop->load())) {
        const NetworkEpochReport report = trainer.run_epoch();
        if (auto saved = save_network_checkpoint(trainer, checkpoint); !saved) return saved.error();
        if (auto written = write_curve(config.output, trainer.state().history); !written)
            return written.error();
        if (observer.on_epoch) observer.on_epoch(report);
    }

    const NetworkTrainerState& state = trainer.state();
    s.epochs = state.epoch;
    s.interrupted = state.epoch < config.epochs;
    s.best_epoch = state.best_epoch;
    s.holdout_loss = state.best_holdout_loss;
    double samples_seen = 0.0, seconds = 0.0;
    for (const NetworkEpochReport& r : state.history) {
        samples_seen += r.positions_per_second * r.seconds;
        seconds += r.seconds;
    }
    s.positions_per_second = seconds > 0.0 ? samples_seen / seconds : 0.0;
    if (!state.history.empty()) s.train_loss = state.history.back().train_loss;
    const QuantisedNetwork q = quantise_network(state.best_weights, s.variant);
    s.saturated = q.saturated;
    s.quantisation =
        quantisation_error(state.best_weights, q.network, holdout.size() > 0 ? holdout : *train);
    if (auto written = engine::write_network(q.network, config.output / "network.bin"); !written)
        return written.error();
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (auto written = write_file_atomically(config.output / "summary.json",
                                             dump_json(summary_json(s, config), 2) + "\n");
        !written)
        return written.error();
    return s;
}

}  // namespace

Expected<NetworkRunSummary> run_network_training(const NetworkRunConfig& config, bool resume,
                                                 const std::atomic<bool>* stop,
                                                 const NetworkRunObserver& observer) {
    const auto variant = read_dataset_variant(config.data);
    if (!variant) return variant.error();
    if (config.output.empty()) return make_error("no output folder given");
    if (auto prepared = prepare_run_folder(config.output, resume, true); !prepared)
        return prepared.error();
    return rules::dispatch_variant(
        *variant, [&]<typename V>(V) { return run_for<V>(config, resume, stop, observer); });
}

}  // namespace draughts::tuner
