#include "stats/counts_text.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "common/text.hpp"

namespace draughts::harness {

namespace {

/// Beyond this a count is certainly a typing error, and sums cannot overflow.
constexpr std::int64_t kMaxCount = 1'000'000'000'000'000;

/// "in 'TEXT': DETAIL".
std::string in_text(std::string_view text, std::string_view detail) {
    return fmt::format("in '{}': {}", text, detail);
}

Expected<std::vector<std::int64_t>> parse_list(std::string_view text) {
    std::vector<std::int64_t> values;
    std::size_t start = 0;
    for (int field = 1;; ++field) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item = trim(text.substr(start, comma - start));
        const auto value = parse_number<std::int64_t>(item);
        if (!value || *value < 0 || *value > kMaxCount)
            return make_error(fmt::format(
                "field {} ('{}') is not a count (an integer from 0 to 10^15)", field, item));
        values.push_back(*value);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return values;
}

}  // namespace

Expected<Trinomial> parse_wdl(std::string_view text) {
    const auto values = parse_list(text);
    if (!values) return make_error(in_text(text, values.error().message));
    if (values->size() != 3)
        return make_error(in_text(
            text, fmt::format("{} fields; expected W,D,L (wins, draws, losses)", values->size())));
    return Trinomial{(*values)[0], (*values)[1], (*values)[2]};
}

Expected<Pentanomial> parse_pentanomial(std::string_view text) {
    const auto values = parse_list(text);
    if (!values) return make_error(in_text(text, values.error().message));
    const std::vector<std::int64_t>& v = *values;
    if (v.size() == 5) return Pentanomial::from_bins({v[0], v[1], v[2], v[3], v[4]});
    if (v.size() == 6) return Pentanomial{v[0], v[1], v[2], v[3], v[4], v[5], 0};
    return make_error(in_text(
        text, fmt::format("{} fields; expected LL,LD,WL+DD,WD,WW or LL,LD,WL,DD,WD,WW", v.size())));
}

}  // namespace draughts::harness
