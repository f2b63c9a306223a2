#pragma once
// The configuration of `draughts spsa CONFIG.yaml` (configs/spsa/*.yaml, docs/spsa.md): the
// engine to tune (any engine entry of a match: built-in, Hub, or a program with `{NAME}`
// placeholders in its arguments), the parameters in fishtest's and OpenBench's form, the gains,
// and the games' settings (time control, openings, adjudication, concurrency) as in a match.
// Validated like every configuration: each problem names the file, line, column and key; every
// key can be overridden with `--set key=value`.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "config/config_override.hpp"
#include "harness/config/match_config.hpp"
#include "spsa/spsa_schedule.hpp"

namespace draughts::spsa {

/// A tuned parameter with where it was written (for messages about it found later, such as a
/// parameter the engine does not declare).
struct ParameterEntry {
    SpsaParameter parameter;
    std::string where;  ///< "FILE:LINE:COLUMN: parameters[i]"

    friend bool operator==(const ParameterEntry& a, const ParameterEntry& b) {
        return a.parameter == b.parameter;
    }
};

/// The optional SPRT of the final values against the starting ones, run when the tuning ends.
struct VerificationConfig {
    bool enabled = false;
    harness::TimeControl time_control{.base = 10.0, .increment = 0.1};
    int games = 20000;  ///< the most games it plays (even), if the SPRT does not decide earlier
    harness::SprtConfig sprt{.enabled = true};

    friend bool operator==(const VerificationConfig&, const VerificationConfig&) = default;
};

/// A whole SPSA configuration, defaults filled in and paths absolute.
struct SpsaConfig {
    std::string event = "spsa";  ///< names the run and its two sides ("spsa+", "spsa-")
    rules::Variant variant = rules::Variant::International;
    harness::EngineConfig engine;
    std::vector<ParameterEntry> parameters;
    int iterations = 1000;
    int pairs = 1;  ///< colour-swapped pairs per iteration (one opening each)
    /// Iteration k is played around theta as it was after iteration k - window, so that up to
    /// `window` iterations play at once (fishtest's workers likewise play with the theta they
    /// were given while others report). The trajectory depends on it, never on the concurrency.
    int window = 8;
    double alpha = 0.602;
    double gamma = 0.101;
    std::optional<double> a_stability;  ///< A; default 0.1 x iterations
    std::uint64_t seed = 1;
    int concurrency = 1;
    harness::TimeControl time_control{.base = 10.0, .increment = 0.1};
    double time_margin = 0.1;
    bool log_protocol = false;
    harness::OpeningsConfig openings;
    harness::AdjudicationConfig adjudication;
    std::string output;  ///< folder; empty: results/<event>-<timestamp>
    VerificationConfig verification;

    double a() const { return a_stability.value_or(0.1 * iterations); }
    SpsaSchedule schedule() const;

    friend bool operator==(const SpsaConfig&, const SpsaConfig&) = default;
};

/// Reads and validates a configuration from YAML text; `source` names it, relative paths are
/// taken from `base_dir`, and `overrides` (`--set`) are applied first. All problems are
/// reported at once, one per line.
Expected<SpsaConfig> parse_spsa_config(std::string_view yaml, std::string_view source,
                                       const std::filesystem::path& base_dir,
                                       const std::vector<harness::ConfigAssignment>& overrides);

/// Reads a configuration file.
Expected<SpsaConfig> load_spsa_config(const std::filesystem::path& file,
                                      const std::vector<harness::ConfigAssignment>& overrides);

/// The resolved configuration as YAML; reading it back gives the same configuration.
std::string to_yaml(const SpsaConfig& config);

/// The text that fixes a run's trajectory (everything but the concurrency and the output
/// folder), whose hash a state file records.
std::string trajectory_text(const SpsaConfig& config);

/// The engine of `config` named `name`, playing with `values` on top of its own parameters: a
/// built-in engine's parameters, a Hub engine's `set-param` list (which also fills `{NAME}`
/// placeholders of its arguments).
harness::EngineConfig engine_with(const harness::EngineConfig& engine, std::string name,
                                  const engine::ParameterValues& values);

/// The match the iterations' pairs are scheduled in: the engine against itself (names
/// "<event>+" for theta+ and "<event>-" for theta-, both starting with theta_start's values),
/// head to head, 2 x iterations x pairs games in one round; pair n is pair n % pairs of
/// iteration n / pairs + 1, on the n-th opening of the book's order.
harness::MatchConfig pair_match(const SpsaConfig& config);

/// The verification SPRT: "<event>-final" (theta_final) against "<event>-start" (theta_start)
/// at the verification's time control, in `folder`.
harness::MatchConfig verification_match(const SpsaConfig& config,
                                        const engine::ParameterValues& final_values,
                                        const std::filesystem::path& folder);

}  // namespace draughts::spsa
