#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "engine/eval_weights.hpp"
#include "report/bar_chart.hpp"
#include "report/data_table.hpp"
#include "report/markup.hpp"
#include "report/tune_sections.hpp"

namespace draughts::report {

namespace {

/// Weights listed as the ones that moved most.
constexpr std::size_t kTopWeights = 20;

using engine::EvalTerm;
// Term indices and parameter names are the same on every board (the 8x8 layout is the 10x10
// one without its last band), so the 10x10 layout names the parameters of any run.
using engine::ParameterLayout;

DataTable term_table(const TuneFolder& folder) {
    DataTable table{.caption = "Hand-written terms (engine units, 1000 = one man)",
                    .headers = {"term", "start mg", "tuned mg", "start eg", "tuned eg"},
                    .numeric = {false, true, true, true, true}};
    for (int t = 0; t < engine::kNumEvalTerms; ++t) {
        const auto term = static_cast<EvalTerm>(t);
        const auto start_text = [&](std::size_t index) {
            return folder.start ? std::to_string((*folder.start)[index]) : std::string("?");
        };
        table.rows.push_back(
            {std::string(engine::term_name(term)),
             start_text(ParameterLayout::middle_game_index(term)),
             std::to_string(folder.tuned[ParameterLayout::middle_game_index(term)]),
             start_text(ParameterLayout::endgame_index(term)),
             std::to_string(folder.tuned[ParameterLayout::endgame_index(term)])});
    }
    return table;
}

}  // namespace

Section weights_section(const TuneFolder& folder) {
    if (!folder.start)
        return Section{"weights", "Weights",
                       "<p class=\"note\">The starting weights cannot be read: " +
                           escape_markup(folder.start_problem) + "</p>" +
                           term_table(folder).html()};
    const std::vector<int>& start = *folder.start;
    std::vector<std::size_t> moved(folder.tuned.size());
    for (std::size_t i = 0; i < moved.size(); ++i) moved[i] = i;
    const auto change = [&](std::size_t i) { return std::abs(folder.tuned[i] - start[i]); };
    const std::size_t top = std::min(kTopWeights, moved.size());
    std::partial_sort(moved.begin(), moved.begin() + static_cast<std::ptrdiff_t>(top), moved.end(),
                      [&](std::size_t a, std::size_t b) {
                          return change(a) != change(b) ? change(a) > change(b) : a < b;
                      });
    BarChart chart{.title = fmt::format(
                       "The {} weights that moved most (tuned minus start, engine units)", top),
                   .x_label = "weight",
                   .y_label = "change",
                   .series = {{"change", {}}}};
    DataTable table{.caption = "Weights that moved most",
                    .headers = {"weight", "start", "tuned", "change"},
                    .numeric = {false, true, true, true}};
    for (std::size_t k = 0; k < top; ++k) {
        const std::size_t i = moved[k];
        const int delta = folder.tuned[i] - start[i];
        chart.categories.push_back(std::to_string(k + 1));
        chart.series[0].values.push_back(delta);
        table.rows.push_back({ParameterLayout::name(i), std::to_string(start[i]),
                              std::to_string(folder.tuned[i]), fmt::format("{:+d}", delta)});
    }
    Figure figure = chart.figure("moved-weights");
    figure.table = table;
    figure.note = "Bars are numbered in the order of the table below (the size of each change).";
    std::string html = figure.html() + table.html() + term_table(folder).html();
    return Section{"weights", "Weights", std::move(html)};
}

}  // namespace draughts::report
