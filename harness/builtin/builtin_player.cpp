#include "harness/builtin/builtin_player.hpp"

#include "common/text.hpp"
#include "engine/weights_file.hpp"
#include "harness/builtin/in_process_player.hpp"
#include "harness/player/random_player.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
Expected<std::unique_ptr<BasicPlayer<V>>> make_builtin_player(std::string_view spec,
                                                              std::string name,
                                                              std::size_t hash_mb) {
    const std::size_t colon = spec.find(':');
    const std::string_view kind = spec.substr(0, colon);
    const bool has_argument = colon != std::string_view::npos;
    const std::string_view argument = has_argument ? spec.substr(colon + 1) : std::string_view{};
    if (name.empty()) name = std::string(spec);
    const auto fail = [&](const std::string& what) {
        return make_error("player \"" + std::string(spec) + "\": " + what);
    };
    if (kind == "random") {
        const auto seed = has_argument ? parse_number<std::uint64_t>(argument) : std::uint64_t{1};
        if (!seed) return fail("the seed must be a whole number, e.g. random:42");
        return std::unique_ptr<BasicPlayer<V>>(
            std::make_unique<BasicRandomPlayer<V>>(*seed, std::move(name)));
    }
    if (kind == "engine") {
        engine::BasicEngineOptions<V> options;
        options.hash_mb = hash_mb;
        if (has_argument) {
            if (argument.empty()) return fail("give a weight file after ':', or none");
            auto weights = engine::load_weights<V>(std::string(argument));
            if (!weights) return fail(weights.error().message);
            options.weights = std::move(*weights);
        }
        return std::unique_ptr<BasicPlayer<V>>(
            std::make_unique<BasicInProcessPlayer<V>>(std::move(name), std::move(options)));
    }
    return fail("unknown kind \"" + std::string(kind) +
                "\" (expected random, random:SEED, engine or engine:WEIGHTS.yaml)");
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_MAKE_BUILTIN_PLAYER(V)                                          \
    template Expected<std::unique_ptr<BasicPlayer<rules::V>>> make_builtin_player<rules::V>( \
        std::string_view spec, std::string name, std::size_t hash_mb);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_MAKE_BUILTIN_PLAYER)
#undef DRAUGHTS_INSTANTIATE_MAKE_BUILTIN_PLAYER

}  // namespace draughts::harness
