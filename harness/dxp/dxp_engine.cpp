#include "harness/dxp/dxp_engine.hpp"

#include <chrono>
#include <memory>

#include "harness/dxp/dxp_player.hpp"
#include "harness/player/engine_log.hpp"

namespace draughts::harness {

namespace {

DxpEngineTimeouts read_dxp_timeouts(YamlSection section) {
    DxpEngineTimeouts t;
    t.connect = section.real("connect", t.connect, 0.001, kMaxTimeoutSeconds);
    t.accept_game = section.real("accept_game", t.accept_game, 0.001, kMaxTimeoutSeconds);
    t.game_end = section.real("game_end", t.game_end, 0.001, kMaxTimeoutSeconds);
    t.untimed_move = section.optional_real("untimed_move", 0.001, kMaxTimeoutSeconds);
    t.move_margin = section.optional_real("move_margin", 0.0, kMaxTimeoutSeconds);
    section.finish();
    return t;
}

}  // namespace

DxpTimeouts DxpEngineTimeouts::link() const {
    DxpTimeouts out;
    out.connect = timeout_millis(connect);
    out.accept_game = timeout_millis(accept_game);
    out.game_end = timeout_millis(game_end);
    if (untimed_move) out.untimed_move = timeout_millis(*untimed_move);
    return out;
}

DxpEngine DxpEngine::read(YamlSection& entry) {
    DxpEngine engine;
    engine.program = EngineProgram::read(entry);
    engine.connection = entry.choice("connection", engine.connection, kDxpConnectModeNames);
    engine.host = entry.text("host", engine.host);
    if (engine.host.empty()) entry.error("host", "must not be empty");
    engine.port = static_cast<int>(entry.integer("port", engine.port, 0, 65535));
    if (engine.program.command.empty() && engine.port == 0)
        entry.error("port",
                    "a dxp engine without a command (started by someone else) needs a "
                    "fixed port to meet the harness on");
    if (entry.has("thinking_minutes"))
        engine.thinking_minutes = static_cast<int>(entry.integer("thinking_minutes", 1, 1, 999));
    engine.timeouts = read_dxp_timeouts(entry.section("timeouts"));
    return engine;
}

void DxpEngine::write(YAML::Emitter& out) const {
    program.write_command(out);
    out << YAML::Key << "connection" << YAML::Value
        << std::string(name_of(kDxpConnectModeNames, connection));
    out << YAML::Key << "host" << YAML::Value << YAML::DoubleQuoted << host;
    out << YAML::Key << "port" << YAML::Value << port;
    if (thinking_minutes)
        out << YAML::Key << "thinking_minutes" << YAML::Value << *thinking_minutes;
    const DxpEngineTimeouts& t = timeouts;
    out << YAML::Key << "timeouts" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "connect" << YAML::Value << yaml_number(t.connect);
    out << YAML::Key << "accept_game" << YAML::Value << yaml_number(t.accept_game);
    out << YAML::Key << "game_end" << YAML::Value << yaml_number(t.game_end);
    if (t.untimed_move)
        out << YAML::Key << "untimed_move" << YAML::Value << yaml_number(*t.untimed_move);
    if (t.move_margin)
        out << YAML::Key << "move_margin" << YAML::Value << yaml_number(*t.move_margin);
    out << YAML::EndMap;
    out << YAML::Key << "restart" << YAML::Value
        << std::string(name_of(kRestartPolicyNames, program.restart));
}

Expected<EngineMaker> DxpEngine::prepare_international(const PlayerContext& context) const {
    EngineMaker maker;
    maker.fresh_player_per_game = program.restart == RestartPolicy::Always;
    maker.move_margin = timeouts.move_margin;
    maker.move_cap = timeouts.untimed_move;
    maker.remote = true;
    maker.command_line = program.command.empty() ? "(started by someone else, on " + host + ":" +
                                                       std::to_string(port) + ")"
                                                 : program.command_line();
    maker.make = [engine = *this, context](int instance) -> std::unique_ptr<Player> {
        DxpPlayerOptions options;
        options.name = context.name;
        options.restart = engine.program.restart != RestartPolicy::Never;
        options.thinking_minutes = engine.thinking_minutes;
        DxpLinkOptions& link = options.link;
        link.mode = engine.connection;
        link.address = engine.host;
        link.port = static_cast<std::uint16_t>(engine.port);
        link.timeouts = engine.timeouts.link();
        const std::string who = context.who(instance);
        engine.program.set_up(context, who, link.process);
        if (context.log != nullptr) {
            if (context.log_protocol) link.trace = context.log->trace_for(who);
            options.note = [log = context.log, who](const std::string& text) {
                log->note(who, text);
            };
        }
        return std::make_unique<DxpPlayer>(std::move(options));
    };
    return maker;
}

std::vector<std::string> DxpEngine::differences(const DxpEngine& other) const {
    if (program.command != other.program.command || program.args != other.program.args)
        return {"command differs"};
    return {};
}

std::optional<std::string> DxpEngine::concurrency_problem(const std::string& name,
                                                          int concurrency) const {
    // Every instance of an engine (one per concurrent game) needs a port of its own.
    if (port == 0 || concurrency <= 1) return std::nullopt;
    return "dxp engine '" + name + "' uses the fixed port " + std::to_string(port) +
           ", so it plays one game at a time: set concurrency to 1 or its port to 0";
}

}  // namespace draughts::harness
