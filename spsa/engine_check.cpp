#include "spsa/engine_check.hpp"

#include <algorithm>
#include <optional>
#include <variant>

#include "common/text.hpp"
#include "engine/builtin_weights.hpp"
#include "engine/weights_file.hpp"
#include "harness/hub/hub_client.hpp"
#include "harness/player/engine_program.hpp"
#include "rules/variant.hpp"

namespace draughts::spsa {

namespace {

/// What an engine declares of one parameter.
struct Declared {
    std::string type;  ///< "int", "real" (tunable) or another Hub type
    std::optional<double> min;
    std::optional<double> max;
};

/// The declaration of every parameter an engine takes; nullopt for a name it does not take.
using Lookup = std::function<std::optional<Declared>(const std::string& name)>;

std::string engine_text(const harness::EngineConfig& engine) {
    return "engine '" + engine.name + "' (" + std::string(harness::kind_name(engine.spec)) + ")";
}

/// The problem of one parameter, or nullopt.
std::optional<std::string> check_one(const SpsaParameter& p, const Declared& d) {
    if (d.type != "int" && d.type != "real")
        return "is declared of type " + d.type + ", which cannot be tuned (int or real can)";
    if (d.type == "int" && !p.integer) return "is declared int; tune it with type: int";
    if (d.min && p.min < *d.min)
        return "min " + harness::yaml_number(p.min) + " is below the declared min " +
               harness::yaml_number(*d.min);
    if (d.max && p.max > *d.max)
        return "max " + harness::yaml_number(p.max) + " is above the declared max " +
               harness::yaml_number(*d.max);
    return std::nullopt;
}

template <typename V>
Expected<Lookup> builtin_lookup(const harness::BuiltinEngine& builtin) {
    auto weights = engine::load_weights_or<V>(builtin.weights, engine::builtin_weights<V>());
    if (!weights) return weights.error();
    auto settings = std::make_shared<engine::BasicEngineSettings<V>>(
        engine::BasicEngineSettings<V>{std::move(weights).value(), {}});
    return Lookup([settings](const std::string& name) -> std::optional<Declared> {
        const auto found = engine::find_parameter(*settings, name);
        if (!found) return std::nullopt;
        return Declared{std::string(engine::parameter_type_name(found->type)), found->min,
                        found->max};
    });
}

/// One handshake with a Hub engine, for its declarations.
Expected<Lookup> hub_lookup(const SpsaConfig& config, const harness::HubEngine& hub) {
    harness::HubClientOptions options;
    const engine::ParameterValues start = config.schedule().values(config.schedule().start());
    std::vector<std::pair<std::string, std::string>> values = hub.parameters;
    values.insert(values.end(), start.begin(), start.end());
    options.process.argv.push_back(hub.program.command);
    for (const std::string& arg : harness::substitute_placeholders(hub.program.args, values))
        options.process.argv.push_back(arg);
    options.process.working_directory = hub.program.working_directory;
    if (config.variant != rules::Variant::International)
        options.variant = std::string(rules::variant_name(config.variant));
    options.timeouts = hub.timeouts.client();
    harness::HubClient client(std::move(options));
    if (const auto failure = client.start())
        return make_error("cannot read its parameters: " + failure->message);
    auto declared = std::make_shared<std::vector<protocol::HubParameter>>(client.parameters());
    client.quit();
    return Lookup([declared](const std::string& name) -> std::optional<Declared> {
        for (const protocol::HubParameter& p : *declared) {
            if (p.name != name) continue;
            return Declared{p.type, parse_number<double>(p.min), parse_number<double>(p.max)};
        }
        return std::nullopt;
    });
}

Expected<Lookup> lookup_of(const SpsaConfig& config) {
    const harness::EngineConfig& e = config.engine;
    if (const auto* builtin = std::get_if<harness::BuiltinEngine>(&e.spec))
        return rules::dispatch_variant(
            config.variant, [&](auto tag) { return builtin_lookup<decltype(tag)>(*builtin); });
    if (const auto* hub = std::get_if<harness::HubEngine>(&e.spec)) {
        // Parameters that are all placeholders need no handshake.
        const auto placeholders = hub->program.placeholders();
        const bool all_placeholders =
            std::all_of(config.parameters.begin(), config.parameters.end(), [&](const auto& p) {
                return std::find(placeholders.begin(), placeholders.end(), p.parameter.name) !=
                       placeholders.end();
            });
        if (!all_placeholders) return hub_lookup(config, *hub);
    }
    return Lookup([](const std::string&) { return std::nullopt; });
}

}  // namespace

Expected<void> check_engine_parameters(const SpsaConfig& config) {
    const harness::EngineConfig& e = config.engine;
    auto lookup = lookup_of(config);
    if (!lookup) return make_error(engine_text(e) + ": " + lookup.error().message);
    std::vector<std::string> placeholders;
    if (const auto* hub = std::get_if<harness::HubEngine>(&e.spec))
        placeholders = hub->program.placeholders();
    std::string problems;
    for (const ParameterEntry& entry : config.parameters) {
        const SpsaParameter& p = entry.parameter;
        if (std::find(placeholders.begin(), placeholders.end(), p.name) != placeholders.end())
            continue;  // its values go into the command line
        std::optional<std::string> problem;
        if (const auto declared = (*lookup)(p.name)) {
            problem = check_one(p, *declared);
        } else {
            problem = "is not a parameter of the engine (neither declared by it nor a {" + p.name +
                      "} placeholder in its arguments)";
        }
        if (problem)
            problems += (problems.empty() ? "" : "\n") + entry.where + ": " + engine_text(e) +
                        ": parameter '" + p.name + "' " + *problem;
    }
    if (!problems.empty()) return make_error(problems);
    return {};
}

}  // namespace draughts::spsa
