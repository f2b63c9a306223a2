#include "egdb/slice_index.hpp"

#include <cassert>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "egdb/combinations.hpp"
#include "rules/board_geometry.hpp"

namespace draughts::egdb {

namespace {

using rules::Bitboard;

/// Places a man can occupy: a White man on 6-50 (place = square - 6), a Black man on 1-45
/// (place = square - 1); on its promotion row it would be a king [FMJD 3.5].
constexpr int kManPlaces = 45;

Bitboard below(int bit) { return (Bitboard{1} << bit) - 1; }

/// Places of the squares in `set`, in increasing order, each square minus `offset`.
int man_places(Bitboard set, int offset, int* places) {
    int k = 0;
    rules::for_each_square(set, [&](rules::Square s) { places[k++] = s - offset; });
    return k;
}

/// Places of the bits of `set` among the bits of `among`.
int places_among(Bitboard set, Bitboard among, int* places) {
    int k = 0;
    while (set != 0) places[k++] = rules::popcount(among & below(rules::pop_lsb(set)));
    return k;
}

/// The bits of `among` at the increasing places places[0..k-1].
Bitboard select_places(Bitboard among, const int* places, int k) {
#ifdef __BMI2__
    std::uint64_t chosen = 0;
    for (int i = 0; i < k; ++i) chosen |= std::uint64_t{1} << places[i];
    return _pdep_u64(chosen, among);
#else
    Bitboard set = 0;
    for (int place = 0, i = 0; i < k; ++place) {
        const int bit = rules::pop_lsb(among);
        if (place == places[i]) {
            set |= Bitboard{1} << bit;
            ++i;
        }
    }
    return set;
#endif
}

Bitboard men_from_places(const int* places, int k, int offset) {
    Bitboard set = 0;
    for (int i = 0; i < k; ++i) set |= rules::square_bit(places[i] + offset);
    return set;
}

}  // namespace

BlockKings::BlockKings(const Material& material, const BlockMen& men)
    : white_kings_(material.white_kings),
      black_kings_(material.black_kings),
      free_(rules::kBoardMask & ~(men.white | men.black)) {
    const int free_count = rules::popcount(free_);
    black_count_ = binomial(free_count - white_kings_, black_kings_);
    count_ = binomial(free_count, white_kings_) * black_count_;
}

std::uint64_t BlockKings::number(Bitboard white_kings, Bitboard black_kings) const {
    std::array<int, kMaxSetSize> places{};
    const int w = places_among(white_kings, free_, places.data());
    const std::uint64_t white_rank = rank_set(places.data(), w);
    const int b = places_among(black_kings, free_ & ~white_kings, places.data());
    return white_rank * black_count_ + rank_set(places.data(), b);
}

std::array<Bitboard, 2> BlockKings::kings(std::uint64_t n) const {
    std::array<int, kMaxSetSize> places{};
    unrank_set(n / black_count_, white_kings_, places.data());
    const Bitboard white = select_places(free_, places.data(), white_kings_);
    unrank_set(n % black_count_, black_kings_, places.data());
    return {white, select_places(free_ & ~white, places.data(), black_kings_)};
}

SliceIndex::SliceIndex(const Material& material)
    : material_(material),
      black_men_sets_(binomial(kManPlaces, material.black_men)),
      blocks_(binomial(kManPlaces, material.white_men) * black_men_sets_) {
    const int free_count = rules::kNumSquares - material.men();
    block_size_ = 2 * binomial(free_count, material.white_kings) *
                  binomial(free_count - material.white_kings, material.black_kings);
}

std::uint64_t SliceIndex::block_of(const BlockMen& men) const {
    std::array<int, kMaxSetSize> places{};
    const int w = man_places(men.white, 6, places.data());
    const std::uint64_t white_rank = rank_set(places.data(), w);
    const int b = man_places(men.black, 1, places.data());
    return white_rank * black_men_sets_ + rank_set(places.data(), b);
}

std::optional<BlockMen> SliceIndex::block_men(std::uint64_t block) const {
    assert(block < blocks_);
    std::array<int, kMaxSetSize> places{};
    unrank_set(block / black_men_sets_, material_.white_men, places.data());
    BlockMen men;
    men.white = men_from_places(places.data(), material_.white_men, 6);
    unrank_set(block % black_men_sets_, material_.black_men, places.data());
    men.black = men_from_places(places.data(), material_.black_men, 1);
    if ((men.white & men.black) != 0) return std::nullopt;
    return men;
}

std::uint64_t SliceIndex::index(const rules::Position& position) const {
    const BlockMen men{position.men(rules::Color::White), position.men(rules::Color::Black)};
    const BlockKings kings(material_, men);
    const std::uint64_t side = position.side_to_move() == rules::Color::White ? 0 : 1;
    const std::uint64_t n =
        kings.number(position.kings(rules::Color::White), position.kings(rules::Color::Black));
    return block_of(men) * block_size_ + side * kings_per_block() + n;
}

std::optional<rules::Position> SliceIndex::position(std::uint64_t index) const {
    const auto men = block_men(index / block_size_);
    if (!men) return std::nullopt;
    const std::uint64_t within = index % block_size_;
    const rules::Color side =
        within < kings_per_block() ? rules::Color::White : rules::Color::Black;
    const auto [white_kings, black_kings] =
        BlockKings(material_, *men).kings(within % kings_per_block());
    return rules::Position::from_bitboards(men->white | white_kings, men->black | black_kings,
                                           white_kings | black_kings, side);
}

int men_advancement(const BlockMen& men) {
    int total = 0;
    // A White man advances from row 9 (46-50) towards row 1; a Black man the other way, which is
    // the same count on the board turned by 180 degrees.
    rules::for_each_square(men.white,
                           [&](rules::Square s) { total += rules::geometry::advancement(s); });
    rules::for_each_square(men.black, [&](rules::Square s) {
        total += rules::geometry::advancement(rules::kNumSquares + 1 - s);
    });
    return total;
}

}  // namespace draughts::egdb
