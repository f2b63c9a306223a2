#include "rules/position.hpp"

#include "common/portable_random.hpp"
#include "rules/variant.hpp"
#include "rules/zobrist.hpp"

namespace draughts::rules {

namespace {
std::uint64_t hash_of_set(Bitboard set, Color color, bool king) {
    std::uint64_t h = 0;
    while (set != 0) h ^= zobrist_piece(color, king, pop_lsb(set));
    return h;
}

/// The hash key of both sides' runs of king moves: 0 for none, so that variants without runs and
/// positions without one hash as before. A template, so that it is compiled only for the variants
/// that count king moves (none of the variants on main yet: clang would call a plain function
/// unneeded).
template <typename Runs>
std::uint64_t hash_of_runs(const Runs& runs) {
    if constexpr (std::is_same_v<Runs, NoRuns>) {
        return 0;
    } else {
        std::uint64_t key = 0;
        for (const Color c : {Color::White, Color::Black}) {
            const auto i = static_cast<std::size_t>(index_of(c));
            if (runs.count[i] == 0) continue;
            std::uint64_t state = 0x6B696E672072756EULL ^ (std::uint64_t{runs.count[i]} << 16) ^
                                  (std::uint64_t{runs.king[i]} << 8) ^ std::uint64_t(i);
            key ^= SplitMix64(state).next();
        }
        return key;
    }
}
}  // namespace

template <typename V>
BasicPosition<V> BasicPosition<V>::initial() {
    Bitboard black = 0;
    Bitboard white = 0;
    for (Square s = 1; s <= V::kMenPerSide; ++s) black |= Board::square_bit(s);
    for (Square s = Board::kNumSquares - V::kMenPerSide + 1; s <= Board::kNumSquares; ++s)
        white |= Board::square_bit(s);
    return from_bitboards(white, black, 0, V::kFirstToMove);
}

template <typename V>
BasicPosition<V> BasicPosition<V>::from_bitboards(Bitboard white, Bitboard black, Bitboard kings,
                                                  Color to_move) {
    assert((white & black) == 0);
    assert(((white | black) & ~Board::kMask) == 0);
    assert((kings & ~(white | black)) == 0);
    BasicPosition p;
    p.white_ = white;
    p.black_ = black;
    p.kings_ = kings;
    p.side_ = to_move;
    p.hash_ = p.compute_hash();
    return p;
}

template <typename V>
std::uint64_t BasicPosition<V>::compute_hash() const {
    std::uint64_t h = hash_of_set(white_ & ~kings_, Color::White, false) ^
                      hash_of_set(white_ & kings_, Color::White, true) ^
                      hash_of_set(black_ & ~kings_, Color::Black, false) ^
                      hash_of_set(black_ & kings_, Color::Black, true);
    if (side_ == Color::Black) h ^= kZobrist.black_to_move;
    return h ^ hash_of_runs(runs_);
}

template <typename V>
Piece BasicPosition<V>::piece_at(Square square) const {
    const Bitboard b = Board::square_bit(square);
    const bool king = (kings_ & b) != 0;
    if (white_ & b) return king ? Piece::WhiteKing : Piece::WhiteMan;
    if (black_ & b) return king ? Piece::BlackKing : Piece::BlackMan;
    return Piece::None;
}

template <typename V>
BasicPosition<V> BasicPosition<V>::after(const MoveType& move) const {
    BasicPosition next = *this;
    const Color us = side_;
    const Color them = opposite(us);
    const Bitboard from = Bitboard{1} << move.from_index();
    const Bitboard to = Bitboard{1} << move.to_index();
    const bool was_king = (kings_ & from) != 0;
    bool becomes_king = was_king || (to & Board::promotion_row(us)) != 0;
    if constexpr (V::kPromoteInCapture) becomes_king = becomes_king || move.crowns_in_capture();

    Bitboard& own = us == Color::White ? next.white_ : next.black_;
    Bitboard& opp = us == Color::White ? next.black_ : next.white_;
    // The origin is cleared before the destination is set: a capture may end where it started.
    own &= ~from;
    own |= to;
    next.kings_ &= ~from;
    if (becomes_king) next.kings_ |= to;
    std::uint64_t h = hash_ ^ zobrist_piece(us, was_king, move.from_index()) ^
                      zobrist_piece(us, becomes_king, move.to_index()) ^ kZobrist.black_to_move;

    if (const Bitboard captured = move.captured(); captured != 0) {
        h ^= hash_of_set(captured & ~kings_, them, false) ^
             hash_of_set(captured & kings_, them, true);
        opp &= ~captured;
        next.kings_ &= ~captured;
    }
    if constexpr (kHasRuns) h ^= update_runs(next, move, was_king);
    next.hash_ = h;
    next.side_ = them;
    return next;
}

template <typename V>
std::uint64_t BasicPosition<V>::update_runs(BasicPosition& next, const MoveType& move,
                                            bool was_king) const {
    if constexpr (kHasRuns) {
        const Color us = side_;
        const Color them = opposite(us);
        const auto u = static_cast<std::size_t>(index_of(us));
        const auto t = static_cast<std::size_t>(index_of(them));
        KingMoveRuns runs = runs_;
        // A quiet king move extends the run of that king or starts one; a man move or a capture
        // ends it [FRS 6]. A side without men has no run: the limit does not apply to it.
        if (was_king && !move.is_capture() && next.men(us) != 0) {
            const bool same = runs.king[u] == move.from_index();
            runs.count[u] = static_cast<std::uint8_t>(same ? runs.count[u] + 1 : 1);
            runs.king[u] = static_cast<std::uint8_t>(move.to_index());
        } else {
            runs.count[u] = 0;
            runs.king[u] = KingMoveRuns::kNone;
        }
        // The opponent's run ends with its king taken or its last man.
        const bool king_taken =
            runs.king[t] != KingMoveRuns::kNone && ((move.captured() >> runs.king[t]) & 1) != 0;
        if (king_taken || next.men(them) == 0) {
            runs.count[t] = 0;
            runs.king[t] = KingMoveRuns::kNone;
        }
        next.runs_ = runs;
        return hash_of_runs(runs_) ^ hash_of_runs(runs);
    } else {
        (void)next;
        (void)move;
        (void)was_king;
        return 0;
    }
}

template <typename V>
BasicPosition<V> BasicPosition<V>::with_side_to_move(Color c) const {
    BasicPosition p = *this;
    if (p.side_ != c) {
        p.side_ = c;
        p.hash_ ^= kZobrist.black_to_move;
    }
    return p;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_POSITION(V) template class BasicPosition<V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_POSITION)
#undef DRAUGHTS_INSTANTIATE_POSITION

}  // namespace draughts::rules
