// Text and JSON reports built from plain counts: the pair report, the live line and the rating
// table.

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "stats/pair_summary.hpp"
#include "stats/stats_json.hpp"
#include "stats/text_report.hpp"

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

TEST(PairReport, TheDecisionThatStoppedTheRunOutlivesTheLastPairs) {
    // The run stopped at the first crossing; the pairs under way then, counted after it, took
    // the LLR of all games back inside the bounds. The verdict stays the crossing's.
    const auto sprt = Sprt::create({0, 5, 0.05, 0.05, SprtModel::Normalized});
    PairSummary s = summarize("new", "old", MatchCounts{{136, 111, 96}, {}, false}, &*sprt);
    ASSERT_TRUE(s.sprt_status);
    ASSERT_EQ(s.sprt_status->decision, SprtDecision::Continue);
    SprtStatus crossing = *s.sprt_status;
    crossing.llr = 2.95;
    crossing.decision = SprtDecision::AcceptH1;
    keep_sprt_decision(s, crossing);
    ASSERT_TRUE(s.sprt_decided);
    EXPECT_EQ(sprt_decision(s), SprtDecision::AcceptH1);
    const std::string report = format_pair_report(s);
    EXPECT_TRUE(contains(report, "normalized, H1 accepted at LLR 2.95 (the pairs under way then"))
        << report;
    const Json json = to_json(s).at("sprt");
    EXPECT_EQ(json.at("status").at("decision").get<std::string>(), "continue");
    EXPECT_EQ(json.at("decided").at("decision").get<std::string>(), "accept_h1");
    EXPECT_EQ(json.at("decided").at("llr").get<double>(), 2.95);

    // A decision the counts still show, or no decision, is not repeated.
    PairSummary agreeing = summarize("new", "old", MatchCounts{{136, 111, 96}, {}, false}, &*sprt);
    keep_sprt_decision(agreeing, *agreeing.sprt_status);
    EXPECT_FALSE(agreeing.sprt_decided);
    EXPECT_EQ(sprt_decision(agreeing), SprtDecision::Continue);
    EXPECT_FALSE(to_json(agreeing).at("sprt").contains("decided"));
    PairSummary untested = summarize("new", "old", MatchCounts{{136, 111, 96}, {}, false});
    keep_sprt_decision(untested, crossing);
    EXPECT_FALSE(untested.sprt_decided);
    EXPECT_FALSE(sprt_decision(untested));
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

TEST(LiveLine, NoGamesShowsNotAvailable) {
    const PairSummary s = summarize("a", "b", MatchCounts{});
    EXPECT_EQ(format_live_line(s), "Games 0: +0 -0 =0  Elo n/a  nElo n/a  LOS 50.0%");
}

/// Degenerate samples, each with what the Elo part of the report must say.
struct DegenerateCase {
    const char* name;
    MatchCounts counts;
    const char* elo;   ///< the start of the "Elo: " figure
    const char* nelo;  ///< the "nElo: " figure
};

class DegenerateReport : public ::testing::TestWithParam<DegenerateCase> {};

TEST_P(DegenerateReport, ShowsBoundsOrNotAvailableNeverInfinity) {
    const DegenerateCase& c = GetParam();
    const PairSummary s = summarize("a", "b", c.counts);
    const std::string report = format_pair_report(s);
    const std::string line = format_live_line(s, 100);
    for (const std::string& text : {report, line}) {
        EXPECT_FALSE(contains(text, "inf")) << text;
        EXPECT_FALSE(contains(text, "nan")) << text;
    }
    EXPECT_TRUE(contains(report, std::string("Elo: ") + c.elo)) << report;
    EXPECT_TRUE(contains(report, std::string("nElo: ") + c.nelo)) << report;
    // No five-digit figures: the regularisation's artefacts (Elo 1561, nElo 15536) are gone.
    EXPECT_FALSE(std::regex_search(report, std::regex(R"(\d{5})"))) << report;
}

MatchCounts games(std::int64_t wins, std::int64_t draws, std::int64_t losses) {
    return MatchCounts{Trinomial{wins, draws, losses}, {}, false};
}

MatchCounts pairs(Pentanomial p) { return MatchCounts{*p.games(), p, true}; }

INSTANTIATE_TEST_SUITE_P(
    Cases, DegenerateReport,
    ::testing::Values(
        // 0.025^(1/40) = 0.9119, Elo 406.0: the exact lower bound of 40 wins in 40 games.
        DegenerateCase{"forty_wins", games(40, 0, 0), ">= 405.99", "n/a"},
        DegenerateCase{"forty_losses", games(0, 0, 40), "<= -405.99", "n/a"},
        DegenerateCase{"no_games", games(0, 0, 0), "n/a", "n/a"},
        // 20 pairs won twice: the bound is on pairs, 0.025^(1/20) = 0.8316, Elo 277.4.
        DegenerateCase{"all_pairs_won", pairs({0, 0, 0, 0, 0, 20, 0}), ">= 277.39", "n/a"},
        // 39 wins and a draw: a finite point, the interval open above: a lower bound.
        DegenerateCase{"nearly_all_wins", games(39, 1, 0), ">= ", ""},
        // One pair lost: the exact upper bound is 1 - 0.025 = 0.975, Elo +636.4, which would
        // read as if the loser might be far stronger: n/a until the bound is below zero.
        DegenerateCase{"one_pair_lost", pairs({1, 0, 0, 0, 0, 0, 0}), "n/a", "n/a"},
        DegenerateCase{"two_losses", games(0, 0, 2), "n/a", "n/a"},
        DegenerateCase{"one_win", games(1, 0, 0), "n/a", "n/a"},
        // 1 - 0.025^(1/6) = 0.459: six losses bound the Elo below zero.
        DegenerateCase{"six_losses", games(0, 0, 6), "<= -28.", "n/a"},
        // A loss and a draw: the interval is open below and its upper end is above zero.
        DegenerateCase{"a_loss_and_a_draw", games(0, 1, 1), "n/a", ""}),
    [](const auto& test) { return std::string(test.param.name); });

TEST(PairReport, ScoreIsPointsPerGameNotTheRegularisedMean) {
    // 5 pairs, 7 points of 10: WW WW WD DD LD. Zero bins make the regularised mean differ.
    const PairSummary s = summarize("a", "b", pairs({0, 1, 0, 1, 1, 2, 0}));
    EXPECT_DOUBLE_EQ(s.estimate.score, 0.7);
    EXPECT_NE(s.estimate.mean, 0.7);
    EXPECT_TRUE(contains(format_pair_report(s), "Score: 70.00 %")) << format_pair_report(s);
}

TEST(PairReport, RepeatedPairsGetANote) {
    PairSummary s = summarize("a", "b", pairs({3, 4, 5, 2, 4, 2, 0}));
    EXPECT_FALSE(contains(format_pair_report(s), "Note:")) << "distinct pairs unknown";
    s.distinct_pairs = 20;
    EXPECT_FALSE(contains(format_pair_report(s), "Note:")) << "all 20 pairs distinct";
    s.distinct_pairs = 2;
    EXPECT_TRUE(contains(format_pair_report(s),
                         "Note: only 2 of 20 pairs are distinct (the others replay earlier games)"))
        << format_pair_report(s);
}

TEST(PairReport, PairsThatAllSplitOneOneGetANote) {
    // Deterministic mirror engines: every pair is WL (each wins with the same colour) or DD.
    const std::string mirror =
        format_pair_report(summarize("a", "b", pairs({0, 0, 7, 3, 0, 0, 0})));
    EXPECT_TRUE(contains(mirror,
                         "Note: every pair split 1-1 (7 of 10 with a win each): the "
                         "engines may play identically"))
        << mirror;
    for (const Pentanomial& p :
         {Pentanomial{0, 0, 1, 0, 0, 0, 0},     // one pair says little
          Pentanomial{0, 0, 0, 10, 0, 0, 0},    // all drawn: the draw ratio says it
          Pentanomial{0, 1, 7, 3, 0, 0, 0}}) {  // a pair of a loss and a draw
        const std::string report = format_pair_report(summarize("a", "b", pairs(p)));
        EXPECT_FALSE(contains(report, "split 1-1")) << report;
    }
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
