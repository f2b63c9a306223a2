#include "spsa/spsa_outputs.hpp"

#include <fmt/format.h>

#include <variant>

#include "config/yaml_section.hpp"
#include "engine/builtin_weights.hpp"
#include "engine/weights_file.hpp"
#include "harness/tournament/progress.hpp"
#include "rules/variant.hpp"

namespace draughts::spsa {

namespace {

/// Names that set evaluation weights (everything but search.* and time.*).
bool is_weight(const std::string& name) {
    return !name.starts_with("search.") && !name.starts_with("time.");
}

std::string iteration_text(const SpsaConfig& config, const SpsaState& state) {
    return fmt::format("iteration {} of {}", state.applied, config.iterations);
}

}  // namespace

engine::ParameterValues final_values(const SpsaConfig& config, const SpsaState& state) {
    const SpsaSchedule schedule = config.schedule();
    return schedule.values(schedule.rounded(state.recent.back()));
}

std::string final_values_yaml(const SpsaConfig& config, const SpsaState& state) {
    std::string out = fmt::format(
        "# SPSA run '{}' of engine '{}': the values after {} ({} games, theta+ W-D-L {}-{}-{}).\n"
        "# Put `parameters` under the engine's entry of a match configuration.\n",
        config.event, config.engine.name, iteration_text(config, state),
        state.wins + state.draws + state.losses, state.wins, state.draws, state.losses);
    out += "parameters:\n";
    for (const auto& [name, value] : final_values(config, state))
        out += "  " + name + ": " + value + "\n";
    out += "theta:\n";
    const std::vector<double>& theta = state.recent.back();
    for (std::size_t p = 0; p < config.parameters.size(); ++p)
        out += "  " + config.parameters[p].parameter.name + ": " + harness::yaml_number(theta[p]) +
               "\n";
    return out;
}

Expected<std::optional<std::string>> final_weights(const SpsaConfig& config,
                                                   const SpsaState& state) {
    const auto* builtin = std::get_if<harness::BuiltinEngine>(&config.engine.spec);
    if (builtin == nullptr) return std::optional<std::string>();
    engine::ParameterValues weights_only;
    for (const auto& value : final_values(config, state))
        if (is_weight(value.first)) weights_only.push_back(value);
    if (weights_only.empty()) return std::optional<std::string>();
    return rules::dispatch_variant(
        config.variant, [&](auto tag) -> Expected<std::optional<std::string>> {
            using V = decltype(tag);
            auto base = engine::load_weights_or<V>(builtin->weights, engine::builtin_weights<V>());
            if (!base) return base.error();
            engine::BasicEngineSettings<V> settings{std::move(base).value(), {}};
            if (auto ok = engine::apply_parameters(settings, builtin->parameters); !ok)
                return ok.error();
            if (auto ok = engine::apply_parameters(settings, weights_only); !ok) return ok.error();
            const std::string comment = fmt::format(
                "The weights of engine '{}' with the evaluation values of SPSA run '{}' after\n"
                "{}; play them with final.yaml's search.* and time.* parameters only.",
                config.engine.name, config.event, iteration_text(config, state));
            return std::optional<std::string>(engine::format_weights(settings.weights, comment));
        });
}

Json spsa_summary(const SpsaConfig& config, const SpsaState& state, std::string_view run_state,
                  double iterations_per_minute) {
    const SpsaSchedule schedule = config.schedule();
    Json parameters = Json::array();
    const std::vector<double> start = schedule.start();
    const std::vector<double>& theta = state.recent.back();
    for (std::size_t p = 0; p < config.parameters.size(); ++p) {
        const SpsaParameter& param = config.parameters[p].parameter;
        parameters.push_back({{"name", param.name},
                              {"type", param.integer ? "int" : "float"},
                              {"start", start[p]},
                              {"theta", theta[p]},
                              {"min", param.min},
                              {"max", param.max}});
    }
    return Json{{"state", run_state},
                {"event", config.event},
                {"engine", config.engine.name},
                {"iterations", config.iterations},
                {"applied", state.applied},
                {"pairs_per_iteration", config.pairs},
                {"games", state.wins + state.draws + state.losses},
                {"wins", state.wins},
                {"draws", state.draws},
                {"losses", state.losses},
                {"seconds", state.seconds},
                {"iterations_per_minute", iterations_per_minute},
                {"parameters", parameters}};
}

std::string spsa_progress_line(const SpsaConfig& config, const SpsaState& state,
                               double iterations_per_minute) {
    std::string line = fmt::format("Iteration {}/{} ({:.1f}%)", state.applied, config.iterations,
                                   100.0 * state.applied / config.iterations);
    if (iterations_per_minute > 0) {
        const double left = (config.iterations - state.applied) / iterations_per_minute * 60.0;
        line += fmt::format(", {:.1f} it/min, ETA {}", iterations_per_minute,
                            harness::format_duration(left));
    }
    line += fmt::format(", W-D-L {}-{}-{}", state.wins, state.draws, state.losses);
    const std::vector<double>& theta = state.recent.back();
    std::string values;
    for (std::size_t p = 0; p < config.parameters.size() && p < 4; ++p)
        values += fmt::format("{}{} {:.4g}", values.empty() ? "" : ", ",
                              config.parameters[p].parameter.name, theta[p]);
    if (config.parameters.size() > 4) values += ", ...";
    return line + ", theta: " + values;
}

}  // namespace draughts::spsa
