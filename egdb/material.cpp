#include "egdb/material.hpp"

#include <algorithm>
#include <tuple>

namespace draughts::egdb {

namespace {

/// Orders materials by what the canonical form prefers: more pieces for White, then more kings.
auto strength_key(const Material& m) {
    return std::tuple(m.white(), m.white_kings, m.black(), m.black_kings);
}

/// A position with the material `m` on arbitrary distinct squares of the middle rows (where men
/// of both colours may stand), to ask the rules core which counting rule applies.
rules::Position sample_position(const Material& m) {
    rules::Bitboard white = 0;
    rules::Bitboard black = 0;
    rules::Bitboard kings = 0;
    int square = 21;
    const auto place = [&](rules::Bitboard& side, int count, bool king) {
        for (int i = 0; i < count; ++i, ++square) {
            side |= rules::square_bit(square);
            if (king) kings |= rules::square_bit(square);
        }
    };
    place(white, m.white_men, false);
    place(white, m.white_kings, true);
    place(black, m.black_men, false);
    place(black, m.black_kings, true);
    return rules::Position::from_bitboards(white, black, kings, rules::Color::White);
}

std::string side_name(int kings, int men) {
    return std::string(static_cast<std::size_t>(kings), 'K') +
           std::string(static_cast<std::size_t>(men), 'M');
}

/// Reads "KKM": kings first, then men; nullopt for anything else or an empty side.
std::optional<std::pair<int, int>> parse_side(std::string_view text) {
    std::size_t i = 0;
    int kings = 0;
    int men = 0;
    while (i < text.size() && text[i] == 'K') ++kings, ++i;
    while (i < text.size() && text[i] == 'M') ++men, ++i;
    if (i != text.size() || kings + men == 0) return std::nullopt;
    return std::pair(kings, men);
}

}  // namespace

Material Material::of(const rules::Position& position) {
    return {rules::popcount(position.men(rules::Color::White)),
            rules::popcount(position.kings(rules::Color::White)),
            rules::popcount(position.men(rules::Color::Black)),
            rules::popcount(position.kings(rules::Color::Black))};
}

bool Material::is_canonical() const { return strength_key(*this) >= strength_key(flipped()); }

rules::EndgameRule Material::rule() const {
    if (pieces() > kMaxDatabasePieces) return rules::EndgameRule::None;
    return rules::endgame_rule(sample_position(*this));
}

std::size_t Material::key() const {
    constexpr std::size_t kCounts = kMaxDatabasePieces + 1;
    const auto k = [](int n) { return static_cast<std::size_t>(n); };
    return ((k(white_men) * kCounts + k(white_kings)) * kCounts + k(black_men)) * kCounts +
           k(black_kings);
}

std::string Material::name() const {
    return side_name(white_kings, white_men) + "v" + side_name(black_kings, black_men);
}

std::optional<Material> Material::parse(std::string_view name) {
    const std::size_t v = name.find('v');
    if (v == std::string_view::npos) return std::nullopt;
    const auto white = parse_side(name.substr(0, v));
    const auto black = parse_side(name.substr(v + 1));
    if (!white || !black) return std::nullopt;
    return Material{white->second, white->first, black->second, black->first};
}

std::vector<Material> materials_up_to(int max_pieces) {
    std::vector<Material> out;
    for (int n = 2; n <= max_pieces; ++n)
        for (int w = 1; w < n; ++w)
            for (int wm = 0; wm <= w; ++wm)
                for (int bm = 0; bm <= n - w; ++bm) {
                    const Material m{wm, w - wm, bm, n - w - bm};
                    if (m.is_canonical()) out.push_back(m);
                }
    std::stable_sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
        return std::tuple(a.pieces(), a.men(), a.name()) <
               std::tuple(b.pieces(), b.men(), b.name());
    });
    return out;
}

}  // namespace draughts::egdb
