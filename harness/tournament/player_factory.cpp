#include "harness/tournament/player_factory.hpp"

#include <chrono>
#include <string>

#include "engine/weights_file.hpp"
#include "harness/player/dxp_player.hpp"
#include "harness/player/hub_player.hpp"
#include "harness/player/in_process_player.hpp"

namespace draughts::harness {

namespace {

std::chrono::milliseconds millis(double seconds) {
    return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000.0 + 0.5));
}

}  // namespace

HubTimeouts hub_timeouts(const HubEngineTimeouts& t) {
    HubTimeouts out;
    out.handshake = millis(t.handshake);
    out.init = millis(t.init);
    out.ping = millis(t.ping);
    out.ping_interval = millis(t.ping_interval);
    out.stop_grace = millis(t.stop);
    return out;
}

Expected<PlayerFactory> PlayerFactory::create(const MatchConfig& config, ChildRegistry* registry,
                                              EngineLog* log) {
    PlayerFactory factory;
    factory.engines_ = config.engines;
    factory.registry_ = registry;
    factory.log_ = log;
    factory.log_protocol_ = config.log_protocol;
    for (const EngineConfig& e : config.engines) {
        if (e.kind != EngineKind::Builtin) {
            factory.weights_.push_back(nullptr);
            continue;
        }
        if (e.weights.empty()) {
            factory.weights_.push_back(std::make_shared<engine::EvalWeights>());
            continue;
        }
        auto weights = engine::load_weights(e.weights);
        if (!weights) return make_error("engine '" + e.name + "': " + weights.error().message);
        factory.weights_.push_back(
            std::make_shared<engine::EvalWeights>(std::move(weights).value()));
    }
    return factory;
}

DxpTimeouts dxp_timeouts(const DxpEngineConfig& config) {
    DxpTimeouts out;
    out.connect = millis(config.connect);
    out.accept_game = millis(config.accept_game);
    out.game_end = millis(config.game_end);
    out.untimed_move = millis(config.untimed_move);
    return out;
}

std::unique_ptr<Player> PlayerFactory::make_dxp(const EngineConfig& e, int instance) const {
    DxpPlayerOptions options;
    options.name = e.name;
    options.restart = e.restart != RestartPolicy::Never;
    options.thinking_minutes = e.dxp.thinking_minutes;
    DxpLinkOptions& link = options.link;
    link.mode = e.dxp.connection == "connect" ? DxpConnectMode::Connect : DxpConnectMode::Listen;
    link.address = e.dxp.host;
    link.port = static_cast<std::uint16_t>(e.dxp.port);
    link.timeouts = dxp_timeouts(e.dxp);
    const std::string who = e.name + "#" + std::to_string(instance);
    set_up_process(e, who, link.process);
    if (log_ != nullptr) {
        if (log_protocol_) link.trace = log_->trace_for(who);
        options.note = [log = log_, who](const std::string& text) { log->note(who, text); };
    }
    return std::make_unique<DxpPlayer>(std::move(options));
}

void PlayerFactory::set_up_process(const EngineConfig& e, const std::string& who,
                                   ProcessOptions& process) const {
    if (!e.command.empty()) {  // a DXP engine may be started by someone else
        process.argv.push_back(e.command);
        process.argv.insert(process.argv.end(), e.args.begin(), e.args.end());
    }
    process.working_directory = e.working_directory;
    process.registry = registry_;
    if (log_ != nullptr) process.stderr_sink = stderr_sink::Lines{log_->stderr_for(who)};
}

std::unique_ptr<Player> PlayerFactory::make(std::size_t index, int instance) const {
    const EngineConfig& e = engines_[index];
    if (e.kind == EngineKind::Builtin) {
        engine::EngineOptions options;
        options.hash_mb = static_cast<std::size_t>(e.hash_mb);
        options.weights = *weights_[index];
        return std::make_unique<InProcessPlayer>(e.name, std::move(options));
    }
    if (e.kind == EngineKind::Dxp) return make_dxp(e, instance);
    HubPlayerOptions options;
    options.name = e.name;
    options.restart = e.restart != RestartPolicy::Never;
    const std::string who = e.name + "#" + std::to_string(instance);
    set_up_process(e, who, options.client.process);
    if (log_ != nullptr && log_protocol_) options.client.trace = log_->trace_for(who);
    options.client.parameters = e.parameters;
    options.client.timeouts = hub_timeouts(e.timeouts);
    return std::make_unique<HubPlayer>(std::move(options));
}

}  // namespace draughts::harness
