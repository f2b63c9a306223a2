#include "tuner/tune_run.hpp"

#include <fmt/format.h>
#include <tbb/task_arena.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iterator>
#include <optional>
#include <string>

#include "common/calendar.hpp"
#include "common/file_io.hpp"
#include "common/json.hpp"
#include "common/time_source.hpp"
#include "rules/fen.hpp"
#include "tuner/checkpoint.hpp"
#include "tuner/dataset.hpp"
#include "tuner/dataset_resolver.hpp"
#include "tuner/k_fit.hpp"
#include "tuner/parameter_selection.hpp"
#include "tuner/run_folder.hpp"
#include "tuner/trace_tune.hpp"
#include "tuner/tune_steps.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

namespace {

using Clock = std::chrono::steady_clock;

/// Everything a run of variant V needs in memory.
template <typename V>
struct Prepared {
    std::filesystem::path folder;
    WeightsOf<V> start = WeightsOf<V>::material_only();
    TrainingSplit split{coefficient_store_for<V>(), coefficient_store_for<V>()};
    DataReport data;
};

/// On resume: the variant the folder's config.yaml records (international when it names none)
/// must be the configuration's, since the checkpoint's weights are of that variant's layout.
Expected<void> check_resumed_variant(const TuneConfig& config, const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return {};
    rules::Variant stored = rules::Variant::International;
    try {
        const YAML::Node node = YAML::LoadFile(file.string())["variant"];
        if (node && node.IsScalar())
            stored = rules::parse_variant(node.Scalar()).value_or(rules::Variant::International);
    } catch (const YAML::Exception& e) {
        return make_error(file.string() + ": not valid YAML: " + e.what());
    }
    if (stored == config.variant) return {};
    return make_error(file.string() + ": the run being resumed is of " +
                      std::string(rules::variant_name(stored)) +
                      " draughts, the configuration of " +
                      std::string(rules::variant_name(config.variant)) + " draughts");
}

/// With a score weight, every sample the tuning keeps needs its search score.
template <typename V>
Expected<void> check_scores(const TuneConfig& config, const BasicDataset<V>& dataset) {
    if (config.score_weight == 0.0) return {};
    for (std::size_t i = 0; i < dataset.samples.size(); ++i)
        if (!dataset.samples[i].score)
            return make_error(fmt::format(
                "{}: sample {} ({}) has no search score; score_weight {} needs one on every "
                "sample (`draughts dataset label` adds them)",
                config.data, dataset.number(i), rules::to_fen(dataset.samples[i].position),
                config.score_weight));
    return {};
}

/// Loads this process's share of the data set, resolves it when needed, writes the cache (when
/// the share is the whole set) and checks every row. The counts in `report` are the share's.
template <typename V>
Expected<BasicDataset<V>> load_resolved(const TuneConfig& config, const WeightsOf<V>& start,
                                        DataReport& report, bool write, DatasetShare share) {
    auto loaded = load_dataset<V>(config.data, share);
    if (!loaded) return loaded.error();
    report.samples = loaded->file_samples;
    BasicDataset<V> dataset;
    if (loaded->coefficients) {
        report.from_cache = true;
        dataset = std::move(*loaded);
    } else {
        const auto quiet = engine::load_weights_or<V>(config.quiet_weights, start);
        if (!quiet) return quiet.error();
        auto resolved = resolve_dataset(loaded->samples, *quiet);
        if (!resolved) return make_error(config.data + ": " + resolved.error().message);
        report.game_over = resolved->counts.game_over;
        report.too_deep = resolved->counts.too_deep;
        dataset = std::move(resolved->dataset);
        for (const std::size_t i : resolved->kept) dataset.numbers.push_back(loaded->number(i));
        if (!config.cache.empty() && write && share.whole())
            if (auto ok = save_dataset(dataset, config.cache, DatasetFormat::Binary); !ok)
                return ok.error();
    }
    if (auto ok = check_consistency(dataset, start); !ok)
        return make_error(config.data + ": " + ok.error().message);
    if (auto ok = check_scores(config, dataset); !ok) return ok.error();
    report.positions = dataset.samples.size();
    return dataset;
}

/// Adds up the processes' counts in `report` and fills in the split's figures.
void complete_report(DataReport& report, const TrainingSplit& split,
                     const RowPartition* partition) {
    const CoefficientStore& train = split.train;
    const CoefficientStore& holdout = split.holdout;
    std::vector<std::uint64_t> counts{report.positions, report.game_over, report.too_deep,
                                      train.entry_count() + holdout.entry_count(),
                                      train.memory_bytes() + holdout.memory_bytes()};
    report.positions_per_rank = gather(partition, {report.positions});
    sum_counts(partition, counts);
    report.positions = counts[0];
    report.game_over = counts[1];
    report.too_deep = counts[2];
    report.train = train.total_rows();
    report.holdout = holdout.total_rows();
    const double rows = static_cast<double>(report.train + report.holdout);
    report.nonzeros_per_position = static_cast<double>(counts[3]) / rows;
    report.bytes_per_position = static_cast<double>(counts[4]) / rows;
}

template <typename V>
Expected<Prepared<V>> prepare(const TuneConfig& config, const TuneRunOptions& options) {
    const auto begin = Clock::now();
    const RowPartition* partition = options.partition;
    Prepared<V> p;
    const DatasetShare share = partition == nullptr
                                   ? DatasetShare{}
                                   : DatasetShare{static_cast<std::uint64_t>(partition->rank()),
                                                  static_cast<std::uint64_t>(partition->size())};
    // The folder (rank 0 alone writes it), the starting weights and this rank's share: any of
    // them may fail on one rank alone, so the ranks agree before their first collective step.
    std::optional<BasicDataset<V>> dataset;
    const auto ready = [&]() -> Expected<void> {
        auto folder = prepare_folder(config, options.resume, options.write);
        if (!folder) return folder.error();
        p.folder = *folder;
        auto start =
            engine::load_weights_or<V>(config.start_weights, WeightsOf<V>::material_only());
        if (!start) return start.error();
        p.start = *start;
        auto loaded = load_resolved<V>(config, p.start, p.data, options.write, share);
        if (!loaded) return loaded.error();
        dataset.emplace(std::move(loaded).value());
        return {};
    };
    if (auto agreed = agree(partition, ready()); !agreed) return agreed.error();
    // The ranks hold consecutive slices of the file, so each one's rows are the next ones of the
    // whole set: their counts place them (no rank needs the others' row numbers).
    const auto [first, total] = place(partition, dataset->samples.size());
    if (total == 0) return make_error(config.data + ": no usable positions");
    // Only the coefficients go on: the samples and their quiet leaves are freed before the split
    // copies the rows.
    const CoefficientStore store = std::move(dataset->coefficients->store);
    dataset.reset();
    p.split = split_share(store, first, total, config.holdout, config.seed);
    complete_report(p.data, p.split, partition);
    p.data.seconds = seconds_since(begin);
    return p;
}

/// Writes the checkpoint, the loss curve and the best epoch's weights so far.
template <typename V>
Expected<void> save_progress(const TuneConfig& config, const std::filesystem::path& folder,
                             const TexelTuner& tuner, bool write) {
    if (!write) return {};
    if (auto ok = save_checkpoint(tuner, folder / kCheckpointFile, config.variant); !ok) return ok;
    if (auto ok = write_file_atomically(folder / "loss.csv", loss_curve(tuner.history())); !ok)
        return ok;
    return save_weights_of<V>(round_weights<WeightsOf<V>>(tuner.best_weights()),
                              folder / "weights.yaml", weights_comment(config.data, tuner));
}

/// Saves the final state and the best epoch's weights and fills in their losses.
template <typename V>
Expected<void> finish(const TuneConfig& config, const Prepared<V>& p, const TexelTuner& tuner,
                      TuneSummary& summary, const TuneRunOptions& options) {
    // Rank 0 alone writes: the ranks agree on it before the collective losses below.
    if (auto ok =
            agree(options.partition, save_progress<V>(config, p.folder, tuner, options.write));
        !ok)
        return ok;
    summary.epochs = tuner.epoch();
    summary.best_epoch = tuner.best_epoch();
    summary.train_loss = tuner.train_loss(tuner.best_weights());
    summary.holdout_loss = tuner.holdout_loss(tuner.best_weights());
    const WeightsOf<V> rounded = round_weights<WeightsOf<V>>(tuner.best_weights());
    const LossFunction loss(config.loss, summary.k, options.partition, config.score_weight);
    summary.rounded_train_loss = loss.loss(p.split.train, to_vector(rounded));
    summary.rounded_holdout_loss = loss.loss(p.split.holdout, to_vector(rounded));
    if (config.weights_out.empty() || !options.write) return agree(options.partition, {});
    return agree(options.partition, save_weights_of<V>(rounded, config.weights_out,
                                                       weights_comment(config.data, tuner)));
}

template <typename V>
Expected<TuneSummary> run_prepared(const TuneConfig& config, const TuneRunOptions& options,
                                   const TuneObserver& observer, Prepared<V>& p) {
    const auto begin = Clock::now();
    TuneSummary summary;
    summary.folder = p.folder;
    const Eigen::VectorXd start = to_vector(p.start);
    double k = config.k.value_or(1.0);
    if (!config.k) {
        const auto fit = fit_k(p.split.train, start, config.loss, options.partition);
        if (!fit) return make_error("fitting K: " + fit.error().message);
        k = fit->k;
        summary.k_fitted = true;
    }
    summary.k = k;
    auto frozen = select_parameters<V>(config.freeze);
    if (!frozen) return frozen.error();
    TexelTuner tuner(p.split.train, &p.split.holdout, start,
                     settings_for(config, k, *frozen, options.partition));
    const LossFunction loss(config.loss, k, options.partition, config.score_weight);
    summary.start_train_loss = loss.loss(p.split.train, start);
    summary.start_holdout_loss = loss.loss(p.split.holdout, start);
    if (observer.on_k) observer.on_k(k, summary.start_train_loss, summary.k_fitted);
    if (options.resume) {
        auto state = load_checkpoint(p.folder / kCheckpointFile, tuner, config.variant);
        const Expected<void> loaded = state ? Expected<void>() : Expected<void>(state.error());
        if (auto agreed = agree(options.partition, loaded); !agreed) return agreed.error();
        tuner.restore(std::move(*state));
    }
    const auto save = [&] {
        return agree(options.partition, save_progress<V>(config, p.folder, tuner, options.write));
    };
    if (auto ok = run_epochs(config, options, observer, tuner, save, summary); !ok)
        return ok.error();
    if (auto ok = finish(config, p, tuner, summary, options); !ok) return ok.error();
    summary.seconds = seconds_since(begin) + p.data.seconds;
    const Expected<void> written =
        options.write ? write_file_atomically(p.folder / "summary.json",
                                              dump_json(summary_json(summary, p.data), 2) + "\n")
                      : Expected<void>();
    if (auto ok = agree(options.partition, written); !ok) return ok.error();
    return summary;
}

}  // namespace

