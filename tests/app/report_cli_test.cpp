// `draughts report` through the real program, and the reports `draughts match` writes: a
// round robin of three engines gets the rating table and the cross-table, the closed loop of a
// tuning folder and a match folder is one page, and mistakes exit with status 2.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::report {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::RunResult;

class ReportCommand : public ::testing::Test {
  protected:
    RunResult draughts(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }

    testing::TempFolder folder_{"draughts-report-cli"};
    const fs::path dir_ = folder_.path();
    const fs::path data_ = testing::source_dir() / "tests" / "data" / "report";
};

TEST_F(ReportCommand, AMatchWritesItsReportWithRatingsForThreeEngines) {
    const fs::path configs = testing::source_dir() / "configs" / "engines";
    const fs::path config = folder_.write(
        "rr.yaml",
        "event: rr\ntime_control: nodes=200\ntournament: {type: round-robin}\nengines:\n"
        "  - {name: \"<a&b>\", weights: " +
            (configs / "default.yaml").string() +
            "}\n  - {name: m, weights: " + (configs / "material.yaml").string() +
            "}\n  - {name: t, weights: " + (configs / "tuned.yaml").string() + "}\n");
    const RunResult r = draughts({"match", config.string(), "--output", "rr"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Report: " + (dir_ / "rr" / "report.html").string()), std::string::npos)
        << r.out;
    const std::string page = read_text(dir_ / "rr" / "report.html");
    EXPECT_NE(page.find("id=\"ratings\""), std::string::npos);
    EXPECT_NE(page.find("data-chart=\"cross-table\""), std::string::npos);
    EXPECT_NE(page.find("<caption>Encounters (from the first engine&#39;s side)</caption>"),
              std::string::npos);
    EXPECT_NE(page.find("&lt;a&amp;b&gt;"), std::string::npos);
    EXPECT_EQ(page.find("<a&b>"), std::string::npos);
}

TEST_F(ReportCommand, WritesToTheGivenFileAndPrintsItsPath) {
    const RunResult r = draughts({"report", (data_ / "match").string(), "-o", "out.html"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "out.html\n");
    EXPECT_NE(read_text(dir_ / "out.html").find("</html>"), std::string::npos);
}

TEST_F(ReportCommand, TheClosedLoopIsOnePage) {
    const RunResult r = draughts(
        {"report", (data_ / "tune").string(), (data_ / "match").string(), "-o", "loop.html"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string page = read_text(dir_ / "loop.html");
    for (const char* part :
         {"id=\"closed-loop\"", "data-sprt=", "data-chart=\"loss\"", "data-chart=\"elo-progress\""})
        EXPECT_NE(page.find(part), std::string::npos) << part;
}

TEST_F(ReportCommand, MistakesExitWithStatusTwo) {
    const RunResult none = draughts({"report", dir_.string()});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("not a results folder"), std::string::npos) << none.err;
    const RunResult missing = draughts({"report"});
    EXPECT_EQ(missing.exit_code, 2);
    const RunResult unwritable =
        draughts({"report", (data_ / "match").string(), "-o", "/nonexistent/x.html"});
    EXPECT_EQ(unwritable.exit_code, 2);
    EXPECT_FALSE(fs::exists(dir_ / "report.html"));
}

}  // namespace
}  // namespace draughts::report
