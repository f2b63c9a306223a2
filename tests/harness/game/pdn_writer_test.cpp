// Game records written as PDN and read back by the project's PDN reader.

#include "records/pdn_writer.hpp"

#include <gtest/gtest.h>

#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "harness/player/random_player.hpp"
#include "rules/fen.hpp"
#include "rules/pdn.hpp"
#include "tests/harness/game/game_test_support.hpp"
#include "tests/support/pdn_round_trip.hpp"

namespace draughts::harness {
namespace {

using rules::PdnGame;
using testing::expect_round_trip;
using testing::read_back;
using testing::tags_of;

GameRecord random_game(std::uint64_t seed,
                       const std::string& fen = std::string(rules::kInitialFen)) {
    SteadyTimeSource time;
    RandomPlayer white(seed, "random \"white\"");
    RandomPlayer black(seed + 1000, "random-black");
    GameSetup setup;
    setup.start = *parse_start_position(fen);
    setup.set_time_control(*parse_time_control("40/60+0.5"));
    setup.info = {"Test \"event\"", "Lab", "2024.05.01", "3.1", "17"};
    auto record = play_game(setup, white, black, time);
    EXPECT_TRUE(record);
    return *record;
}

TEST(PdnWriter, RandomGamesRoundTrip) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) expect_round_trip(random_game(seed));
}

TEST(PdnWriter, RoundTripWithoutComments) {
    expect_round_trip(random_game(3), PdnWriteOptions{.comments = false, .line_width = 79});
}

TEST(PdnWriter, WritesTheTagsInOrder) {
    const GameRecord record = random_game(5);
    const PdnGame game = read_back(to_pdn(record));
    const auto tags = tags_of(game);
    ASSERT_EQ(tags.size(), 12u);
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"Event", "Test \"event\""},
        {"Site", "Lab"},
        {"Date", "2024.05.01"},
        {"Round", "3.1"},
        {"White", "random \"white\""},
        {"Black", "random-black"},
        {"Result", std::string(to_pdn_result(record.end.result))},
        {"GameType", "20"},
        {"TimeControl", "40/60+0.5"},
        {"Termination", std::string(termination_code(record.end.termination))},
        {"Opening", "17"},
        {"PlyCount", std::to_string(record.plies.size())},
    };
    EXPECT_EQ(tags, expected);
}

TEST(PdnWriter, FenTagOnlyForOtherStarts) {
    EXPECT_EQ(to_pdn(random_game(1)).find("[FEN"), std::string::npos);
    EXPECT_EQ(to_pdn(random_game(1)).find("[SetUp"), std::string::npos);
    const std::string fen = "B:W28,31-50:B1-19,23";
    const GameRecord record = random_game(2, fen);
    const std::string pdn = to_pdn(record);
    const PdnGame game = read_back(pdn);
    EXPECT_EQ(game.tag("FEN"), fen);
    EXPECT_NE(pdn.find("[SetUp \"1\"]\n[FEN \""), std::string::npos) << pdn;
    expect_round_trip(record);
}

TEST(PdnWriter, BlackToMoveStartsWithEllipsis) {
    const GameRecord record = random_game(4, "B:W28,31-50:B1-19,23");
    const std::string pdn = to_pdn(record);
    EXPECT_NE(pdn.find("\n1... "), std::string::npos) << pdn;
    EXPECT_NE(pdn.find(" 2. "), std::string::npos) << pdn;
}

TEST(PdnWriter, LinesStayWithinTheWidth) {
    for (int width : {40, 79}) {
        const std::string pdn =
            to_pdn(random_game(6), PdnWriteOptions{.comments = true, .line_width = width});
        std::istringstream in(pdn);
        std::string line;
        while (std::getline(in, line))
            if (!line.empty() && line[0] != '[') {
                EXPECT_LE(line.size(), static_cast<std::size_t>(width)) << line;
            }
    }
}

TEST(PdnWriter, AmbiguousCaptureIsWrittenInLongForm) {
    GameSetup setup;
    setup.start = *parse_start_position("W:WK6:B8,17-18,29,37");
    setup.adjudication.max_moves = 1;
    FakeTimeSource time;
    testing::ScriptedPlayer white(time, {testing::say("6x33x24x2")});
    testing::ScriptedPlayer black(time, {testing::say("37-42")});
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    const std::string pdn = to_pdn(*record);
    EXPECT_NE(pdn.find("1. 6x33x24x2 {0.010s} 37-42 {0.010s} 1-1"), std::string::npos) << pdn;
    expect_round_trip(*record);
}

TEST(PdnWriter, CommentShowsScoreDepthAndTime) {
    PlyRecord ply;
    ply.seconds = 0.1234;
    EXPECT_EQ(move_comment(ply), "0.123s");
    ply.score = 250;
    ply.depth = 12;
    EXPECT_EQ(move_comment(ply), "+0.25/12 0.123s");
    ply.score = -1500;
    ply.depth.reset();
    EXPECT_EQ(move_comment(ply), "-1.50 0.123s");
    ply.score = engine::kWinScore - 7;
    EXPECT_EQ(move_comment(ply), "+W7 0.123s");
    ply.score = -(engine::kWinScore - 4);
    EXPECT_EQ(move_comment(ply), "-L4 0.123s");
}

