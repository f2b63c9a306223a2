#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "engine/eval_weights.hpp"
#include "report/board_diagram.hpp"
#include "report/data_table.hpp"
#include "report/tune_sections.hpp"
#include "rules/bitboard.hpp"

namespace draughts::report {

namespace {

using engine::EvalTable;

/// Bit offsets of a region's 8 squares from its base bit, in the order of the base-3 digits of a
/// table index (engine/evaluate.cpp, gather_region).
constexpr std::array<int, 8> kRegionOffsets{0, 1, 5, 6, 11, 12, 16, 17};

/// For each of a band's 8 region squares: the mean change of the table entry when that square
/// holds an own piece instead of nothing, over all contents of the other squares.
std::array<double, 8> own_piece_values(const engine::EvalWeights& w, EvalTable table) {
    std::array<double, 8> out{};
    int power = 1;
    for (std::size_t digit = 0; digit < 8; ++digit, power *= 3) {
        double sum = 0.0;
        double count = 0.0;
        for (int entry = 0; entry < static_cast<int>(engine::kPatternTableSize); ++entry) {
            if ((entry / power) % 3 != 0) continue;
            sum += w.table(table, static_cast<std::size_t>(entry + power)) -
                   w.table(table, static_cast<std::size_t>(entry));
            count += 1.0;
        }
        out[digit] = sum / count;
    }
    return out;
}

/// The values of one band on the board from White's side: each square gets the sum over the
/// band's regions that cover it (regions overlap), each region's band table plus its own table,
/// and with `endgame` also the band's endgame table in full (as with no men left).
std::array<double, 50> band_board(const engine::EvalWeights& w, int band, bool endgame) {
    std::array<double, 50> board{};
    const int row = 6 - 2 * band;  // band k: rows 2k+1..2k+4 from White's back row
    auto shared = own_piece_values(w, engine::band_table(band));
    if (endgame) {
        const auto late = own_piece_values(w, engine::endgame_band_table(band));
        for (std::size_t d = 0; d < 8; ++d) shared[d] += late[d];
    }
    bool covered[50] = {};
    for (int column = 0; column <= 6; column += 2) {
        const int base = (row / 2) * 11 + column / 2;
        const auto own = own_piece_values(w, engine::ParameterLayout::region(band, column / 2));
        for (std::size_t d = 0; d < 8; ++d) {
            const int square = rules::square_of_bit_index(base + kRegionOffsets[d]);
            board[static_cast<std::size_t>(square - 1)] += shared[d] + own[d];
            covered[square - 1] = true;
        }
    }
    for (std::size_t s = 0; s < 50; ++s)
        if (!covered[s]) board[s] = std::nan("");
    return board;
}

}  // namespace

Section patterns_section(const TuneFolder& folder) {
    if (folder.settings.variant != rules::Variant::International)
        return Section{"patterns", "Pattern weights on the board",
                       "<p class=\"note\">The pattern boards are drawn for the 100-square board "
                       "only; this run tuned " +
                           std::string(rules::variant_name(folder.settings.variant)) +
                           " weights.</p>"};
    engine::EvalWeights tuned = engine::EvalWeights::zero();
    for (std::size_t i = 0; i < folder.tuned.size(); ++i) tuned.set(i, folder.tuned[i]);
    std::string html =
        "<p class=\"note\">The engine has no piece-square tables; its 16 overlapping 4x4 pattern "
        "regions "
        "are what it knows about squares. Each board shows, for one band of regions, what a White "
        "man or "
        "king on a square adds through the pattern tables, averaged over every content of the "
        "other "
        "squares of its region (engine units, 1000 = one man; squares outside the band are "
        "grey).</p>"
        "<div class=\"boards\">";
    DataTable table{.caption = "Pattern value of an own piece per square (engine units)",
                    .headers = {"square", "band 0", "band 1", "band 2", "band 3"},
                    .numeric = {true, true, true, true, true}};
    // The endgame tables, when tuned, get boards of their own: each band as it counts with no
    // men left, its endgame table added in full.
    const bool endgame = tuned.endgame_patterns_active();
    struct Board {
        int band;
        bool endgame;
        std::array<double, 50> values;
    };
    std::vector<Board> boards;
    double limit = 1.0;
    for (const bool late : {false, true}) {
        if (late && !endgame) break;
        for (int band = 0; band < engine::kNumEvalBands; ++band) {
            boards.push_back({band, late, band_board(tuned, band, late)});
            for (const double v : boards.back().values)
                if (std::isfinite(v)) limit = std::max(limit, std::abs(v));
            if (late) {
                table.headers.push_back(fmt::format("band {} endgame", band));
                table.numeric.push_back(true);
            }
        }
    }
    for (const Board& board : boards) {
        const std::string caption = fmt::format(
            "Pattern band {}{} (rows {}-{} from White's back row)", board.band,
            board.endgame ? " with no men left" : "", 2 * board.band + 1, 2 * board.band + 4);
        html += fmt::format(
            "<figure class=\"chart-box\" "
            "data-chart=\"pattern-{}band{}\">{}<figcaption>{}</figcaption></figure>",
            board.endgame ? "endgame-" : "", board.band,
            board_heat_svg(board.values, limit, caption, 260.0), caption);
    }
    html += "</div>";
    for (std::size_t s = 0; s < 50; ++s) {
        std::vector<std::string> row{std::to_string(s + 1)};
        for (const Board& board : boards)
            row.push_back(std::isfinite(board.values[s]) ? fmt::format("{:.1f}", board.values[s])
                                                         : "");
        table.rows.push_back(std::move(row));
    }
    html += "<details class=\"numbers\"><summary>Numbers</summary>" + table.html() + "</details>";
    return Section{"patterns", "Pattern weights on the board", std::move(html)};
}

}  // namespace draughts::report
