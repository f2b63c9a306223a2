// `draughts match` as users run it, through the real binary: configuration errors and exit
// statuses, overrides, the JSON stream, the SPRT's early stop with its documented exit statuses,
// and a run killed with SIGKILL in the middle and resumed: the final counts equal the configured
// number of games, games.pdn and games.jsonl agree game for game, and the games are exactly those
// of an uninterrupted run.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "common/json.hpp"
#include "records/results_folder.hpp"
#include "rules/pdn.hpp"
#include "system/process/process.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

using testing::read_text;
using testing::RunResult;

/// A folder of its own for each test, removed afterwards.
class MatchCommand : public ::testing::Test {
  protected:
    /// Runs `draughts match ARGS...` in the test's folder.
    RunResult run(const std::vector<std::string>& args) const {
        std::vector<std::string> all{"match"};
        all.insert(all.end(), args.begin(), args.end());
        return testing::run_draughts(dir_, all);
    }

    /// A head-to-head configuration of the two shipped weight sets at fixed nodes.
    fs::path write_config(const std::string& name, const std::string& first,
                          const std::string& second, const std::string& extra,
                          int nodes = 300) const {
        const fs::path configs = testing::source_dir() / "configs";
        const fs::path file = dir_ / name;
        std::ofstream(file) << "event: cli\ntime_control: nodes=" << nodes << "\nopenings: {file: "
                            << (configs / "openings" / "3move.fen").string() << "}\n"
                            << extra << "engines:\n  - {name: " << first
                            << ", weights: " << (configs / "engines" / (first + ".yaml")).string()
                            << "}\n  - {name: " << second
                            << ", weights: " << (configs / "engines" / (second + ".yaml")).string()
                            << "}\n";
        return file;
    }

    testing::TempFolder folder_{"draughts-match-cli"};
    const fs::path dir_ = folder_.path();
};

/// The last line of a JSON stream, parsed.
Json last_json_line(const std::string& out) {
    const std::size_t end = out.find_last_not_of('\n');
    const std::size_t start = out.rfind('\n', end);
    const std::string line = out.substr(start == std::string::npos ? 0 : start + 1,
                                        end - (start == std::string::npos ? 0 : start + 1) + 1);
    auto parsed = parse_json(line, "stdout");
    EXPECT_TRUE(parsed) << parsed.error().message << "\n" << out;
    return parsed ? *parsed : Json();
}

