#pragma once
// An HTML table of the numbers behind a chart (its text alternative) or of a section's facts.

#include <string>
#include <utility>
#include <vector>

namespace draughts::report {

/// A table: a caption, a header row and text cells (escaped when written). Columns listed in
/// `numeric` are right-aligned. Words never break inside, so that labels read whole; the cells
/// of `breakable` columns (paths, hashes, command lines, FEN) may break anywhere, so that the
/// table fits the page.
struct DataTable {
    std::string caption{};
    std::vector<std::string> headers{};
    std::vector<std::vector<std::string>> rows{};
    std::vector<bool> numeric{};    ///< per column; missing entries count as text
    std::vector<bool> breakable{};  ///< per column; missing entries keep their words whole
    /// The first column labels its row (<th scope="row">, kept on one line): a table of facts.
    bool row_labels = false;
    std::string css_class = "numbers";

    /// The <table> element.
    std::string html() const;

    /// A table of facts with its caption: a label and a value per row, values right-aligned and
    /// free to wrap (a run's figures; `rows` to be filled).
    static DataTable facts(std::string caption) {
        return DataTable{.caption = std::move(caption),
                         .headers = {"", ""},
                         .numeric = {false, true},
                         .breakable = {false, true},
                         .row_labels = true};
    }
};

}  // namespace draughts::report
