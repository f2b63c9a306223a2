// Line, bar and heat map charts and board diagrams: what they draw and the tables behind them.

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "report/bar_chart.hpp"
#include "report/board_code.hpp"
#include "report/board_diagram.hpp"
#include "report/colour_scale.hpp"
#include "report/heat_map.hpp"
#include "report/line_chart.hpp"
#include "report/page_assets.hpp"
#include "rules/fen.hpp"

namespace draughts::report {
namespace {

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

TEST(LineChart, DrawsEachSeriesInItsColourWithLegendAndTable) {
    LineChart chart{.title = "Loss", .x_label = "epoch", .y_label = "loss"};
    chart.series.push_back({.name = "training", .points = {{0, 0.2}, {1, 0.15}, {2, 0.1}}});
    chart.series.push_back({.name = "hold-out", .points = {{0, 0.21}, {2, std::nan("")}}});
    const Figure f = chart.figure("loss");
    EXPECT_EQ(count_of(f.svg, "<polyline"), 2U);
    EXPECT_NE(f.svg.find("series s0\" data-series=\"training\""), std::string::npos);
    EXPECT_NE(f.svg.find("series s1\" data-series=\"hold-out\""), std::string::npos);
    EXPECT_NE(f.svg.find("legend-text\" text-anchor=\"start\">hold-out<"), std::string::npos);
    ASSERT_EQ(f.table.headers, (std::vector<std::string>{"epoch", "training", "hold-out"}));
    ASSERT_EQ(f.table.rows.size(), 3U);
    EXPECT_EQ(f.table.rows[1], (std::vector<std::string>{"1", "0.15", ""}));
    EXPECT_EQ(f.table.rows[2], (std::vector<std::string>{"2", "0.1", ""}));  // NaN: no number
    EXPECT_NE(f.html().find("data-chart=\"loss\""), std::string::npos);
}

TEST(LineChart, BandsAndReferenceLinesAreDrawnAndTabulated) {
    LineChart chart{.title = "Elo", .x_label = "pairs", .y_label = "Elo"};
    chart.series.push_back(
        {.name = "a v b", .points = {{1, 10}, {2, 20}}, .lower = {0, 5}, .upper = {20, 35}});
    chart.references = {{2.94, "H1 at 2.94"}};
    const Figure f = chart.figure("elo");
    EXPECT_NE(f.svg.find("band"), std::string::npos);
    EXPECT_NE(f.svg.find("class=\"reference\""), std::string::npos);
    EXPECT_NE(f.svg.find(">H1 at 2.94<"), std::string::npos);
    EXPECT_EQ(f.table.headers, (std::vector<std::string>{"pairs", "Elo", "low", "high"}));
    EXPECT_EQ(f.table.rows[0], (std::vector<std::string>{"1", "10", "0", "20"}));
}

TEST(LineChart, PointsAreScaledIntoThePlotArea) {
    LineChart chart{.title = "t", .x_label = "x", .y_label = "y"};
    chart.series.push_back({.name = "s", .points = {{0, 0}, {10, 100}}});
    const std::string svg = chart.svg();
    // Plot area of a 640 x 280 image: x 60..624, y 236..30 (see chart_frame.cpp).
    EXPECT_NE(svg.find("points=\"60.0,236.0 624.0,30.0\""), std::string::npos) << svg;
}

TEST(BarChart, BarHeightsAreProportionalToTheValues) {
    BarChart chart{.title = "Pairs",
                   .x_label = "result",
                   .y_label = "pairs",
                   .categories = {"LL", "WW"},
                   .series = {{"pairs", {2.0, 4.0}}}};
    const std::string svg = chart.svg();
    const std::regex bar(
        R"re(<rect x="[0-9.]+" y="([0-9.]+)" width="[0-9.]+" height="([0-9.]+)" class="bar")re");
    std::vector<double> heights;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bar); it != std::sregex_iterator();
         ++it)
        heights.push_back(std::stod((*it)[2]));
    ASSERT_EQ(heights.size(), 2U);
    EXPECT_NEAR(heights[1], 2.0 * heights[0], 0.2);
    EXPECT_NE(svg.find("<title>WW: 4</title>"), std::string::npos);
}

