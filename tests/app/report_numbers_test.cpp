// The numbers a match's report shows, read back from the page and compared with the summary.json
// of the same run: the games and W/D/L of the summary card, the LLR, the pentanomial chart's bars
// and the termination chart's counts. The golden pages (tests/data/report/*.html) are made by the
// code they test; this test checks the page against the statistics module's own output instead
// (issue 35), on a fresh match of the program.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <string>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;

/// The text of the summary card's fact `name` (<span class="k">name</span><span class="v">...).
std::string fact(const std::string& page, const std::string& name) {
    const std::string key = "<span class=\"k\">" + name + "</span><span class=\"v\">";
    const std::size_t at = page.find(key);
    if (at == std::string::npos) return "(no fact " + name + ")";
    const std::size_t start = at + key.size();
    return page.substr(start, page.find('<', start) - start);
}

/// Every chart tooltip "<title>LABEL: N</title>" of the page, by label.
std::map<std::string, std::int64_t> tooltips(const std::string& page) {
    std::map<std::string, std::int64_t> out;
    const std::regex title(R"(<title>([^<]*): (\d+)</title>)");
    for (auto it = std::sregex_iterator(page.begin(), page.end(), title);
         it != std::sregex_iterator(); ++it)
        out[(*it)[1].str()] = std::stoll((*it)[2].str());
    return out;
}

TEST(ReportNumbers, TheChartsAndCardsShowTheSummarysFigures) {
    const testing::TempFolder folder("draughts-report-numbers");
    const fs::path configs = testing::source_dir() / "configs";
    const testing::RunResult r = testing::run_draughts(
        folder.path(),
        {"match", "--engine", "name=a", "weights=" + (configs / "engines/default.yaml").string(),
         "--engine", "name=b", "weights=" + (configs / "engines/material.yaml").string(), "--nodes",
         "300", "--games", "16", "--sprt", "elo0=0,elo1=50", "--output", "run", "--quiet"});
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
    const auto summary =
        parse_json(testing::read_text(folder.path() / "run/summary.json"), "summary.json");
    ASSERT_TRUE(summary);
    const std::string page = testing::read_text(folder.path() / "run/report.html");
    ASSERT_FALSE(page.empty());
    const Json& encounter = summary->at("encounters").at(0);
    const Json& games = encounter.at("games");

    EXPECT_EQ(fact(page, "Games"), std::to_string(summary->at("games").get<int>()));
    EXPECT_EQ(fact(page, "W / D / L"),
              fmt::format("{} / {} / {}", games.at("wins").get<int>(), games.at("draws").get<int>(),
                          games.at("losses").get<int>()));
    const double llr = encounter.at("sprt").at("status").at("llr").get<double>();
    EXPECT_EQ(fact(page, "LLR (bounds)").substr(0, fmt::format("{:.2f}", llr).size()),
              fmt::format("{:.2f}", llr));

    const auto bars = tooltips(page);
    const Json& pairs = encounter.at("pairs");
    const std::pair<const char*, const char*> pentanomial[] = {
        {"0 (LL)", "ll"}, {"0.5 (LD)", "ld"}, {"1 (WL)", "wl"},
        {"1 (DD)", "dd"}, {"1.5 (WD)", "wd"}, {"2 (WW)", "ww"}};
    std::int64_t pair_bars = 0;
    for (const auto& [label, key] : pentanomial) {
        ASSERT_TRUE(bars.count(label)) << label;
        EXPECT_EQ(bars.at(label), pairs.at(key).get<std::int64_t>()) << label;
        pair_bars += bars.at(label);
    }
    EXPECT_EQ(pair_bars, summary->at("pairs").get<std::int64_t>());

    // Every game involves the first engine: its wins, draws and losses by a code add up to the
    // summary's count of that code.
    for (const auto& [code, count] : summary->at("terminations").items()) {
        std::int64_t shown = 0;
        for (const char* outcome : {"win", "draw", "loss"}) {
            const auto it = bars.find(std::string(outcome) + ": " + code + ", a");
            if (it != bars.end()) shown += it->second;
        }
        EXPECT_EQ(shown, count.get<std::int64_t>()) << code;
    }
}

}  // namespace
}  // namespace draughts::app
