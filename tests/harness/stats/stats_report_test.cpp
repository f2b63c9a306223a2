// Text and JSON reports built from plain counts: the pair report, the live line and the rating
// table.

#include <gtest/gtest.h>

#include <string>

#include "harness/stats/pair_summary.hpp"
#include "harness/stats/stats_json.hpp"
#include "harness/stats/text_report.hpp"

namespace draughts::harness {
namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(PairReport, TrinomialReportShowsEveryFigure) {
    const auto sprt = Sprt::create({0, 5, 0.05, 0.05, SprtModel::Normalized});
    const PairSummary s = summarize("new", "old", MatchCounts{{136, 111, 96}, {}, false}, &*sprt);
    const std::string report = format_pair_report(s);
    EXPECT_TRUE(contains(report, "Results of new vs old (trinomial, 343 games)")) << report;
    EXPECT_TRUE(contains(report, "Elo: 40.70 +/- 30.43, nElo: 49.77 +/- 36.77")) << report;
    EXPECT_TRUE(contains(report, "LOS: 99.60 %")) << report;
    EXPECT_TRUE(contains(report, "DrawRatio: 32.36 %")) << report;
    EXPECT_TRUE(contains(report, "Games: 343, Wins: 136, Losses: 96, Draws: 111")) << report;
    EXPECT_TRUE(contains(report, "LLR: ")) << report;
    EXPECT_TRUE(contains(report, "(-2.94, 2.94) [0.00, 5.00] normalized")) << report;
    EXPECT_FALSE(contains(report, "Ptnml")) << report;
}

TEST(PairReport, PentanomialReportShowsBinsAndSplit) {
    const Pentanomial pairs{34, 54, 31, 32, 64, 75, 0};
    const PairSummary s = summarize("a", "b", MatchCounts{*pairs.games(), pairs, true});
    const std::string report = format_pair_report(s);
    EXPECT_TRUE(contains(report, "(pentanomial, 290 pairs)")) << report;
    EXPECT_TRUE(contains(report, "Elo: 55.58 +/- 27.65, nElo: 57.94 +/- 28.28")) << report;
    EXPECT_TRUE(contains(report, "Ptnml(0-2): [34, 54, 63, 64, 75], WL/DD: 31/32")) << report;
    EXPECT_FALSE(contains(report, "LLR")) << report;
}

TEST(PairReport, SprtFailureIsReportedNotHidden) {
    const auto sprt = Sprt::create({0, 900, 0.05, 0.05, SprtModel::Normalized});
    const PairSummary s = summarize("a", "b", MatchCounts{{50, 20, 30}, {}, false}, &*sprt);
    EXPECT_FALSE(s.sprt_status);
    EXPECT_TRUE(contains(format_pair_report(s), "too extreme"));
    EXPECT_EQ(to_json(s).at("sprt").at("error").get<std::string>().rfind("the SPRT bounds", 0), 0U);
}

TEST(LiveLine, ShowsProgressAndLlrOnOneLine) {
    const auto sprt = Sprt::create({0, 5, 0.05, 0.05, SprtModel::Logistic});
    const PairSummary s = summarize("a", "b", MatchCounts{{40, 45, 35}, {}, false}, &*sprt);
    const std::string line = format_live_line(s, 1000);
    EXPECT_EQ(line.rfind("Games 120/1000: +40 -35 =45", 0), 0u) << line;
    EXPECT_TRUE(contains(line, "Elo 14.5 +/- ")) << line;
    EXPECT_TRUE(contains(line, "LLR ")) << line;
    EXPECT_FALSE(contains(line, "\n"));
}

TEST(LiveLine, NoGamesShowsInfiniteErrorReadably) {
    const PairSummary s = summarize("a", "b", MatchCounts{});
    EXPECT_EQ(format_live_line(s),
              "Games 0: +0 -0 =0  Elo 0.0 +/- inf  nElo 0.0 +/- inf  LOS 50.0%");
}

TEST(PairJson, UnknownFiguresAreNull) {
    const PairSummary s = summarize("a", "b", MatchCounts{});
    // Infinite or undefined in the value, null once written (JSON has neither).
    const auto json = parse_json(dump_json(to_json(s)), "summary");
    ASSERT_TRUE(json) << json.error().message;
    EXPECT_TRUE(json->at("estimate").at("elo_error").is_null()) << *json;
    EXPECT_TRUE(json->at("estimate").at("draw_ratio").is_null()) << *json;
    EXPECT_TRUE(json->at("estimate").at("elo").is_number()) << *json;
}

TEST(RatingReport, SortsByRatingAndNamesTheAnchor) {
    PairwiseResults results({"weak", "strong", "middle"});
    results.add(1, 0, Trinomial{30, 10, 5});
    results.add(2, 0, Trinomial{20, 15, 10});
    results.add(1, 2, Trinomial{20, 15, 10});
    auto table = compute_ratings(results, {"weak", 0.0});
    ASSERT_TRUE(table);
    const std::string text = format_rating_table(*table);
    const auto strong = text.find("strong");
    const auto middle = text.find("middle");
    const auto weak = text.find("weak ");
    EXPECT_LT(strong, middle) << text;
    EXPECT_LT(middle, weak) << text;
    EXPECT_TRUE(contains(text, "Anchor: weak = 0.0")) << text;
    EXPECT_FALSE(contains(text, "Site")) << text;
    add_site_ratings(*table, std::vector<PlayedGame>{{1, 0, GameOutcome::Win}});
    EXPECT_TRUE(contains(format_rating_table(*table), "Site"));
    const Json json = to_json(*table);
    const Json& strong_entry = json.at("engines").at(1);  // input order: weak, strong, middle
    EXPECT_EQ(strong_entry.at("name"), "strong") << json;
    EXPECT_EQ(strong_entry.at("site_rating"), 1510) << json;
}

}  // namespace
}  // namespace draughts::harness
