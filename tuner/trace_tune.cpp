#include "tuner/trace_tune.hpp"

#include <fmt/format.h>

#include <chrono>

#include "common/file_io.hpp"
#include "common/time_source.hpp"
#include "tuner/checkpoint.hpp"
#include "tuner/dataset_resolver.hpp"
#include "tuner/external_trace.hpp"
#include "tuner/k_fit.hpp"
#include "tuner/run_folder.hpp"
#include "tuner/tune_steps.hpp"

namespace draughts::tuner {

namespace {

using Clock = std::chrono::steady_clock;

/// The parameters named by `freeze`: a term (both weights when tapered) or TERM.mg / TERM.eg.
Expected<std::vector<bool>> frozen_of(const ExternalTrace& trace,
                                      const std::vector<std::string>& names) {
    std::vector<bool> frozen(trace.parameter_count(), false);
    for (const std::string& name : names) {
        bool found = false;
        for (std::size_t p = 0; p < trace.parameter_count(); ++p) {
            const std::string parameter = trace.parameter_name(p);
            if (parameter == name || (trace.phases && trace.terms[p / 2] == name)) {
                frozen[p] = true;
                found = true;
            }
        }
        if (!found) return make_error("freeze: the trace has no term '" + name + "'");
    }
    return frozen;
}

std::vector<double> values_of(const Eigen::VectorXd& weights) {
    return std::vector<double>(weights.data(), weights.data() + weights.size());
}

Expected<void> save_trace_progress(const TuneConfig& config, const std::filesystem::path& folder,
                                   const ExternalTrace& trace, const TexelTuner& tuner,
                                   bool write) {
    if (!write) return {};
    if (auto ok = save_checkpoint(tuner, folder / kCheckpointFile); !ok) return ok;
    if (auto ok = write_file_atomically(folder / "loss.csv", loss_curve(tuner.history())); !ok)
        return ok;
    return write_file_atomically(folder / "weights.yaml",
                                 format_named_weights(trace, values_of(tuner.best_weights()),
                                                      weights_comment(config.trace, tuner)));
}

}  // namespace

Expected<TuneSummary> run_trace_tuning(const TuneConfig& config, const TuneRunOptions& options,
                                       const TuneObserver& observer) {
    if (options.partition != nullptr && options.partition->size() > 1)
        return make_error(config.trace +
                          ": a trace is tuned by one process (run it without mpirun)");
    const auto begin = Clock::now();
    auto folder = prepare_folder(config, options.resume, options.write);
    if (!folder) return folder.error();
    auto trace = load_trace(config.trace);
    if (!trace) return trace.error();
    if (config.score_weight > 0.0 && trace->first_unscored_line != 0)
        return make_error(fmt::format(
            "{}:{}: a position without score=S; score_weight {} needs a search score on every "
            "position",
            config.trace, trace->first_unscored_line, config.score_weight));
    TrainingSplit split = split_store(trace->store, config.holdout, config.seed);
    DataReport data;
    data.samples = data.positions = trace->store.size();
    data.train = split.train.size();
    data.holdout = split.holdout.size();
    data.positions_per_rank = {data.positions};
    const double rows = static_cast<double>(data.positions);
    data.nonzeros_per_position = static_cast<double>(trace->store.entry_count()) / rows;
    data.bytes_per_position =
        static_cast<double>(split.train.memory_bytes() + split.holdout.memory_bytes()) / rows;
    data.seconds = seconds_since(begin);
    if (observer.on_data) observer.on_data(data);

    TuneSummary summary;
    summary.folder = *folder;
    Eigen::VectorXd start(static_cast<Eigen::Index>(trace->start.size()));
    for (std::size_t i = 0; i < trace->start.size(); ++i)
        start[static_cast<Eigen::Index>(i)] = trace->start[i];
    double k = config.k.value_or(1.0);
    if (!config.k) {
        const auto fit = fit_k(split.train, start, config.loss);
        if (!fit)
            return make_error("fitting K: " + fit.error().message +
                              " (give the trace's terms their current weights, or set k)");
        k = fit->k;
        summary.k_fitted = true;
    }
    summary.k = k;
    auto frozen = frozen_of(*trace, config.freeze);
    if (!frozen) return frozen.error();
    TexelTuner tuner(split.train, &split.holdout, start, settings_for(config, k, *frozen, nullptr));
    const LossFunction loss(config.loss, k, nullptr, config.score_weight);
    summary.start_train_loss = loss.loss(split.train, start);
    summary.start_holdout_loss = loss.loss(split.holdout, start);
    if (observer.on_k) observer.on_k(k, summary.start_train_loss, summary.k_fitted);
    if (options.resume) {
        auto state = load_checkpoint(*folder / kCheckpointFile, tuner);
        if (!state) return state.error();
        tuner.restore(std::move(*state));
    }
    const auto save = [&] {
        return save_trace_progress(config, *folder, *trace, tuner, options.write);
    };
    if (auto ok = run_epochs(config, options, observer, tuner, save, summary); !ok)
        return ok.error();
    if (auto ok = save_trace_progress(config, *folder, *trace, tuner, options.write); !ok)
        return ok.error();
    summary.epochs = tuner.epoch();
    summary.best_epoch = tuner.best_epoch();
    summary.train_loss = summary.rounded_train_loss = tuner.train_loss(tuner.best_weights());
    summary.holdout_loss = summary.rounded_holdout_loss = tuner.holdout_loss(tuner.best_weights());
    summary.seconds = seconds_since(begin);
    if (!options.write) return summary;
    if (!config.weights_out.empty())
        if (auto ok = write_file_atomically(
                config.weights_out, format_named_weights(*trace, values_of(tuner.best_weights()),
                                                         weights_comment(config.trace, tuner)));
            !ok)
            return ok.error();
    if (auto ok = write_file_atomically(*folder / "summary.json",
                                        dump_json(summary_json(summary, data), 2) + "\n");
        !ok)
        return ok.error();
    return summary;
}

}  // namespace draughts::tuner
