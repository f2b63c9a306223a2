#pragma once
// The few settings the report needs from a results folder's config.yaml, read leniently: the
// match and tune configuration readers check that every input file exists, but a report is often
// made of a folder copied elsewhere (a CI artifact), where the books and weight files are not.

#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "harness/config/match_config.hpp"
#include "rules/variant.hpp"

namespace draughts::report {

/// A match folder's event, time control, tournament type, engine names and SPRT.
struct MatchSettings {
    std::string event = "match";
    std::string time_control;  ///< the match's (`time_control:`), played by engines without one
    harness::TournamentType type = harness::TournamentType::HeadToHead;
    std::vector<std::string> engines;
    /// Per engine: the time control it plays, its own or the match's.
    std::vector<std::string> engine_time_controls;
    harness::SprtConfig sprt;
    /// The rules of the match (its board: 10x10, or 8x8 for Brazilian and Russian).
    rules::Variant variant = rules::Variant::International;
};

/// A tuning folder's starting weights file (empty: material values), loss and step settings.
struct TuneSettings {
    rules::Variant variant = rules::Variant::International;  ///< absent in older folders
    std::string start_weights;
    std::string loss = "mse";
    double learning_rate = 1.0;
    double learning_rate_decay = 1.0;
    double l2 = 0.0;
    std::string trace;  ///< another engine's trace (docs/traces.md); empty: the built-in engine
};

/// Reads config.yaml of a match folder; errors name the file and the key.
Expected<MatchSettings> read_match_settings(const std::filesystem::path& config_file);

/// Reads config.yaml of a tuning folder; errors name the file and the key.
Expected<TuneSettings> read_tune_settings(const std::filesystem::path& config_file);

}  // namespace draughts::report
