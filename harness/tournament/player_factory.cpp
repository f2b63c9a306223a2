#include "harness/tournament/player_factory.hpp"

#include <string>

namespace draughts::harness {

namespace {

/// The one place that says which engines can play a variant other than international: none yet,
/// since the built-in engine is being templated over the variant and the tournament plays its
/// games through the international players (DXP is refused when the configuration is read).
Expected<void> plays_variant(const EngineConfig& engine, rules::Variant variant) {
    if (variant == rules::Variant::International) return {};
    return make_error("engine '" + engine.name + "' (kind: " + std::string(kind_name(engine.spec)) +
                      "): matches of " + std::string(rules::variant_name(variant)) +
                      " are not supported yet by this kind of engine");
}

}  // namespace

Expected<PlayerFactory> PlayerFactory::create(const MatchConfig& config, ChildRegistry* registry,
                                              EngineLog* log) {
    PlayerFactory factory;
    PlayerContext context;
    context.registry = registry;
    context.log = log;
    context.log_protocol = config.log_protocol;
    for (const EngineConfig& engine : config.engines) {
        if (auto ok = plays_variant(engine, config.variant); !ok) return ok.error();
        auto maker = prepare_engine(engine, context);
        if (!maker) return maker.error();
        factory.names_.push_back(engine.name);
        factory.makers_.push_back(std::move(maker).value());
    }
    return factory;
}

}  // namespace draughts::harness
