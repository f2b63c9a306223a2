#include "tests/support/data_table.hpp"

#include <fstream>
#include <sstream>

#include "common/text.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::testing {

std::vector<DataRow> read_data_table(const std::string& name) {
    std::ifstream in(source_dir() / "tests" / "data" / name);
    std::vector<DataRow> rows;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (trim(line).empty() || trim(line)[0] == '#') continue;
        DataRow row{number, {}};
        std::istringstream parts(line);
        for (std::string field; std::getline(parts, field, ';');)
            row.fields.emplace_back(trim(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace draughts::testing
