// Reading results folders: games.jsonl lines, loss.csv, and the settings of config.yaml.

#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>

#include "report/clock_use.hpp"
#include "report/folder_settings.hpp"
#include "report/game_line_reader.hpp"
#include "report/move_array_scanner.hpp"
#include "report/network_report.hpp"
#include "report/report_builder.hpp"
#include "report/tune_folder.hpp"
#include "tests/support/command_runner.hpp"

namespace draughts::report {
namespace {

constexpr const char* kLine =
    R"({"pair":3,"pair_game":1,"game":7,"round":1,"opening_index":4,"white":"b<1>","black":"a",)"
    R"("start_fen":"W:W31-50:B1-20","result":"0-2","termination":"no_pieces","category":"rule",)"
    R"("termination_text":"White has no pieces left","plies":2,)"
    R"("time_control_white":"10+0.1","time_control_black":"nodes=100",)"
    R"("white_stats":{"moves":1,"time":0.5,"nodes":100},"black_stats":{"moves":1,"time":0.25,"nodes":50},)"
    R"("moves":[{"move":"32-28","time":0.5,"score":0.25,"depth":7,"nodes":100,"reported_time":0.4,"pv":["32-28","19-23"]},)"
    R"({"move":"19-23","time":0.25,"win_in":-9,"depth":3,"nodes":50,"pv":[]}]})";

TEST(GameLine, KeepsTheFieldsTheReportShows) {
    const auto game = read_game_line(kLine, "games.jsonl:1");
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ(game->pair, 3U);
    EXPECT_EQ(game->pair_game, 1);
    EXPECT_EQ(game->game, 7);
    EXPECT_EQ(game->opening_index, 4);
    EXPECT_EQ(game->white, "b<1>");
    EXPECT_EQ(game->result, "0-2");
    EXPECT_EQ(game->termination, "no_pieces");
    EXPECT_EQ(game->plies, 2);
    EXPECT_DOUBLE_EQ(game->white_totals.time, 0.5);
    EXPECT_EQ(game->black_totals.nodes, 50);
    EXPECT_EQ(game->white_time_control, "10+0.1");
    EXPECT_EQ(game->black_time_control, "nodes=100");
    ASSERT_EQ(game->moves.size(), 2U);
    EXPECT_EQ(game->moves[0].text, "32-28");
    EXPECT_DOUBLE_EQ(*game->moves[0].score, 0.25);
    EXPECT_EQ(game->moves[0].depth, 7);
    EXPECT_FALSE(game->moves[1].score);
    EXPECT_EQ(game->moves[1].win_in, -9);
}

// The clock a side had for a game: base per period started plus the increment per move.
TEST(ClockAvailable, BasePerPeriodStartedPlusIncrements) {
    struct Case {
        const char* time_control;
        std::int64_t moves;
        std::optional<double> seconds;
    };
    for (const Case& c :
         std::initializer_list<Case>{{"60", 70, 60.0},        // sudden death
                                     {"60", 0, 60.0},         // no move played: the clock was there
                                     {"10+0.1", 50, 15.0},    // Fischer
                                     {"40/60", 40, 60.0},     // the first period exactly
                                     {"40/60", 41, 120.0},    // the second period started
                                     {"40/60+1", 70, 190.0},  // periods and increments
                                     {"2:00", 10, 120.0},     // minutes and seconds
                                     {"10+0.1,nodes=5000", 20, 12.0},  // a clock and a node limit
                                     {"nodes=100", 20, std::nullopt},  // no clock
                                     {"movetime=1", 20, std::nullopt},
                                     {"depth=6", 20, std::nullopt},
                                     {"", 20, std::nullopt},
                                     {"ten minutes", 20, std::nullopt}}) {
        const auto got = clock_available(c.time_control, c.moves);
        ASSERT_EQ(got.has_value(), c.seconds.has_value()) << c.time_control;
        if (got) {
            EXPECT_DOUBLE_EQ(*got, *c.seconds) << c.time_control << " " << c.moves;
        }
    }
}

TEST(GameLine, APrincipalVariationWithABracketInAStringStillReads) {
    std::string line = kLine;
    line.replace(line.find(R"(["32-28","19-23"])"), 17, R"(["a]b","c"])");
    const auto game = read_game_line(line, "x");
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ(game->moves.size(), 2U);
}

TEST(MoveArrayScanner, ReadsMovesAndSkipsVariations) {
    const std::string text =
        R"(x[{"move":"32-28","time":1.5e-3,"score":-0.25,"depth":4,"nodes":10,"pv":["32-28"]},{"move":"19-23","win_in":7}]y)";
    std::vector<RecordedMove> moves;
    const auto end = scan_move_array(text, 1, moves);
    ASSERT_TRUE(end);
    EXPECT_EQ(text.substr(*end), "y");
    ASSERT_EQ(moves.size(), 2U);
    EXPECT_DOUBLE_EQ(moves[0].time, 0.0015);
    EXPECT_DOUBLE_EQ(*moves[0].score, -0.25);
    EXPECT_EQ(moves[0].nodes, 10);
    EXPECT_EQ(moves[1].win_in, 7);
}

// Issue 35: numbers beyond an int (a damaged or hostile file) were cast to int and int64, which
// is undefined behaviour that GCC's -fsanitize=undefined does not check (float-cast-overflow):
// on x86 they came out as INT_MIN. They are clamped to the type's range.
TEST(MoveArrayScanner, HugeNumbersAreClampedNotCastOutOfRange) {
    const std::string text =
        R"([{"move":"32-28","depth":1e300,"win_in":-1e300,"nodes":1e300},{"move":"19-23","depth":-3e9}])";
    std::vector<RecordedMove> moves;
    ASSERT_TRUE(scan_move_array(text, 0, moves));
    ASSERT_EQ(moves.size(), 2U);
    EXPECT_EQ(moves[0].depth, std::numeric_limits<int>::max());
    EXPECT_EQ(moves[0].win_in, std::numeric_limits<int>::min());
    EXPECT_EQ(moves[0].nodes, std::numeric_limits<std::int64_t>::max());
    EXPECT_EQ(moves[1].depth, std::numeric_limits<int>::min());
}

TEST(GameLine, HugeNumbersOfTheJsonPathAreClampedToo) {
    std::string line = kLine;
    line.replace(line.find(R"("depth":3)"), 9, R"("depth":4e20)");
    const auto game = read_game_line_by_json(line, "x");
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ(game->moves[1].depth, std::numeric_limits<int>::max());
    // The scanner reads the line the same way.
    const auto scanned = read_game_line(line, "x");
    ASSERT_TRUE(scanned) << scanned.error().message;
    EXPECT_EQ(scanned->moves[1].depth, game->moves[1].depth);
}

TEST(MoveArrayScanner, GivesUpOnWhatItDoesNotExpect) {
    for (const char* text : {R"([{"move":"a\"b"}])", R"([{"move":{"x":1}}])", R"([{"time":1.2.3}])",
                             R"([{"move":"a")", R"([{"move":"a"} {"move":"b"}])"}) {
        std::vector<RecordedMove> moves;
        EXPECT_FALSE(scan_move_array(text, 0, moves)) << text;
    }
}

