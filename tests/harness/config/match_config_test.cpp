// Match configuration: defaults, every kind of error named by file, line and key, overrides from
// the command line typed by the same validator, and the resolved YAML read back unchanged.

#include "harness/config/match_config.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

/// A scratch folder removed at the end of the test.
class ScratchDir {
  public:
    ScratchDir() {
        path_ = fs::temp_directory_path() / ("draughts-config-test-" + std::to_string(::getpid()) +
                                             "-" + std::to_string(counter_++));
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }
    fs::path write(const std::string& name, const std::string& text) const {
        const fs::path file = path_ / name;
        std::ofstream(file) << text;
        return file;
    }

  private:
    static inline int counter_ = 0;
    fs::path path_;
};

constexpr const char* kTwoEngines = R"(engines:
  - name: a
  - name: b
)";

Expected<MatchConfig> parse_match(const std::string& yaml,
                                  const std::vector<ConfigAssignment>& overrides = {}) {
    return parse_match_config(yaml, "match.yaml", fs::temp_directory_path(), overrides);
}

ConfigAssignment set(const std::string& assignment) {
    auto parsed = parse_assignment(assignment, "--set " + assignment);
    EXPECT_TRUE(parsed) << parsed.error().message;
    return parsed ? *parsed : ConfigAssignment{};
}

TEST(MatchConfig, EveryKeyHasADefault) {
    const auto config = parse_match(kTwoEngines);
    ASSERT_TRUE(config) << config.error().message;
    MatchConfig expected;
    expected.engines.resize(2);
    expected.engines[0].name = "a";
    expected.engines[1].name = "b";
    expected.event = "a-vs-b";  // without `event`, the engines' names (default_event_name)
    EXPECT_EQ(*config, expected);
    EXPECT_EQ(config->tournament.type, TournamentType::HeadToHead);
    EXPECT_EQ(config->tournament.games, 2);
    EXPECT_EQ(config->concurrency, 1);
}

TEST(MatchConfig, ReadsEveryKey) {
    ScratchDir dir;
    dir.write("w.yaml", "man: 1000\n");
    dir.write("book.pdn", "");
    fs::create_directories(dir.path() / "egdb");
    const fs::path file = dir.write("m.yaml", R"(event: nightly
site: lab
seed: 42
concurrency: 2
output: out
time_control: "1+0.01"
time_margin: 0.1
tournament: {type: round-robin, games: 4, rounds: 3}
openings: {file: book.pdn, format: pdn, plies: 4, order: sequential, seed: 7, start: 5}
adjudication:
  max_moves: 150
  draw: {moves: 10, score: 0.05, from_move: 30}
  resign: {moves: 3, score: 3, confirmed: true}
  egdb: {path: egdb, pieces: 3}
engines:
  - {name: a, weights: w.yaml, hash: 64, time_control: "nodes = 1000"}
  - name: b
    kind: hub
    command: /bin/sh
    args: [-c, "exec cat"]
    working_directory: .
    parameters: {depth: 4, style: quiet}
    timeouts: {handshake: 2, init: 3, move_margin: 0.5, ping: 4}
    restart: always
  - {name: c, egdb: egdb}
)");
    const auto config = load_match_config(file, {});
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->event, "nightly");
    EXPECT_EQ(config->seed, 42u);
    EXPECT_EQ(config->output, (dir.path() / "out").string());
    EXPECT_EQ(config->tournament.type, TournamentType::RoundRobin);
    EXPECT_EQ(config->tournament.rounds, 3);
    EXPECT_EQ(config->openings.file, (dir.path() / "book.pdn").string());
    EXPECT_EQ(config->openings.seed, 7u);
    EXPECT_EQ(config->openings.start, 5u);
    EXPECT_EQ(config->adjudication.resign_score, 3000);
    EXPECT_TRUE(config->adjudication.resign_confirmed);
    EXPECT_EQ(config->adjudication.egdb_path, (dir.path() / "egdb").string());
    EXPECT_EQ(config->adjudication.egdb_pieces, 3);
    ASSERT_EQ(config->engines.size(), 3u);
    const auto& builtin = std::get<BuiltinEngine>(config->engines[0].spec);
    EXPECT_EQ(builtin.weights, (dir.path() / "w.yaml").string());
    EXPECT_EQ(builtin.hash_mb, 64);
    EXPECT_EQ(config->engines[0].time_control, TimeControl{.nodes = 1000});
    ASSERT_TRUE(std::holds_alternative<HubEngine>(config->engines[1].spec));
    const HubEngine& hub = std::get<HubEngine>(config->engines[1].spec);
    EXPECT_EQ(hub.program.args, (std::vector<std::string>{"-c", "exec cat"}));
    EXPECT_EQ(hub.program.working_directory, dir.path().string());
    ASSERT_EQ(hub.parameters.size(), 2u);
    EXPECT_EQ(hub.parameters[0], (std::pair<std::string, std::string>{"depth", "4"}));
    EXPECT_EQ(hub.timeouts.move_margin, 0.5);
    EXPECT_EQ(hub.program.restart, RestartPolicy::Always);
    EXPECT_EQ(std::get<BuiltinEngine>(config->engines[2].spec).egdb,
              (dir.path() / "egdb").string());
}

