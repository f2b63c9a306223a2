#include "engine/builtin_weights.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "rules/variant_list.hpp"

namespace draughts::engine {

template <typename V>
const BasicEvalWeights<V>& builtin_weights() {
    // Initialised once, thread-safely, and never changed afterwards.
    static const BasicEvalWeights<V> weights = [] {
        const auto embedded = embedded_weights(V::kName);
        if (!embedded) return BasicEvalWeights<V>{};
        using Layout = typename BasicEvalWeights<V>::Layout;
        if (embedded->layout_hash != Layout::hash()) {
            // Not reachable from one build: the tool that wrote them shares this layout.
            std::fprintf(stderr, "draughts: the built-in %s weights (%s) have another layout\n",
                         std::string(V::kName).c_str(), std::string(embedded->source).c_str());
            std::abort();
        }
        auto compiled = BasicEvalWeights<V>::zero();
        for (const auto [index, value] : embedded->parameters) compiled.set(index, value);
        return compiled;
    }();
    return weights;
}

template <typename V>
std::string_view builtin_weights_name() {
    static const std::string name = [] {
        const auto embedded = embedded_weights(V::kName);
        return "built-in (" + std::string(embedded ? embedded->source : "hand-set") + ")";
    }();
    return name;
}

#define DRAUGHTS_INSTANTIATE(Policy)                                                  \
    template const BasicEvalWeights<rules::Policy>& builtin_weights<rules::Policy>(); \
    template std::string_view builtin_weights_name<rules::Policy>();
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
