// `draughts match` on the 64-square variants, through the real binary: Brazilian and Russian
// matches between built-in engines, and between `draughts hub` processes, at fixed nodes play to
// rule-based ends, and their games.pdn reads back (rules::read_pdn of the variant) as the games
// games.jsonl records, also from a book made by `draughts book --variant`. Refused: a 10x10 book
// in an 8x8 match (naming file and line), a Hub engine that declares no `variant` parameter (at
// start), and a resumed run whose stored configuration names another variant.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "records/results_folder.hpp"
#include "records/termination.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/pdn.hpp"
#include "rules/variant_list.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

/// A folder of its own for each test, removed afterwards.
class VariantMatch : public ::testing::Test {
  protected:
    RunResult run(const std::vector<std::string>& args) const {
        std::vector<std::string> all{"match"};
        all.insert(all.end(), args.begin(), args.end());
        return testing::run_draughts(dir_, all);
    }

    /// Two built-in engines of `variant` at fixed nodes: one with the variant's shipped weights
    /// (unless not `shipped_weights`), one with its built-in defaults.
    fs::path write_config(const std::string& variant, bool shipped_weights = true) const {
        const fs::path weights =
            testing::source_dir() / "configs" / "engines" / (variant + "-default.yaml");
        const fs::path file = dir_ / (variant + ".yaml");
        std::ofstream(file) << "event: " << variant << "\nvariant: " << variant
                            << "\ntime_control: nodes=300\nengines:\n  - {name: shipped"
                            << (shipped_weights ? ", weights: " + weights.string() : "")
                            << "}\n  - {name: defaults, hash: 4}\n";
        return file;
    }

    testing::TempFolder folder_{"draughts-match-variant"};
    const fs::path dir_ = folder_.path();
};

/// Every line of games.jsonl in `out`, in file order.
std::vector<Json> jsonl_records(const fs::path& out) {
    std::vector<Json> lines;
    std::istringstream in(testing::read_text(out / kJsonlFile));
    for (std::string line; std::getline(in, line);) {
        auto parsed = parse_json(line, "games.jsonl");
        EXPECT_TRUE(parsed) << parsed.error().message;
        if (parsed) lines.push_back(*parsed);
    }
    return lines;
}

/// Plays `games` games of V and checks the results folder: rule-based ends, and games.pdn read
/// by rules::read_pdn<V> holds the games of games.jsonl (start, moves, result) in order.
template <typename V>
void check_match(const RunResult& result, const fs::path& out, std::size_t games) {
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const std::vector<Json> lines = jsonl_records(out);
    ASSERT_EQ(lines.size(), games);
    const auto pdn = rules::read_pdn_file<V>(out / kPdnFile);
    ASSERT_TRUE(pdn) << pdn.error().message;
    ASSERT_TRUE(pdn->errors.empty()) << pdn->errors.front().message;
    EXPECT_TRUE(pdn->warnings.empty()) << pdn->warnings.front().message;
    ASSERT_EQ(pdn->games.size(), games);
    for (std::size_t g = 0; g < games; ++g) {
        const Json& line = lines[g];
        const auto& game = pdn->games[g];
        EXPECT_EQ(line.at("variant").get<std::string>(), std::string(V::kName));
        const auto termination = termination_from_code(line.at("termination").get<std::string>());
        ASSERT_TRUE(termination) << line.at("termination");
        EXPECT_EQ(category_of(*termination), TerminationCategory::Rule) << line.at("termination");
        EXPECT_EQ(game.tag("GameType"), std::to_string(V::kGameType));
        EXPECT_EQ(rules::to_fen(game.start), line.at("start_fen").get<std::string>());
        EXPECT_EQ(game.result, line.at("result").get<std::string>());
        const Json& moves = line.at("moves");
        ASSERT_EQ(game.moves.size(), moves.size()) << "game " << g;
        for (std::size_t k = 0; k < moves.size(); ++k)
            EXPECT_EQ(rules::to_short_notation(game.moves[k]),
                      moves[k].at("move").get<std::string>())
                << "game " << g << " ply " << k + 1;
    }
}

TEST_F(VariantMatch, BrazilianBuiltinMatchPlaysToRuleEndsAndItsPdnReadsBack) {
    const fs::path out = dir_ / "brazilian";
    const RunResult result = run(
        {write_config("brazilian").string(), "--games", "6", "--output", out.string(), "--quiet"});
    check_match<rules::Brazilian>(result, out, 6);
}