TEST(GameLine, AnEscapedMoveTextIsReadByTheJsonParserInstead) {
    std::string line = kLine;
    line.replace(line.find(R"("move":"19-23")"), 14, R"("move":"19-23")");
    const auto game = read_game_line(line, "x");
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ(game->moves[1].text, "19-23");
}

TEST(GameLine, DamagedLinesAreErrorsNamingTheLine) {
    const auto bad = read_game_line(R"({"white":"a",)", "games.jsonl:5");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("games.jsonl:5"), std::string::npos);
    EXPECT_FALSE(read_game_line(R"({"plies":3})", "x"));  // no players, no result
}

TEST(GameLines, ATornLastLineIsLeftOutAnEarlierBadLineIsAnError) {
    testing::TempFolder folder("report_lines");
    const std::string good = std::string(kLine) + "\n";
    const auto torn = folder.write("torn.jsonl", good + good + R"({"pair":4,"pair_ga)");
    const auto games = read_game_lines(torn);
    ASSERT_TRUE(games) << games.error().message;
    EXPECT_EQ(games->size(), 2U);
    EXPECT_EQ((*games)[0].replayed, 2U);
    const auto damaged = folder.write("damaged.jsonl", good + "{oops\n" + good);
    const auto error = read_game_lines(damaged);
    ASSERT_FALSE(error);
    EXPECT_NE(error.error().message.find("damaged.jsonl:2"), std::string::npos);
}