TEST(MatchConfig, ResolvedYamlReadsBackTheSame) {
    ScratchDir dir;
    dir.write("w.yaml", "man: 1000\n");
    const fs::path file = dir.write("m.yaml", R"(event: "odd: name"
time_margin: 0.07
tournament: {type: gauntlet, games: 6}
sprt: {enabled: false, elo0: -1.5, elo1: 3.25, alpha: 0.1, model: logistic}
engines:
  - {name: a, weights: w.yaml}
  - {name: "b c", kind: hub, command: sh, args: ["x y", "'q'"], parameters: {k: "v: w"}}
  - {name: d}
)");
    const auto config = load_match_config(file, {});
    ASSERT_TRUE(config) << config.error().message;
    const std::string yaml = to_yaml(*config);
    const auto again = parse_match_config(yaml, "config.yaml", "/", {});
    ASSERT_TRUE(again) << again.error().message << "\n" << yaml;
    EXPECT_EQ(*again, *config) << yaml;
}

template <typename Case>
std::string case_name(const ::testing::TestParamInfo<Case>& test) {
    return test.param.name;
}

struct ErrorCase {
    std::string name;
    std::string yaml;
    std::string expected;  // must appear in the message
};

class MatchConfigError : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(MatchConfigError, NamesFileLineAndKey) {
    const auto config = parse_match(GetParam().yaml);
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find(GetParam().expected), std::string::npos)
        << config.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, MatchConfigError,
    ::testing::Values(
        ErrorCase{"UnknownTopLevelKey", "concurency: 2\nengines: [{name: a}, {name: b}]\n",
                  "match.yaml:1:1: concurency: unknown key (did you mean 'concurrency'?)"},
        ErrorCase{"TypoInSection", "tournament:\n  gmaes: 10\nengines: [{name: a}, {name: b}]\n",
                  "match.yaml:2:3: tournament.gmaes: unknown key (did you mean 'games'?)"},
        ErrorCase{"NotANumber", "tournament:\n  games: many\n",
                  "match.yaml:2:10: tournament.games: expected a whole number, got \"many\""},
        ErrorCase{"OddGames", "tournament: {games: 3}\n",
                  "match.yaml:1:21: tournament.games: must be even"},
        ErrorCase{"OutOfRange", "concurrency: 0\n",
                  "match.yaml:1:14: concurrency: must be between 1 and 1024, got 0"},
        ErrorCase{"BadChoice", "tournament: {type: swiss}\n",
                  "tournament.type: expected one of head-to-head, gauntlet, round-robin"},
        ErrorCase{"BadBoolean", "sprt: {enabled: maybe}\n",
                  "match.yaml:1:17: sprt.enabled: expected true or false"},
        ErrorCase{"SectionNotAMapping", "openings: book.fen\n",
                  "match.yaml:1:11: openings: expected a mapping"},
        ErrorCase{"EngineWithoutName", "engines:\n  - {name: a}\n  - {hash: 8}\n",
                  "match.yaml:3:5: engines[1]: every engine needs a name"},
        ErrorCase{"DuplicateEngineName", "engines:\n  - {name: a}\n  - {name: a}\n",
                  "match.yaml:3:12: engines[1].name: another engine already has the name 'a'"},
        ErrorCase{"HubKeyOnBuiltin", "engines:\n  - {name: a, command: x}\n  - {name: b}\n",
                  "engines[0].command: applies to hub and dxp engines only"},
        ErrorCase{"HubWithoutCommand", "engines:\n  - {name: a, kind: hub}\n  - {name: b}\n",
                  "engines[0]: a hub engine needs a command"},
        ErrorCase{
            "MissingProgram",
            "engines:\n  - {name: a, kind: hub, command: no-such-engine-xyz}\n  - {name: b}\n",
            "engines[0].command: no program 'no-such-engine-xyz' in PATH"},
        ErrorCase{"MissingWeights",
                  "engines:\n  - {name: a, weights: /no/such.yaml}\n  - {name: b}\n",
                  "engines[0].weights: no such file: /no/such.yaml"},
        ErrorCase{"EgdbPiecesWithoutPath", "adjudication: {egdb: {pieces: 4}}\n",
                  "adjudication.egdb.pieces: needs egdb.path, the database folder"},
        ErrorCase{"EgdbTooManyPieces", "adjudication: {egdb: {path: x, pieces: 6}}\n",
                  "adjudication.egdb.pieces: must be between 0 and 5, got 6"},
        ErrorCase{"MissingEgdb", "engines:\n  - {name: a, egdb: /no/such/egdb}\n  - {name: b}\n",
                  "engines[0].egdb: no such folder: /no/such/egdb"},
        ErrorCase{"DxpWithoutCommandOrPort", "engines:\n  - {name: a, kind: dxp}\n  - {name: b}\n",
                  "engines[0].port: a dxp engine without a command"},
        ErrorCase{"HeadToHeadNeedsTwo", "engines: [{name: a}, {name: b}, {name: c}]\n",
                  "match.yaml:1:10: engines: a head-to-head match needs exactly 2 engines, got 3"},
        ErrorCase{"SprtNeedsHeadToHead",
                  "tournament: {type: gauntlet}\nsprt: {enabled: true}\n"
                  "engines: [{name: a}, {name: b}, {name: c}]\n",
                  "sprt: an SPRT needs a head-to-head match"},
        ErrorCase{"TooManyGames",
                  "tournament: {type: round-robin, games: 1000000, rounds: 1000}\n"
                  "engines: [{name: a}, {name: b}, {name: c}]\n",
                  "tournament: more than 100000000 games in one run"},
        ErrorCase{"SprtBounds", "sprt: {elo0: 5, elo1: 0}\n", "sprt.elo1: must be above elo0"},
        ErrorCase{"DuplicateKey", "seed: 1\nseed: 2\n", "match.yaml:2:1: seed: duplicate key"},
        ErrorCase{"BadYaml", "tournament: {games: 2\n", "match.yaml:2:1: not valid YAML"},
        ErrorCase{"BadTimeControl", "time_control: 1+x\n",
                  "match.yaml:1:15: time_control: time control \"1+x\""},
        ErrorCase{"BadEngineTimeControl",
                  "engines:\n  - {name: a, time_control: nodes=0}\n  - {name: b}\n",
                  "match.yaml:2:29: engines[0].time_control: time control \"nodes=0\""},
        // Found by the match_config fuzz target: such text came back changed from to_yaml.
        ErrorCase{"NameNotUtf8", "engines:\n  - {name: \"a\xff\"}\n  - {name: b}\n",
                  "match.yaml:2:12: engines[0].name: not valid UTF-8 text"},
        ErrorCase{"ArgumentNotUtf8",
                  "engines:\n  - {name: a, kind: hub, command: sh, args: [\"\xc3\"]}\n",
                  "match.yaml:2:46: engines[0].args[0]: not valid UTF-8 text"},
        ErrorCase{
            "ParameterNotUtf8",
            "engines:\n  - {name: a, kind: hub, command: sh, parameters: {b: \"\xed\xa0\x80\"}}\n",
            "engines[0].parameters.b: not valid UTF-8 text"},
        ErrorCase{"ListItemNotText",
                  "engines:\n  - {name: a, kind: hub, command: sh, args: [[1]]}\n",
                  "match.yaml:2:46: engines[0].args[0]: expected a text value, got a list"}),
    case_name<ErrorCase>);

