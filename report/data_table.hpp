#pragma once
// An HTML table of the numbers behind a chart (its text alternative) or of a section's facts.

#include <string>
#include <vector>

namespace draughts::report {

/// A table: a caption, a header row and text cells (escaped when written). Columns listed in
/// `numeric` are right-aligned.
struct DataTable {
    std::string caption{};
    std::vector<std::string> headers{};
    std::vector<std::vector<std::string>> rows{};
    std::vector<bool> numeric{};  ///< per column; missing entries count as text
    std::string css_class = "numbers";

    /// The <table> element.
    std::string html() const;
};

}  // namespace draughts::report
