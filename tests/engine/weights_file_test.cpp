// Weight files: the shipped configs, round trips, and error messages naming file, line and key.

#include "engine/weights_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include "tests/support/shared_data.hpp"

namespace draughts::engine {
namespace {

std::filesystem::path config(const std::string& name) {
    return draughts::testing::source_dir() / "configs" / "engines" / name;
}

/// A complete valid file with every term set to `man_value` for man and 0 elsewhere.
std::string complete_file(const std::string& extra = "", const std::string& skip = "") {
    std::string text;
    for (int t = 0; t < kNumEvalTerms; ++t) {
        const std::string name(term_name(static_cast<EvalTerm>(t)));
        if (name != skip) text += name + ": 0\n";
    }
    for (int t = 0; t < kNumEvalBands; ++t) {  // region tables may be left out
        const std::string name(table_name(band_table(t)));
        if (name != skip) text += name + ": {}\n";
    }
    return text + extra;
}

TEST(WeightsFile, DefaultConfigMatchesBuiltInDefaults) {
    const auto w = load_weights(config("default.yaml"));
    ASSERT_TRUE(w) << w.error().message;
    EXPECT_EQ(*w, EvalWeights{});
}

TEST(WeightsFile, MaterialConfigHasOnlyPieceValues) {
    const auto w = load_weights(config("material.yaml"));
    ASSERT_TRUE(w) << w.error().message;
    EXPECT_EQ(*w, EvalWeights::material_only());
}

TEST(WeightsFile, FormatParsesBackToSameWeights) {
    std::mt19937 rng(3);
    EvalWeights w = EvalWeights{};
    for (int i = 0; i < 500; ++i)
        w.set(rng() % ParameterLayout::count(), static_cast<int>(rng() % 2001) - 1000);
    const auto back = parse_weights(format_weights(w, "random weights\nsecond line"), "roundtrip");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, w);
}

TEST(WeightsFile, RegionTablesAreOptionalAndWrittenOnlyWhenUsed) {
    // complete_file() names no region table: they are empty, as in files from before them.
    auto w = parse_weights(complete_file("pattern_region7: {12: -5}\n"), "t");
    ASSERT_TRUE(w) << w.error().message;
    EXPECT_EQ(w->table(region_table(7), 12), -5);
    EXPECT_EQ(w->table(region_table(6), 12), 0);
    const std::string text = format_weights(*w, "");
    EXPECT_NE(text.find("pattern_region7:\n  12: -5\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("pattern_region6"), std::string::npos) << text;
    EXPECT_NE(text.find("pattern_band3: {}\n"), std::string::npos) << text;
    const auto missing_band = parse_weights(complete_file("", "pattern_band2"), "t");
    ASSERT_FALSE(missing_band);
    EXPECT_NE(missing_band.error().message.find("missing weight 'pattern_band2'"),
              std::string::npos);
}

TEST(WeightsFile, SaveAndLoadFile) {
    const auto path = std::filesystem::temp_directory_path() / "draughts_weights_test.yaml";
    ASSERT_TRUE(save_weights(EvalWeights::material_only(), path, "test"));
    const auto back = load_weights(path);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, EvalWeights::material_only());
    std::filesystem::remove(path);
}

TEST(WeightsFile, AcceptsPairsFullTablesAndNullTables) {
    std::string table = "[";
    for (std::size_t i = 0; i < kPatternTableSize; ++i)
        table += (i ? ", " : "") + std::to_string(i % 7);
    table += "]";
    const std::string text = complete_file("", "tempo") + "tempo: {mg: 3, eg: -4}\n";
    auto w = parse_weights(text, "t");
    ASSERT_TRUE(w) << w.error().message;
    EXPECT_EQ(w->middle_game(EvalTerm::Tempo), 3);
    EXPECT_EQ(w->endgame(EvalTerm::Tempo), -4);
    w = parse_weights(complete_file("", "pattern_band2") + "pattern_band2: " + table + "\n", "t");
    ASSERT_TRUE(w) << w.error().message;
    EXPECT_EQ(w->table(EvalTable::PatternBand2, 13), 13 % 7);
    w = parse_weights(complete_file("", "pattern_band3") + "pattern_band3:\n", "t");
    ASSERT_TRUE(w) << w.error().message;
}

struct BadFile {
    const char* name;
    std::string text;
    std::string expected;  ///< substring of the error message
};

class WeightsFileErrors : public ::testing::TestWithParam<BadFile> {};

TEST_P(WeightsFileErrors, NamesFileLineAndKey) {
    const auto w = parse_weights(GetParam().text, "engines/bad.yaml");
    ASSERT_FALSE(w);
    EXPECT_NE(w.error().message.find(GetParam().expected), std::string::npos) << w.error().message;
    EXPECT_NE(w.error().message.find("engines/bad.yaml"), std::string::npos) << w.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, WeightsFileErrors,
    ::testing::Values(
        BadFile{"Missing", complete_file("", "tempo"), "missing weight 'tempo'"},
        BadFile{"MissingTable", complete_file("", "pattern_band1"),
                "missing weight 'pattern_band1'"},
        BadFile{"Unknown", complete_file("queen: 9\n"), ":21:8: weight 'queen': unknown"},
        BadFile{"Duplicate", complete_file("man: 9\n"), ":21:1: weight 'man': given twice"},
        BadFile{"NotInteger", complete_file("", "king") + "king: 2.5\n", "weight 'king'"},
        BadFile{"HalfPair", complete_file("", "king") + "king: {mg: 1}\n", "needs both mg and eg"},
        BadFile{"BadField", complete_file("", "king") + "king: {mg: 1, eg: 2, xg: 3}\n", "'xg'"},
        BadFile{"TableIndex", complete_file("", "pattern_band0") + "pattern_band0: {6561: 1}\n",
                "entry '6561' is not in 0..6560"},
        BadFile{"TableValue", complete_file("", "pattern_band0") + "pattern_band0: {5: x}\n",
                "entry 5 is not an integer"},
        BadFile{"TableLength", complete_file("", "pattern_band0") + "pattern_band0: [1, 2]\n",
                "expected 6561 values"},
        BadFile{"NotMapping", "- 1\n- 2\n", "expected a mapping"},
        BadFile{"Malformed", "man: [1, 2\n", "engines/bad.yaml:"}),
    [](const auto& param_info) { return std::string(param_info.param.name); });

TEST(WeightsFile, MutatedFilesNeverCrash) {
    // Random edits of a valid file: each either parses or gives an error naming the source.
    const std::string base = format_weights(EvalWeights{});
    const std::string alphabet = " \n\t:{}[],-#\"'&*!|>0123456789abcxyzmg.eg";
    std::mt19937 rng(42);
    int errors = 0;
    for (int i = 0; i < 2000; ++i) {
        std::string text = base;
        const int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits && !text.empty(); ++e) {
            const std::size_t at = rng() % text.size();
            const char c = alphabet[rng() % alphabet.size()];
            switch (rng() % 3) {
                case 0:
                    text[at] = c;
                    break;
                case 1:
                    text.insert(at, 1, c);
                    break;
                default:
                    text.erase(at, 1);
                    break;
            }
        }
        const auto w = parse_weights(text, "mutated.yaml");
        if (!w) {
            ++errors;
            EXPECT_EQ(w.error().message.rfind("mutated.yaml", 0), 0u) << w.error().message;
        }
    }
    EXPECT_GT(errors, 100);
}

TEST(WeightsFile, MissingFileIsAnError) {
    const auto w = load_weights("/nonexistent/dir/weights.yaml");
    ASSERT_FALSE(w);
    EXPECT_NE(w.error().message.find("/nonexistent/dir/weights.yaml"), std::string::npos);
}

}  // namespace
}  // namespace draughts::engine