TEST(PdnWriter, DifferentTimeControlsGetOneTagPerSide) {
    GameRecord record = random_game(8);
    record.time_controls[1] = *parse_time_control("movetime=0.5");
    const PdnGame game = read_back(to_pdn(record));
    EXPECT_EQ(game.tag("TimeControl"), "");
    EXPECT_EQ(game.tag("WhiteTimeControl"), "40/60+0.5");
    EXPECT_EQ(game.tag("BlackTimeControl"), "movetime=0.5");
}

TEST(PdnWriter, UnsafeTagCharactersAreNeutralised) {
    EXPECT_EQ(pdn_tag_value("a\"b"), "a\\\"b");
    EXPECT_EQ(pdn_tag_value("C:\\engines\\"), "C:/engines/");
    EXPECT_EQ(pdn_tag_value("two\nlines"), "two lines");
    GameRecord record = random_game(9);
    record.white = "ends with backslash\\";
    record.info.event = "multi\r\nline";
    const PdnGame game = read_back(to_pdn(record));
    EXPECT_EQ(game.tag("White"), "ends with backslash/");
    EXPECT_EQ(game.tag("Event"), "multi  line");
}

TEST(PdnWriter, DateHasPdnForm) {
    std::tm day{};
    day.tm_year = 2024 - 1900;
    day.tm_mon = 4;
    day.tm_mday = 7;
    day.tm_hour = 12;
    EXPECT_EQ(pdn_date(std::mktime(&day)), "2024.05.07");
}

TEST(PdnWriter, UnknownLabelsUseQuestionMarks) {
    GameRecord record = random_game(10);
    record.info = {};
    const PdnGame game = read_back(to_pdn(record));
    EXPECT_EQ(game.tag("Event"), "?");
    EXPECT_EQ(game.tag("Date"), "????.??.??");
    EXPECT_EQ(game.tag("Opening"), "");
}

TEST(PdnWriter, AbortedGameHasStarResult) {
    FakeTimeSource time;
    testing::ScriptedPlayer white(time, {});
    testing::ScriptedPlayer black(time, {});
    std::stop_source stop;
    stop.request_stop();
    const auto record = play_game(GameSetup{}, white, black, time, stop.get_token());
    ASSERT_TRUE(record);
    const std::string pdn = to_pdn(*record);
    EXPECT_NE(pdn.find("[Result \"*\"]"), std::string::npos);
    EXPECT_NE(pdn.find("\n*\n"), std::string::npos) << pdn;
}

std::vector<std::string> keys_of(const Json& object) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : object.items()) keys.push_back(key);
    return keys;
}

TEST(GameRecordJson, CarriesResultTerminationAndMoves) {
    const auto record = testing::play_plies("W:W28:B23", {"28x19"});
    const Json json = to_json(record);
    EXPECT_EQ(json.at("result"), "2-0");
    EXPECT_EQ(json.at("termination"), "no_pieces");
    EXPECT_EQ(json.at("category"), "rule");
    EXPECT_EQ(json.at("start_fen"), "W:W28:B23");
    EXPECT_EQ(json.at("plies"), 1);
    ASSERT_EQ(json.at("moves").size(), 1U);
    EXPECT_EQ(json.at("moves")[0].at("move"), "28x19");
}

TEST(GameRecordJson, KeysComeInTheDocumentedOrder) {
    const Json json = to_json(testing::play_plies("W:W28:B23", {"28x19"}));
    EXPECT_EQ(keys_of(json),
              (std::vector<std::string>{"event", "round", "opening", "white", "black", "start_fen",
                                        "time_control_white", "time_control_black", "result",
                                        "termination", "category", "termination_text", "plies",
                                        "white_stats", "black_stats", "moves"}));
    EXPECT_EQ(keys_of(json.at("white_stats")),
              (std::vector<std::string>{"moves", "time", "nodes"}));
    EXPECT_EQ(keys_of(json.at("moves")[0]).front(), "move");
}

// Scores are shown in men, the unit of every score users read (PDN comments show the same).
TEST(GameRecordJson, ScoresAreInMenAndWinsInPlies) {
    const struct {
        int units;
        const char* json;
    } cases[] = {{250, R"({"score":0.25})"},
                 {-1500, R"({"score":-1.5})"},
                 {0, R"({"score":0.0})"},
                 {engine::kWinScore - 7, R"({"win_in":7})"},
                 {-(engine::kWinScore - 12), R"({"win_in":-12})"}};
    for (const auto& c : cases) {
        Json move = Json::object();
        put_score(move, c.units);
        EXPECT_EQ(dump_json(move), c.json) << c.units;
        const auto back = parse_json(dump_json(move), "t");
        ASSERT_TRUE(back);
        EXPECT_EQ(read_score(*back), c.units) << c.json;
    }
}

TEST(GameRecordJson, ReadsBackAsTheSameValue) {
    const Json json = to_json(random_game(3));
    const auto back = parse_json(dump_json(json), "games.jsonl:1");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, json);
}

}  // namespace
}  // namespace draughts::harness