TEST_F(MatchCommand, ConfigurationErrorsNameFileLineAndKeyAndExitWith2) {
    const fs::path file = dir_ / "bad.yaml";
    std::ofstream(file) << "tournament:\n  games: 3\nengines: [{name: a}, {name: b}]\n";
    const RunResult r = run({file.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("bad.yaml:2:10: tournament.games: must be even"), std::string::npos)
        << r.err;
}

TEST_F(MatchCommand, OverrideErrorsNameTheOption) {
    const fs::path file = write_config("m.yaml", "default", "material", "");
    const RunResult r = run({file.string(), "--games", "many", "--set", "sprt.alpah=0.1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--games many: tournament.games: expected a whole number"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--set sprt.alpah=0.1: sprt.alpah: unknown key (did you mean 'alpha'?)"),
              std::string::npos)
        << r.err;
}

TEST_F(MatchCommand, CheckPrintsTheResolvedConfigurationWithOverrides) {
    const fs::path file = write_config("m.yaml", "default", "material", "");
    const RunResult r = run({file.string(), "--check", "--games", "10", "--nodes", "1234", "--set",
                             "engines.material.hash=8", "--output", "out"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("games: 10"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("time_control: \"nodes=1234\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("hash: 8"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("# 10 games in 5 pairs"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir_ / "out"));
}

TEST_F(MatchCommand, StreamsGamesAndASummaryAsJsonLines) {
    const fs::path file = write_config("m.yaml", "default", "material", "");
    const fs::path out = dir_ / "run";
    const RunResult r =
        run({file.string(), "--games", "4", "--output", out.string(), "--json", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    int games = 0;
    while (std::getline(lines, line)) {
        auto json = parse_json(line, "stdout");
        ASSERT_TRUE(json) << json.error().message;
        if (json->at("type").get<std::string>() == "game") ++games;
    }
    EXPECT_EQ(games, 4);
    const Json summary = last_json_line(r.out);
    EXPECT_EQ(summary.at("type").get<std::string>(), "summary");
    EXPECT_EQ(summary.at("state").get<std::string>(), "completed");
    EXPECT_EQ(summary.at("games").get<std::int64_t>(), 4);
    EXPECT_EQ(summary.at("exit_status").get<std::int64_t>(), 0);
    const auto stored = parse_json(read_text(out / kSummaryFile), "summary.json");
    ASSERT_TRUE(stored) << stored.error().message;
    EXPECT_EQ(stored->at("games").get<std::int64_t>(), 4);
}

TEST_F(MatchCommand, SprtAcceptingH1ExitsWith0AndH0With1) {
    const std::string sprt =
        "tournament: {games: 200}\nconcurrency: 2\n"
        "sprt: {enabled: true, elo0: 0, elo1: 30, alpha: 0.25, beta: 0.25}\n";
    const fs::path stronger_first = write_config("h1.yaml", "default", "material", sprt);
    const RunResult h1 =
        run({stronger_first.string(), "--output", (dir_ / "h1").string(), "--json", "--quiet"});
    EXPECT_EQ(h1.exit_code, 0) << h1.err;
    const Json s1 = last_json_line(h1.out);
    EXPECT_EQ(s1.at("state").get<std::string>(), "sprt_h1");
    EXPECT_LT(s1.at("games").get<std::int64_t>(), 200);

    const fs::path weaker_first = write_config("h0.yaml", "material", "default", sprt);
    const RunResult h0 =
        run({weaker_first.string(), "--output", (dir_ / "h0").string(), "--json", "--quiet"});
    EXPECT_EQ(h0.exit_code, 1) << h0.err;
    const Json s0 = last_json_line(h0.out);
    EXPECT_EQ(s0.at("state").get<std::string>(), "sprt_h0");
    EXPECT_LT(s0.at("games").get<std::int64_t>(), 200);
}

TEST_F(MatchCommand, RefusesToChangeTheConfigurationOnResume) {
    const fs::path file = write_config("m.yaml", "default", "material", "");
    const fs::path out = dir_ / "run";
    ASSERT_EQ(run({file.string(), "--games", "2", "--output", out.string(), "--quiet"}).exit_code,
              0);
    const RunResult r = run({"--resume", out.string(), "--tc", "1+0.1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(
                  "only the concurrency, strictness, the games and the rounds may change (got --tc "
                  "1+0.1)"),
              std::string::npos)
        << r.err;
}

/// Per pair index, the two games as "white black result moves...".
std::map<std::uint64_t, std::string> games_by_pair(const StoredRun& run) {
    std::map<std::uint64_t, std::string> out;
    for (const auto& pair : run.pairs) {
        std::string text;
        for (const StoredGame& g : pair) {
            const auto text_of = [](const Json& object, const char* key) -> const std::string& {
                return object.at(key).get_ref<const std::string&>();
            };
            text += text_of(g.line, "white") + " " + text_of(g.line, "black") + " " +
                    text_of(g.line, "result");
            for (const Json& m : g.line.at("moves")) text += " " + text_of(m, "move");
            text += "\n";
        }
        out[pair[0].pair] = text;
    }
    return out;
}

/// Lines of a file (0 when missing).
std::size_t line_count(const fs::path& path) {
    const std::string text = read_text(path);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST_F(MatchCommand, ResumesARunKilledWithSigkill) {
    constexpr int kGames = 24;
    const fs::path file =
        write_config("m.yaml", "default", "material", "concurrency: 2\nseed: 5\n", 2000);
    const fs::path killed = dir_ / "killed";
    ProcessOptions options;
    options.argv = {testing::draughts_binary().string(),
                    "match",
                    file.string(),
                    "--games",
                    std::to_string(kGames),
                    "--output",
                    killed.string(),
                    "--quiet"};
    auto process = Process::spawn(options);
    ASSERT_TRUE(process) << process.error().message;
    // Kill it once a few pairs are recorded, while others are being played.
    const auto give_up = std::chrono::steady_clock::now() + 120s;
    while (line_count(killed / kJsonlFile) < 6 && std::chrono::steady_clock::now() < give_up &&
           (*process)->running())
        std::this_thread::sleep_for(5ms);
    ASSERT_TRUE((*process)->running())
        << "the run ended before it was killed: " << read_text(killed / kJsonlFile).size()
        << " bytes";
    (*process)->send_signal(SIGKILL);
    (*process)->kill();
    const auto before = read_results(killed);
    ASSERT_TRUE(before) << before.error().message;
    ASSERT_GE(before->pairs.size(), 3u);
    ASSERT_LT(before->pairs.size(), static_cast<std::size_t>(kGames / 2)) << "finished too soon";
    // As if the kill had also torn a commit in half.
    std::ofstream(killed / kPdnFile, std::ios::app) << "[Event \"cli\"]\n[White \"def";
    std::ofstream(killed / kJsonlFile, std::ios::app) << "{\"pair\": 11, \"pair_game\": 0, \"wh";

    const RunResult resumed = run({"--resume", killed.string(), "--json", "--quiet"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("dropped 1 unfinished line"), std::string::npos) << resumed.err;
    const Json summary = last_json_line(resumed.out);
    EXPECT_EQ(summary.at("games").get<std::int64_t>(), kGames);

    const auto after = read_results(killed);
    ASSERT_TRUE(after) << after.error().message;
    EXPECT_EQ(after->dropped_lines, 0u);
    ASSERT_EQ(after->pairs.size(), static_cast<std::size_t>(kGames / 2));
    std::set<std::uint64_t> indices;
    for (const auto& pair : after->pairs) indices.insert(pair[0].pair);
    EXPECT_EQ(indices.size(), static_cast<std::size_t>(kGames / 2));

    // games.pdn and games.jsonl agree game for game.
    const auto pdn = rules::read_pdn_file(killed / kPdnFile);
    ASSERT_TRUE(pdn) << pdn.error().message;
    ASSERT_EQ(pdn->games.size(), static_cast<std::size_t>(kGames));
    std::size_t g = 0;
    for (const auto& pair : after->pairs) {
        for (const StoredGame& game : pair) {
            std::map<std::string, std::string> tags;
            for (const auto& t : pdn->games[g].tags) tags[t.name] = t.value;
            EXPECT_EQ(tags["White"], game.line.at("white").get<std::string>()) << g;
            EXPECT_EQ(tags["Result"], game.line.at("result").get<std::string>()) << g;
            EXPECT_EQ(tags["Round"], std::to_string(game.line.at("game").get<std::int64_t>() + 1))
                << g;
            ++g;
        }
    }

    // The same games as a run that was never interrupted.
    const fs::path straight = dir_ / "straight";
    ASSERT_EQ(run({file.string(), "--games", std::to_string(kGames), "--output", straight.string(),
                   "--quiet"})
                  .exit_code,
              0);
    const auto whole = read_results(straight);
    ASSERT_TRUE(whole);
    EXPECT_EQ(games_by_pair(*after), games_by_pair(*whole));
}

/// Processes whose command line mentions `text`.
std::vector<pid_t> processes_mentioning(const std::string& text) {
    std::vector<pid_t> out;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string cmdline = read_text(entry.path() / "cmdline");
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        if (cmdline.find(text) != std::string::npos) out.push_back(std::stoi(name));
    }
    return out;
}

TEST_F(MatchCommand, CtrlCStopsTheRunAndLeavesNoEngineRunning) {
    // Hub engines with a weights file of their own, so that their processes can be found.
    const fs::path weights = dir_ / "ctrl-c-weights.yaml";
    fs::copy_file(testing::source_dir() / "configs" / "engines" / "default.yaml", weights);
    const fs::path file = dir_ / "hub.yaml";
    std::ofstream(file) << "time_control: nodes=20000\nconcurrency: 2\ntournament: {games: 40}\n"
                        << "engines:\n";
    for (const char* name : {"a", "b"})
        std::ofstream(file, std::ios::app)
            << "  - {name: " << name
            << ", kind: hub, command: " << testing::draughts_binary().string()
            << ", args: [hub, --weights, " << weights.string() << "]}\n";
    const fs::path out = dir_ / "run";
    ProcessOptions options;
    options.argv = {testing::draughts_binary().string(),
                    "match",
                    file.string(),
                    "--output",
                    out.string(),
                    "--quiet"};
    auto process = Process::spawn(options);
    ASSERT_TRUE(process) << process.error().message;
    const auto give_up = std::chrono::steady_clock::now() + 60s;
    while (processes_mentioning(weights.string()).size() < 4 &&
           std::chrono::steady_clock::now() < give_up && (*process)->running())
        std::this_thread::sleep_for(10ms);
    ASSERT_EQ(processes_mentioning(weights.string()).size(), 4u) << "engines did not start";
    (*process)->send_signal(SIGINT);
    const auto status = (*process)->wait_for_exit(deadline_after(30s));
    ASSERT_TRUE(status.has_value());
    EXPECT_EQ(*status, ExitStatus::exited(130)) << status->describe();
    EXPECT_TRUE(processes_mentioning(weights.string()).empty());
    const auto summary = parse_json(read_text(out / kSummaryFile), "summary.json");
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->at("state").get<std::string>(), "interrupted");
    EXPECT_LT(summary->at("games").get<std::int64_t>(), 40);
}

}  // namespace
}  // namespace draughts::harness
