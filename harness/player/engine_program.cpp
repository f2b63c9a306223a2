#include "harness/player/engine_program.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "harness/player/engine_log.hpp"
#include "system/process/shell_words.hpp"

namespace draughts::harness {

namespace {

bool is_placeholder_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-' || c == '[' || c == ']';
}

/// Calls `on_placeholder(begin, end)` for the NAME of every `{NAME}` in `text` ([begin, end) is
/// NAME, without the braces).
template <typename F>
void for_each_placeholder(std::string_view text, F&& on_placeholder) {
    for (std::size_t open = text.find('{'); open != std::string_view::npos;
         open = text.find('{', open + 1)) {
        std::size_t end = open + 1;
        while (end < text.size() && is_placeholder_char(text[end])) ++end;
        if (end < text.size() && text[end] == '}' && end > open + 1) on_placeholder(open + 1, end);
    }
}

bool is_executable_file(const std::filesystem::path& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

/// `command`, resolved and checked (an empty one is left empty).
std::string read_command(YamlSection& entry) {
    const std::string command = entry.text("command", "");
    if (command.empty()) return command;
    if (command.find('/') == std::string::npos) {
        if (!is_executable_command(command))
            entry.error("command", "no program '" + command + "' in PATH");
        return command;
    }
    std::string path = entry.source().resolve_path(entry.key_path("command"), command).string();
    if (!is_executable_file(path)) entry.error("command", "not an executable file: " + path);
    return path;
}

}  // namespace

std::optional<std::filesystem::path> find_executable(const std::string& command) {
    if (command.find('/') != std::string::npos) {
        if (is_executable_file(command)) return std::filesystem::path(command);
        return std::nullopt;
    }
    const char* path = std::getenv("PATH");
    std::string_view dirs = path != nullptr ? path : "/usr/bin:/bin";
    while (true) {
        const std::size_t colon = dirs.find(':');
        const std::string_view dir = dirs.substr(0, colon);
        const std::filesystem::path candidate =
            std::filesystem::path(dir.empty() ? "." : dir) / command;
        if (is_executable_file(candidate)) return std::filesystem::absolute(candidate);
        if (colon == std::string_view::npos) return std::nullopt;
        dirs.remove_prefix(colon + 1);
    }
}

bool is_executable_command(const std::string& command) {
    return find_executable(command).has_value();
}

EngineProgram EngineProgram::read(YamlSection& entry) {
    EngineProgram program;
    program.command = read_command(entry);
    program.args = entry.shell_words("args");
    program.working_directory = entry.file_path("working_directory");
    std::error_code ec;
    if (!program.working_directory.empty() &&
        !std::filesystem::is_directory(program.working_directory, ec))
        entry.error("working_directory", "no such folder: " + program.working_directory);
    program.restart = entry.choice("restart", program.restart, kRestartPolicyNames);
    return program;
}

void EngineProgram::write_command(YAML::Emitter& out) const {
    out << YAML::Key << "command" << YAML::Value << YAML::DoubleQuoted << command;
    out << YAML::Key << "args" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& arg : args) out << YAML::DoubleQuoted << arg;
    out << YAML::EndSeq;
    out << YAML::Key << "working_directory" << YAML::Value << YAML::DoubleQuoted
        << working_directory;
}

std::string EngineProgram::command_line() const {
    if (command.empty()) return {};
    std::string line = shell_quote(command);
    for (const auto& arg : args) {
        line += ' ';
        line += shell_quote(arg);
    }
    return line;
}

std::vector<EngineFile> EngineProgram::input_files() const {
    if (command.empty()) return {};
    const auto found = find_executable(command);
    return {{"program", found ? found->string() : command}};
}

void EngineProgram::set_up(const PlayerContext& context, const std::string& who,
                           ProcessOptions& process) const {
    if (!command.empty()) {  // a DXP engine may be started by someone else
        process.argv.push_back(command);
        process.argv.insert(process.argv.end(), args.begin(), args.end());
    }
    process.working_directory = working_directory;
    process.registry = context.registry;
    if (context.log != nullptr)
        process.stderr_sink = stderr_sink::Lines{context.log->stderr_for(who)};
}

std::vector<std::string> EngineProgram::placeholders() const { return placeholder_names(args); }

std::vector<std::string> placeholder_names(const std::vector<std::string>& args) {
    std::vector<std::string> names;
    for (const std::string& arg : args) {
        for_each_placeholder(arg, [&](std::size_t begin, std::size_t end) {
            std::string name = arg.substr(begin, end - begin);
            if (std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(std::move(name));
        });
    }
    return names;
}

std::vector<std::string> substitute_placeholders(
    const std::vector<std::string>& args,
    const std::vector<std::pair<std::string, std::string>>& values) {
    const auto value_of = [&](std::string_view name) -> const std::string* {
        const std::string* found = nullptr;
        for (const auto& [key, value] : values)
            if (key == name) found = &value;
        return found;
    };
    std::vector<std::string> out;
    for (const std::string& arg : args) {
        std::string text;
        std::size_t copied = 0;
        for_each_placeholder(arg, [&](std::size_t begin, std::size_t end) {
            const std::string* value = value_of(std::string_view(arg).substr(begin, end - begin));
            if (value == nullptr) return;
            text.append(arg, copied, begin - 1 - copied);
            text += *value;
            copied = end + 1;
        });
        text.append(arg, copied);
        out.push_back(std::move(text));
    }
    return out;
}

std::chrono::milliseconds timeout_millis(double seconds) {
    return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000.0 + 0.5));
}

}  // namespace draughts::harness
