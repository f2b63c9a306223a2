#pragma once
// Reading the golden tables of tests/data: one row a line, fields separated by ';', '#' starts a
// comment line, blank lines are skipped.

#include <string>
#include <vector>

namespace draughts::testing {

/// One row of a data table and the line it came from (for failure messages).
struct DataRow {
    int line = 0;
    std::vector<std::string> fields;  ///< trimmed
};

/// The rows of tests/data/<name>; a missing file gives no rows (tests then check the count).
std::vector<DataRow> read_data_table(const std::string& name);

}  // namespace draughts::testing
