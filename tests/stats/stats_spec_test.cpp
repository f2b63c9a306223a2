// Reads the test-vector tables of ../shared/reference/statistics.md and checks every row, so
// that a vector added to the specification is checked without touching this file.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "stats/estimate.hpp"
#include "stats/sprt.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

std::vector<std::string> cells_of(const std::string& line) {
    std::vector<std::string> cells;
    std::size_t start = 1;
    for (std::size_t bar = line.find('|', start); bar != std::string::npos;
         bar = line.find('|', start)) {
        std::string cell = line.substr(start, bar - start);
        const auto first = cell.find_first_not_of(' ');
        const auto last = cell.find_last_not_of(' ');
        cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
        start = bar + 1;
    }
    return cells;
}

/// Counts in a data cell: "W36433 L36027 D68692", "pairs LL34 LD54 WL31 ...",
/// "LL365 LD16618 (WL+DD)36229 ..." or five bare numbers "127, 4883, 10712, 5150, 104".
std::optional<MatchCounts> parse_data(const std::string& cell) {
    static const std::regex labelled(R"((\(WL\+DD\)|LL|LD|WL|DD|WD|WW|W|L|D)(\d+))");
    MatchCounts counts;
    bool any = false;
    for (std::sregex_iterator it(cell.begin(), cell.end(), labelled), end; it != end; ++it) {
        const std::string label = (*it)[1];
        const std::int64_t n = std::stoll((*it)[2]);
        any = true;
        Pentanomial& p = counts.pairs;
        if (label == "W")
            counts.games.wins = n;
        else if (label == "D")
            counts.games.draws = n;
        else if (label == "L")
            counts.games.losses = n;
        else {
            counts.paired = true;
            if (label == "LL")
                p.ll = n;
            else if (label == "LD")
                p.ld = n;
            else if (label == "WL")
                p.wl = n;
            else if (label == "DD")
                p.dd = n;
            else if (label == "(WL+DD)")
                p.even_unsplit = n;
            else if (label == "WD")
                p.wd = n;
            else
                p.ww = n;
        }
    }
    if (any) return counts;
    static const std::regex bare(R"(^\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)\s*$)");
    std::smatch m;
    if (!std::regex_match(cell, m, bare)) return std::nullopt;
    counts.paired = true;
    counts.pairs = Pentanomial::from_bins(
        {std::stoll(m[1]), std::stoll(m[2]), std::stoll(m[3]), std::stoll(m[4]), std::stoll(m[5])});
    return counts;
}

/// Model cell: "normalized [0,2] .05/.05", "logistic [0,2] pentanomial", "BayesElo (...),
/// logistic [0,10], .01/.01" or "same" (the previous row's).
std::optional<SprtParameters> parse_model(const std::string& cell,
                                          const std::optional<SprtParameters>& previous) {
    if (cell == "same") return previous;
    SprtParameters p;
    std::string lower = cell;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("bayeselo") != std::string::npos)
        p.model = SprtModel::BayesElo;
    else if (lower.find("normalized") != std::string::npos)
        p.model = SprtModel::Normalized;
    else if (lower.find("logistic") != std::string::npos)
        p.model = SprtModel::Logistic;
    else
        return std::nullopt;
    static const std::regex bounds(R"(\[\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*\])");
    static const std::regex rates(R"((0?\.\d+)/(0?\.\d+))");
    std::smatch m;
    if (!std::regex_search(cell, m, bounds)) return std::nullopt;
    p.elo0 = std::stod(m[1]);
    p.elo1 = std::stod(m[2]);
    if (std::regex_search(cell, m, rates)) {
        p.alpha = std::stod(m[1]);
        p.beta = std::stod(m[2]);
    }
    return p;
}

void expect_close(double actual, double expected, const std::string& what) {
    const double allowed = std::max(0.01, 0.01 * std::abs(expected));
    EXPECT_NEAR(actual, expected, allowed) << what;
}

/// Checks "Elo x +- y", "nElo x +- y", "LOS x%" and "score x" items; returns how many.
int check_estimate(const Estimate& e, const std::string& cell, const std::string& row) {
    static const std::regex item(R"((\bElo|nElo|LOS|score)\s+(-?[\d.]+)(\s*\+-\s*([\d.]+))?(%)?)");
    int checked = 0;
    for (std::sregex_iterator it(cell.begin(), cell.end(), item), end; it != end; ++it) {
        const std::string name = (*it)[1];
        const double value = std::stod((*it)[2]);
        const bool has_error = (*it)[4].matched;
        if (name == "Elo") {
            expect_close(e.elo, value, row + " Elo");
            if (has_error) expect_close(e.elo_error, std::stod((*it)[4]), row + " Elo error");
        } else if (name == "nElo") {
            expect_close(e.nelo, value, row + " nElo");
            if (has_error) expect_close(e.nelo_error, std::stod((*it)[4]), row + " nElo error");
        } else if (name == "LOS") {
            expect_close(100 * e.los, value, row + " LOS");
        } else {
            expect_close(e.score, value, row + " score");
        }
        ++checked;
    }
    return checked;
}

TEST(StatisticsSpec, EveryPublishedVectorIsReproduced) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(spec, "reference/statistics.md");
    std::ifstream in(spec);
    ASSERT_TRUE(in) << spec;
    int llr_rows = 0;
    int estimate_rows = 0;
    std::optional<SprtParameters> previous;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("|", 0) != 0 || line.find("---") != std::string::npos) continue;
        const std::vector<std::string> cells = cells_of(line);
        if (cells.size() == 3 && cells[0].rfind("model", 0) != 0) {
            const auto parameters = parse_model(cells[0], previous);
            const auto counts = parse_data(cells[1]);
            ASSERT_TRUE(parameters && counts) << "cannot read row: " << line;
            previous = parameters;
            const auto sprt = Sprt::create(*parameters);
            ASSERT_TRUE(sprt) << sprt.error().message;
            const auto status = sprt->evaluate(*counts);
            ASSERT_TRUE(status) << status.error().message << " in " << line;
            expect_close(status->llr, std::stod(cells[2]), line);
            ++llr_rows;
        } else if (cells.size() == 2 && cells[0] != "data") {
            const auto counts = parse_data(cells[0]);
            ASSERT_TRUE(counts) << "cannot read row: " << line;
            const Estimate e = estimate(*counts);
            ASSERT_GT(check_estimate(e, cells[1], line), 0) << "no figure in row: " << line;
            ++estimate_rows;
        }
    }
    // The specification had 13 SPRT vectors and 4 estimate vectors when this test was written.
    EXPECT_GE(llr_rows, 13);
    EXPECT_GE(estimate_rows, 4);
}

}  // namespace
}  // namespace draughts::harness
