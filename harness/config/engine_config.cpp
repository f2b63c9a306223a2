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
    for (const auto key :
         {"command", "args", "working_directory", "parameters", "timeouts", "restart"})
        entry.reject(key, kHubOnly);
}

void read_timeouts(YamlSection section, HubEngineTimeouts& timeouts) {
    constexpr double kDay = 86400.0;
    timeouts.handshake = section.real("handshake", timeouts.handshake, 0.001, kDay);
    timeouts.init = section.real("init", timeouts.init, 0.001, kDay);
    timeouts.ping = section.real("ping", timeouts.ping, 0.001, kDay);
    timeouts.ping_interval = section.real("ping_interval", timeouts.ping_interval, 0.001, kDay);
    timeouts.stop = section.real("stop", timeouts.stop, 0.001, kDay);
    timeouts.move_margin = section.optional_real("move_margin", 0.0, kDay);
    section.finish();
}

void read_hub(YamlSection& entry, EngineConfig& engine) {
    const std::string command = entry.text("command", "");
    if (command.empty()) {
        entry.error("", "a hub engine needs a command (the program to run)");
    } else if (command.find('/') != std::string::npos) {
        engine.command = entry.source().resolve_path(entry.key_path("command"), command).string();
        if (!is_executable_file(engine.command))
            entry.error("command", "not an executable file: " + engine.command);
    } else {
        engine.command = command;
        if (!is_executable_command(command))
            entry.error("command", "no program '" + command + "' in PATH");
    }
    engine.args = entry.text_list("args");
    engine.working_directory = entry.file_path("working_directory");
    std::error_code ec;
    if (!engine.working_directory.empty() &&
        !std::filesystem::is_directory(engine.working_directory, ec))
        entry.error("working_directory", "no such folder: " + engine.working_directory);
    engine.parameters = entry.text_map("parameters");
    read_timeouts(entry.section("timeouts"), engine.timeouts);
    const std::string restart = entry.choice("restart", "crash", {"crash", "always", "never"});
    engine.restart = restart == "always"  ? RestartPolicy::Always
                     : restart == "never" ? RestartPolicy::Never
                                          : RestartPolicy::OnCrash;
    for (const auto key : {"weights", "hash"}) entry.reject(key, kBuiltinOnly);
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
    if (kind == "dxp") {
        entry.error("kind", "dxp engines are not supported yet; use builtin or hub");
        return engine;
    }
    engine.kind = kind == "hub" ? EngineKind::Hub : EngineKind::Builtin;
    if (engine.kind == EngineKind::Builtin)
        read_builtin(entry, engine);
    else
        read_hub(entry, engine);
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
