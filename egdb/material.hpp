#pragma once
// The material of a position (men and kings of each side): it names a slice of the endgame
// database, decides which FMJD counting rule applies, and orders the slices so that every move
// that leaves a slice (a capture or a promotion) leads to a slice that is already solved.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/draw_rules.hpp"
#include "rules/position.hpp"

namespace draughts::egdb {

/// Men and kings of each side. A database slice holds every position of one canonical material,
/// with either side to move; the colour-reversed material is reached by turning the board.
struct Material {
    int white_men = 0;
    int white_kings = 0;
    int black_men = 0;
    int black_kings = 0;

    static Material of(const rules::Position& position);

    int white() const { return white_men + white_kings; }
    int black() const { return black_men + black_kings; }
    int pieces() const { return white() + black(); }
    int men() const { return white_men + black_men; }

    /// The same material with the colours exchanged (the board turned by 180 degrees).
    Material flipped() const { return {black_men, black_kings, white_men, white_kings}; }
    /// True for the one of {m, m.flipped()} the database stores: White has the more pieces, then
    /// the more kings. A symmetric material is canonical.
    bool is_canonical() const;
    Material canonical() const { return is_canonical() ? *this : flipped(); }

    /// The counting rule of this material: the 16-move rule [FMJD 6.3], the 5-move rule [6.4]
    /// or none (then the 25-move rule [6.2] counts), as rules::endgame_rule decides it.
    rules::EndgameRule rule() const;

    /// A distinct number below kMaterialKeys (each count at most kMaxDatabasePieces), for
    /// tables indexed by material.
    std::size_t key() const;

    /// Name of the slice: White's pieces, "v", Black's pieces, kings (K) before men (M), e.g.
    /// "KKMvK" for two kings and a man against a king.
    std::string name() const;
    /// Reads a name written by name(); nullopt for anything else.
    static std::optional<Material> parse(std::string_view name);

    friend bool operator==(const Material&, const Material&) = default;
};

/// Every canonical material with 2 to `max_pieces` pieces (each side at least one), in the
/// order the builder solves them: fewer pieces first, then fewer men, then by name. A capture
/// lowers the piece count and a promotion the number of men, so every slice a move leads to
/// comes earlier (or is the slice itself, for moves that keep the material).
std::vector<Material> materials_up_to(int max_pieces);

/// Largest number of pieces of a database: 5 pieces are 1.57 billion positions, and the
/// builder keeps a slice in memory (6 pieces would need slices of several billion).
inline constexpr int kMaxDatabasePieces = 5;
inline constexpr std::size_t kMaterialKeys = (kMaxDatabasePieces + 1) * (kMaxDatabasePieces + 1) *
                                             (kMaxDatabasePieces + 1) * (kMaxDatabasePieces + 1);

}  // namespace draughts::egdb
