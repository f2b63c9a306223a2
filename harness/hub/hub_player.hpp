#pragma once
// A Player backed by an external engine process speaking the Hub protocol. Each think sends the
// position at the last irreversible ply plus the moves since (so the engine sees repetitions),
// the clock or fixed limits, and waits until the request's deadline; see hub/hub_client.hpp for
// the protocol handling and process supervision.
//
// An engine that crashes, hangs or breaks the protocol loses the game it is playing (the failure
// kind maps to the forfeit), with a message that quotes what it said (the lines it sent that
// were ignored, its last lines on stdout and stderr: harness/player/engine_transcript.hpp); with
// `restart` (the default) it is started afresh by the next new_game(). An engine that is not
// running (never started, or not restarted) fails every think with the reason it stopped, so a game
// against it ends at once with that reason.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/enum_names.hpp"
#include "harness/hub/hub_client.hpp"
#include "harness/player/player.hpp"

namespace draughts::harness {

/// How a running Hub engine gets new parameter values between games (set_parameters()). The
/// protocol takes `set-param` only between `wait` and `init`, so the safe way is a restart.
enum class HubReconfigure : unsigned char {
    Restart,    ///< quit and start the engine again with the new values
    Handshake,  ///< a second handshake on the running engine (`hub` ... `init`)
    Live,       ///< `set-param` to the idle engine after `init` (engines that accept it)
};

/// The `reconfigure` key's values: "restart", "handshake", "live".
inline constexpr EnumNames<HubReconfigure, 3> kHubReconfigureNames{
    {{HubReconfigure::Restart, "restart"},
     {HubReconfigure::Handshake, "handshake"},
     {HubReconfigure::Live, "live"}}};

/// How a HubPlayer runs its engine.
struct HubPlayerOptions {
    std::string name;  ///< for game records; empty: the engine's `id name`, else the program
    /// The process and its parameters; argv and parameters are derived from the two fields below
    /// when `argv_template` is set.
    HubClientOptions client;
    bool restart = true;  ///< start a failed engine again for the next game
    /// The program and its arguments, with `{NAME}` placeholders for parameter values (see
    /// EngineProgram::placeholders); empty: client.process.argv as it is.
    std::vector<std::string> argv_template;
    /// The configured parameters: the values of placeholders, and `set-param` for the others.
    std::vector<std::pair<std::string, std::string>> parameters;
    HubReconfigure reconfigure = HubReconfigure::Restart;
};

/// Player of variant V over a Hub engine process; see the top of this file. Off 10x10 the
/// engine must declare the `variant` parameter (HubClientOptions::variant, set by the maker).
/// Defined for the variants of rules/variant_list.hpp.
template <typename V>
class BasicHubPlayer final : public BasicPlayer<V> {
  public:
    using typename BasicPlayer<V>::GameStart;
    using typename BasicPlayer<V>::ThinkRequest;
    using typename BasicPlayer<V>::ThinkReply;

    explicit BasicHubPlayer(HubPlayerOptions options);

    std::string name() const override;
    /// Starts the engine and runs the handshake (errors say which phase failed and why).
    Expected<void> start() override;
    /// Restarts a failed engine (if allowed), then `new-game` and a ping that must be answered.
    Expected<void> new_game(const GameStart& game) override;
    ThinkReply think(const ThinkRequest& request) override;
    void stop() override { client_.request_stop(); }
    void game_over(const GameEnd&) override {}
    void quit() override { client_.quit(); }
    /// Applies `values` on top of the configured parameters: placeholders of the command line
    /// (a new command line always restarts the engine), the others by `set-param` the way
    /// `reconfigure` says. An engine that refuses a value (`error`) or does not declare it fails
    /// with its message.
    Expected<void> set_parameters(const engine::ParameterValues& values) override;

    /// Number of times the engine was started again after a failure.
    int restarts() const { return restarts_; }
    /// The engine's process id (-1 when not running); for supervision and tests.
    pid_t pid() const { return client_.pid(); }
    /// How the last engine process ended.
    std::optional<ExitStatus> last_exit() const { return client_.last_exit(); }
    /// The failure that stopped the engine, if it is not running because of one.
    const std::optional<HubFailure>& last_failure() const { return last_failure_; }

  private:
    /// The command line and the `set-param` list for the configured parameters with `values`
    /// on top.
    struct Configuration {
        std::vector<std::string> argv;
        std::vector<std::pair<std::string, std::string>> parameters;
        friend bool operator==(const Configuration&, const Configuration&) = default;
    };
    static Configuration configuration(const HubPlayerOptions& options,
                                       const engine::ParameterValues& values);
    static HubPlayerOptions normalised(HubPlayerOptions options);
    static HubClientOptions client_options(HubPlayerOptions options);

    Expected<void> launch();
    Error error_from(const HubFailure& failure) const;

    HubPlayerOptions options_;
    Configuration configured_;  ///< what the engine runs with (or starts with next)
    HubClient client_;
    bool started_ = false;
    int restarts_ = 0;
    std::optional<HubFailure> last_failure_;
};

/// The Hub player of international draughts.
using HubPlayer = BasicHubPlayer<rules::International>;

/// The player failure a Hub failure amounts to (an `error` from the engine counts as a
/// malformed reply: the engine could not take part in the exchange).
FailureKind failure_kind_of(HubFailureKind kind);

}  // namespace draughts::harness
