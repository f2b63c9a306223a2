#pragma once
// The configuration of a match (`draughts match CONFIG.yaml`): engines, tournament type, games,
// time control, openings, adjudication, SPRT, concurrency and outputs. Every key has a default;
// see configs/matches/default.yaml and the Match section of README.md for the file format.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "harness/config/config_override.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"

namespace draughts::harness {

/// How engines meet: two engines, the first against each other one, or everyone against everyone.
enum class TournamentType : unsigned char { HeadToHead, Gauntlet, RoundRobin };
std::string_view tournament_type_name(TournamentType type);

/// How an engine is run: in this process, as a child process speaking the Hub protocol, or as
/// an engine speaking DXP over TCP (usually a child process too).
enum class EngineKind : unsigned char { Builtin, Hub, Dxp };
std::string_view engine_kind_name(EngineKind kind);

/// When a Hub engine process is started again.
enum class RestartPolicy : unsigned char {
    OnCrash,  ///< after it crashed or stopped answering (it loses that game)
    Always,   ///< for every game
    Never,    ///< a crash ends the tournament with an error
};
std::string_view restart_policy_name(RestartPolicy policy);

/// Seconds allowed to a Hub engine in each phase of its life (see harness/hub/hub_client.hpp).
struct HubEngineTimeouts {
    double handshake = 10.0;     ///< `hub` answered by `wait`
    double init = 60.0;          ///< `init` answered by `ready` (the engine may load data)
    double ping = 10.0;          ///< `ping` answered by `pong` (new game, watchdog)
    double ping_interval = 5.0;  ///< between watchdog pings during untimed searches
    double stop = 2.0;           ///< `stop` answered by `done` before the engine is killed
    /// Seconds a move may overrun the clock before the engine forfeits; default: the match's
    /// time_margin. A game uses the larger margin of its two engines for both sides.
    std::optional<double> move_margin;

    friend bool operator==(const HubEngineTimeouts&, const HubEngineTimeouts&) = default;
};

/// How a DXP engine is reached and timed (see harness/dxp/dxp_link.hpp).
struct DxpEngineConfig {
    /// `listen`: the harness listens and the engine connects; `connect`: the engine listens.
    std::string connection = "listen";
    std::string host = "127.0.0.1";  ///< listen: the address to bind; connect: the engine's host
    int port = 0;                    ///< 0: a free port, passed to the engine through {port}
    std::optional<int> thinking_minutes;  ///< R's thinking time; default: from the time control
    double connect = 10.0;                ///< seconds until the connection is established
    double accept_game = 10.0;            ///< seconds from R to A
    double game_end = 5.0;                ///< seconds from our E to the engine's E
    double untimed_move = 120.0;          ///< longest move without a clock (nodes/depth only)

    friend bool operator==(const DxpEngineConfig&, const DxpEngineConfig&) = default;
};

/// One engine of the match.
struct EngineConfig {
    std::string name;
    EngineKind kind = EngineKind::Builtin;
    /// Overrides the match's time control for this engine (canonical form, see time_control.hpp).
    std::optional<std::string> time_control;
    // builtin
    std::string weights;  ///< weights file (absolute); empty: the engine's built-in defaults
    int hash_mb = 16;
    // hub and dxp
    std::string command;  ///< program (absolute, or a name searched in PATH); dxp: may be empty
    std::vector<std::string> args;
    std::string working_directory;  ///< absolute; empty: the harness's own
    std::vector<std::pair<std::string, std::string>> parameters;  ///< sent with set-param
    HubEngineTimeouts timeouts;  ///< dxp engines use only its move_margin
    RestartPolicy restart = RestartPolicy::OnCrash;
    DxpEngineConfig dxp;

    friend bool operator==(const EngineConfig&, const EngineConfig&) = default;
};

/// Who plays whom and how often.
struct TournamentConfig {
    TournamentType type = TournamentType::HeadToHead;
    int games = 2;   ///< games per encounter and round, even: colour-swapped pairs
    int rounds = 1;  ///< the schedule of encounters is repeated this many times

    friend bool operator==(const TournamentConfig&, const TournamentConfig&) = default;
};

/// Where games start.
struct OpeningsConfig {
    std::string file;                   ///< absolute; empty: every game from the initial position
    std::string format = "auto";        ///< auto (by extension), fen or pdn
    int plies = 6;                      ///< PDN books: the position after this many plies
    std::string order = "random";       ///< random (portable seeded shuffle) or sequential
    std::optional<std::uint64_t> seed;  ///< shuffle seed; default: the match seed
    std::uint64_t start = 0;            ///< first position in that order

    friend bool operator==(const OpeningsConfig&, const OpeningsConfig&) = default;
};

/// Optional adjudications (all off by default). Scores are in engine units (1000 = one man).
struct AdjudicationConfig {
    int max_moves = 0;   ///< draw after this many moves by each side; 0: off
    int draw_moves = 0;  ///< draw when both report |score| <= draw_score for this many moves each
    int draw_score = 0;
    int draw_from_move = 0;
    int resign_moves = 0;  ///< a side loses after this many moves scored <= -resign_score
    int resign_score = 0;
    bool resign_confirmed = false;  ///< the opponent must agree (score >= +resign_score)

    friend bool operator==(const AdjudicationConfig&, const AdjudicationConfig&) = default;
};

/// Sequential probability ratio test of the first engine against the second.
struct SprtConfig {
    bool enabled = false;
    double elo0 = 0.0;
    double elo1 = 5.0;
    double alpha = 0.05;
    double beta = 0.05;
    std::string model = "normalized";  ///< normalized, logistic or bayeselo

    friend bool operator==(const SprtConfig&, const SprtConfig&) = default;
};

/// A whole match configuration, with every default filled in and every path absolute.
struct MatchConfig {
    std::string event = "match";
    std::string site;
    std::uint64_t seed = 1;
    int concurrency = 1;
    std::string output;                   ///< folder; empty: results/<event>-<timestamp>
    std::string time_control = "10+0.1";  ///< canonical form (see harness/game/time_control.hpp)
    double time_margin = 0.05;  ///< seconds a move may overrun the clock without forfeiting
    bool log_protocol = false;  ///< engines.log gets every Hub protocol line, not just stderr
    TournamentConfig tournament;
    OpeningsConfig openings;
    AdjudicationConfig adjudication;
    SprtConfig sprt;
    std::vector<EngineConfig> engines;

    friend bool operator==(const MatchConfig&, const MatchConfig&) = default;
};

/// The adjudication options of the game runner.
AdjudicationOptions adjudication_options(const AdjudicationConfig& config);

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

}  // namespace draughts::harness
