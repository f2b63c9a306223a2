#include "harness/config/engine_options.hpp"

#include <array>
#include <filesystem>
#include <utility>

#include "config/config_document.hpp"

namespace draughts::harness {

namespace {

/// Short keys of the command line and the configuration keys they stand for.
constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kShortKeys{{
    {"cmd", "command"},
    {"proto", "kind"},
    {"dir", "working_directory"},
    {"tc", "time_control"},
}};

std::string engine_key(std::string_view key) {
    for (const auto& [short_key, full] : kShortKeys)
        if (key == short_key) return std::string(full);
    if (key.starts_with("option.")) return "parameters." + std::string(key.substr(7));
    return std::string(key);
}

std::string joined(std::string_view option, const std::vector<std::string>& tokens) {
    std::string text(option);
    for (const auto& token : tokens) text += " " + token;
    return text;
}

/// KEY=VALUE tokens as overrides of `prefix`.KEY, named `text` in messages.
Expected<std::vector<ConfigAssignment>> assignments(const std::vector<std::string>& tokens,
                                                    const std::string& prefix,
                                                    const std::string& text) {
    if (tokens.empty()) return make_error(text + ": expected KEY=VALUE settings");
    std::vector<ConfigAssignment> out;
    for (const auto& token : tokens) {
        const std::size_t eq = token.find('=');
        if (eq == std::string::npos || eq == 0)
            return make_error(text + ": expected KEY=VALUE, got '" + token + "'");
        const std::string key = engine_key(std::string_view(token).substr(0, eq));
        out.push_back({prefix + key, yaml_quoted(std::string_view(token).substr(eq + 1)), text});
    }
    return out;
}

}  // namespace

std::string yaml_quoted(std::string_view text) {
    std::string out = "'";
    for (const char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

Expected<std::vector<ConfigAssignment>> engine_assignments(const std::vector<std::string>& tokens,
                                                           std::size_t index) {
    return assignments(tokens, "engines[" + std::to_string(index) + "].",
                       joined("--engine", tokens));
}

Expected<EngineConfig> parse_engine_tokens(const std::vector<std::string>& tokens,
                                           std::string_view option, std::string default_name) {
    const std::string text = joined(option, tokens);
    auto settings = assignments(tokens, "engines[0].", text);
    if (!settings) return settings.error();
    settings->insert(settings->begin(),
                     ConfigAssignment{"engines[0].name", yaml_quoted(default_name), text});
    auto engines = read_config_document<std::vector<EngineConfig>>(
        "", "command line", std::filesystem::current_path(), *settings, [](YamlSection& root) {
            auto read = read_engines(root);
            root.finish();
            return read;
        });
    if (!engines) return engines.error();
    return std::move(engines->front());
}

Expected<std::vector<ConfigAssignment>> each_engine_assignments(
    const std::vector<std::string>& tokens) {
    return assignments(tokens, "engines[*].", joined("--each", tokens));
}

Expected<std::vector<ConfigAssignment>> sprt_assignments(std::string_view spec) {
    const std::string text = "--sprt " + std::string(spec);
    std::vector<std::string> tokens;
    std::size_t pos = 0;
    while (pos <= spec.size()) {
        const std::size_t comma = spec.find(',', pos);
        tokens.emplace_back(
            spec.substr(pos, comma == std::string_view::npos ? comma : comma - pos));
        if (comma == std::string_view::npos) break;
        pos = comma + 1;
    }
    auto out = assignments(tokens, "sprt.", text);
    if (!out) return out;
    out->insert(out->begin(), ConfigAssignment{"sprt.enabled", "true", text});
    return out;
}

}  // namespace draughts::harness
