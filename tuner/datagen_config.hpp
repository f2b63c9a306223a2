#pragma once
// The configuration of `draughts datagen CONFIG.yaml`: self-play games of the built-in engine at
// a fixed node count, played by the tournament runner from a book's openings extended by a few
// random plies, with adjudication, and the sampling of training positions from them. Validated
// like match configurations (file, line, column and key in every error; `--set key=value`
// overrides any key). Keys and defaults: configs/tuning/datagen-example.yaml and docs/tuning.md.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "config/config_override.hpp"
#include "harness/config/match_config.hpp"
#include "rules/variant.hpp"
#include "tuner/game_sampler.hpp"

namespace draughts::tuner {

/// A whole data-generation configuration, defaults filled in and paths absolute.
struct DatagenConfig {
    /// The rules variant the games are played in, recorded in the data set.
    rules::Variant variant = rules::Variant::International;
    std::string output;                       ///< run folder; empty: results/datagen-<time>
    std::string positions = "positions.txt";  ///< data set; relative: inside the run folder
    int games = 1000;                         ///< even: colour-swapped pairs
    int concurrency = 2;
    std::uint64_t seed = 1;
    std::uint64_t nodes = 5000;  ///< per move
    std::string weights;         ///< engine weights; empty: the engine's built-in defaults
    int hash_mb = 16;
    /// The engine that plays the games, any kind of a match (a Hub engine, ...); nullopt: the
    /// built-in engine with `weights` and `hash`. The second side searches a few more nodes.
    std::optional<harness::EngineConfig> engine;
    std::string openings;  ///< FEN or PDN book; empty: the initial position
    int book_plies = 6;    ///< PDN books: position after this many plies
    int random_plies = 4;  ///< random legal plies added to each opening
    /// Openings whose score by a search of `check_depth` plies exceeds this (engine units) are
    /// drawn again, so that random plies do not hand a side the game; 0: no check.
    int opening_max_score = 300;
    int check_depth = 6;
    harness::AdjudicationConfig adjudication{150, 12, 40, 40, 4, 2500, false, {}, 0};
    SamplingOptions sampling{10, 10, true, 3000, 1};

    friend bool operator==(const DatagenConfig&, const DatagenConfig&) = default;
};

/// Reads and validates a configuration from YAML text (see parse_tune_config for conventions).
Expected<DatagenConfig> parse_datagen_config(
    std::string_view yaml, std::string_view source, const std::filesystem::path& base_dir,
    const std::vector<harness::ConfigAssignment>& overrides);

/// Reads a configuration file.
Expected<DatagenConfig> load_datagen_config(
    const std::filesystem::path& file, const std::vector<harness::ConfigAssignment>& overrides);

/// The resolved configuration as YAML; reading it back gives the same configuration.
std::string to_yaml(const DatagenConfig& config);

}  // namespace draughts::tuner
