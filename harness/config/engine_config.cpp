#include "harness/config/engine_config.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string_view>

#include "harness/game/time_control.hpp"

namespace draughts::harness {

namespace {

constexpr std::string_view kBuiltinOnly = "applies to builtin engines only";
constexpr std::string_view kHubOnly = "applies to hub engines only";
constexpr std::string_view kProcessOnly = "applies to hub and dxp engines only";
constexpr std::string_view kDxpOnly = "applies to dxp engines only";
constexpr double kDay = 86400.0;

bool is_executable_file(const std::filesystem::path& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

void read_builtin(YamlSection& entry, EngineConfig& engine) {
    engine.weights = entry.file_path("weights");
    engine.hash_mb = static_cast<int>(entry.integer("hash", engine.hash_mb, 1, 65536));
    std::error_code ec;
    if (!engine.weights.empty() && !std::filesystem::is_regular_file(engine.weights, ec))
        entry.error("weights", "no such file: " + engine.weights);
    for (const auto key : {"command", "args", "working_directory", "timeouts", "restart"})
        entry.reject(key, kProcessOnly);
    entry.reject("parameters", kHubOnly);
    for (const auto key : {"connection", "host", "port", "thinking_minutes"})
        entry.reject(key, kDxpOnly);
}

void read_timeouts(YamlSection section, HubEngineTimeouts& timeouts) {
    timeouts.handshake = section.real("handshake", timeouts.handshake, 0.001, kDay);
    timeouts.init = section.real("init", timeouts.init, 0.001, kDay);
    timeouts.ping = section.real("ping", timeouts.ping, 0.001, kDay);
    timeouts.ping_interval = section.real("ping_interval", timeouts.ping_interval, 0.001, kDay);
    timeouts.stop = section.real("stop", timeouts.stop, 0.001, kDay);
    timeouts.move_margin = section.optional_real("move_margin", 0.0, kDay);
    section.finish();
}

/// `command`, resolved and checked (an empty one is left empty).
void read_command(YamlSection& entry, EngineConfig& engine) {
    const std::string command = entry.text("command", "");
    if (command.empty()) return;
    if (command.find('/') != std::string::npos) {
        engine.command = entry.source().resolve_path(entry.key_path("command"), command).string();
        if (!is_executable_file(engine.command))
            entry.error("command", "not an executable file: " + engine.command);
    } else {
        engine.command = command;
        if (!is_executable_command(command))
            entry.error("command", "no program '" + command + "' in PATH");
    }
}

/// `restart`: when a failed engine process is started again.
RestartPolicy read_restart(YamlSection& entry) {
    const std::string restart = entry.choice("restart", "crash", {"crash", "always", "never"});
    return restart == "always"  ? RestartPolicy::Always
           : restart == "never" ? RestartPolicy::Never
                                : RestartPolicy::OnCrash;
}

void read_process(YamlSection& entry, EngineConfig& engine) {
    engine.args = entry.text_list("args");
    engine.working_directory = entry.file_path("working_directory");
    std::error_code ec;
    if (!engine.working_directory.empty() &&
        !std::filesystem::is_directory(engine.working_directory, ec))
        entry.error("working_directory", "no such folder: " + engine.working_directory);
    engine.restart = read_restart(entry);
    for (const auto key : {"weights", "hash"}) entry.reject(key, kBuiltinOnly);
}

void read_hub(YamlSection& entry, EngineConfig& engine) {
    read_command(entry, engine);
    if (engine.command.empty())
        entry.error("", "a hub engine needs a command (the program to run)");
    read_process(entry, engine);
    engine.parameters = entry.text_map("parameters");
    read_timeouts(entry.section("timeouts"), engine.timeouts);
    for (const auto key : {"connection", "host", "port", "thinking_minutes"})
        entry.reject(key, kDxpOnly);
}

void read_dxp_timeouts(YamlSection section, EngineConfig& engine) {
    DxpEngineConfig& dxp = engine.dxp;
    dxp.connect = section.real("connect", dxp.connect, 0.001, kDay);
    dxp.accept_game = section.real("accept_game", dxp.accept_game, 0.001, kDay);
    dxp.game_end = section.real("game_end", dxp.game_end, 0.001, kDay);
    dxp.untimed_move = section.real("untimed_move", dxp.untimed_move, 0.001, kDay);
    engine.timeouts.move_margin = section.optional_real("move_margin", 0.0, kDay);
    section.finish();
}

void read_dxp(YamlSection& entry, EngineConfig& engine) {
    read_command(entry, engine);
    read_process(entry, engine);
    DxpEngineConfig& dxp = engine.dxp;
    dxp.connection = entry.choice("connection", dxp.connection, {"listen", "connect"});
    dxp.host = entry.text("host", dxp.host);
    if (dxp.host.empty()) entry.error("host", "must not be empty");
    dxp.port = static_cast<int>(entry.integer("port", dxp.port, 0, 65535));
    if (engine.command.empty() && dxp.port == 0)
        entry.error("port",
                    "a dxp engine without a command (started by someone else) needs a "
                    "fixed port to meet the harness on");
    if (entry.has("thinking_minutes"))
        dxp.thinking_minutes = static_cast<int>(entry.integer("thinking_minutes", 1, 1, 999));
    read_dxp_timeouts(entry.section("timeouts"), engine);
    entry.reject("parameters", kHubOnly);
}

EngineConfig read_engine(YamlSection& entry) {
    EngineConfig engine;
    engine.name = entry.text("name", "");
    if (engine.name.empty())
        entry.error("", "every engine needs a name");
    else if (engine.name.find_first_of("\n\r\"") != std::string::npos)
        entry.error("name", "names cannot contain quotes or line breaks");
    const std::string kind = entry.choice("kind", "builtin", {"builtin", "hub", "dxp"});
    if (const auto text = entry.optional_text("time_control"))
        engine.time_control = read_time_control(entry, "time_control", *text);
    engine.kind = kind == "hub"   ? EngineKind::Hub
                  : kind == "dxp" ? EngineKind::Dxp
                                  : EngineKind::Builtin;
    switch (engine.kind) {
        case EngineKind::Builtin:
            read_builtin(entry, engine);
            break;
        case EngineKind::Hub:
            read_hub(entry, engine);
            break;
        case EngineKind::Dxp:
            read_dxp(entry, engine);
            break;
    }
    return engine;
}

}  // namespace

bool is_executable_command(const std::string& command) {
    if (command.find('/') != std::string::npos) return is_executable_file(command);
    const char* path = std::getenv("PATH");
    std::string_view dirs = path != nullptr ? path : "/usr/bin:/bin";
    while (true) {
        const std::size_t colon = dirs.find(':');
        const std::string_view dir = dirs.substr(0, colon);
        if (is_executable_file(std::filesystem::path(dir.empty() ? "." : dir) / command))
            return true;
        if (colon == std::string_view::npos) return false;
        dirs.remove_prefix(colon + 1);
    }
}

std::string read_time_control(YamlSection& section, std::string_view key, const std::string& text) {
    const auto parsed = parse_time_control(text);
    if (!parsed) {
        section.error(key, parsed.error().message);
        return text;
    }
    return to_string(*parsed);
}

std::vector<EngineConfig> read_engines(YamlSection& root) {
    std::vector<EngineConfig> engines;
    std::set<std::string> names;
    for (YamlSection& entry : root.sequence("engines")) {
        EngineConfig engine = read_engine(entry);
        if (!engine.name.empty() && !names.insert(engine.name).second)
            entry.error("name", "another engine already has the name '" + engine.name + "'");
        entry.finish();
        engines.push_back(std::move(engine));
    }
    return engines;
}

}  // namespace draughts::harness
