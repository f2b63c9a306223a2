// Resolving samples to quiet leaves and coefficients, the eval/coefficient consistency check on
// every loaded position (and its failure on tampered rows), and the hold-out split.

#include "tuner/dataset_resolver.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/evaluate.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/pdn.hpp"
#include "tests/support/shared_data.hpp"
#include "tests/support/test_positions.hpp"

namespace draughts::tuner {
namespace {

std::vector<Sample> samples_of(const std::vector<rules::Position>& positions) {
    std::vector<Sample> out;
    for (std::size_t i = 0; i < positions.size(); ++i)
        out.push_back({positions[i], static_cast<Outcome>(i % 3), std::nullopt, std::nullopt});
    return out;
}

/// Every position of the master games in ../shared/data/games, labelled with the game result
/// (a draw where the file gives none, as these files do: the labels do not matter here).
std::vector<Sample> master_game_samples(const std::filesystem::path& folder) {
    std::vector<Sample> out;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".pdn") continue;
        const auto games = rules::read_pdn_file(entry.path());
        if (!games) continue;
        for (const rules::PdnGame& game : games->games) {
            const Outcome result = parse_outcome(game.result).has_value()
                                       ? *parse_outcome(game.result)
                                       : Outcome::Draw;
            rules::Position p = game.start;
            for (const rules::Move& m : game.moves) {
                out.push_back({p, result, std::nullopt, std::nullopt});
                p = p.after(m);
            }
        }
    }
    return out;
}

TEST(ResolveDataset, KeepsOrderAndDropsDecidedPositions) {
    std::vector<Sample> samples = samples_of(engine::test::random_game_positions(20, 100, 5));
    samples.push_back(
        {*rules::parse_fen("W:W28:B23"), Outcome::WhiteWin, std::nullopt, std::nullopt});
    const auto resolved = resolve_dataset(samples, engine::EvalWeights{});
    ASSERT_TRUE(resolved) << resolved.error().message;
    EXPECT_GE(resolved->counts.game_over, 1u);
    EXPECT_EQ(resolved->counts.kept + resolved->counts.game_over, samples.size());
    const Dataset& d = resolved->dataset;
    ASSERT_EQ(d.samples.size(), resolved->counts.kept);
    // The kept samples come out in input order, each with its own leaf.
    std::size_t next = 0;
    for (const Sample& s : d.samples) {
        while (!(samples[next] == s)) ++next;
        ASSERT_LT(next, samples.size());
        ++next;
    }
    for (std::size_t i = 0; i < d.samples.size(); ++i) {
        EXPECT_FALSE(rules::has_capture(d.coefficients->leaves[i]));
        EXPECT_EQ(d.coefficients->store.result(i), d.samples[i].result);
        EXPECT_EQ(d.coefficients->store.coefficients(i),
                  engine::trace_evaluation(d.coefficients->leaves[i]).coefficients);
    }
}

TEST(ConsistencyCheck, HoldsOnEveryRandomGamePosition) {
    const auto samples = samples_of(engine::test::random_game_positions(120, 160, 9));
    for (const engine::EvalWeights& w :
         {engine::EvalWeights{}, engine::EvalWeights::material_only()}) {
        const auto resolved = resolve_dataset(samples, w);
        ASSERT_TRUE(resolved);
        const auto report = check_consistency(resolved->dataset, w);
        ASSERT_TRUE(report) << report.error().message;
        EXPECT_EQ(report->checked, resolved->counts.kept);
        EXPECT_GT(report->checked, 10000u);
    }
}

TEST(ConsistencyCheck, HoldsOnEveryMasterGamePosition) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(folder, "data/games");
    const auto samples = master_game_samples(folder);
    ASSERT_GT(samples.size(), 5000u);
    const auto resolved = resolve_dataset(samples, engine::EvalWeights{});
    ASSERT_TRUE(resolved);
    const auto report = check_consistency(resolved->dataset, engine::EvalWeights{});
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_EQ(report->checked, resolved->counts.kept);
}

/// A copy of `d` whose row `bad` has its first coefficient's value changed by `delta`.
Dataset tampered(const Dataset& d, std::size_t bad, std::int32_t delta, int phase_delta = 0) {
    Dataset out = d;
    const CoefficientStore& store = d.coefficients->store;
    CoefficientStore copy(store.parameter_count(), store.packing());
    for (std::size_t i = 0; i < store.size(); ++i) {
        auto row = store.coefficients(i);
        int phase = store.phase(i);
        if (i == bad) {
            row.front().value += delta;
            phase += phase_delta;
        }
        EXPECT_TRUE(copy.append(row, phase, store.result(i)));
    }
    out.coefficients->store = std::move(copy);
    return out;
}

TEST(ConsistencyCheck, NamesTheFirstTamperedRow) {
    const auto resolved =
        resolve_dataset(samples_of(engine::test::random_game_positions(5, 80, 3)), {});
    ASSERT_TRUE(resolved);
    const Dataset& d = resolved->dataset;
    // A change of one unit in a coefficient is caught by the random weights even where the base
    // weight is zero (index 2 upwards are mostly zero in the defaults' pattern tables).
    const auto value = check_consistency(tampered(d, 37, 32), {});
    ASSERT_FALSE(value);
    EXPECT_NE(value.error().message.find("sample 37 "), std::string::npos) << value.error().message;
    EXPECT_NE(value.error().message.find("coefficients give"), std::string::npos);
    const auto phase = check_consistency(tampered(d, 12, 0, 1), {});
    ASSERT_FALSE(phase);
    EXPECT_NE(phase.error().message.find("sample 12 "), std::string::npos);
    EXPECT_NE(phase.error().message.find("phase"), std::string::npos);
}

TEST(SplitStore, PartitionsDeterministically) {
    const auto resolved =
        resolve_dataset(samples_of(engine::test::random_game_positions(10, 100, 4)), {});
    ASSERT_TRUE(resolved);
    const CoefficientStore& store = resolved->dataset.coefficients->store;
    const TrainingSplit a = split_store(store, 0.25, 99);
    const TrainingSplit b = split_store(store, 0.25, 99);
    const TrainingSplit c = split_store(store, 0.25, 100);
    EXPECT_EQ(a.train.size() + a.holdout.size(), store.size());
    EXPECT_NEAR(static_cast<double>(a.holdout.size()), 0.25 * static_cast<double>(store.size()),
                1.0);
    EXPECT_EQ(a.train.entry_count() + a.holdout.entry_count(), store.entry_count());
    EXPECT_EQ(a.train.fingerprint(), b.train.fingerprint());
    EXPECT_EQ(a.holdout.fingerprint(), b.holdout.fingerprint());
    EXPECT_NE(a.train.fingerprint(), c.train.fingerprint());
    EXPECT_TRUE(split_store(store, 0.0, 1).holdout.empty());
}

}  // namespace
}  // namespace draughts::tuner
