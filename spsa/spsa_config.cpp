#include "spsa/spsa_config.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <limits>
#include <set>
#include <variant>

#include "config/config_document.hpp"
#include "config/yaml_section.hpp"

namespace draughts::spsa {

namespace {

using harness::YamlSection;

constexpr double kHuge = 1e15;
constexpr double kMaxGames = 1e8;  // as a match's run (harness/config/match_config.cpp)

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-' || c == '[' || c == ']';
}

/// A required number of a parameter entry.
double required(YamlSection& entry, std::string_view key, double min = -kHuge, double max = kHuge) {
    if (!entry.has(key)) {
        entry.error(key, "every parameter needs " + std::string(key));
        (void)entry.text(key, "");  // known, so that finish() does not call it unknown
        return 0.0;
    }
    return entry.real(key, 0.0, min, max);
}

ParameterEntry read_parameter(YamlSection& entry) {
    ParameterEntry e;
    SpsaParameter& p = e.parameter;
    p.name = entry.text("name", "");
    if (p.name.empty()) {
        entry.error("name", "every parameter needs a name");
    } else {
        for (const char c : p.name) {
            if (!is_name_char(c)) {
                entry.error("name", "'" + p.name +
                                        "': names are letters, digits and _ . - [ ] (as in "
                                        "set-param and in {NAME} placeholders)");
                break;
            }
        }
    }
    p.integer = entry.choice("type", std::string("int"), {"int", "float"}) == "int";
    p.start = required(entry, "start");
    p.min = required(entry, "min");
    p.max = required(entry, "max");
    p.c_end = required(entry, "c_end");
    p.r_end = required(entry, "r_end");
    if (entry.has("min") && entry.has("max") && !(p.min < p.max))
        entry.error("max", "max (" + harness::yaml_number(p.max) + ") must be above min (" +
                               harness::yaml_number(p.min) + ")");
    else if (entry.has("start") && (p.start < p.min || p.start > p.max))
        entry.error("start", "start " + harness::yaml_number(p.start) +
                                 " is outside [min, max] = [" + harness::yaml_number(p.min) + ", " +
                                 harness::yaml_number(p.max) + "]");
    if (entry.has("c_end") && !(p.c_end > 0.0))
        entry.error("c_end", "c_end must be above 0 (it is the last iteration's perturbation)");
    if (entry.has("r_end") && !(p.r_end >= 0.0)) entry.error("r_end", "r_end must be 0 or more");
    e.where = entry.source().location(entry.node(), entry.path()) + ": " + entry.path();
    entry.finish();
    return e;
}

harness::EngineConfig read_tuned_engine(YamlSection& root) {
    if (!root.has("engine")) {
        (void)root.section("engine");
        return harness::EngineConfig{"builtin", std::nullopt, harness::BuiltinEngine{}};
    }
    YamlSection entry = root.section("engine");
    harness::EngineConfig engine = harness::read_engine(entry);
    if (engine.time_control)
        entry.error("time_control", "the time control of an SPSA run is the run's (time_control)");
    entry.finish();
    return engine;
}

void read_verification(YamlSection section, VerificationConfig& v) {
    v.enabled = section.boolean("enabled", v.enabled);
    v.time_control = harness::read_time_control(section, "time_control", v.time_control);
    v.games = static_cast<int>(section.integer("games", v.games, 2, 100'000'000));
    if (v.games % 2 != 0) section.error("games", "must be even: games are played in pairs");
    harness::read_sprt(section.section("sprt"), v.sprt);
    v.sprt.enabled = true;
    section.finish();
}

void check_whole(YamlSection& root, const SpsaConfig& c) {
    if (c.parameters.empty()) root.error("parameters", "give at least one parameter to tune");
    std::set<std::string> names;
    for (const ParameterEntry& e : c.parameters)
        if (!e.parameter.name.empty() && !names.insert(e.parameter.name).second)
            root.error("parameters", "parameter '" + e.parameter.name + "' is given twice");
    if (2.0 * c.iterations * c.pairs > kMaxGames)
        root.error("iterations", "more than 100000000 games (2 x iterations x pairs) in one run");
    if (const auto problem = harness::concurrency_problem(c.engine, c.concurrency))
        root.error("concurrency", *problem);
    if (std::holds_alternative<harness::DxpEngine>(c.engine.spec))
        root.error("engine",
                   "a DXP engine takes no parameters between games; tune it as a Hub engine, or "
                   "through {NAME} placeholders in the arguments of a Hub engine's command");
}

SpsaConfig read_config(YamlSection& root) {
    SpsaConfig c;
    c.variant = harness::read_variant(root);
    if (c.variant != rules::Variant::International) c.openings.file.clear();
    c.event = root.text("event", c.event);
    if (c.event.empty() || c.event.find_first_of("\n\r\"/ ") != std::string::npos)
        root.error("event", "must be a non-empty name without blanks, quotes or '/'");
    c.engine = read_tuned_engine(root);
    for (YamlSection& entry : root.sequence("parameters"))
        c.parameters.push_back(read_parameter(entry));
    c.iterations = static_cast<int>(root.integer("iterations", c.iterations, 1, 50'000'000));
    c.pairs = static_cast<int>(root.integer("pairs", c.pairs, 1, 10'000));
    c.window = static_cast<int>(root.integer("window", c.window, 1, 100'000));
    c.alpha = root.real("alpha", c.alpha, 1e-6, 10.0);
    c.gamma = root.real("gamma", c.gamma, 1e-6, 10.0);
    if (root.has("A")) c.a_stability = root.real("A", 0.0, 0.0, kHuge);
    c.seed = root.unsigned_integer("seed", c.seed);
    c.concurrency = static_cast<int>(root.integer("concurrency", c.concurrency, 1, 1024));
    c.time_control = harness::read_time_control(root, "time_control", c.time_control);
    c.time_margin = root.real("time_margin", c.time_margin, 0.0, 86400.0);
    c.log_protocol = root.boolean("log_protocol", c.log_protocol);
    harness::read_openings(root.section("openings"), c.openings);
    harness::read_adjudication(root.section("adjudication"), c.adjudication);
    c.output = root.file_path("output");
    read_verification(root.section("verification"), c.verification);
    // A results folder's config.yaml ends with the run's provenance, which is not configuration.
    (void)root.section("provenance");
    check_whole(root, c);
    root.finish();
    return c;
}

void write_parameter(YAML::Emitter& out, const SpsaParameter& p) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << p.name;
    out << YAML::Key << "type" << YAML::Value << (p.integer ? "int" : "float");
    out << YAML::Key << "start" << YAML::Value << harness::yaml_number(p.start);
    out << YAML::Key << "min" << YAML::Value << harness::yaml_number(p.min);
    out << YAML::Key << "max" << YAML::Value << harness::yaml_number(p.max);
    out << YAML::Key << "c_end" << YAML::Value << harness::yaml_number(p.c_end);
    out << YAML::Key << "r_end" << YAML::Value << harness::yaml_number(p.r_end);
    out << YAML::EndMap;
}

void write_body(YAML::Emitter& out, const SpsaConfig& c, bool with_run_settings) {
    out << YAML::Key << "variant" << YAML::Value << std::string(rules::variant_name(c.variant));
    out << YAML::Key << "event" << YAML::Value << YAML::DoubleQuoted << c.event;
    out << YAML::Key << "engine" << YAML::Value;
    harness::write_engine(out, c.engine);
    out << YAML::Key << "parameters" << YAML::Value << YAML::BeginSeq;
    for (const ParameterEntry& e : c.parameters) write_parameter(out, e.parameter);
    out << YAML::EndSeq;
    out << YAML::Key << "iterations" << YAML::Value << c.iterations;
    out << YAML::Key << "pairs" << YAML::Value << c.pairs;
    out << YAML::Key << "window" << YAML::Value << c.window;
    out << YAML::Key << "alpha" << YAML::Value << harness::yaml_number(c.alpha);
    out << YAML::Key << "gamma" << YAML::Value << harness::yaml_number(c.gamma);
    if (c.a_stability) out << YAML::Key << "A" << YAML::Value << harness::yaml_number(c.a());
    out << YAML::Key << "seed" << YAML::Value << c.seed;
    if (with_run_settings) {
        out << YAML::Key << "concurrency" << YAML::Value << c.concurrency;
        out << YAML::Key << "output" << YAML::Value << YAML::DoubleQuoted << c.output;
    }
    out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted
        << to_string(c.time_control);
    out << YAML::Key << "time_margin" << YAML::Value << harness::yaml_number(c.time_margin);
    out << YAML::Key << "log_protocol" << YAML::Value << c.log_protocol;
    harness::write_openings(out, c.openings);
    harness::write_adjudication(out, c.adjudication);
    const VerificationConfig& v = c.verification;
    out << YAML::Key << "verification" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "enabled" << YAML::Value << v.enabled;
    out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted
        << to_string(v.time_control);
    out << YAML::Key << "games" << YAML::Value << v.games;
    harness::write_sprt(out, v.sprt);
    out << YAML::EndMap;
}

std::string yaml_of(const SpsaConfig& c, bool with_run_settings) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    write_body(out, c, with_run_settings);
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

}  // namespace

SpsaSchedule SpsaConfig::schedule() const {
    std::vector<SpsaParameter> list;
    for (const ParameterEntry& e : parameters) list.push_back(e.parameter);
    return SpsaSchedule(std::move(list), iterations, a(), alpha, gamma, seed);
}

Expected<SpsaConfig> parse_spsa_config(std::string_view yaml, std::string_view source,
                                       const std::filesystem::path& base_dir,
                                       const std::vector<harness::ConfigAssignment>& overrides) {
    return harness::read_config_document<SpsaConfig>(yaml, source, base_dir, overrides,
                                                     read_config);
}

Expected<SpsaConfig> load_spsa_config(const std::filesystem::path& file,
                                      const std::vector<harness::ConfigAssignment>& overrides) {
    const auto text = harness::read_config_file(file);
    if (!text) return text.error();
    return parse_spsa_config(text->text, file.string(), text->base_dir, overrides);
}

std::string to_yaml(const SpsaConfig& config) { return yaml_of(config, true); }

std::string trajectory_text(const SpsaConfig& config) { return yaml_of(config, false); }

harness::EngineConfig engine_with(const harness::EngineConfig& engine, std::string name,
                                  const engine::ParameterValues& values) {
    harness::EngineConfig out = engine;
    out.name = std::move(name);
    const auto merge = [&](std::vector<std::pair<std::string, std::string>>& parameters) {
        for (const auto& [key, value] : values) {
            bool found = false;
            for (auto& p : parameters)
                if (p.first == key) {
                    p.second = value;
                    found = true;
                }
            if (!found) parameters.emplace_back(key, value);
        }
    };
    if (auto* builtin = std::get_if<harness::BuiltinEngine>(&out.spec)) merge(builtin->parameters);
    if (auto* hub = std::get_if<harness::HubEngine>(&out.spec)) merge(hub->parameters);
    return out;
}

harness::MatchConfig pair_match(const SpsaConfig& c) {
    harness::MatchConfig m;
    m.event = c.event;
    m.variant = c.variant;
    m.seed = c.seed;
    m.concurrency = c.concurrency;
    m.time_control = c.time_control;
    m.time_margin = c.time_margin;
    m.log_protocol = c.log_protocol;
    m.tournament.type = harness::TournamentType::HeadToHead;
    m.tournament.games = 2 * c.iterations * c.pairs;
    m.tournament.rounds = 1;
    m.openings = c.openings;
    m.adjudication = c.adjudication;
    const engine::ParameterValues start = c.schedule().values(c.schedule().start());
    m.engines = {engine_with(c.engine, c.event + "+", start),
                 engine_with(c.engine, c.event + "-", start)};
    return m;
}

harness::MatchConfig verification_match(const SpsaConfig& c,
                                        const engine::ParameterValues& final_values,
                                        const std::filesystem::path& folder) {
    harness::MatchConfig m = pair_match(c);
    m.event = c.event + "-verification";
    m.output = folder.string();
    m.time_control = c.verification.time_control;
    m.tournament.games = c.verification.games;
    m.sprt = c.verification.sprt;
    m.engines = {
        engine_with(c.engine, c.event + "-final", final_values),
        engine_with(c.engine, c.event + "-start", c.schedule().values(c.schedule().start()))};
    return m;
}

}  // namespace draughts::spsa
