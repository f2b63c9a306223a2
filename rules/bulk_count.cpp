// Bulk counting: the number of legal moves (perft 1) and of two-ply sequences (perft 2) without
// generating move lists or building Position values, for the last two plies of perft.

#include "rules/bulk_count.hpp"

#include "rules/capture_search.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

namespace detail {

namespace {

/// The men on `at`, having just jumped in direction Last, that can jump on in direction Next;
/// never straight back, over the piece just taken.
template <int Last, int Next>
Bitboard jumping_on(Bitboard at, Bitboard enemies, Bitboard empty) {
    if constexpr (Last == -Next) {
        return 0;
    } else {
        return men_jumping<Next>(at, enemies, empty);
    }
}

// The small helpers of the bulk count are forced inline: with every variant's instantiation in
// one unity translation unit, GCC stopped inlining them on its own and international perft ran
// 7 % slower (results/2026-12-04-variants-speed.md).

/// Where two-jump captures whose second jump goes in direction D2 end; adds their number to
/// `count`. Counted per first direction: two men may jump onto the same first landing square.
template <typename B, int D2>
[[gnu::always_inline]] inline Bitboard two_jump_landings(const ManJumps& jumps, Bitboard enemies,
                                                         Bitboard empty, int& count) {
    const Bitboard a =
        jumping_on<B::kUpLeft, D2>(shift<2 * B::kUpLeft>(jumps.up_left), enemies, empty);
    const Bitboard b =
        jumping_on<B::kUpRight, D2>(shift<2 * B::kUpRight>(jumps.up_right), enemies, empty);
    const Bitboard c =
        jumping_on<B::kDownLeft, D2>(shift<2 * B::kDownLeft>(jumps.down_left), enemies, empty);
    const Bitboard d =
        jumping_on<B::kDownRight, D2>(shift<2 * B::kDownRight>(jumps.down_right), enemies, empty);
    count += popcount(a) + popcount(b) + popcount(c) + popcount(d);
    return shift<2 * D2>(a | b | c | d);
}

/// Whether a man on one of `landings`, having jumped last in direction D2, can jump a third time.
/// The plain `empty` is exact: a third jump can land neither on the origin (three diagonal steps
/// never cancel out) nor on the first landing (that would be straight back).
template <typename B, int D2>
[[gnu::always_inline]] inline Bitboard third_jumps(Bitboard landings, Bitboard enemies,
                                                   Bitboard empty) {
    return jumping_on<D2, B::kUpLeft>(landings, enemies, empty) |
           jumping_on<D2, B::kUpRight>(landings, enemies, empty) |
           jumping_on<D2, B::kDownLeft>(landings, enemies, empty) |
           jumping_on<D2, B::kDownRight>(landings, enemies, empty);
}

/// Number of men's captures when the longest take two pieces, all counted at once; -1 when some
/// capture goes on to take a third. Two two-jump routes are never the same move (the pieces
/// taken differ), so no duplicates arise.
template <typename B>
[[gnu::always_inline]] inline int count_two_piece_captures(const ManJumps& jumps, Bitboard enemies,
                                                           Bitboard empty) {
    int count = 0;
    const Bitboard third =
        third_jumps<B, B::kUpLeft>(two_jump_landings<B, B::kUpLeft>(jumps, enemies, empty, count),
                                   enemies, empty) |
        third_jumps<B, B::kUpRight>(two_jump_landings<B, B::kUpRight>(jumps, enemies, empty, count),
                                    enemies, empty) |
        third_jumps<B, B::kDownLeft>(
            two_jump_landings<B, B::kDownLeft>(jumps, enemies, empty, count), enemies, empty) |
        third_jumps<B, B::kDownRight>(
            two_jump_landings<B, B::kDownRight>(jumps, enemies, empty, count), enemies, empty);
    return third == 0 ? count : -1;
}

/// Number of legal captures of men, given that some of them (`multi`) need the search. Under the
/// majority rule only they are searched, after the quick count of two-piece captures; without it
/// every jumping man is. Kept out of line: it is the rare case, and inlining it would burden the
/// common one.
template <typename V, Color Us>
[[gnu::noinline]] int count_multi_captures(const ManJumps& jumps, Bitboard multi, Bitboard enemies,
                                           Bitboard empty, Duplicates duplicates) {
    using B = typename V::Board;
    // The quick count jumps in every direction: men that capture backwards.
    static_assert(!V::kMajorityRule || V::kMenCaptureBackward);
    if constexpr (V::kMajorityRule) {
        if (const int two = count_two_piece_captures<B>(jumps, enemies, empty); two >= 0)
            return two;
    }
    BasicMoveList<V> repeatable;  // only captures of 4+ pieces are stored, to drop duplicates
    CaptureSearch<V, CaptureSink::Count> search(enemies, empty, repeatable, duplicates,
                                                B::promotion_row(Us), 0, Us);
    for (Bitboard from = V::kMajorityRule ? multi : jumps.any(); from != 0;)
        search.from_man(pop_lsb(from));
    return search.count();
}

/// Number of captures when only men (of colour Us) can capture, given their jumps. When some
/// capture takes two pieces or more, the majority rule [FMJD 4.13] rules out every single jump,
/// so only the men whose capture continues are searched.
template <typename V, Color Us>
[[gnu::always_inline]] inline int count_man_captures(const ManJumps& jumps, Bitboard enemies,
                                                     Bitboard empty, Duplicates duplicates) {
    const Bitboard multi = men_needing_search<V, Us>(jumps, enemies, empty);
    if (multi == 0) [[likely]]
        return jumps.count();
    return count_multi_captures<V, Us>(jumps, multi, enemies, empty, duplicates);
}

/// Number of legal captures when some king can capture (men may too). Kept out of line, like
/// count_multi_captures, so that the quiet case stays small.
template <typename V, Color Us>
[[gnu::noinline]] int count_captures_with_kings(const ManJumps& jumps, Bitboard own_kings,
                                                Bitboard enemies, Bitboard enemy_kings,
                                                Bitboard empty, Duplicates duplicates) {
    using B = typename V::Board;
    BasicMoveList<V> repeatable;  // only captures of 4+ pieces are stored, to drop duplicates
    CaptureSearch<V, CaptureSink::Count> search(enemies, empty, repeatable, duplicates,
                                                B::promotion_row(Us), enemy_kings, Us);
    const Bitboard multi =
        jumps.any() != 0 ? men_needing_search<V, Us>(jumps, enemies, empty) : Bitboard{0};
    search_pieces(search, jumps, multi, own_kings);
    return search.count();
}

/// count_on once the quiet moves and capture test of the kings (`own_kings`) are known.
template <typename V, Color Us>
[[gnu::always_inline]] inline int count_with_reach(Bitboard men, Bitboard own_kings,
                                                   Bitboard enemies, Bitboard enemy_kings,
                                                   Bitboard empty, const KingReach& reach,
                                                   Duplicates duplicates) {
    using B = typename V::Board;
    const ManJumps jumps = man_jumps<V, Us>(men, enemies, empty);
    if (reach.can_capture)
        return count_captures_with_kings<V, Us>(jumps, own_kings, enemies, enemy_kings, empty,
                                                duplicates);
    if (jumps.any() != 0) return count_man_captures<V, Us>(jumps, enemies, empty, duplicates);
    return popcount(shift<Forward<B, Us>::kLeft>(men) & empty) +
           popcount(shift<Forward<B, Us>::kRight>(men) & empty) + reach.quiet_moves;
}

}  // namespace

template <typename V, Color Us>
[[gnu::always_inline]] inline int count_on_bitboards(Bitboard own, Bitboard enemies, Bitboard kings,
                                                     Duplicates duplicates) {
    using B = typename V::Board;
    const Bitboard empty = B::kMask & ~(own | enemies);
    const Bitboard own_kings = own & kings;
    const KingReach reach =
        own_kings != 0 ? king_reach<V>(own_kings, enemies, empty) : KingReach{0, false, 0};
    return count_with_reach<V, Us>(own & ~kings, own_kings, enemies, enemies & kings, empty, reach,
                                   duplicates);
}

/// The position of three bare bitboards with Us to move (no runs of king moves).
template <typename V, Color Us>
BasicPosition<V> position_of(Bitboard own, Bitboard enemies, Bitboard kings) {
    return Us == Color::White ? BasicPosition<V>::from_bitboards(own, enemies, kings, Us)
                              : BasicPosition<V>::from_bitboards(enemies, own, kings, Us);
}

template <typename V, Color Us>
int count_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates) {
    if constexpr (!kBulkCounting<V>) {
        return count_moves(position_of<V, Us>(own, enemies, kings), duplicates);
    } else {
        return count_on_bitboards<V, Us>(own, enemies, kings, duplicates);
    }
}