TEST(MatchConfig, ReportsEveryErrorAtOnce) {
    const auto config = parse_match("seed: -1\nconcurrency: x\ntournament: {games: 1}\n");
    ASSERT_FALSE(config);
    const std::string& message = config.error().message;
    EXPECT_NE(message.find("seed"), std::string::npos) << message;
    EXPECT_NE(message.find("concurrency"), std::string::npos) << message;
    EXPECT_NE(message.find("tournament.games"), std::string::npos) << message;
    EXPECT_NE(message.find("engines"), std::string::npos) << message;
}

TEST(MatchConfigOverride, SetsNestedKeysAndCreatesSections) {
    const auto config = parse_match(
        kTwoEngines, {set("tournament.games=10"), set("sprt.enabled=true"), set("concurrency=3")});
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->tournament.games, 10);
    EXPECT_TRUE(config->sprt.enabled);
    EXPECT_EQ(config->concurrency, 3);
}

TEST(MatchConfigOverride, AddressesEnginesByPositionOrName) {
    const auto config =
        parse_match(kTwoEngines, {set("engines.0.hash=32"), set("engines[1].hash=48"),
                                  set("engines.a.time_control=nodes=5")});
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(std::get<BuiltinEngine>(config->engines[0].spec).hash_mb, 32);
    EXPECT_EQ(std::get<BuiltinEngine>(config->engines[1].spec).hash_mb, 48);
    EXPECT_EQ(config->engines[0].time_control, TimeControl{.nodes = 5});
}