TEST(BarChart, NegativeValuesGoBelowTheZeroLine) {
    BarChart chart{
        .title = "Changes", .categories = {"a", "b"}, .series = {{"change", {-50.0, 100.0}}}};
    const std::string svg = chart.svg();
    const std::regex bar(
        R"re(<rect x="[0-9.]+" y="([0-9.]+)" width="[0-9.]+" height="([0-9.]+)" class="bar")re");
    std::vector<std::pair<double, double>> bars;  // top, height
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bar); it != std::sregex_iterator();
         ++it)
        bars.emplace_back(std::stod((*it)[1]), std::stod((*it)[2]));
    ASSERT_EQ(bars.size(), 2U);
    EXPECT_NEAR(bars[0].first, bars[1].first + bars[1].second, 0.2);  // a starts where b ends: zero
    EXPECT_NEAR(bars[1].second, 2.0 * bars[0].second, 0.3);
    EXPECT_NE(svg.find("<title>a: -50</title>"), std::string::npos);
}

TEST(BarChart, CategoryNamesFromGamesAreEscaped) {
    BarChart chart{
        .title = "t", .categories = {"win: <script>"}, .series = {{"e&1", {1.0}}, {"e2", {0.0}}}};
    const Figure f = chart.figure("x");
    EXPECT_EQ(f.svg.find("<script>"), std::string::npos);
    EXPECT_NE(f.svg.find("win: &lt;script&gt;"), std::string::npos);
    EXPECT_NE(f.html().find("<th scope=\"col\" class=\"n\">e&amp;1</th>"), std::string::npos);
}

TEST(HeatMap, CellsAreColouredAroundTheCentre) {
    HeatMap map{.title = "Cross-table",
                .row_labels = {"a", "b"},
                .column_labels = {"a", "b"},
                .values = {{std::nan(""), 0.75}, {0.25, std::nan("")}},
                .cells = {{"", "75%"}, {"25%", ""}},
                .centre = 0.5,
                .limit = 0.5};
    const std::string svg = map.svg();
    EXPECT_NE(svg.find(diverging_colour(0.25, 0.5)), std::string::npos);
    EXPECT_NE(svg.find(diverging_colour(-0.25, 0.5)), std::string::npos);
    EXPECT_NE(svg.find("#dddddd"), std::string::npos);  // no games: grey
    EXPECT_EQ(map.figure("x").table.rows[0], (std::vector<std::string>{"a", "", "75%"}));
}

TEST(DivergingColour, EndsMiddleAndClamping) {
    EXPECT_EQ(diverging_colour(0.0, 1.0), "#f7f7f7");
    EXPECT_EQ(diverging_colour(1.0, 1.0), "#e66101");
    EXPECT_EQ(diverging_colour(5.0, 1.0), "#e66101");
    EXPECT_EQ(diverging_colour(-1.0, 1.0), "#5e3c99");
}

TEST(BoardDiagram, SquaresAreNumberedFromTheTopLeftDarkSquare) {
    EXPECT_EQ(square_cell(1), std::make_pair(0, 1));
    EXPECT_EQ(square_cell(5), std::make_pair(0, 9));
    EXPECT_EQ(square_cell(6), std::make_pair(1, 0));
    EXPECT_EQ(square_cell(46), std::make_pair(9, 0));
    EXPECT_EQ(square_cell(50), std::make_pair(9, 8));
}

TEST(BoardDiagram, SquaresOfThe8x8BoardAreNumberedAlike) {
    EXPECT_EQ(square_cell(1, 8), std::make_pair(0, 1));
    EXPECT_EQ(square_cell(4, 8), std::make_pair(0, 7));
    EXPECT_EQ(square_cell(5, 8), std::make_pair(1, 0));
    EXPECT_EQ(square_cell(29, 8), std::make_pair(7, 0));  // a1
    EXPECT_EQ(square_cell(32, 8), std::make_pair(7, 6));
}

