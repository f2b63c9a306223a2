#include "spsa/spsa_state.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "common/file_io.hpp"
#include "common/json.hpp"
#include "common/text.hpp"

namespace draughts::spsa {

namespace {

constexpr int kStateVersion = 1;

Expected<std::vector<double>> numbers_of(const Json& value, std::size_t count,
                                         const std::string& what) {
    if (!value.is_array() || value.size() != count)
        return make_error(what + ": expected a list of " + std::to_string(count) + " numbers");
    std::vector<double> out;
    for (const Json& number : value) {
        if (!number.is_number() || !std::isfinite(number.get<double>()))
            return make_error(what + ": expected a list of numbers");
        out.push_back(number.get<double>());
    }
    return out;
}

}  // namespace

SpsaState initial_state(const SpsaSchedule& schedule, std::string trajectory_sha256) {
    SpsaState state;
    state.recent.push_back(schedule.start());
    state.trajectory_sha256 = std::move(trajectory_sha256);
    return state;
}

Expected<SpsaState> read_state(const std::filesystem::path& file) {
    const auto text = read_whole_file(file);
    if (!text) return text.error();
    auto json = parse_json(*text, file.string());
    if (!json) return json.error();
    const std::string where = file.string();
    const auto version = int_field(*json, "version");
    if (!version || *version != kStateVersion)
        return make_error(where + ": not an SPSA state of version " +
                          std::to_string(kStateVersion));
    SpsaState state;
    const auto applied = int_field(*json, "applied");
    const Json* recent = json_field(*json, "recent");
    const std::string* hash = string_field(*json, "trajectory_sha256");
    if (!applied || *applied < 0 || recent == nullptr || !recent->is_array() || recent->empty() ||
        hash == nullptr)
        return make_error(where + ": damaged (applied, recent and trajectory_sha256 are needed)");
    state.applied = static_cast<int>(*applied);
    state.trajectory_sha256 = *hash;
    const std::size_t count = (*recent)[0].is_array() ? (*recent)[0].size() : 0;
    for (const Json& theta : *recent) {
        auto values = numbers_of(theta, count, where + ": recent");
        if (!values) return values.error();
        state.recent.push_back(std::move(values).value());
    }
    for (const auto& [key, field] :
         {std::pair{"wins", &state.wins}, std::pair{"draws", &state.draws},
          std::pair{"losses", &state.losses}}) {
        const auto value = int_field(*json, key);
        if (!value || *value < 0) return make_error(where + ": damaged (" + key + ")");
        *field = *value;
    }
    const Json* seconds = json_field(*json, "seconds");
    state.seconds = seconds != nullptr && seconds->is_number() ? seconds->get<double>() : 0.0;
    return state;
}

Expected<void> write_state(const std::filesystem::path& file, const SpsaState& state) {
    Json json = {{"version", kStateVersion},
                 {"applied", state.applied},
                 {"wins", state.wins},
                 {"draws", state.draws},
                 {"losses", state.losses},
                 {"seconds", state.seconds},
                 {"trajectory_sha256", state.trajectory_sha256},
                 {"recent", Json::array()}};
    for (const auto& theta : state.recent) json["recent"].push_back(theta);
    return write_file_atomically(file, dump_json(json, 1) + "\n");
}

std::string csv_header(const std::vector<SpsaParameter>& parameters) {
    std::string header = "iteration,wins,draws,losses";
    for (const SpsaParameter& p : parameters) header += fmt::format(",{0},{0}:c_k,{0}:a_k", p.name);
    return header;
}

std::string csv_line(const CsvRow& row) {
    std::string line = fmt::format("{},{},{},{}", row.iteration, row.wins, row.draws, row.losses);
    for (std::size_t p = 0; p < row.theta.size(); ++p)
        line += fmt::format(",{:.17g},{:.17g},{:.17g}", row.theta[p], row.c_k[p], row.a_k[p]);
    return line;
}

Expected<std::vector<CsvRow>> parse_csv(std::string_view text, std::string_view source,
                                        std::vector<std::string>* names) {
    std::vector<CsvRow> rows;
    std::size_t parameters = 0;
    int line_number = 0;
    for (std::string_view rest = text; !rest.empty();) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = trim(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        ++line_number;
        const auto where = [&] { return std::string(source) + ":" + std::to_string(line_number); };
        const std::vector<std::string_view> fields = split(line, ',');
        if (line_number == 1) {
            if (fields.size() < 4 || (fields.size() - 4) % 3 != 0 || fields[0] != "iteration")
                return make_error(where() + ": not the header of spsa.csv");
            parameters = (fields.size() - 4) / 3;
            if (names != nullptr)
                for (std::size_t p = 0; p < parameters; ++p) names->emplace_back(fields[4 + 3 * p]);
            continue;
        }
        if (line.empty()) continue;
        if (fields.size() != 4 + 3 * parameters)
            return make_error(where() + ": expected " + std::to_string(4 + 3 * parameters) +
                              " fields, got " + std::to_string(fields.size()));
        CsvRow row;
        int* counts[] = {&row.iteration, &row.wins, &row.draws, &row.losses};
        for (std::size_t i = 0; i < 4; ++i) {
            const auto n = parse_number<int>(fields[i]);
            if (!n)
                return make_error(where() + ": field " + std::to_string(i + 1) + " is no integer");
            *counts[i] = *n;
        }
        for (std::size_t p = 0; p < parameters; ++p) {
            for (auto [offset, list] :
                 {std::pair{0u, &row.theta}, std::pair{1u, &row.c_k}, std::pair{2u, &row.a_k}}) {
                const auto value = parse_number<double>(fields[4 + 3 * p + offset]);
                if (!value) return make_error(where() + ": a field is no number");
                list->push_back(*value);
            }
        }
        rows.push_back(std::move(row));
    }
    if (line_number == 0) return make_error(std::string(source) + ": empty");
    return rows;
}

Expected<CsvFile> CsvFile::open(const std::filesystem::path& file,
                                const std::vector<SpsaParameter>& parameters, int rows) {
    std::string kept = csv_header(parameters) + "\n";
    if (auto text = read_whole_file(file)) {
        // Keep the header and the first `rows` rows (a crash may have left a row past the state,
        // or half a row).
        std::size_t at = 0;
        int complete = 0;  // lines with their newline, the header first
        while (complete <= rows) {
            const std::size_t end = text->find('\n', at);
            if (end == std::string::npos) break;
            at = end + 1;
            ++complete;
        }
        if (complete < rows + 1)
            return make_error(file.string() + ": has " + std::to_string(std::max(complete - 1, 0)) +
                              " complete rows, the state " + std::to_string(rows));
        if (text->substr(0, text->find('\n') + 1) != kept)
            return make_error(file.string() + ": its header is not this run's");
        kept = text->substr(0, at);
    } else if (rows > 0) {
        return make_error(file.string() + ": missing, but the state has " + std::to_string(rows) +
                          " iterations");
    }
    if (auto ok = write_file_atomically(file, kept); !ok) return ok.error();
    UniqueFd fd(::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC));
    if (!fd) return make_error(file.string() + ": cannot open for appending");
    return CsvFile(file, std::move(fd));
}

Expected<void> CsvFile::append(const CsvRow& row) {
    if (auto ok = write_all(fd_.get(), csv_line(row) + "\n", path_); !ok) return ok;
    if (::fdatasync(fd_.get()) != 0) return make_error(path_.string() + ": cannot sync");
    return {};
}

}  // namespace draughts::spsa