namespace {

/// The squares `to` among `targets` (our man steps in direction Step) after which an opponent
/// with men only, and no capture before the step, can capture: only by jumping the man on its new
/// square (in any direction D; the square it left is free) or by landing on the square it left.
template <int Step, int D>
[[gnu::always_inline]] inline Bitboard steps_exposing_in(Bitboard targets, Bitboard enemies,
                                                         Bitboard own, Bitboard empty) {
    const Bitboard landing_free = D == -Step ? targets : shift<-D>(empty);
    Bitboard exposed = targets & shift<D>(enemies) & landing_free;
    if constexpr (D != -Step) {
        // The jumper stands two steps from the square left, over one of our pieces; checking that
        // middle piece on the board also keeps the two-step shift from wrapping around an edge.
        const Bitboard left = shift<-Step>(targets);
        exposed |= shift<Step>(left & shift<2 * D>(enemies) & shift<D>(own));
    }
    return exposed;
}

template <typename B, int Step>
[[gnu::always_inline]] inline Bitboard steps_exposing(Bitboard targets, Bitboard enemies,
                                                      Bitboard own, Bitboard empty) {
    return steps_exposing_in<Step, B::kUpLeft>(targets, enemies, own, empty) |
           steps_exposing_in<Step, B::kUpRight>(targets, enemies, own, empty) |
           steps_exposing_in<Step, B::kDownLeft>(targets, enemies, own, empty) |
           steps_exposing_in<Step, B::kDownRight>(targets, enemies, own, empty);
}

/// The opponent's move count after one of our quiet moves, with what does not depend on the move
/// worked out once: the quiet moves of its men, which a move changes only on the two squares it
/// touches, and the moves of its kings, which stay the same after a move outside their influence
/// (see KingReach) as long as they cannot capture. Other moves are counted from scratch.
template <typename V, Color Them>
class Replies {
    using B = typename V::Board;

