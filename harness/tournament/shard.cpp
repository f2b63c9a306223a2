#include "harness/tournament/shard.hpp"

#include <numeric>

#include "common/text.hpp"

namespace draughts::harness {

std::uint64_t Shard::pairs_among(std::uint64_t pairs) const {
    return pairs / count + (pairs % count > index ? 1 : 0);
}

Expected<Shard> parse_shard(std::string_view text) {
    const auto bad = [&] {
        return make_error("shard '" + std::string(text) +
                          "': expected I/N with 0 <= I < N (e.g. 0/4)");
    };
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) return bad();
    const auto index = parse_number<std::uint64_t>(text.substr(0, slash));
    const auto count = parse_number<std::uint64_t>(text.substr(slash + 1));
    if (!index || !count || *count == 0 || *index >= *count) return bad();
    return Shard{*index, *count};
}

std::string to_string(const Shard& shard) {
    return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

bool shards_overlap(const Shard& a, const Shard& b) {
    // p = I (mod N) and p = J (mod M) have a common solution exactly when gcd(N, M) divides
    // I - J (Chinese remainder theorem).
    const std::uint64_t g = std::gcd(a.count, b.count);
    return a.index % g == b.index % g;
}

}  // namespace draughts::harness
