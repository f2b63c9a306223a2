// The whole page of a small fixed-node match and a small tuning run (tests/data/report/, made by
// the program) against golden files: generation is deterministic (same folder, same bytes; no
// clock is read). DRAUGHTS_UPDATE_GOLDEN=1 writes the golden files again.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "common/json.hpp"
#include "report/report_builder.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::report {
namespace {

namespace fs = std::filesystem;

/// The page with the folder's path (which depends on where the repository lies) as @FOLDER@.
std::string normalised_report(const fs::path& dir) {
    const auto html = build_report({dir});
    EXPECT_TRUE(html) << html.error().message;
    if (!html) return "";
    std::string text = *html;
    const std::string path = dir.string();
    for (std::size_t at = text.find(path); at != std::string::npos; at = text.find(path, at))
        text.replace(at, path.size(), "@FOLDER@");
    return text;
}

void check_golden(const std::string& name) {
    const fs::path data = testing::source_dir() / "tests" / "data" / "report";
    const std::string page = normalised_report(data / name);
    ASSERT_FALSE(page.empty());
    EXPECT_EQ(page, normalised_report(data / name)) << "two runs differ";
    const fs::path golden = data / (name + ".html");
    if (std::getenv("DRAUGHTS_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(golden, std::ios::binary) << page;
        GTEST_SKIP() << "wrote " << golden;
    }
    const std::string expected = testing::read_text(golden);
    ASSERT_FALSE(expected.empty()) << golden << " is missing";
    if (page != expected) {
        std::size_t at = 0;
        while (at < page.size() && at < expected.size() && page[at] == expected[at]) ++at;
        const std::size_t from = at < 80 ? 0 : at - 80;
        FAIL() << golden << " differs at byte " << at << ":\n  got:      " << page.substr(from, 200)
               << "\n  expected: " << expected.substr(from, 200);
    }
}

TEST(ReportGolden, SmallFixedNodeMatch) { check_golden("match"); }

TEST(ReportGolden, SmallTuningRun) { check_golden("tune"); }

TEST(ReportGolden, MatchPageHasEverySection) {
    const std::string page = normalised_report(testing::source_dir() / "tests/data/report/match");
    for (const char* part :
         {"id=\"summary\"", "data-chart=\"elo-progress\"", "data-chart=\"llr-progress\"",
          "data-chart=\"pentanomial\"", "data-chart=\"terminations\"", "data-chart=\"openings\"",
          "data-chart=\"lengths\"", "data-chart=\"time-per-move\"", "data-chart=\"depth-per-move\"",
          "id=\"notable\"", "id=\"viewer\"", "id=\"viewer-chunk-0\"", "id=\"provenance\""})
        EXPECT_NE(page.find(part), std::string::npos) << part;
    // Offline and alone: nothing is loaded from elsewhere.
    EXPECT_EQ(page.find("http://"), page.find("http://www.w3.org/2000/svg"));
    EXPECT_EQ(page.find("https://"), std::string::npos);
    EXPECT_EQ(page.find("<link"), std::string::npos);
    EXPECT_EQ(page.find(" src="), std::string::npos);
}

TEST(ReportGolden, AMatchThatHasNoGameYetStillReports) {
    testing::TempFolder folder("report_empty");
    const fs::path source = testing::source_dir() / "tests/data/report/match";
    folder.write("config.yaml", testing::read_text(source / "config.yaml"));
    folder.write("games.jsonl", "");
    const auto html = build_report({folder.path()});
    ASSERT_TRUE(html) << html.error().message;
    EXPECT_NE(html->find("id=\"viewer\""), std::string::npos);
    EXPECT_NE(html->find("\"games\":[]"), std::string::npos);
}

TEST(ReportGolden, TheRecordedDecisionIsTheVerdict) {
    // A run that stopped at the SPRT's first crossing, after which the pairs under way moved the
    // LLR of all games back inside: its summary records the crossing (sprt.decided), and the
    // page gives that verdict, not "continue".
    testing::TempFolder folder("report_decided");
    const fs::path source = testing::source_dir() / "tests/data/report/match";
    for (const char* name : {"config.yaml", "games.jsonl", "games.pdn"})
        folder.write(name, testing::read_text(source / name));
    auto summary = parse_json(testing::read_text(source / "summary.json"), "summary.json");
    ASSERT_TRUE(summary) << summary.error().message;
    (*summary)["state"] = "sprt_h1";
    (*summary)["encounters"][0]["sprt"]["decided"] = {{"sample", "pentanomial"},
                                                      {"llr", 2.97},
                                                      {"lower_bound", -2.94},
                                                      {"upper_bound", 2.94},
                                                      {"decision", "accept_h1"}};
    folder.write("summary.json", dump_json(*summary, 2));
    const auto html = build_report({folder.path()});
    ASSERT_TRUE(html) << html.error().message;
    EXPECT_NE(html->find("H1 accepted at LLR 2.97"), std::string::npos);
    const auto plain = build_report({source});
    ASSERT_TRUE(plain) << plain.error().message;
    EXPECT_EQ(plain->find("at LLR"), std::string::npos);
}

TEST(ReportGolden, FoldersThatAreNotResultsAreRefused) {
    testing::TempFolder folder("report_refused");
    const auto none = build_report({folder.path()});
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("not a results folder"), std::string::npos);
    const fs::path match = testing::source_dir() / "tests/data/report/match";
    const auto two = build_report({match, match});
    ASSERT_FALSE(two);
    EXPECT_NE(two.error().message.find("at most one match folder"), std::string::npos);
}

}  // namespace
}  // namespace draughts::report