TEST_F(VariantMatch, RussianBuiltinMatchPlaysToRuleEndsAndItsPdnReadsBack) {
    const fs::path out = dir_ / "russian";
    const RunResult result = run({write_config("russian").string(), "--games", "6", "--output",
                                  out.string(), "--quiet", "--concurrency", "2"});
    check_match<rules::Russian>(result, out, 6);
}

TEST_F(VariantMatch, InternationalWeightsInABrazilianMatchAreRefusedNamingEngineAndFile) {
    const fs::path file = dir_ / "mixed.yaml";
    const fs::path weights = testing::source_dir() / "configs" / "engines" / "default.yaml";
    std::ofstream(file) << "variant: brazilian\nengines:\n  - {name: ten, weights: "
                        << weights.string() << "}\n  - {name: eight}\n";
    const RunResult result = run({file.string(), "--output", (dir_ / "out").string(), "--quiet"});
    EXPECT_NE(result.exit_code, 0);
    EXPECT_NE(result.err.find("engine 'ten'"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find(weights.string()), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir_ / "out"));
}

TEST_F(VariantMatch, AResumedRunWithAnotherVariantIsRefused) {
    const fs::path out = dir_ / "resumed";
    ASSERT_EQ(run({write_config("brazilian", false).string(), "--games", "2", "--output",
                   out.string(), "--quiet"})
                  .exit_code,
              0);
    std::string config = testing::read_text(out / "config.yaml");
    const std::size_t at = config.find("variant: brazilian");
    ASSERT_NE(at, std::string::npos) << config;
    config.replace(at, std::string("variant: brazilian").size(), "variant: russian");
    std::ofstream(out / "config.yaml") << config;
    const RunResult resumed = run({"--resume", out.string(), "--quiet"});
    EXPECT_NE(resumed.exit_code, 0);
    EXPECT_NE(resumed.err.find("played under the rules of brazilian, but the configuration plays "
                               "russian"),
              std::string::npos)
        << resumed.err;
}

/// A match of `variant` between two `draughts hub` processes (which declare the variant
/// parameter) at fixed nodes, with the protocol logged.
fs::path write_hub_config(const fs::path& dir, const std::string& variant) {
    const fs::path file = dir / ("hub-" + variant + ".yaml");
    const std::string program = testing::draughts_binary().string();
    std::ofstream(file) << "variant: " << variant
                        << "\ntime_control: nodes=300\nlog_protocol: true\nengines:\n"
                        << "  - {name: one, kind: hub, command: " << program << ", args: [hub]}\n"
                        << "  - {name: two, kind: hub, command: " << program
                        << ", args: [hub, --hash, '4']}\n";
    return file;
}

TEST_F(VariantMatch, BrazilianHubMatchOfDraughtsHubProcessesReadsBack) {
    const fs::path out = dir_ / "hub-brazilian";
    const RunResult result = run({write_hub_config(dir_, "brazilian").string(), "--games", "4",
                                  "--output", out.string(), "--quiet"});
    check_match<rules::Brazilian>(result, out, 4);
    const std::string log = testing::read_text(out / "engines.log");
    EXPECT_NE(log.find("> set-param name=variant value=brazilian"), std::string::npos) << log;
    EXPECT_NE(log.find("> pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"), std::string::npos) << log;
}

TEST_F(VariantMatch, RussianHubMatchOfDraughtsHubProcessesReadsBack) {
    const fs::path out = dir_ / "hub-russian";
    const RunResult result = run({write_hub_config(dir_, "russian").string(), "--games", "4",
                                  "--output", out.string(), "--quiet", "--concurrency", "2"});
    check_match<rules::Russian>(result, out, 4);
    const std::string log = testing::read_text(out / "engines.log");
    EXPECT_NE(log.find("> set-param name=variant value=russian"), std::string::npos) << log;
}

