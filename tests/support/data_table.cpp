#include "tests/support/data_table.hpp"

#include <fstream>
#include <sstream>

#include "tests/support/shared_data.hpp"

namespace draughts::testing {

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    const auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

std::vector<DataRow> read_data_table(const std::string& name) {
    std::ifstream in(source_dir() / "tests" / "data" / name);
    std::vector<DataRow> rows;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (trim(line).empty() || trim(line)[0] == '#') continue;
        DataRow row{number, {}};
        std::istringstream parts(line);
        for (std::string field; std::getline(parts, field, ';');) row.fields.push_back(trim(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace draughts::testing
