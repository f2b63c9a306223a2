#include "harness/tournament/player_factory.hpp"

namespace draughts::harness {

Expected<PlayerFactory> PlayerFactory::create(const MatchConfig& config, ChildRegistry* registry,
                                              EngineLog* log) {
    PlayerFactory factory;
    PlayerContext context;
    context.registry = registry;
    context.log = log;
    context.log_protocol = config.log_protocol;
    for (const EngineConfig& engine : config.engines) {
        auto maker = prepare_engine(engine, context);
        if (!maker) return maker.error();
        factory.names_.push_back(engine.name);
        factory.makers_.push_back(std::move(maker).value());
    }
    return factory;
}

}  // namespace draughts::harness
