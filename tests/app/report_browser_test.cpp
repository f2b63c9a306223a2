// The report in a real browser: Debian's chromium, headless, loads the page of a small match and
// of a small tuning run (tests/data/report/). The page's own script must report no error and set
// its ready flag, the charts and the game viewer must be there, and stepping the viewer forward
// (its self-test: #selftest=1 steps once with the arrow key and writes the boards before and
// after into the page) must change the board to the position the rules core gives. Screenshots
// must come out. Without chromium the tests are skipped, unless the environment variable CI is
// set (then they fail): scripts/install-deps test installs it.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "report/board_code.hpp"
#include "report/game_line_reader.hpp"
#include "rules/brazilian.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::report {
namespace {

namespace fs = std::filesystem;
using testing::shell_quote;

bool chromium_installed() { return std::system("command -v chromium > /dev/null 2>&1") == 0; }

/// The value of attribute `name` in `tag` (a start tag); empty when it has none.
std::string attribute(const std::string& tag, const std::string& name) {
    const std::string key = " " + name + "=\"";
    const std::size_t at = tag.find(key);
    if (at == std::string::npos) return "";
    const std::size_t start = at + key.size();
    return tag.substr(start, tag.find('"', start) - start);
}

/// The position of game `number` (numbered from 1) of a folder after `plies` plies, replayed by
/// the rules core under `V`, as the viewer's board code (viewer.js, boardCode).
template <typename V = rules::International>
std::string board_after(const fs::path& dir, std::int64_t number, std::size_t plies) {
    const auto games = read_game_lines(dir / "games.jsonl");
    if (!games) return "no games: " + games.error().message;
    for (const MatchGame& g : *games) {
        if (g.game + 1 != number) continue;
        auto p = rules::parse_fen<V>(g.start_fen);
        if (!p) return "bad FEN";
        for (std::size_t i = 0; i < plies; ++i) {
            const auto m = rules::parse_move(*p, g.moves[i].text);
            if (!m) return "bad move";
            p = p->after(*m);
        }
        return board_code(*p).squares;
    }
    return "no such game";
}

class ReportBrowser : public ::testing::Test {
  protected:
    void SetUp() override {
        if (chromium_installed()) return;
        if (std::getenv("CI") != nullptr)
            FAIL() << "chromium is missing and CI is set: run scripts/install-deps test";
        GTEST_SKIP() << "chromium is not installed (scripts/install-deps test installs it): the "
                        "report is not "
                        "checked in a browser";
    }

    /// Writes the report of tests/data/report/NAME to the scratch folder; returns its path.
    fs::path report_of(const std::string& name) {
        const fs::path source = testing::source_dir() / "tests" / "data" / "report" / name;
        const fs::path out = folder_.path() / (name + ".html");
        const auto r =
            testing::run_draughts(folder_.path(), {"report", source.string(), "-o", out.string()});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return out;
    }

    /// Chromium, headless, with a profile of its own and a time limit, on `page` (a file URL
    /// with an optional fragment); `mode` is "--dump-dom" or "--screenshot=FILE".
    std::string chromium(const fs::path& page, const std::string& fragment,
                         const std::string& mode) {
        const fs::path out = folder_.path() / "chromium.out";
        const std::string command =
            "timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
            "--no-first-run --user-data-dir=" +
            shell_quote((folder_.path() / "profile").string()) +
            " --virtual-time-budget=10000 --window-size=1000,1400 " + shell_quote(mode) + " " +
            shell_quote("file://" + page.string() + fragment) + " > " + shell_quote(out.string()) +
            " 2> /dev/null";
        EXPECT_EQ(std::system(command.c_str()), 0) << command;
        return testing::read_text(out);
    }

