// The built-in engine's named parameters (engine/engine_parameters.hpp): their defaults are the
// constants the engine was developed with, every kind of name applies to what it names, bad
// values are refused with the parameter's name, and the values change the engine's play.

#include "engine/engine_parameters.hpp"

#include <gtest/gtest.h>

#include "engine/engine.hpp"
#include "engine/time_manager.hpp"
#include "rules/fen.hpp"

namespace draughts::engine {
namespace {

using Settings = BasicEngineSettings<rules::International>;

Settings defaults() { return Settings{EvalWeights{}, SearchParameters{}}; }

double value_of(const Settings& settings, std::string_view name) {
    const auto found = find_parameter(settings, name);
    EXPECT_TRUE(found) << name;
    return found ? found->value : 0.0;
}

TEST(EngineParameters, DefaultsAreTheEnginesConstants) {
    const Settings s = defaults();
    const struct {
        const char* name;
        double value;
    } table[] = {
        {"search.aspiration_window", 111},
        {"search.aspiration_min_depth", 4},
        {"search.lmr_min_depth", 2},
        {"search.lmr_min_move", 1},
        {"search.lmr_reduction", 1},
        {"search.lmr_deep_depth", 4},
        {"search.lmr_deep_move", 5},
        {"search.lmr_deep_reduction", 2},
        {"search.single_reply_extension", 1},
        {"search.probcut_depth", 0},
        {"search.probcut_reduction", 4},
        {"search.probcut_margin", 200},
        {"search.history_malus", 0},
        {"search.quiescence_threats", 0},
        {"search.static_depth", 3},
        {"search.static_margin", 150},
        {"search.late_move_depth", 0},
        {"search.late_move_count", 5},
        {"search.singular_depth", 8},
        {"search.singular_margin", 20},
        {"search.iir_depth", 4},
        {"search.lmr_log_percent", 0},
        {"time.clock_reserve", 0.03},
        {"time.fischer_moves_left", 30},
        {"time.moves_left_base", 8},
        {"time.moves_left_per_piece", 1.17},
        {"time.moves_left_min", 12},
        {"time.moves_left_max", 56},
        {"time.increment_use", 0.8},
        {"time.move_share", 0.29},
        {"time.hard_factor", 3.72},
        {"time.soft_factor", 0.45},
        {"time.instability_factor", 0.66},
        {"time.score_drop_factor", 0.63},
        {"time.score_drop_min", 0.85},
        {"time.score_drop_max", 1.6},
        {"time.two_replies_factor", 0.75},
        {"time.scale_min", 0.5},
        {"time.scale_max", 2.5},
    };
    for (const auto& row : table) EXPECT_EQ(value_of(s, row.name), row.value) << row.name;
    EXPECT_EQ(kClockReserve, 0.03);
    EXPECT_EQ(kFischerMovesLeft, 30);
}

TEST(EngineParameters, DeclaredParametersCoverSearchTimeTermsAndScales) {
    const auto declared = declared_parameters(defaults());
    // 39 search and time constants, 3 per term, one scale per table and one for all tables.
    EXPECT_EQ(declared.size(), 39u + 3u * kNumEvalTerms + kNumEvalTables + 1u);
    for (const ParameterDeclaration& d : declared) {
        EXPECT_LE(d.min, d.value) << d.name;
        EXPECT_LE(d.value, d.max) << d.name;
        EXPECT_TRUE(find_parameter(defaults(), d.name)) << d.name;
    }
}

TEST(EngineParameters, EachKindOfNameSetsWhatItNames) {
    Settings s = defaults();
    ASSERT_TRUE(apply_parameters(s, {{"search.aspiration_window", "60"},
                                     {"time.hard_factor", "2.25"},
                                     {"tempo.eg", "44"},
                                     {"centre", "-7"},
                                     {"pattern_band1[5]", "12"}}));
    EXPECT_EQ(s.search.aspiration_window, 60);
    EXPECT_EQ(s.search.time.hard_factor, 2.25);
    EXPECT_EQ(s.weights.endgame(EvalTerm::Tempo), 44);
    EXPECT_EQ(s.weights.middle_game(EvalTerm::Tempo), EvalWeights{}.middle_game(EvalTerm::Tempo));
    EXPECT_EQ(s.weights.middle_game(EvalTerm::Centre), -7);
    EXPECT_EQ(s.weights.endgame(EvalTerm::Centre), -7);
    EXPECT_EQ(s.weights.table(EvalTable::PatternBand1, 5), 12);
    EXPECT_EQ(value_of(s, "pattern_band1[5]"), 12);
}

TEST(EngineParameters, TableScalesMultiplyEveryEntry) {
    Settings s = defaults();
    s.weights.set_table(EvalTable::PatternBand0, 3, 100);
    s.weights.set_table(EvalTable::PatternBand2, 7, -41);
    ASSERT_TRUE(apply_parameter(s, "pattern_band0.scale", "150"));
    EXPECT_EQ(s.weights.table(EvalTable::PatternBand0, 3), 150);
    EXPECT_EQ(s.weights.table(EvalTable::PatternBand2, 7), -41);
    ASSERT_TRUE(apply_parameter(s, "patterns.scale", "50"));
    EXPECT_EQ(s.weights.table(EvalTable::PatternBand0, 3), 75);
    EXPECT_EQ(s.weights.table(EvalTable::PatternBand2, 7), -21);  // -20.5, away from zero
}

TEST(EngineParameters, BadValuesAreRefusedWithTheParametersName) {
    const struct {
        const char* name;
        const char* value;
        const char* message;
    } table[] = {
        {"search.aspiraton_window", "60", "did you mean 'search.aspiration_window'"},
        {"search.aspiration_window", "6x", "'6x' is not a number"},
        {"search.aspiration_window", "6.5", "is not an integer"},
        {"search.aspiration_window", "0", "outside its range 1..5000"},
        {"time.increment_use", "1.5", "outside its range 0..1"},
        {"man.mg", "nan", "is not a number"},
        {"pattern_band0[6561]", "1", "unknown parameter"},
    };
    for (const auto& row : table) {
        Settings s = defaults();
        const auto applied = apply_parameter(s, row.name, row.value);
        ASSERT_FALSE(applied) << row.name;
        EXPECT_NE(applied.error().message.find(row.message), std::string::npos)
            << applied.error().message;
        EXPECT_EQ(s, defaults()) << "a refused value changes nothing";
    }
}

TEST(EngineParameters, IntegersMayBeWrittenAsWholeReals) {
    Settings s = defaults();
    ASSERT_TRUE(apply_parameter(s, "search.lmr_min_move", "4.0"));
    EXPECT_EQ(s.search.lmr_min_move, 4);
}

TEST(EngineParameters, ParameterTextReadsBack) {
    EXPECT_EQ(parameter_text(12.0, ParameterType::Int), "12");
    EXPECT_EQ(parameter_text(-3.0, ParameterType::Int), "-3");
    EXPECT_EQ(parameter_text(0.1, ParameterType::Real), "0.1");
    EXPECT_EQ(parameter_text(2.0, ParameterType::Real), "2");
}

TEST(EngineParameters, SearchParametersChangeTheSearch) {
    const auto root = rules::parse_fen("W:W31-50:B1-20");
    ASSERT_TRUE(root);
    SearchLimits limits;
    limits.depth = 8;
    const auto nodes = [&](const SearchParameters& p) {
        EngineOptions options;
        options.search = p;
        Engine engine(options);
        return engine.search(*root, {}, limits).nodes;
    };
    SearchParameters no_reductions;
    no_reductions.lmr_reduction = 0;
    no_reductions.lmr_deep_reduction = 0;
    EXPECT_EQ(nodes(SearchParameters{}), nodes(SearchParameters{}));
    EXPECT_GT(nodes(no_reductions), nodes(SearchParameters{}));
}

TEST(EngineParameters, TimeParametersChangeThePlan) {
    SearchLimits limits;
    limits.time_left = 60.0;
    limits.increment = 0.5;
    TimeParameters faster;
    faster.soft_factor = 0.3;
    EXPECT_EQ(plan_time(limits, 40, TimeParameters{}).soft, plan_time(limits).soft);
    EXPECT_LT(plan_time(limits, 40, faster).soft, plan_time(limits).soft);
}

}  // namespace
}  // namespace draughts::engine
