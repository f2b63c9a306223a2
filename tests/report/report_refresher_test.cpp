// The background rewrite of a running match's report: the first call starts the clock, a later
// one after the interval writes the page on a thread of its own, and wait() joins it.

#include "report/report_refresher.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::report {
namespace {

namespace fs = std::filesystem;

TEST(ReportRefresher, WritesThePageAfterTheIntervalOnly) {
    testing::TempFolder folder("report_refresher");
    const fs::path out = folder.path() / "report.html";
    const fs::path match = testing::source_dir() / "tests" / "data" / "report" / "match";
    {
        ReportRefresher slow({match}, out, std::chrono::hours(1));
        slow.maybe_refresh();
        slow.maybe_refresh();
        slow.wait();
        EXPECT_FALSE(fs::exists(out));
    }
    ReportRefresher fast({match}, out, std::chrono::seconds(0));
    fast.maybe_refresh();  // starts the clock
    EXPECT_FALSE(fs::exists(out));
    fast.maybe_refresh();
    fast.wait();
    EXPECT_NE(testing::read_text(out).find("</html>"), std::string::npos);
}

}  // namespace
}  // namespace draughts::report