  public:
    Replies(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates)
        : own_(own),
          enemies_(enemies),
          kings_(kings),
          empty_(B::kMask & ~(own | enemies)),
          men_(enemies & ~kings),
          reach_left_(shift<Forward<B, Them>::kLeft>(men_)),
          reach_right_(shift<Forward<B, Them>::kRight>(men_)),
          men_quiet_(popcount(reach_left_ & empty_) + popcount(reach_right_ & empty_)),
          duplicates_(duplicates) {
        if (const Bitboard their_kings = enemies & kings; their_kings != 0) {
            const KingReach reach = king_reach<V>(their_kings, own, empty_);
            kings_quiet_ = reach.quiet_moves;
            influence_ = reach.can_capture ? ~Bitboard{0} : reach.influence;
        }
    }

    /// Number of replies after our piece moved from `from` to `to` (single-bit sets).
    [[gnu::always_inline]] int after(Bitboard from, Bitboard to) const {
        const Bitboard child_own = own_ ^ from ^ to;
        // Our pieces' kind does not change the opponent's moves, so `kings_` needs no update;
        // except under the killer rule, where a king taken last stops the captor [KIL 1].
        if (((from | to) & influence_) != 0)
            return count_on<V, Them>(enemies_, child_own, kings_after(from, to), duplicates_);
        const Bitboard child_empty = empty_ ^ from ^ to;
        const ManJumps jumps = man_jumps<V, Them>(men_, child_own, child_empty);
        if (jumps.any() != 0)
            return count_man_captures<V, Them>(jumps, child_own, child_empty, duplicates_);
        return men_quiet_ + reachers(from) - reachers(to) + kings_quiet_;
    }

