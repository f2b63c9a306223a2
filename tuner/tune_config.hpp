#pragma once
// The configuration of a tuning run (`draughts tune CONFIG.yaml`, configs/tuning/*.yaml). Every
// key has a default except `data`; the file is validated like match configurations (errors name
// the file, line, column and key; unknown keys get suggestions) and every key can be overridden
// on the command line with `--set key=value`. The keys are listed in docs/tuning.md and in
// configs/tuning/example.yaml.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "config/config_override.hpp"
#include "rules/variant.hpp"
#include "tuner/adam_optimizer.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {

/// A whole tuning configuration, defaults filled in and paths absolute.
struct TuneConfig {
    /// The rules variant: of the data set (checked when it is read), the weights and the engine.
    rules::Variant variant = rules::Variant::International;
    std::string data;  ///< data set file (text or binary); or `trace`
    /// Another engine's evaluation trace (external_trace.hpp) to fit instead of a data set; the
    /// engine-specific keys (variant, start_weights, quiet_weights, cache) then do not apply.
    std::string trace;
    std::string start_weights;  ///< weights file to start from; empty: material values only
    std::string quiet_weights;  ///< weights for the quiet-leaf search; empty: start_weights
    std::string cache;          ///< binary data set with coefficients written after resolving
    std::string output;         ///< run folder; empty: results/tune-<timestamp>
    std::string weights_out;    ///< extra copy of the final weights (e.g. configs/engines/x.yaml)
    int threads = 2;
    std::uint64_t seed = 1;
    double holdout = 0.1;  ///< share of positions kept aside for the hold-out loss
    LossKind loss = LossKind::MeanSquaredError;
    std::optional<double> k;  ///< sigmoid K; nullopt: fitted on the starting weights
    /// Share of the label taken from each position's search score instead of the game's result
    /// (tuner/loss.hpp); above 0, every position needs a score.
    double score_weight = 0.0;
    int epochs = 100;
    std::uint64_t batch_size = 0;  ///< rows per Adam step, 0: full batch
    double learning_rate = 1.0;
    double learning_rate_decay = 1.0;
    double l2 = 0.0;
    AdamSettings adam;
    std::vector<std::string> freeze;  ///< parameter names (see parameter_selection.hpp)
    int checkpoint_every = 10;        ///< epochs between checkpoints (and at the end)
    /// Stop after this many epochs in a row without a lower hold-out loss than the best epoch's
    /// (0: off; needs a hold-out set). Like `epochs`, it may change on resume.
    int early_stop = 0;

    friend bool operator==(const TuneConfig& a, const TuneConfig& b);
};

/// Reads and validates a configuration from YAML text (see the top of this file). Relative paths
/// are taken from `base_dir`, those given in overrides from the working directory. All problems
/// are reported at once, one per line.
Expected<TuneConfig> parse_tune_config(std::string_view yaml, std::string_view source,
                                       const std::filesystem::path& base_dir,
                                       const std::vector<harness::ConfigAssignment>& overrides);

/// Reads a configuration file (see parse_tune_config).
Expected<TuneConfig> load_tune_config(const std::filesystem::path& file,
                                      const std::vector<harness::ConfigAssignment>& overrides);

/// The resolved configuration as YAML; reading it back gives the same configuration.
std::string to_yaml(const TuneConfig& config);

}  // namespace draughts::tuner
