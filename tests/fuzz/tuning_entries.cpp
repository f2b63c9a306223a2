// Fuzz entry points for the files of tuning any engine (issue 37): SPSA configurations, an SPSA
// run's spsa.csv (read back on --resume and by the report), and the evaluation traces other
// engines write for the Texel tuner. Each reads untrusted bytes: a user's file, or a file a crash
// may have cut short. See fuzz_entries.hpp.

#include <cmath>
#include <string>
#include <vector>

#include "spsa/spsa_config.hpp"
#include "spsa/spsa_state.hpp"
#include "tests/fuzz/fuzz_entries.hpp"
#include "tuner/external_trace.hpp"

namespace draughts::fuzz {

namespace {

/// Equal numbers, NaN equal to NaN (a field "nan" reads as one).
bool same_number(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

bool same_numbers(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same_number(a[i], b[i])) return false;
    return true;
}

bool same_row(const spsa::CsvRow& a, const spsa::CsvRow& b) {
    return a.iteration == b.iteration && a.wins == b.wins && a.draws == b.draws &&
           a.losses == b.losses && same_numbers(a.theta, b.theta) && same_numbers(a.c_k, b.c_k) &&
           same_numbers(a.a_k, b.a_k);
}

}  // namespace

Finding spsa_yaml(std::string_view input) {
    const auto config = spsa::parse_spsa_config(input, "fuzz.yaml", "/", {});
    if (!config) return config.error().message.empty() ? "empty SPSA configuration error" : "";
    if (config->parameters.empty()) return "a configuration without parameters is accepted";
    const std::string written = spsa::to_yaml(*config);
    const auto again = spsa::parse_spsa_config(written, "written.yaml", "/", {});
    if (!again) return "a written SPSA configuration is rejected: " + again.error().message;
    if (!(*again == *config)) return "a written SPSA configuration reads back differently";
    return {};
}

Finding spsa_csv(std::string_view input) {
    std::vector<std::string> names;
    const auto rows = spsa::parse_csv(input, "fuzz.csv", &names);
    if (!rows) return rows.error().message.empty() ? "empty spsa.csv error" : "";
    std::vector<spsa::SpsaParameter> parameters;
    for (const std::string& name : names) parameters.push_back({.name = name});
    std::string written = spsa::csv_header(parameters) + "\n";
    for (const spsa::CsvRow& row : *rows) {
        if (row.theta.size() != names.size() || row.c_k.size() != names.size() ||
            row.a_k.size() != names.size())
            return "a row whose width is not the header's is accepted";
        written += spsa::csv_line(row) + "\n";
    }
    std::vector<std::string> names_again;
    const auto again = spsa::parse_csv(written, "written.csv", &names_again);
    if (!again) return "a written spsa.csv is rejected: " + again.error().message;
    if (names_again != names) return "a written spsa.csv has other parameter names";
    if (again->size() != rows->size()) return "a written spsa.csv has another number of rows";
    for (std::size_t i = 0; i < rows->size(); ++i)
        if (!same_row((*rows)[i], (*again)[i]))
            return "row " + std::to_string(i + 1) + " of a written spsa.csv reads back differently";
    return {};
}

Finding external_trace(std::string_view input) {
    const auto trace = tuner::parse_trace(input, "fuzz.trace");
    if (!trace) return trace.error().message.empty() ? "empty trace error" : "";
    const std::size_t parameters = trace->parameter_count();
    if (trace->start.size() != parameters) return "starting weights do not match the parameters";
    if (trace->store.parameter_count() != parameters)
        return "the coefficient store has another number of parameters";
    for (std::size_t i = 0; i < trace->store.size(); ++i) {
        const auto result = static_cast<int>(trace->store.result(i));
        if (result < 0 || result > 2) return "a position's result is not a loss, draw or win";
    }
    for (std::size_t p = 0; p < parameters; ++p)
        if (trace->parameter_name(p).empty()) return "a parameter without a name";
    const std::string named = tuner::format_named_weights(*trace, trace->start, "fuzz");
    if (named.empty() && parameters > 0) return "named weights are empty";
    return {};
}

}  // namespace draughts::fuzz
