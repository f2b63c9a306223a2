#pragma once
// Data generation for the tuner on top of the tournament runner (harness/tournament): the games
// are a head-to-head match of the engine against itself at a fixed node count, so that progress,
// crash safety and resume are the match's own. This file holds what is particular to data
// generation: the run folder's layout, the opening file (a book's openings, each extended by a few
// random legal plies, all distinct), the match configuration, and the sampling of the finished
// games into a data set. All of it follows the configuration's variant: the openings are its
// positions (books are international only), the match plays it, the data set records it.
//
//   FOLDER/datagen.yaml   the resolved data-generation configuration
//   FOLDER/openings.fen   one opening per colour-swapped pair
//   FOLDER/match/         the tournament's results folder (games.pdn, games.jsonl, summary.json)
//   FOLDER/positions.txt  the data set (or the configured file), written when the match is over

#include <cstddef>
#include <filesystem>

#include "common/expected.hpp"
#include "harness/config/match_config.hpp"
#include "tuner/datagen_config.hpp"
#include "tuner/folder_sampler.hpp"

namespace draughts::tuner {

/// Where a run keeps its files.
struct DatagenPaths {
    std::filesystem::path folder;
    std::filesystem::path config;     ///< datagen.yaml
    std::filesystem::path openings;   ///< openings.fen
    std::filesystem::path match;      ///< the tournament's results folder
    std::filesystem::path positions;  ///< the data set
};

/// The layout for a configuration whose `output` is set.
DatagenPaths datagen_paths(const DatagenConfig& config);

/// Writes the opening file: `count` distinct positions, the k-th made from the book opening at
/// the k-th place of a seeded shuffle of the book (wrapping around) plus `random_plies` legal
/// plies drawn by a portable generator, so a seed gives the same file on every machine.
/// Returns the number of openings written.
Expected<std::size_t> write_openings(const DatagenConfig& config, const std::filesystem::path& file,
                                     std::size_t count);

/// The match that plays the games: two identical built-in engines, head to head.
harness::MatchConfig datagen_match(const DatagenConfig& config, const DatagenPaths& paths);

/// Samples every game of the match folder (in the order they were committed) and writes the
/// data set of the configuration's variant to `paths.positions`.
Expected<SamplingReport> write_positions(const DatagenConfig& config, const DatagenPaths& paths);

}  // namespace draughts::tuner