std::filesystem::path tune_folder(const TuneConfig& config) {
    if (!config.output.empty()) return config.output;
    return std::filesystem::path("results") / ("tune-" + folder_stamp());
}

Expected<TuneSummary> run_tuning(const TuneConfig& config, const TuneRunOptions& options,
                                 const TuneObserver& observer) {
    if (!config.trace.empty()) {
        tbb::task_arena arena(config.threads);
        std::optional<Expected<TuneSummary>> result;
        arena.execute([&] { result.emplace(run_trace_tuning(config, options, observer)); });
        return std::move(*result);
    }
    tbb::task_arena arena(config.threads);
    std::optional<Expected<TuneSummary>> result;
    if (options.resume)
        if (auto ok = agree(options.partition,
                            check_resumed_variant(config, tune_folder(config) / "config.yaml"));
            !ok)
            return ok.error();
    arena.execute([&] {
        // The one place where the configuration's variant becomes the template argument.
        result.emplace(
            rules::dispatch_variant(config.variant, [&](auto policy) -> Expected<TuneSummary> {
                using V = decltype(policy);
                auto prepared = prepare<V>(config, options);
                if (!prepared) return prepared.error();
                if (observer.on_data) observer.on_data(prepared->data);
                return run_prepared<V>(config, options, observer, *prepared);
            }));
    });
    return std::move(*result);
}

}  // namespace draughts::tuner
