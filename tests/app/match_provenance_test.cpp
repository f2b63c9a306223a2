// Provenance of a match through the real program (issue 13, items 4 and 9): `draughts --version`;
// config.yaml and summary.json record the version and commit, host, command line, start and end
// times, a run id and the SHA-256 of every input file; `--resume` refuses a changed book (after
// an interruption), weight file or engine program unless `--force`; `--resume DIR --games N` or
// `--rounds N` extends a finished run into exactly the games of a longer run; a folder written
// before provenance existed still resumes, with a warning.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <thread>

#include "common/json.hpp"
#include "common/sha256.hpp"
#include "harness/tournament/provenance.hpp"
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

/// What a process printed on stdout, or nullopt when it failed.
std::optional<std::string> output_of(const std::string& command) {
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return std::nullopt;
    std::string out;
    std::array<char, 256> block{};
    while (std::fgets(block.data(), block.size(), pipe) != nullptr) out += block.data();
    if (::pclose(pipe) != 0) return std::nullopt;
    return out;
}

TEST(Version, PrintsTheVersionAndTheCommitOfTheBuild) {
    const testing::TempFolder folder("draughts-version");
    const RunResult r = testing::run_draughts(folder.path(), {"--version"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::smatch match;
    ASSERT_TRUE(std::regex_match(
        r.out, match,
        std::regex(R"(draughts \d+\.\d+\.\d+ \(commit ([0-9a-f]{40}(-dirty)?|unknown)\)\n)")))
        << r.out;
    // Built from a git checkout: the commit is the checkout's (the build regenerates it).
    const auto head = output_of("git -C " + testing::shell_quote(testing::source_dir().string()) +
                                " rev-parse HEAD 2>/dev/null");
    if (head) {
        EXPECT_EQ(match[1].str().substr(0, 40), head->substr(0, 40));
    }
}

/// A folder of its own for each test, with a copy of a book and of two weight files, and a Hub
/// engine that is a shell script running `draughts hub`.
class MatchProvenance : public ::testing::Test {
  protected:
    void SetUp() override {
        const fs::path configs = testing::source_dir() / "configs";
        fs::copy_file(configs / "openings" / "3move.fen", dir_ / "book.fen");
        fs::copy_file(configs / "engines" / "default.yaml", dir_ / "a.yaml");
        fs::copy_file(configs / "engines" / "material.yaml", dir_ / "b.yaml");
        const fs::path script = folder_.write(
            "engine.sh", "#!/bin/sh\nexec " +
                             testing::shell_quote(testing::draughts_binary().string()) +
                             " hub --weights b.yaml \"$@\"\n");
        ::chmod(script.c_str(), 0755);
    }

    RunResult run(const std::vector<std::string>& args) const {
        std::vector<std::string> all{"match"};
        all.insert(all.end(), args.begin(), args.end());
        return testing::run_draughts(dir_, all);
    }

    /// m.yaml: built-in `a` (weights a.yaml) against `b`: built-in (weights b.yaml) or the Hub
    /// script, at fixed nodes on book.fen.
    fs::path write_config(bool hub = false, const std::string& extra = "") const {
        const std::string b =
            hub ? "{name: b, kind: hub, command: ./engine.sh}" : "{name: b, weights: b.yaml}";
        return folder_.write("m.yaml",
                             "event: prov\ntime_control: nodes=300\nseed: 3\n"
                             "openings: {file: book.fen}\n" +
                                 extra + "engines:\n  - {name: a, weights: a.yaml}\n  - " + b +
                                 "\n");
    }

    Provenance provenance_of(const std::string& run_dir) const {
        const auto read = read_provenance(dir_ / run_dir / kConfigFile);
        EXPECT_TRUE(read) << read.error().message;
        EXPECT_TRUE(read && read->has_value());
        return read && read->has_value() ? **read : Provenance{};
    }

    Json summary_of(const std::string& run_dir) const {
        const auto json = parse_json(read_text(dir_ / run_dir / kSummaryFile), "summary.json");
        EXPECT_TRUE(json) << json.error().message;
        return json ? *json : Json();
    }

    /// "OLD is now NEW" as the refusal names a changed file.
    static std::string change_of(const fs::path& file, const std::string& old_hash) {
        return fs::canonical(file).string() + ": SHA-256 was " + old_hash + ", is now " +
               *sha256_file(file);
    }

    testing::TempFolder folder_{"draughts-provenance"};
    const fs::path dir_ = folder_.path();
};

TEST_F(MatchProvenance, ConfigAndSummaryRecordEveryField) {
    const fs::path config = write_config(true);
    const std::vector<std::string> args{config.string(), "--games", "2",
                                        "--output",      "run",     "--quiet"};
    const RunResult r = run(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const RunResult version = testing::run_draughts(dir_, {"--version"});
    const Provenance p = provenance_of("run");
    EXPECT_TRUE(is_run_id(p.run_id)) << p.run_id;
    ASSERT_EQ(p.sessions.size(), 1u);
    const RunSession& s = p.sessions[0];
    EXPECT_EQ(s.action, "created");
    EXPECT_EQ("draughts " + s.version + " (commit " + s.commit + ")\n", version.out);
    std::array<char, 256> host{};
    ::gethostname(host.data(), host.size() - 1);
    EXPECT_EQ(s.host, host.data());
    EXPECT_EQ(fs::path(s.working_directory), fs::canonical(dir_));
    std::vector<std::string> typed{testing::draughts_binary().string(), "match"};
    typed.insert(typed.end(), args.begin(), args.end());
    EXPECT_EQ(s.command_line, typed);
    const std::regex utc(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)");
    EXPECT_TRUE(std::regex_match(s.started, utc)) << s.started;
    // Every input file with its real path and content hash.
    const std::vector<std::pair<std::string, fs::path>> inputs{
        {"openings", dir_ / "book.fen"},
        {"engine 'a' program", testing::draughts_binary()},
        {"engine 'a' weights", dir_ / "a.yaml"},
        {"engine 'b' program", dir_ / "engine.sh"}};
    ASSERT_EQ(p.inputs.size(), inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        EXPECT_EQ(p.inputs[i].what, inputs[i].first);
        EXPECT_EQ(p.inputs[i].path, fs::canonical(inputs[i].second).string());
        EXPECT_EQ(p.inputs[i].sha256, *sha256_file(inputs[i].second));
    }
    // summary.json: the same, with the run's start and end.
    const Json summary = summary_of("run").at("provenance");
    EXPECT_EQ(summary.at("run_id"), p.run_id);
    EXPECT_EQ(summary.at("version"), s.version);
    EXPECT_EQ(summary.at("commit"), s.commit);
    EXPECT_EQ(summary.at("host"), s.host);
    EXPECT_EQ(summary.at("command_line"), Json(typed));
    EXPECT_EQ(summary.at("started"), s.started);
    const std::string ended = summary.at("ended").get<std::string>();
    EXPECT_TRUE(std::regex_match(ended, utc)) << ended;
    EXPECT_GE(ended, s.started);
    ASSERT_EQ(summary.at("inputs").size(), inputs.size());
    EXPECT_EQ(summary.at("inputs")[3].at("sha256"), p.inputs[3].sha256);
}

TEST_F(MatchProvenance, ResumeRefusesABookChangedAfterAnInterruption) {
    const fs::path config = write_config(false, "concurrency: 2\n");
    ProcessOptions options;
    options.working_directory = dir_.string();
    options.argv = {testing::draughts_binary().string(),
                    "match",
                    config.string(),
                    "--games",
                    "40",
                    "--nodes",
                    "3000",
                    "--output",
                    "run",
                    "--quiet"};
    auto process = Process::spawn(options);
    ASSERT_TRUE(process) << process.error().message;
    const auto give_up = std::chrono::steady_clock::now() + 120s;
    while (read_text(dir_ / "run" / kJsonlFile).empty() &&
           std::chrono::steady_clock::now() < give_up && (*process)->running())
        std::this_thread::sleep_for(5ms);
    ASSERT_TRUE((*process)->running()) << "the run ended before it was interrupted";
    (*process)->send_signal(SIGTERM);
    const auto status = (*process)->wait_for_exit(deadline_after(30s));
    ASSERT_TRUE(status.has_value());
    EXPECT_EQ(*status, ExitStatus::exited(128 + SIGTERM)) << status->describe();

    const std::string book_hash = *sha256_file(dir_ / "book.fen");
    std::ofstream(dir_ / "book.fen", std::ios::app) << "# one more line\n";
    const std::string games = read_text(dir_ / "run" / kJsonlFile);
    const std::string stored_config = read_text(dir_ / "run" / kConfigFile);
    const RunResult refused = run({"--resume", "run", "--quiet"});
    EXPECT_EQ(refused.exit_code, 2) << refused.err;
    EXPECT_NE(refused.err.find("input files changed since the run started"), std::string::npos)
        << refused.err;
    EXPECT_NE(refused.err.find("openings " + change_of(dir_ / "book.fen", book_hash)),
              std::string::npos)
        << refused.err;
    EXPECT_NE(refused.err.find("--force"), std::string::npos) << refused.err;
    EXPECT_EQ(read_text(dir_ / "run" / kJsonlFile), games) << "nothing was played";
    EXPECT_EQ(read_text(dir_ / "run" / kConfigFile), stored_config);

    const RunResult forced = run({"--resume", "run", "--force", "--quiet"});
    ASSERT_EQ(forced.exit_code, 0) << forced.err;
    EXPECT_NE(forced.err.find("warning: input changed, continuing (--force): openings"),
              std::string::npos)
        << forced.err;
    EXPECT_EQ(summary_of("run").at("games"), 40);
    const Provenance p = provenance_of("run");
    ASSERT_EQ(p.sessions.size(), 2u);
    EXPECT_EQ(p.sessions[1].action, "resumed");
    ASSERT_EQ(p.sessions[1].notes.size(), 1u);
    EXPECT_EQ(p.sessions[1].notes[0].rfind("input changed, continued with --force: openings", 0),
              0u);
    EXPECT_EQ(p.inputs[0].sha256, *sha256_file(dir_ / "book.fen")) << "the new hash is recorded";
}

TEST_F(MatchProvenance, ResumeRefusesAChangedWeightFile) {
    ASSERT_EQ(
        run({write_config().string(), "--games", "2", "--output", "run", "--quiet"}).exit_code, 0);
    const std::string old_hash = *sha256_file(dir_ / "a.yaml");
    std::ofstream(dir_ / "a.yaml", std::ios::app) << "# retuned\n";
    const RunResult r = run({"--resume", "run", "--games", "4"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("engine 'a' weights " + change_of(dir_ / "a.yaml", old_hash)),
              std::string::npos)
        << r.err;
    EXPECT_EQ(summary_of("run").at("games"), 2);
    const std::string lines = read_text(dir_ / "run" / kJsonlFile);
    EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 2) << "nothing was played";
}

TEST_F(MatchProvenance, ResumeRefusesAChangedEngineProgram) {
    ASSERT_EQ(
        run({write_config(true).string(), "--games", "2", "--output", "run", "--quiet"}).exit_code,
        0);
    const std::string old_hash = *sha256_file(dir_ / "engine.sh");
    std::ofstream(dir_ / "engine.sh", std::ios::app) << "# version 2\n";
    const RunResult r = run({"--resume", "run", "--games", "4"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("engine 'b' program " + change_of(dir_ / "engine.sh", old_hash)),
              std::string::npos)
        << r.err;
    EXPECT_EQ(summary_of("run").at("games"), 2);
}

/// Per pair: game ids, players, opening, result, moves and the PDN Round tags.
std::map<std::uint64_t, std::string> games_of(const fs::path& dir) {
    const auto run = read_results(dir);
    EXPECT_TRUE(run) << run.error().message;
    std::map<std::uint64_t, std::string> out;
    if (!run) return out;
    for (const auto& pair : run->pairs) {
        std::string text;
        for (const StoredGame& g : pair) {
            for (const char* key : {"game", "opening_index", "white", "result"}) {
                text += dump_json(g.line.at(key));
                text += ' ';
            }
            for (const Json& m : g.line.at("moves")) {
                text += dump_json(m.at("move"));
                text += ' ';
            }
            const std::size_t round = g.pdn.find("[Round ");
            text.append(g.pdn, round, g.pdn.find('\n', round) - round);
            text += '\n';
        }
        out[pair[0].pair] = text;
    }
    return out;
}

TEST_F(MatchProvenance, ExtendingAFinishedRunPlaysTheGamesOfALongerRun) {
    const fs::path config = write_config(false, "concurrency: 2\n");
    ASSERT_EQ(run({config.string(), "--games", "4", "--output", "short", "--quiet"}).exit_code, 0);
    const RunResult extended = run({"--resume", "short", "--games", "8", "--quiet"});
    ASSERT_EQ(extended.exit_code, 0) << extended.err;
    EXPECT_NE(extended.err.find("the run is extended: tournament.games 4 -> 8"), std::string::npos)
        << extended.err;
    ASSERT_EQ(run({config.string(), "--games", "8", "--output", "long", "--quiet"}).exit_code, 0);
    const auto games = games_of(dir_ / "short");
    EXPECT_EQ(games.size(), 4u);
    EXPECT_EQ(games, games_of(dir_ / "long"));
    const Json summary = summary_of("short");
    EXPECT_EQ(summary.at("games"), 8);
    EXPECT_EQ(summary.at("games_planned"), 8);
    EXPECT_EQ(summary.at("provenance").at("sessions").size(), 2u);
    // config.yaml keeps the new length, so that a later --resume continues it.
    EXPECT_NE(read_text(dir_ / "short" / kConfigFile).find("games: 8"), std::string::npos);
}

TEST_F(MatchProvenance, ExtendingByRoundsPlaysTheGamesOfALongerRun) {
    const fs::path config = write_config(false, "tournament: {games: 4}\n");
    ASSERT_EQ(run({config.string(), "--output", "short", "--quiet"}).exit_code, 0);
    const RunResult extended = run({"--resume", "short", "--rounds", "2", "--quiet"});
    ASSERT_EQ(extended.exit_code, 0) << extended.err;
    ASSERT_EQ(run({config.string(), "--rounds", "2", "--output", "long", "--quiet"}).exit_code, 0);
    const auto games = games_of(dir_ / "short");
    EXPECT_EQ(games.size(), 4u);
    EXPECT_EQ(games, games_of(dir_ / "long"));
}

TEST_F(MatchProvenance, AnExtensionThatWouldMoveRecordedPairsIsRefused) {
    const fs::path config = write_config(false, "tournament: {games: 2, rounds: 2}\n");
    ASSERT_EQ(run({config.string(), "--output", "run", "--quiet"}).exit_code, 0);
    const std::string games = read_text(dir_ / "run" / kJsonlFile);
    const RunResult more = run({"--resume", "run", "--games", "4"});
    EXPECT_EQ(more.exit_code, 2);
    EXPECT_NE(more.err.find("add rounds instead (--rounds N)"), std::string::npos) << more.err;
    const RunResult fewer = run({"--resume", "run", "--rounds", "1"});
    EXPECT_EQ(fewer.exit_code, 2);
    EXPECT_NE(fewer.err.find("a resume can add rounds, not remove them"), std::string::npos)
        << fewer.err;
    EXPECT_EQ(read_text(dir_ / "run" / kJsonlFile), games);
}

TEST_F(MatchProvenance, AFolderWithoutProvenanceResumesWithAWarning) {
    ASSERT_EQ(
        run({write_config().string(), "--games", "2", "--output", "run", "--quiet"}).exit_code, 0);
    // As an older version wrote it: config.yaml without the provenance section.
    const fs::path file = dir_ / "run" / kConfigFile;
    const std::string text = read_text(file);
    std::ofstream(file, std::ios::trunc) << text.substr(0, text.find("provenance:"));
    const RunResult r = run({"--resume", "run", "--games", "4", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("records no run id and no input hashes (written by an older version): "
                         "cannot check"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(summary_of("run").at("games"), 4);
    const Provenance p = provenance_of("run");  // recorded from now on
    EXPECT_TRUE(is_run_id(p.run_id));
    EXPECT_EQ(p.inputs.size(), 5u);
    ASSERT_EQ(p.sessions.size(), 1u);
    EXPECT_EQ(p.sessions[0].notes,
              (std::vector<std::string>{"extended: tournament.games 2 -> 4",
                                        "provenance recorded from this session on"}));
}

}  // namespace
}  // namespace draughts::harness
