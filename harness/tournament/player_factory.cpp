#include "harness/tournament/player_factory.hpp"

#include <string>

#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
Expected<BasicPlayerFactory<V>> BasicPlayerFactory<V>::create(const MatchConfig& config,
                                                              ChildRegistry* registry,
                                                              EngineLog* log) {
    BasicPlayerFactory factory;
    PlayerContext context;
    context.registry = registry;
    context.log = log;
    context.log_protocol = config.log_protocol;
    for (const EngineConfig& engine : config.engines) {
        // Each kind says whether it can play V (DXP cannot play 8x8 and says so).
        auto maker = prepare_engine<V>(engine, context);
        if (!maker) return maker.error();
        factory.names_.push_back(engine.name);
        factory.makers_.push_back(std::move(maker).value());
    }
    return factory;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PLAYER_FACTORY(V) template class BasicPlayerFactory<rules::V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PLAYER_FACTORY)
#undef DRAUGHTS_INSTANTIATE_PLAYER_FACTORY

}  // namespace draughts::harness