TEST(MatchConfigOverride, LaterOverridesWin) {
    const auto config = parse_match(kTwoEngines, {set("seed=5"), set("seed=9")});
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->seed, 9u);
}

TEST(MatchConfigOverride, ValuesAreYaml) {
    const auto config =
        parse_match("engines:\n  - {name: a}\n  - {name: b, kind: hub, command: sh}\n",
                    {set("engines.b.args=[-c, 'exec cat']")});
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(std::get<HubEngine>(config->engines[1].spec).program.args,
              (std::vector<std::string>{"-c", "exec cat"}));
}

TEST(MatchConfigOverride, RelativePathsAreTakenFromTheWorkingDirectory) {
    ScratchDir dir;
    dir.write("book.fen", "W:W31-50:B1-20\n");
    const fs::path previous = fs::current_path();
    fs::current_path(dir.path());
    const auto config = parse_match(kTwoEngines, {set("openings.file=book.fen")});
    fs::current_path(previous);
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->openings.file, (dir.path() / "book.fen").string());
}

struct OverrideErrorCase {
    std::string name;
    std::string assignment;
    std::string expected;
};

class MatchConfigOverrideError : public ::testing::TestWithParam<OverrideErrorCase> {};

TEST_P(MatchConfigOverrideError, NamesTheOverrideAndKey) {
    const auto config =
        parse_match(std::string("seed: 3\n") + kTwoEngines, {set(GetParam().assignment)});
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find(GetParam().expected), std::string::npos)
        << config.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, MatchConfigOverrideError,
    ::testing::Values(
        OverrideErrorCase{"BadType", "tournament.games=abc",
                          "--set tournament.games=abc: tournament.games: expected a whole number"},
        OverrideErrorCase{"UnknownKey", "tournament.gmaes=4",
                          "--set tournament.gmaes=4: tournament.gmaes: unknown key"},
        OverrideErrorCase{"IntoAValue", "seed.x=1", "--set seed.x=1: 'seed' is a value"},
        OverrideErrorCase{"MakesASectionOfAValue", "site.x=1",
                          "--set site.x=1: site: expected a text value, got a mapping"},
        OverrideErrorCase{"NoSuchEntry", "engines.5.hash=1",
                          "--set engines.5.hash=1: 'engines' has 2 entries; there is no [5]"},
        OverrideErrorCase{"NoSuchName", "engines.zz.hash=1", "'engines' has no entry named 'zz'"},
        OverrideErrorCase{"BadPath", "a..b=1", "bad key path 'a..b'"},
        OverrideErrorCase{"BadValue", "tournament.games=[1", "value is not valid YAML"}),
    case_name<OverrideErrorCase>);