    /// Replies summed over the quiet man steps to `to` in direction Step, for an opponent with
    /// men only and no capture now after which it still has none (see steps_exposing).
    template <int Step>
    std::int64_t after_quiet_steps(Bitboard to) const {
        return std::int64_t{popcount(to)} * men_quiet_ + reachers(shift<-Step>(to)) - reachers(to);
    }

  private:
    /// The kings after our piece moved from `from` to `to`: moved along, or crowned on the far
    /// row, where the kind of piece taken matters (the killer rule); unchanged elsewhere.
    Bitboard kings_after(Bitboard from, Bitboard to) const {
        if constexpr (V::kKingStopsBehindKing) {
            if ((kings_ & from) != 0) return kings_ ^ from ^ to;
            return kings_ | (to & B::promotion_row(opposite(Them)));
        } else {
            (void)from;
            (void)to;
            return kings_;
        }
    }

    // Their men that step onto `squares` (each counts once per such step).
    int reachers(Bitboard squares) const {
        return popcount(reach_left_ & squares) + popcount(reach_right_ & squares);
    }

    Bitboard own_;
    Bitboard enemies_;
    Bitboard kings_;
    Bitboard empty_;
    Bitboard men_;
    Bitboard reach_left_;
    Bitboard reach_right_;
    int men_quiet_;
    int kings_quiet_ = 0;
    Bitboard influence_ = 0;
    Duplicates duplicates_;
};

/// Sum of the opponent's move counts after each quiet man step in direction Step: the child
/// position is only three bitboards, built in place. When the opponent has men only and no
/// capture now, the steps after which it still has none are found and summed all at once,
/// without a loop over them.
template <typename V, Color Us, int Step>
std::uint64_t replies_after_man_steps(const Replies<V, opposite(Us)>& replies, Bitboard own,
                                      Bitboard enemies, Bitboard kings, bool they_can_capture) {
    using B = typename V::Board;
    const Bitboard empty = B::kMask & ~(own | enemies);
    const Bitboard targets = shift<Step>(own & ~kings) & empty;
    Bitboard one_by_one = targets;
    std::int64_t total = 0;
    if ((enemies & kings) == 0 && !they_can_capture) {
        one_by_one = steps_exposing<B, Step>(targets, enemies, own, empty);
        total = replies.template after_quiet_steps<Step>(targets & ~one_by_one);
    }
    for (; one_by_one != 0; one_by_one &= one_by_one - 1) {
        const Bitboard to = one_by_one & (~one_by_one + 1);
        total += replies.after(shift<-Step>(to), to);
    }
    return static_cast<std::uint64_t>(total);
}

/// The same after each slide of our kings in direction Step. Kept out of line: with the opponent's
/// count inlined four times over, count_two_on would grow too big for the common case, no kings.
template <typename V, Color Us, int Step>
[[gnu::noinline]] std::uint64_t replies_after_king_slides(const Replies<V, opposite(Us)>& replies,
                                                          Bitboard own, Bitboard enemies,
                                                          Bitboard kings) {
    std::uint64_t total = 0;
    const Bitboard empty = V::Board::kMask & ~(own | enemies);
    for (Bitboard own_kings = own & kings; own_kings != 0; own_kings &= own_kings - 1) {
        const Bitboard from = own_kings & (~own_kings + 1);
        for (Bitboard to = shift<Step>(from) & empty; to != 0;
             to = V::kFlyingKings ? shift<Step>(to) & empty : 0)
            total += static_cast<std::uint64_t>(replies.after(from, to));
    }
    return total;
}

}  // namespace