    testing::TempFolder folder_{"report_browser"};
};

void expect_ready_without_errors(const std::string& dom) {
    ASSERT_FALSE(dom.empty());
    const std::size_t body = dom.find("<body");
    ASSERT_NE(body, std::string::npos);
    const std::string tag = dom.substr(body, dom.find('>', body) - body);
    EXPECT_NE(tag.find("data-ready=\"1\""), std::string::npos) << tag;
    EXPECT_EQ(tag.find("data-js-error"), std::string::npos) << tag;
}

TEST_F(ReportBrowser, MatchPageIsReadyAndTheViewerStepsForward) {
    const fs::path page = report_of("match");
    const std::string dom = chromium(page, "#game=2&ply=3&selftest=1", "--dump-dom");
    expect_ready_without_errors(dom);
    for (const char* chart : {"elo-progress", "llr-progress", "pentanomial", "terminations",
                              "openings", "lengths", "time-per-move", "depth-per-move"})
        EXPECT_NE(dom.find(std::string("data-chart=\"") + chart + "\""), std::string::npos)
            << chart;
    const std::size_t viewer_at = dom.find("<div id=\"viewer\"");
    ASSERT_NE(viewer_at, std::string::npos);
    const std::string viewer = dom.substr(viewer_at, dom.find('>', viewer_at) - viewer_at + 1);
    EXPECT_EQ(attribute(viewer, "data-game"), "2");
    EXPECT_EQ(attribute(viewer, "data-ply"), "4");
    const std::string before = attribute(viewer, "data-board-before");
    const std::string after = attribute(viewer, "data-board-after");
    const fs::path folder = testing::source_dir() / "tests/data/report/match";
    EXPECT_EQ(before, board_after(folder, 2, 3));
    EXPECT_EQ(after, board_after(folder, 2, 4));
    EXPECT_NE(before, after);
    EXPECT_NE(dom.find("<li class=\"current\">"), std::string::npos)
        << "the move list marks the move";
    // Labels of tables (the provenance's "working directory", "command", ...) are never broken
    // over lines by the long paths and commands beside them.
    const std::size_t body = dom.find("<body");
    const std::string body_tag = dom.substr(body, dom.find('>', body) - body);
    EXPECT_EQ(attribute(body_tag, "data-wrapped-labels"), "0") << body_tag;
}

// Issue 35: a Brazilian match's report drew 10x10 boards, and its viewer replayed the games by
// the 10x10 rules. Now the page shows an 8x8 board, and stepping through a capture gives the
// positions the rules core gives under the Brazilian rules.
TEST_F(ReportBrowser, ABrazilianMatchIsShownOnAn8x8BoardWithItsOwnRules) {
    const fs::path dir = folder_.path() / "brazilian";
    const auto played = testing::run_draughts(
        folder_.path(),
        {"match", "--engine", "name=a", "--engine", "name=b", "--nodes", "200", "--games", "2",
         "--set", "variant=brazilian", "--output", dir.string(), "--quiet"});
    ASSERT_EQ(played.exit_code, 0) << played.err;
    const auto games = read_game_lines(dir / "games.jsonl");
    ASSERT_TRUE(games && !games->empty());
    // The first capture of game 1: step from just before it.
    const MatchGame& first = games->front().game == 0 ? games->front() : games->back();
    std::size_t ply = 0;
    while (ply < first.moves.size() && first.moves[ply].text.find('x') == std::string::npos) ++ply;
    ASSERT_LT(ply, first.moves.size()) << "no capture in game 1";
    const std::string dom = chromium(
        dir / "report.html", "#game=1&ply=" + std::to_string(ply) + "&selftest=1", "--dump-dom");
    expect_ready_without_errors(dom);
    EXPECT_NE(dom.find("board board-8x8"), std::string::npos);
    EXPECT_EQ(dom.find("board board-10x10"), std::string::npos) << "no 10x10 board anywhere";
    const std::size_t viewer_at = dom.find("<div id=\"viewer\"");
    ASSERT_NE(viewer_at, std::string::npos);
    const std::string viewer = dom.substr(viewer_at, dom.find('>', viewer_at) - viewer_at + 1);
    const std::string before = attribute(viewer, "data-board-before");
    const std::string after = attribute(viewer, "data-board-after");
    EXPECT_EQ(before.size(), 32U);
    EXPECT_EQ(before, board_after<rules::Brazilian>(dir, 1, ply));
    EXPECT_EQ(after, board_after<rules::Brazilian>(dir, 1, ply + 1));
    EXPECT_NE(before, after);
}

TEST_F(ReportBrowser, TuningPageIsReadyWithItsCharts) {
    const std::string dom = chromium(report_of("tune"), "", "--dump-dom");
    expect_ready_without_errors(dom);
    for (const char* chart : {"loss", "moved-weights", "pattern-band0", "pattern-band3"})
        EXPECT_NE(dom.find(std::string("data-chart=\"") + chart + "\""), std::string::npos)
            << chart;
}

TEST_F(ReportBrowser, ScreenshotsOfBothPages) {
    for (const char* name : {"match", "tune"}) {
        const fs::path png = folder_.path() / (std::string(name) + ".png");
        chromium(report_of(name), "", "--screenshot=" + png.string());
        const std::string bytes = testing::read_text(png);
        ASSERT_GT(bytes.size(), 10000U) << name;
        EXPECT_EQ(bytes.substr(1, 3), "PNG") << name;
    }
}

}  // namespace
}  // namespace draughts::report
