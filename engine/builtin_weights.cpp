#include "engine/builtin_weights.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/weights_file.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

template <typename V>
const BasicEvalWeights<V>& builtin_weights() {
    // Initialised once, thread-safely, and never changed afterwards.
    static const BasicEvalWeights<V> weights = [] {
        const auto embedded = embedded_weights(V::kName);
        if (!embedded) return BasicEvalWeights<V>{};
        auto parsed = parse_weights<V>(embedded->text, embedded->source);
        if (!parsed) {
            std::fprintf(stderr, "draughts: the built-in %s weights do not read: %s\n",
                         std::string(V::kName).c_str(), parsed.error().message.c_str());
            std::abort();
        }
        return *std::move(parsed);
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
