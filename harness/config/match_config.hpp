#pragma once
// The configuration of a match (`draughts match CONFIG.yaml`): engines, tournament type, games,
// time control, openings, adjudication, SPRT, concurrency and outputs. Every key has a default;
// see configs/matches/default.yaml and docs/matches.md for the file format.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/enum_names.hpp"
#include "common/expected.hpp"
#include "config/config_override.hpp"
#include "harness/config/adjudication_config.hpp"
#include "harness/config/engine_config.hpp"
#include "harness/game/clock.hpp"
#include "harness/openings/builtin_books.hpp"
#include "harness/openings/opening_book.hpp"
#include "harness/openings/opening_order.hpp"
#include "records/time_control.hpp"
#include "rules/variant.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {

/// How engines meet: two engines, the first against each other one, or everyone against everyone.
enum class TournamentType : unsigned char { HeadToHead, Gauntlet, RoundRobin };

/// "head-to-head", "gauntlet" or "round-robin".
inline constexpr EnumNames<TournamentType, 3> kTournamentTypeNames{
    {{TournamentType::HeadToHead, "head-to-head"},
     {TournamentType::Gauntlet, "gauntlet"},
     {TournamentType::RoundRobin, "round-robin"}}};
inline std::string_view tournament_type_name(TournamentType type) {
    return name_of(kTournamentTypeNames, type);
}

/// Who plays whom and how often.
struct TournamentConfig {
    TournamentType type = TournamentType::HeadToHead;
    int games = 2;   ///< games per encounter and round, even: colour-swapped pairs
    int rounds = 1;  ///< the schedule of encounters is repeated this many times

    friend bool operator==(const TournamentConfig&, const TournamentConfig&) = default;
};

/// Where games start.
struct OpeningsConfig {
    /// A built-in book ("builtin:NAME", see harness/openings/builtin_books.hpp), a file (absolute),
    /// or empty: every game from the initial position.
    std::string file{kDefaultBook};
    BookFormat format = BookFormat::Auto;  ///< by extension, or forced
    int plies = 6;                         ///< PDN books: the position after this many plies
    BookOrder order = BookOrder::Random;   ///< portable seeded shuffle, or book order
    std::optional<std::uint64_t> seed;     ///< shuffle seed; default: the match seed
    std::uint64_t start = 0;               ///< first position in that order

    friend bool operator==(const OpeningsConfig&, const OpeningsConfig&) = default;
};

/// Sequential probability ratio test of the first engine against the second.
struct SprtConfig {
    bool enabled = false;
    double elo0 = 0.0;
    double elo1 = 5.0;
    double alpha = 0.05;
    double beta = 0.05;
    SprtModel model = SprtModel::Normalized;

    friend bool operator==(const SprtConfig&, const SprtConfig&) = default;
};

/// A whole match configuration, with every default filled in and every path absolute.
struct MatchConfig {
    /// The event's name (PDN Event tag, results folder name); default: default_event_name().
    std::string event = "match";
    std::string site;
    /// The rules every game follows (`variant:`, a name rules::parse_variant reads). The 64-square
    /// variants start from their initial position unless `openings.file` names a FEN or PDN
    /// book of theirs; DXP engines and endgame-database adjudication are international only.
    rules::Variant variant = rules::Variant::International;
    std::uint64_t seed = 1;
    int concurrency = 1;
    std::string output;  ///< folder; empty: results/<event>-<timestamp>
    TimeControl time_control{.base = 10.0, .increment = 0.1};
    /// Seconds a move may overrun the clock without forfeiting: above the harness's latency summed
    /// over a game on a loaded machine (docs/matches.md, "Clocks and latency").
    double time_margin = 0.1;
    /// Seconds a move may take when only nodes or depth limit it (no clock, no move time): a
    /// move over the cap forfeits (time_forfeit, with a message naming the cap), so that an
    /// engine that never answers cannot hang a match. A DXP engine's `timeouts.untimed_move`
    /// overrides it for that engine.
    double move_cap = kDefaultMoveCap;
    /// Seconds of each move of an engine in another process (Hub, DXP) that its clock is not
    /// charged: the latency the harness adds (docs/matches.md, "Clocks and latency").
    double latency_compensation = 0.0;
    bool log_protocol = false;  ///< engines.log gets every Hub protocol line, not just stderr
    /// Any forfeit (crash, time loss, illegal move, ...) fails the run once its games are
    /// recorded (exit status 3): for CI jobs, where a verdict over misbehaving engines is no
    /// verdict.
    bool strict = false;
    TournamentConfig tournament;
    OpeningsConfig openings;
    AdjudicationConfig adjudication;
    SprtConfig sprt;
    std::vector<EngineConfig> engines;

    friend bool operator==(const MatchConfig&, const MatchConfig&) = default;
};

/// The event name of a match whose configuration gives none, made from its engines' names:
/// "wrapbot-vs-builtin" for two, "a-vs-b-vs-c" for three, "a-vs-4-engines" for more; characters
/// that do not belong in a folder name become '-'. "match" without engines.
std::string default_event_name(const std::vector<std::string>& engine_names);

/// Reads and validates a configuration from YAML text. `source` names it in messages; relative
/// paths are taken from `base_dir` (or the working directory when empty); `overrides` are
/// applied first (their relative paths are taken from the working directory). All problems are
/// reported at once, one per line, each naming the file, line, column (or the override) and key.
Expected<MatchConfig> parse_match_config(std::string_view yaml, std::string_view source,
                                         const std::filesystem::path& base_dir,
                                         const std::vector<ConfigAssignment>& overrides);

/// Reads a configuration file (see parse_match_config).
Expected<MatchConfig> load_match_config(const std::filesystem::path& file,
                                        const std::vector<ConfigAssignment>& overrides);

/// The resolved configuration as YAML: every key with its value, paths absolute. Reading it back
/// gives the same configuration.
std::string to_yaml(const MatchConfig& config);

// Sections of a match configuration that other configurations which play games have too
// (spsa/spsa_config.hpp): read into values holding the defaults, errors to the section's source.
void read_openings(YamlSection section, OpeningsConfig& openings);
void write_openings(YAML::Emitter& out, const OpeningsConfig& openings);
void read_sprt(YamlSection section, SprtConfig& sprt);
void write_sprt(YAML::Emitter& out, const SprtConfig& sprt);
/// The `variant:` key (a name of rules::parse_variant; the message suggests the nearest).
rules::Variant read_variant(YamlSection& root);

}  // namespace draughts::harness
