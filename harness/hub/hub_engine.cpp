#include "harness/hub/hub_engine.hpp"

#include <chrono>
#include <memory>
#include <type_traits>

#include "harness/hub/hub_player.hpp"
#include "harness/player/engine_log.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

HubEngineTimeouts read_hub_timeouts(YamlSection section) {
    HubEngineTimeouts t;
    t.handshake = section.real("handshake", t.handshake, 0.001, kMaxTimeoutSeconds);
    t.init = section.real("init", t.init, 0.001, kMaxTimeoutSeconds);
    t.ping = section.real("ping", t.ping, 0.001, kMaxTimeoutSeconds);
    t.ping_interval = section.real("ping_interval", t.ping_interval, 0.001, kMaxTimeoutSeconds);
    t.stop = section.real("stop", t.stop, 0.001, kMaxTimeoutSeconds);
    t.move_margin = section.optional_real("move_margin", 0.0, kMaxTimeoutSeconds);
    section.finish();
    return t;
}

}  // namespace

HubTimeouts HubEngineTimeouts::client() const {
    HubTimeouts out;
    out.handshake = timeout_millis(handshake);
    out.init = timeout_millis(init);
    out.ping = timeout_millis(ping);
    out.ping_interval = timeout_millis(ping_interval);
    out.stop_grace = timeout_millis(stop);
    return out;
}

HubEngine HubEngine::read(YamlSection& entry) {
    HubEngine engine;
    engine.program = EngineProgram::read(entry);
    if (engine.program.command.empty())
        entry.error("", "a hub engine needs a command (the program to run)");
    engine.parameters = entry.text_map("parameters");
    engine.timeouts = read_hub_timeouts(entry.section("timeouts"));
    engine.reconfigure = entry.choice("reconfigure", engine.reconfigure, kHubReconfigureNames);
    return engine;
}

void HubEngine::write(YAML::Emitter& out) const {
    program.write_command(out);
    out << YAML::Key << "parameters" << YAML::Value << YAML::BeginMap;
    for (const auto& [name, value] : parameters)
        out << YAML::Key << name << YAML::Value << YAML::DoubleQuoted << value;
    out << YAML::EndMap;
    const HubEngineTimeouts& t = timeouts;
    out << YAML::Key << "timeouts" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "handshake" << YAML::Value << yaml_number(t.handshake);
    out << YAML::Key << "init" << YAML::Value << yaml_number(t.init);
    if (t.move_margin)
        out << YAML::Key << "move_margin" << YAML::Value << yaml_number(*t.move_margin);
    out << YAML::Key << "ping" << YAML::Value << yaml_number(t.ping);
    out << YAML::Key << "ping_interval" << YAML::Value << yaml_number(t.ping_interval);
    out << YAML::Key << "stop" << YAML::Value << yaml_number(t.stop);
    out << YAML::EndMap;
    out << YAML::Key << "restart" << YAML::Value
        << std::string(name_of(kRestartPolicyNames, program.restart));
    // Absent unless changed, so that configurations written before it read back the same.
    if (reconfigure != HubReconfigure::Restart)
        out << YAML::Key << "reconfigure" << YAML::Value
            << std::string(name_of(kHubReconfigureNames, reconfigure));
}

template <typename V>
Expected<BasicEngineMaker<V>> HubEngine::prepare(const PlayerContext& context) const {
    BasicEngineMaker<V> maker;
    maker.fresh_player_per_game = program.restart == RestartPolicy::Always;
    maker.move_margin = timeouts.move_margin;
    maker.remote = true;
    maker.command_line = program.command_line();
    maker.make = [engine = *this, context](int instance) -> std::unique_ptr<BasicPlayer<V>> {
        HubPlayerOptions options;
        options.name = context.name;
        options.restart = engine.program.restart != RestartPolicy::Never;
        const std::string who = context.who(instance);
        engine.program.set_up(context, who, options.client.process);
        if (context.log != nullptr && context.log_protocol)
            options.client.trace = context.log->trace_for(who);
        if (context.log != nullptr)
            options.client.note = [log = context.log, who](std::string_view text) {
                log->note(who, text);
            };
        options.argv_template = options.client.process.argv;
        options.parameters = engine.parameters;
        options.reconfigure = engine.reconfigure;
        // International games send nothing, so engines that know only 10x10 keep working.
        // Other variants by the names Scan gives them (V::kHubName), so that Scan-family engines
        // understand.
        if constexpr (!std::is_same_v<V, rules::International>)
            options.client.variant = V::kHubName;
        options.client.timeouts = engine.timeouts.client();
        return std::make_unique<BasicHubPlayer<V>>(std::move(options));
    };
    return maker;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_HUB_PREPARE(V)                                     \
    template Expected<BasicEngineMaker<rules::V>> HubEngine::prepare<rules::V>( \
        const PlayerContext& context) const;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_HUB_PREPARE)
#undef DRAUGHTS_INSTANTIATE_HUB_PREPARE

std::vector<std::string> HubEngine::differences(const HubEngine& other) const {
    std::vector<std::string> out;
    if (program.command != other.program.command || program.args != other.program.args)
        out.push_back("command differs");
    if (parameters != other.parameters) out.push_back("parameters differ");
    return out;
}

}  // namespace draughts::harness