template <typename V, Color Us>
[[gnu::always_inline]] inline std::uint64_t count_two_on_bitboards(Bitboard own, Bitboard enemies,
                                                                   Bitboard kings,
                                                                   Duplicates duplicates) {
    using B = typename V::Board;
    constexpr Color kThem = opposite(Us);
    BasicMoveList<V> captures;
    generate_captures<V, Us>(own, enemies, kings, captures, duplicates);
    if (!captures.empty()) {
        std::uint64_t total = 0;
        for (const BasicMove<V>& move : captures) {
            const Sides child = after_capture<V, Us>({own, enemies, kings}, move);
            total += static_cast<std::uint64_t>(
                count_on<V, kThem>(child.own, child.enemies, child.kings, duplicates));
        }
        return total;
    }
    const Bitboard empty = B::kMask & ~(own | enemies);
    const bool they_can_capture = man_jumps<V, kThem>(enemies & ~kings, own, empty).any() != 0;
    const Replies<V, kThem> replies(own, enemies, kings, duplicates);
    std::uint64_t total = replies_after_man_steps<V, Us, Forward<B, Us>::kLeft>(
                              replies, own, enemies, kings, they_can_capture) +
                          replies_after_man_steps<V, Us, Forward<B, Us>::kRight>(
                              replies, own, enemies, kings, they_can_capture);
    if ((own & kings) != 0) {
        total += replies_after_king_slides<V, Us, B::kUpLeft>(replies, own, enemies, kings) +
                 replies_after_king_slides<V, Us, B::kUpRight>(replies, own, enemies, kings) +
                 replies_after_king_slides<V, Us, B::kDownLeft>(replies, own, enemies, kings) +
                 replies_after_king_slides<V, Us, B::kDownRight>(replies, own, enemies, kings);
    }
    return total;
}

template <typename V, Color Us>
std::uint64_t count_two_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates) {
    if constexpr (!kBulkCounting<V>) {
        return count_two_ply(position_of<V, Us>(own, enemies, kings), duplicates);
    } else {
        return count_two_on_bitboards<V, Us>(own, enemies, kings, duplicates);
    }
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_COUNTING(V)                                               \
    template int count_on<V, Color::White>(Bitboard, Bitboard, Bitboard, Duplicates);  \
    template int count_on<V, Color::Black>(Bitboard, Bitboard, Bitboard, Duplicates);  \
    template std::uint64_t count_two_on<V, Color::White>(Bitboard, Bitboard, Bitboard, \
                                                         Duplicates);                  \
    template std::uint64_t count_two_on<V, Color::Black>(Bitboard, Bitboard, Bitboard, Duplicates);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_COUNTING)
#undef DRAUGHTS_INSTANTIATE_COUNTING

}  // namespace detail

template <typename V>
std::uint64_t count_two_ply(const BasicPosition<V>& position, Duplicates duplicates) {
    if constexpr (!detail::kBulkCounting<V>) {
        BasicMoveList<V> moves;
        generate_moves(position, moves, duplicates);
        std::uint64_t total = 0;
        for (const BasicMove<V>& move : moves)
            total += static_cast<std::uint64_t>(count_moves(position.after(move), duplicates));
        return total;
    } else {
        const Bitboard kings = position.kings();
        return position.side_to_move() == Color::White
                   ? detail::count_two_on<V, Color::White>(position.white(), position.black(),
                                                           kings, duplicates)
                   : detail::count_two_on<V, Color::Black>(position.black(), position.white(),
                                                           kings, duplicates);
    }
}

template <typename V>
int count_moves(const BasicPosition<V>& position, Duplicates duplicates) {
    if constexpr (!detail::kBulkCounting<V>) {
        BasicMoveList<V> moves;
        generate_moves(position, moves, duplicates);
        return static_cast<int>(moves.size());
    } else {
        const Bitboard kings = position.kings();
        return position.side_to_move() == Color::White
                   ? detail::count_on<V, Color::White>(position.white(), position.black(), kings,
                                                       duplicates)
                   : detail::count_on<V, Color::Black>(position.black(), position.white(), kings,
                                                       duplicates);
    }
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_BULK_COUNT(V)                                     \
    template std::uint64_t count_two_ply(const BasicPosition<V>&, Duplicates); \
    template int count_moves(const BasicPosition<V>&, Duplicates);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_BULK_COUNT)
#undef DRAUGHTS_INSTANTIATE_BULK_COUNT

}  // namespace draughts::rules
