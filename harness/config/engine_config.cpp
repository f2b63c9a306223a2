#include "harness/config/engine_config.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

constexpr std::size_t kKinds = std::variant_size_v<EngineSpec>;

template <std::size_t... I>
constexpr std::array<std::string_view, kKinds> kind_names(std::index_sequence<I...>) {
    return {std::variant_alternative_t<I, EngineSpec>::kName...};
}
constexpr auto kKindNames = kind_names(std::make_index_sequence<kKinds>{});

/// The settings of the kind called `kind`, read from `entry`.
template <std::size_t I = 0>
EngineSpec read_kind(std::string_view kind, YamlSection& entry) {
    using Kind = std::variant_alternative_t<I, EngineSpec>;
    if constexpr (I + 1 < kKinds) {
        if (kind != Kind::kName) return read_kind<I + 1>(kind, entry);
    }
    return EngineSpec(std::in_place_index<I>, Kind::read(entry));
}

/// The keys of the kind of `spec`.
std::vector<std::string_view> own_keys(const EngineSpec& spec) {
    return std::visit(
        [](const auto& kind) {
            const auto& keys = std::decay_t<decltype(kind)>::kKeys;
            return std::vector<std::string_view>(keys.begin(), keys.end());
        },
        spec);
}

/// Every kind's keys with the kinds that have them, in registry order.
std::vector<std::pair<std::string_view, std::string>> keys_by_kind() {
    std::vector<std::pair<std::string_view, std::string>> out;
    const auto add = [&](std::string_view key, std::string_view kind) {
        for (auto& [k, kinds] : out) {
            if (k == key) {
                kinds += " and " + std::string(kind);
                return;
            }
        }
        out.emplace_back(key, std::string(kind));
    };
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((std::ranges::for_each(std::variant_alternative_t<I, EngineSpec>::kKeys,
                                [&](std::string_view key) { add(key, kKindNames[I]); })),
         ...);
    }
    (std::make_index_sequence<kKinds>{});
    return out;
}

/// Refuses the keys of other kinds, naming the kinds they apply to.
void reject_other_kinds_keys(YamlSection& entry, const EngineSpec& spec) {
    const auto own = own_keys(spec);
    for (const auto& [key, kinds] : keys_by_kind()) {
        if (std::ranges::find(own, key) == own.end())
            entry.reject(key, "applies to " + kinds + " engines only");
    }
}

EngineConfig read_engine_settings(YamlSection& entry) {
    EngineConfig engine;
    engine.name = entry.text("name", "");
    if (engine.name.empty())
        entry.error("", "every engine needs a name");
    else if (engine.name.find_first_of("\n\r\"") != std::string::npos)
        entry.error("name", "names cannot contain quotes or line breaks");
    const std::string kind = entry.choice("kind", std::string(kKindNames[0]), kKindNames);
    if (entry.has("time_control"))
        engine.time_control = read_time_control(entry, "time_control", TimeControl{});
    engine.spec = read_kind(kind, entry);
    reject_other_kinds_keys(entry, engine.spec);
    return engine;
}

}  // namespace

EngineConfig read_engine(YamlSection& entry) { return read_engine_settings(entry); }

std::string_view kind_name(const EngineSpec& spec) {
    return std::visit([](const auto& kind) { return std::string_view(kind.kName); }, spec);
}

TimeControl read_time_control(YamlSection& section, std::string_view key,
                              const TimeControl& fallback) {
    const auto text = section.optional_text(key);
    if (!text) return fallback;
    const auto parsed = parse_time_control(*text);
    if (!parsed) {
        section.error(key, parsed.error().message);
        return fallback;
    }
    return *parsed;
}

std::vector<EngineConfig> read_engines(YamlSection& root) {
    std::vector<EngineConfig> engines;
    std::set<std::string> names;
    for (YamlSection& entry : root.sequence("engines")) {
        EngineConfig engine = read_engine_settings(entry);
        if (!engine.name.empty() && !names.insert(engine.name).second)
            entry.error("name", "another engine already has the name '" + engine.name + "'");
        entry.finish();
        engines.push_back(std::move(engine));
    }
    return engines;
}

void write_engine(YAML::Emitter& out, const EngineConfig& engine) {
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << engine.name;
    out << YAML::Key << "kind" << YAML::Value << std::string(kind_name(engine.spec));
    if (engine.time_control)
        out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted
            << to_string(*engine.time_control);
    std::visit([&](const auto& kind) { kind.write(out); }, engine.spec);
    out << YAML::EndMap;
}

template <typename V>
Expected<BasicEngineMaker<V>> prepare_engine(const EngineConfig& engine, PlayerContext context) {
    context.name = engine.name;
    return std::visit([&](const auto& kind) { return kind.template prepare<V>(context); },
                      engine.spec);
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PREPARE_ENGINE(V)                              \
    template Expected<BasicEngineMaker<rules::V>> prepare_engine<rules::V>( \
        const EngineConfig& engine, PlayerContext context);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PREPARE_ENGINE)
#undef DRAUGHTS_INSTANTIATE_PREPARE_ENGINE

std::vector<EngineFile> input_files(const EngineConfig& engine) {
    return std::visit([](const auto& kind) { return kind.input_files(); }, engine.spec);
}

std::vector<std::string> engine_differences(const EngineConfig& a, const EngineConfig& b) {
    std::vector<std::string> out;
    if (a.spec.index() != b.spec.index()) out.push_back("kind differs");
    if (a.time_control != b.time_control) out.push_back("time control differs");
    if (a.spec.index() == b.spec.index()) {
        std::visit(
            [&](const auto& kind) {
                using Kind = std::decay_t<decltype(kind)>;
                for (auto& d : kind.differences(std::get<Kind>(b.spec))) out.push_back(d);
            },
            a.spec);
    }
    return out;
}

std::optional<std::string> concurrency_problem(const EngineConfig& engine, int concurrency) {
    return std::visit(
        [&](const auto& kind) -> std::optional<std::string> {
            if constexpr (LimitsConcurrency<std::decay_t<decltype(kind)>>)
                return kind.concurrency_problem(engine.name, concurrency);
            else
                return std::nullopt;
        },
        engine.spec);
}

}  // namespace draughts::harness
