// The weights compiled into the program (engine/builtin_weights.hpp): each variant plays exactly
// the file it was built from (or, without one, its hand-set defaults), and an engine, a bench or
// a match given no weights plays them.

#include "engine/builtin_weights.hpp"

#include <gtest/gtest.h>

#include <string>

#include "engine/bench.hpp"
#include "engine/engine.hpp"
#include "engine/weights_file.hpp"
#include "tests/support/shared_data.hpp"
#include "tests/support/variant_types.hpp"

namespace draughts::engine {
namespace {

template <typename V>
class BuiltinWeights : public ::testing::Test {};
TYPED_TEST_SUITE(BuiltinWeights, draughts::testing::AllVariants, draughts::testing::VariantNames);

TYPED_TEST(BuiltinWeights, AreTheFileTheyWereBuiltFromOrTheHandSetDefaults) {
    using V = TypeParam;
    const auto embedded = embedded_weights(V::kName);
    if (!embedded) {
        EXPECT_EQ(builtin_weights<V>(), BasicEvalWeights<V>{});
        EXPECT_EQ(builtin_weights_name<V>(), "built-in (hand-set)");
        return;
    }
    const auto file = load_weights<V>(draughts::testing::source_dir() / embedded->source);
    ASSERT_TRUE(file) << file.error().message;
    EXPECT_EQ(builtin_weights<V>(), *file);
    EXPECT_EQ(builtin_weights_name<V>(), "built-in (" + std::string(embedded->source) + ")");
}

TYPED_TEST(BuiltinWeights, AnEngineGivenNoWeightsPlaysThem) {
    using V = TypeParam;
    const BasicEngine<V> engine;
    EXPECT_EQ(engine.weights(), builtin_weights<V>());
    EXPECT_EQ(&builtin_weights<V>(), &builtin_weights<V>()) << "read once, then shared";
}

TEST(BuiltinWeights, TheReferenceEngineShipsTunedWeights) {
    // International and Brazilian play the closed loop's weights (pattern tables filled), not
    // the hand-set terms; a build that names no file for them would ship the weaker engine.
    const auto international = embedded_weights("international");
    ASSERT_TRUE(international);
    EXPECT_TRUE(builtin_weights<rules::International>().patterns_active()) << international->source;
    ASSERT_TRUE(embedded_weights("brazilian"));
    EXPECT_TRUE(builtin_weights<rules::Brazilian>().patterns_active());
    EXPECT_FALSE(embedded_weights("no-such-variant"));
}

TEST(BuiltinWeights, TheBenchPlaysThemUnlessGivenOthers) {
    EXPECT_EQ(run_bench(4).nodes, run_bench(4, 16, builtin_weights<rules::International>()).nodes);
    EXPECT_NE(run_bench(4).nodes, run_bench(4, 16, EvalWeights{}).nodes);
}

}  // namespace
}  // namespace draughts::engine