TEST(LossCsv, ReadsEveryEpochAndAnEmptyHoldOut) {
    const auto rows = parse_loss_csv(
        "epoch,train_loss,holdout_loss,learning_rate,seconds,epochs_per_second,best_epoch\n"
        "1,0.2,0.21,5,0.1,10,1\n2,0.19,,5,0.1,10,2\n",
        "loss.csv");
    ASSERT_TRUE(rows) << rows.error().message;
    ASSERT_EQ(rows->size(), 2U);
    EXPECT_EQ((*rows)[1].epoch, 2);
    EXPECT_DOUBLE_EQ((*rows)[0].holdout, 0.21);
    EXPECT_TRUE(std::isnan((*rows)[1].holdout));
    const auto bad = parse_loss_csv("header\n1,x\n", "loss.csv");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("loss.csv:2"), std::string::npos);
}

TEST(MatchSettings, ReadWithoutTheInputFilesAndWithDefaults) {
    testing::TempFolder folder("report_settings");
    const auto file =
        folder.write("config.yaml",
                     "event: e\ntime_control: nodes=5\nopenings: {file: /nowhere.fen}\n"
                     "tournament: {type: round-robin}\nsprt: {enabled: true, elo1: 10}\n"
                     "engines:\n  - {name: a, kind: builtin, weights: /no.yaml}\n"
                     "  - {name: b}\n  - {name: c}\n");
    const auto s = read_match_settings(file);
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->event, "e");
    EXPECT_EQ(s->type, harness::TournamentType::RoundRobin);
    EXPECT_EQ(s->engines, (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(s->sprt.enabled);
    EXPECT_DOUBLE_EQ(s->sprt.elo1, 10.0);
    EXPECT_DOUBLE_EQ(s->sprt.alpha, 0.05);
    const auto bad = read_match_settings(
        folder.write("bad.yaml", "sprt: {elo0: x}\nengines: [{name: a}, {name: b}]\n"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("elo0"), std::string::npos);
}

// A network training folder (docs/network.md): its curve and summary make a page with the run's
// figures and the loss curves; a damaged curve line is an error naming the file and the line; a
// run stopped before its summary still has its curve drawn.
TEST(NetworkFolder, ItsCurveAndSummaryMakeAPage) {
    const testing::TempFolder folder("draughts_network_report");
    std::filesystem::create_directories(folder.path() / "run");
    folder.write("run/curve.jsonl",
                 "{\"epoch\":1,\"train_loss\":0.06,\"holdout_loss\":0.05,"
                 "\"positions_per_second\":400000}\n"
                 "{\"epoch\":2,\"train_loss\":0.05,\"holdout_loss\":0.045,"
                 "\"positions_per_second\":410000}\n");
    const auto running = build_report({folder.path() / "run"});
    ASSERT_TRUE(running) << running.error().message;
    EXPECT_NE(running->find("running, or stopped before its summary"), std::string::npos);
    folder.write("run/summary.json",
                 "{\"variant\":\"international\",\"samples\":1000,\"train\":950,"
                 "\"holdout\":50,\"epochs\":2,\"best_epoch\":2,\"start_holdout_loss\":0.1,"
                 "\"holdout_loss\":0.045,\"quantisation_error_mean\":1.25,"
                 "\"quantisation_error_max\":4.5}");
    const auto page = build_report({folder.path() / "run"});
    ASSERT_TRUE(page) << page.error().message;
    for (const char* text :
         {"Network training run", "Training and hold-out loss per epoch", "Positions per second",
          "0.100000 → 0.045000", "1.25, 4.50", "950 / 50"})
        EXPECT_NE(page->find(text), std::string::npos) << text;
    folder.write("run/curve.jsonl", "{\"epoch\":1}\nnot json\n");
    const auto damaged = read_network_folder(folder.path() / "run");
    ASSERT_FALSE(damaged);
    EXPECT_NE(damaged.error().message.find("curve.jsonl:2"), std::string::npos)
        << damaged.error().message;
}

}  // namespace
}  // namespace draughts::report