TEST_F(VariantMatch, AHubEngineWithoutTheVariantParameterIsRefusedAtStart) {
    const fs::path file = dir_ / "plain.yaml";
    std::ofstream(file) << "variant: brazilian\ntime_control: nodes=100\nengines:\n"
                        << "  - {name: plain, kind: hub, command: "
                        << testing::mock_binary("hub_normal").string() << "}\n"
                        << "  - {name: builtin}\n";
    const RunResult result =
        run({file.string(), "--games", "2", "--output", (dir_ / "out").string(), "--quiet"});
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find("engine 'plain' could not start"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("declares no 'variant' parameter, so it cannot play brazilian"),
              std::string::npos)
        << result.err;
    EXPECT_FALSE(fs::exists(dir_ / "out"));
}

TEST_F(VariantMatch, ABrazilianBookOfDraughtsBookIsTheBookOfABrazilianMatch) {
    const fs::path book = dir_ / "brazilian-2.fen";
    const RunResult made = testing::run_draughts(
        dir_, {"book", "--variant", "brazilian", "--plies", "2", "--output", book.string()});
    ASSERT_EQ(made.exit_code, 0) << made.err;
    EXPECT_NE(testing::read_text(book).find("draughts book --variant brazilian --plies 2"),
              std::string::npos);
    const fs::path file = dir_ / "booked.yaml";
    std::ofstream(file) << "variant: brazilian\ntime_control: nodes=200\nopenings: {file: "
                        << book.string() << "}\nengines: [{name: a}, {name: b, hash: 4}]\n";
    const fs::path out = dir_ / "booked";
    const RunResult result =
        run({file.string(), "--games", "6", "--output", out.string(), "--quiet"});
    check_match<rules::Brazilian>(result, out, 6);
    // Every game starts from a position of the book, each pair from its own.
    const std::string text = testing::read_text(book);
    std::set<std::string> starts;
    for (const Json& line : jsonl_records(out)) {
        const std::string fen = line.at("start_fen").get<std::string>();
        EXPECT_NE(text.find(fen + " ; "), std::string::npos) << fen;
        EXPECT_FALSE(line.at("opening_index").is_null());
        starts.insert(fen);
    }
    EXPECT_EQ(starts.size(), 3U);
}

// --check of an 8x8 match counts its book, and checks the SPRT and adjudication settings as it
// does for international draughts.
TEST_F(VariantMatch, CheckOfABrazilianMatchCountsItsBookAndChecksTheSprt) {
    const fs::path config =
        testing::source_dir() / "configs/matches/brazilian-tuned-vs-default.yaml";
    const RunResult checked = run({config.string(), "--check"});
    ASSERT_EQ(checked.exit_code, 0) << checked.err;
    EXPECT_NE(checked.out.find("openings in the book"), std::string::npos) << checked.out;
    const RunResult bad = run({config.string(), "--check", "--set", "sprt.elo0=20"});
    EXPECT_EQ(bad.exit_code, 2) << bad.out;
    EXPECT_NE(bad.err.find("elo0"), std::string::npos) << bad.err;
}

TEST_F(VariantMatch, ATenByTenBookInARussianMatchIsRefusedNamingFileAndLine) {
    const fs::path book = dir_ / "ten.fen";
    std::ofstream(book) << "# a 10x10 book\nW:W31-50:B1-20\n";
    const fs::path file = dir_ / "ten.yaml";
    std::ofstream(file) << "variant: russian\nopenings: {file: " << book.string()
                        << "}\nengines: [{name: a}, {name: b}]\n";
    const RunResult result = run({file.string(), "--output", (dir_ / "out").string(), "--quiet"});
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find(book.string() + ":2:"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir_ / "out"));
}

// The 100-square variants: the built-in engine against `draughts hub` as a Hub engine, which gets
// the variant by Scan's name for it; the games replay with `draughts pdn --variant`.

/// A match of `variant` between the built-in engine and `draughts hub` at fixed nodes.
fs::path write_mixed_config(const fs::path& dir, const std::string& variant) {
    const fs::path file = dir / ("mixed-" + variant + ".yaml");
    std::ofstream(file) << "variant: " << variant
                        << "\ntime_control: nodes=300\nlog_protocol: true\nengines:\n"
                        << "  - {name: hub, kind: hub, command: "
                        << testing::draughts_binary().string() << ", args: [hub]}\n"
                        << "  - {name: builtin, hash: 4}\n";
    return file;
}