// Issue 35: a Brazilian or Russian match drew its positions on the 10x10 board.
TEST(BoardDiagram, An8x8PositionIsDrawnOnAn8x8Board) {
    const std::string svg = board_svg(initial_board(rules::Variant::Brazilian), "Start");
    EXPECT_NE(svg.find("class=\"board board-8x8\""), std::string::npos);
    EXPECT_EQ(count_of(svg, "class=\"num\""), 32U);
    EXPECT_EQ(count_of(svg, "class=\"sq bm\""), 12U);
    EXPECT_EQ(count_of(svg, "class=\"sq wm\""), 12U);
    EXPECT_EQ(count_of(svg, "class=\"sq e\""), 8U);
    EXPECT_NE(svg.find("class=\"sq wm\" data-sq=\"32\""), std::string::npos);
    EXPECT_EQ(svg.find("data-sq=\"33\""), std::string::npos);
}

TEST(BoardDiagram, ShowsMenAndKingsOfAPosition) {
    const std::string initial = board_svg(initial_board(rules::Variant::International), "Start");
    EXPECT_EQ(count_of(initial, "class=\"sq bm\""), 20U);
    EXPECT_EQ(count_of(initial, "class=\"sq wm\""), 20U);
    EXPECT_EQ(count_of(initial, "class=\"sq e\""), 10U);
    EXPECT_EQ(count_of(initial, "class=\"num\""), 50U);
    const auto kings = board_of_fen(rules::Variant::International, "W:WK3,31:BK48,12");
    ASSERT_TRUE(kings);
    const std::string svg = board_svg(*kings, "Kings");
    EXPECT_NE(svg.find("class=\"sq wk\" data-sq=\"3\""), std::string::npos);
    EXPECT_NE(svg.find("class=\"sq bk\" data-sq=\"48\""), std::string::npos);
    EXPECT_NE(svg.find("class=\"sq bm\" data-sq=\"12\""), std::string::npos);
}

TEST(BoardDiagram, EightByEightBoardsShowTheirPieces) {
    BoardCode board{.size = 8, .squares = std::string(32, '.')};
    board.squares[0] = 'B';
    board.squares[31] = 'w';
    const std::string svg = board_svg(board, "Russian");
    EXPECT_EQ(count_of(svg, "class=\"num\""), 32U);
    EXPECT_NE(svg.find("class=\"sq bk\" data-sq=\"1\""), std::string::npos);
    EXPECT_NE(svg.find("class=\"sq wm\" data-sq=\"32\""), std::string::npos);
    EXPECT_EQ(svg.find("<style>"), std::string::npos);
}

TEST(BoardDiagram, ADiagramDrawnAloneCarriesTheBoardsStyle) {
    const BoardCode board{.size = 10, .squares = std::string(50, 'w')};
    const std::string svg = board_svg(board, "Alone", 320.0, DiagramStyle::Embedded);
    EXPECT_NE(svg.find("<style><![CDATA[" + std::string(board_css()) + "]]></style>"),
              std::string::npos);
    EXPECT_NE(page_css().find(board_css()), std::string_view::npos);
}

TEST(BoardDiagram, HeatMapShowsEachSquaresValue) {
    std::array<double, 50> values{};
    values[0] = 12.4;
    values[1] = 3.14;
    values[49] = -7.6;
    values[10] = std::nan("");
    const std::string svg = board_heat_svg(values, 10.0, "Heat");
    EXPECT_NE(svg.find("<title>square 1: 12</title>"), std::string::npos);
    EXPECT_NE(svg.find("<title>square 50: -7.6</title>"), std::string::npos);
    EXPECT_NE(svg.find("<title>square 2: 3.1</title>"), std::string::npos);
    EXPECT_NE(svg.find("<title>square 11: </title>"), std::string::npos);
}

}  // namespace
}  // namespace draughts::report
