#include "report/folder_settings.hpp"

#include <yaml-cpp/yaml.h>

#include "stats/sprt.hpp"

namespace draughts::report {

namespace {

template <typename T>
const Error* error_of(const Expected<T>& value) {
    return value ? nullptr : &value.error();
}

/// The value under `key` when it is a scalar of type T (else `fallback`); a scalar that does
/// not read as T is an error naming the key.
template <typename T>
Expected<T> scalar(const YAML::Node& node, const char* key, T fallback, const std::string& file) {
    const YAML::Node value = node[key];
    if (!value || !value.IsScalar()) return fallback;
    try {
        return value.as<T>();
    } catch (const YAML::Exception&) {
        return make_error(file + ": " + key + ": unexpected value '" + value.Scalar() + "'");
    }
}

Expected<YAML::Node> load(const std::filesystem::path& file) {
    try {
        return YAML::LoadFile(file.string());
    } catch (const YAML::Exception& e) {
        return make_error(file.string() + ": " + e.what());
    }
}

Expected<harness::SprtConfig> read_sprt(const YAML::Node& node, const std::string& file) {
    harness::SprtConfig sprt;
    if (!node || !node.IsMap()) return sprt;
    auto enabled = scalar(node, "enabled", sprt.enabled, file);
    auto elo0 = scalar(node, "elo0", sprt.elo0, file);
    auto elo1 = scalar(node, "elo1", sprt.elo1, file);
    auto alpha = scalar(node, "alpha", sprt.alpha, file);
    auto beta = scalar(node, "beta", sprt.beta, file);
    auto model = scalar<std::string>(node, "model", "normalized", file);
    for (const Error* e : {error_of(enabled), error_of(elo0), error_of(elo1), error_of(alpha),
                           error_of(beta), error_of(model)})
        if (e != nullptr) return *e;
    const auto parsed_model = harness::parse_sprt_model(*model);
    if (!parsed_model) return make_error(file + ": sprt.model: unknown model '" + *model + "'");
    return harness::SprtConfig{*enabled, *elo0, *elo1, *alpha, *beta, *parsed_model};
}

}  // namespace

Expected<MatchSettings> read_match_settings(const std::filesystem::path& config_file) {
    const std::string file = config_file.string();
    auto root = load(config_file);
    if (!root) return root.error();
    MatchSettings settings;
    auto variant_name = scalar<std::string>(*root, "variant", "international", file);
    if (!variant_name) return variant_name.error();
    const auto variant = rules::parse_variant(*variant_name);
    if (!variant) return make_error(file + ": variant: unknown variant \"" + *variant_name + "\"");
    settings.variant = *variant;
    auto event = scalar<std::string>(*root, "event", settings.event, file);
    if (!event) return event.error();
    settings.event = *event;
    auto tc = scalar<std::string>(*root, "time_control", "", file);
    if (!tc) return tc.error();
    settings.time_control = *tc;
    if (const YAML::Node tournament = (*root)["tournament"]; tournament && tournament.IsMap()) {
        auto type = scalar<std::string>(tournament, "type", "head-to-head", file);
        if (!type) return type.error();
        const auto parsed = value_of(harness::kTournamentTypeNames, *type);
        if (!parsed) return make_error(file + ": tournament.type: unknown type '" + *type + "'");
        settings.type = *parsed;
    }
    if (const YAML::Node engines = (*root)["engines"]; engines && engines.IsSequence())
        for (const YAML::Node& engine : engines) {
            auto name = scalar<std::string>(engine, "name", "", file);
            if (!name) return name.error();
            if (name->empty()) return make_error(file + ": engines: an engine without a name");
            settings.engines.push_back(*name);
            auto own = scalar<std::string>(engine, "time_control", settings.time_control, file);
            if (!own) return own.error();
            settings.engine_time_controls.push_back(*own);
        }
    if (settings.engines.size() < 2) return make_error(file + ": engines: fewer than two engines");
    auto sprt = read_sprt((*root)["sprt"], file);
    if (!sprt) return sprt.error();
    settings.sprt = *sprt;
    return settings;
}

Expected<TuneSettings> read_tune_settings(const std::filesystem::path& config_file) {
    const std::string file = config_file.string();
    auto root = load(config_file);
    if (!root) return root.error();
    TuneSettings s;
    auto variant_name = scalar<std::string>(*root, "variant", "international", file);
    if (!variant_name) return variant_name.error();
    const auto variant = rules::parse_variant(*variant_name);
    if (!variant) return make_error(file + ": variant: unknown variant \"" + *variant_name + "\"");
    auto start = scalar<std::string>(*root, "start_weights", "", file);
    auto loss = scalar<std::string>(*root, "loss", s.loss, file);
    auto rate = scalar(*root, "learning_rate", s.learning_rate, file);
    auto decay = scalar(*root, "learning_rate_decay", s.learning_rate_decay, file);
    auto l2 = scalar(*root, "l2", s.l2, file);
    auto trace = scalar<std::string>(*root, "trace", "", file);
    for (const Error* e : {error_of(start), error_of(loss), error_of(rate), error_of(decay),
                           error_of(l2), error_of(trace)})
        if (e != nullptr) return *e;
    return TuneSettings{*variant, *start, *loss, *rate, *decay, *l2, *trace};
}

}  // namespace draughts::report