template <typename V>
void check_mixed_match(const fs::path& dir, const std::string& hub_name, std::size_t games) {
    const std::string variant(V::kName);
    const fs::path out = dir / ("mixed-" + variant);
    const RunResult result =
        testing::run_draughts(dir, {"match", write_mixed_config(dir, variant).string(), "--games",
                                    std::to_string(games), "--output", out.string(), "--quiet"});
    check_match<V>(result, out, games);
    const std::string log = testing::read_text(out / "engines.log");
    EXPECT_NE(log.find("> set-param name=variant value=" + hub_name), std::string::npos) << log;
    const RunResult replayed = testing::run_draughts(
        dir, {"pdn", "--variant", variant, "--json", (out / kPdnFile).string()});
    ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
    const auto summary = parse_json(replayed.out, "draughts pdn");
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->at("games").get<std::size_t>(), games);
    EXPECT_EQ(summary->at("invalid_games").get<std::size_t>(), 0U);
}

TEST_F(VariantMatch, KillerMatchAgainstDraughtsHubReplaysWithPdn) {
    check_mixed_match<rules::Killer>(dir_, "killer", 2);
}

TEST_F(VariantMatch, BreakthroughMatchAgainstDraughtsHubEndsWithTheFirstKing) {
    check_mixed_match<rules::Breakthrough>(dir_, "bt", 2);
    for (const Json& line : jsonl_records(dir_ / "mixed-breakthrough")) {
        const std::string termination = line.at("termination").get<std::string>();
        EXPECT_TRUE(termination == "first_king" || termination == "no_pieces" ||
                    termination == "blocked")
            << termination;
    }
}

TEST_F(VariantMatch, AntidraughtsMatchAgainstDraughtsHubReplaysWithPdn) {
    check_mixed_match<rules::Antidraughts>(dir_, "losing", 2);
}

// The checkers games Black starts: their GameType, and results scored first player first ("1-0"
// a Black win), not by the FMJD's tokens.
TEST_F(VariantMatch, EnglishAndPoolMatchesAgainstDraughtsHubReplayWithPdn) {
    check_mixed_match<rules::English>(dir_, "english", 2);
    check_mixed_match<rules::Pool>(dir_, "pool", 2);
    for (const char* variant : {"english", "pool"}) {
        const std::string pdn =
            testing::read_text(dir_ / (std::string("mixed-") + variant) / kPdnFile);
        EXPECT_NE(pdn.find("[GameType \"" + std::to_string(std::string(variant) == "english"
                                                               ? rules::English::kGameType
                                                               : rules::Pool::kGameType)),
                  std::string::npos)
            << pdn;
        EXPECT_EQ(pdn.find("[Result \"2-0\"]"), std::string::npos) << pdn;
        EXPECT_EQ(pdn.find("[Result \"0-2\"]"), std::string::npos) << pdn;
    }
}

// Frisian draughts (Scan's name `frisian`) and Frysk!, both GameType 40: the Hub engine gets the
// moves since a ply where no king is in a run of quiet moves, so both sides keep the limit of
// three [FRS 6]; Frysk! games start from five men each.
TEST_F(VariantMatch, FrisianAndFryskMatchesAgainstDraughtsHubReplayWithPdn) {
    check_mixed_match<rules::Frisian>(dir_, "frisian", 2);
    check_mixed_match<rules::Frysk>(dir_, "frysk", 2);
    for (const Json& line : jsonl_records(dir_ / "mixed-frysk")) {
        const auto start = rules::parse_fen<rules::Frysk>(line.at("start_fen").get<std::string>());
        ASSERT_TRUE(start) << line;
        EXPECT_LE(rules::popcount(start->white()), 5) << line;
        EXPECT_LE(rules::popcount(start->black()), 5) << line;
    }
}

TEST_F(VariantMatch, ADxpEngineInAKillerMatchIsRefusedNamingIt) {
    const fs::path file = dir_ / "dxp.yaml";
    std::ofstream(file) << "variant: killer\nengines:\n"
                        << "  - {name: remote, kind: dxp, command: "
                        << testing::draughts_binary().string() << ", args: [dxp]}\n"
                        << "  - {name: builtin}\n";
    const RunResult result = run({file.string(), "--output", (dir_ / "out").string(), "--quiet"});
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find("remote"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("killer"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir_ / "out"));
}

}  // namespace
}  // namespace draughts::harness