TEST(MatchConfigOverride, ThePositionPastTheEndOfAListAddsAnEntry) {
    const auto config = parse_match("tournament: {type: gauntlet}\n" + std::string(kTwoEngines),
                                    {set("engines[2].name=c"), set("engines.2.hash=8")});
    ASSERT_TRUE(config) << config.error().message;
    ASSERT_EQ(config->engines.size(), 3u);
    EXPECT_EQ(config->engines[2].name, "c");
    EXPECT_EQ(std::get<BuiltinEngine>(config->engines[2].spec).hash_mb, 8);
    const auto gap = parse_match(kTwoEngines, {set("engines[3].name=d")});
    ASSERT_FALSE(gap);
    EXPECT_NE(gap.error().message.find("'engines' has 2 entries; there is no [3]"),
              std::string::npos)
        << gap.error().message;
}

TEST(MatchConfigOverride, AMissingListIsCreated) {
    const auto config = parse_match("", {set("engines[0].name=a"), set("engines[1].name=b")});
    ASSERT_TRUE(config) << config.error().message;
    ASSERT_EQ(config->engines.size(), 2u);
    EXPECT_EQ(config->engines[1].name, "b");
}

TEST(MatchConfigOverride, StarSetsTheKeyOfEveryEntry) {
    const auto config =
        parse_match(kTwoEngines, {set("engines[*].hash=32"), set("engines.b.hash=48")});
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(std::get<BuiltinEngine>(config->engines[0].spec).hash_mb, 32);
    EXPECT_EQ(std::get<BuiltinEngine>(config->engines[1].spec).hash_mb, 48);
    const auto bad = parse_match(kTwoEngines, {set("engines[*].hash=x")});
    ASSERT_FALSE(bad);
    // Each entry's error names the override.
    EXPECT_NE(bad.error().message.find("--set engines[*].hash=x: engines[0].hash"),
              std::string::npos)
        << bad.error().message;
    EXPECT_NE(bad.error().message.find("--set engines[*].hash=x: engines[1].hash"),
              std::string::npos)
        << bad.error().message;
    const auto not_a_list = parse_match(kTwoEngines, {set("seed[*].x=1")});
    ASSERT_FALSE(not_a_list);
    EXPECT_NE(not_a_list.error().message.find("'seed' is not a list"), std::string::npos)
        << not_a_list.error().message;
}

TEST(MatchConfig, ArgsGivenAsOneTextAreSplitLikeAShellWould) {
    const auto config = parse_match(
        "engines:\n  - name: a\n    kind: hub\n    command: sh\n"
        "    args: -c 'exec cat' --x\\ y\n  - {name: b}\n");
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(std::get<HubEngine>(config->engines[0].spec).program.args,
              (std::vector<std::string>{"-c", "exec cat", "--x y"}));
    for (const char* args : {"\"'unbalanced\"", "\"a | b\"", "\"$(date)\""}) {
        const auto bad = parse_match("engines:\n  - {name: a, kind: hub, command: sh, args: " +
                                     std::string(args) + "}\n  - {name: b}\n");
        ASSERT_FALSE(bad) << args;
        EXPECT_NE(bad.error().message.find("engines[0].args: cannot split"), std::string::npos)
            << bad.error().message;
    }
}

TEST(MatchConfig, TheDefaultBookIsTheBuiltInBalancedBook) {
    const auto config = parse_match(kTwoEngines);
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->openings.file, "builtin:3move-balanced");
    const auto initial = parse_match(kTwoEngines, {set("openings.file=builtin:initial")});
    ASSERT_TRUE(initial) << initial.error().message;
    EXPECT_EQ(initial->openings.file, "builtin:initial");
    const auto none = parse_match(kTwoEngines, {set("openings.file=''")});
    ASSERT_TRUE(none) << none.error().message;
    EXPECT_EQ(none->openings.file, "");
    const auto unknown = parse_match(kTwoEngines, {set("openings.file=builtin:4move")});
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("openings.file: no built-in book 'builtin:4move'"),
              std::string::npos)
        << unknown.error().message;
}

TEST(MatchConfigOverride, NeedsKeyAndValue) {
    EXPECT_FALSE(parse_assignment("games", "--set games"));
    EXPECT_FALSE(parse_assignment("=4", "--set =4"));
    const auto empty = parse_assignment("output=", "--set output=");
    ASSERT_TRUE(empty);
    EXPECT_EQ(empty->value, "");
}

}  // namespace
}  // namespace draughts::harness
