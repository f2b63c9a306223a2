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

/// Where two-jump captures whose second jump goes in direction D2 end; adds their number to
/// `count`. Counted per first direction: two men may jump onto the same first landing square.
template <typename B, int D2>
Bitboard two_jump_landings(const ManJumps& jumps, Bitboard enemies, Bitboard empty, int& count) {
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
Bitboard third_jumps(Bitboard landings, Bitboard enemies, Bitboard empty) {
    return jumping_on<D2, B::kUpLeft>(landings, enemies, empty) |
           jumping_on<D2, B::kUpRight>(landings, enemies, empty) |
           jumping_on<D2, B::kDownLeft>(landings, enemies, empty) |
           jumping_on<D2, B::kDownRight>(landings, enemies, empty);
}

/// Number of men's captures when the longest take two pieces, all counted at once; -1 when some
/// capture goes on to take a third. Two two-jump routes are never the same move (the pieces
/// taken differ), so no duplicates arise.
template <typename B>
inline int count_two_piece_captures(const ManJumps& jumps, Bitboard enemies, Bitboard empty) {
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
    if constexpr (V::kMajorityRule) {
        if (const int two = count_two_piece_captures<B>(jumps, enemies, empty); two >= 0)
            return two;
    }
    BasicMoveList<V> repeatable;  // only captures of 4+ pieces are stored, to drop duplicates
    CaptureSearch<V, CaptureSink::Count> search(enemies, empty, repeatable, duplicates,
                                                B::promotion_row(Us));
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

}  // namespace

template <typename V, Color Us>
int count_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates) {
    using B = typename V::Board;
    const Bitboard empty = B::kMask & ~(own | enemies);
    const Bitboard men = own & ~kings;
    const Bitboard own_kings = own & kings;
    const ManJumps jumps = man_jumps<B>(men, enemies, empty);
    if (own_kings != 0 && any_capture<B>(0, own_kings, enemies, empty)) {
        BasicMoveList<V> repeatable;  // only captures of 4+ pieces are stored, to drop duplicates
        CaptureSearch<V, CaptureSink::Count> search(enemies, empty, repeatable, duplicates,
                                                    B::promotion_row(Us));
        search_pieces(search, jumps, men_needing_search<V, Us>(jumps, enemies, empty), own_kings);
        return search.count();
    }
    if (jumps.any() != 0) return count_man_captures<V, Us>(jumps, enemies, empty, duplicates);
    int n = popcount(shift<Forward<B, Us>::kLeft>(men) & empty) +
            popcount(shift<Forward<B, Us>::kRight>(men) & empty);
    if (own_kings != 0) {
        n += geometry::king_move_count<B>(own_kings, empty);
    }
    return n;
}

namespace {

/// The squares `to` among `targets` (our man steps in direction Step) after which an opponent
/// with men only, and no capture before the step, can capture: only by jumping the man on its new
/// square (in any direction D; the square it left is free) or by landing on the square it left.
template <int Step, int D>
Bitboard steps_exposing_in(Bitboard targets, Bitboard enemies, Bitboard own, Bitboard empty) {
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
Bitboard steps_exposing(Bitboard targets, Bitboard enemies, Bitboard own, Bitboard empty) {
    return steps_exposing_in<Step, B::kUpLeft>(targets, enemies, own, empty) |
           steps_exposing_in<Step, B::kUpRight>(targets, enemies, own, empty) |
           steps_exposing_in<Step, B::kDownLeft>(targets, enemies, own, empty) |
           steps_exposing_in<Step, B::kDownRight>(targets, enemies, own, empty);
}

/// Sum of the opponent's move counts after each quiet man step in direction Step: the child
/// position is only three bitboards, built in place. When the opponent has men only, its quiet
/// move count changes by at most the two squares the step touches, so it is updated, not
/// recounted; when it also has no capture now, the steps after which it still has none are
/// found and summed all at once, without a loop over them.
template <typename V, Color Us, int Step>
std::uint64_t replies_after_man_steps(Bitboard own, Bitboard enemies, Bitboard kings,
                                      bool they_can_capture, Duplicates duplicates) {
    using B = typename V::Board;
    constexpr Color kThem = opposite(Us);
    const Bitboard empty = B::kMask & ~(own | enemies);
    const Bitboard their_reach_left = shift<Forward<B, kThem>::kLeft>(enemies);
    const Bitboard their_reach_right = shift<Forward<B, kThem>::kRight>(enemies);
    const int their_quiet_moves =
        popcount(their_reach_left & empty) + popcount(their_reach_right & empty);
    const bool they_have_kings = (enemies & kings) != 0;
    const auto reachers = [&](Bitboard squares) {
        return popcount(their_reach_left & squares) + popcount(their_reach_right & squares);
    };
    const Bitboard targets = shift<Step>(own & ~kings) & empty;
    Bitboard one_by_one = targets;
    std::int64_t total = 0;
    if (!they_have_kings && !they_can_capture) {
        one_by_one = steps_exposing<B, Step>(targets, enemies, own, empty);
        const Bitboard quiet = targets & ~one_by_one;
        total = std::int64_t{popcount(quiet)} * their_quiet_moves + reachers(shift<-Step>(quiet)) -
                reachers(quiet);
    }
    for (; one_by_one != 0; one_by_one &= one_by_one - 1) {
        const Bitboard to = one_by_one & (~one_by_one + 1);
        const Bitboard from = shift<-Step>(to);
        const Bitboard child_own = own ^ from ^ to;
        if (!they_have_kings) {
            const Bitboard child_empty = empty ^ from ^ to;
            const ManJumps jumps = man_jumps<B>(enemies, child_own, child_empty);
            total += jumps.any() == 0
                         ? their_quiet_moves + reachers(from) - reachers(to)
                         : count_man_captures<V, kThem>(jumps, child_own, child_empty, duplicates);
            continue;
        }
        // Our own promotion does not change the opponent's moves, so `kings` needs no update.
        total += count_on<V, kThem>(enemies, child_own, kings, duplicates);
    }
    return static_cast<std::uint64_t>(total);
}

template <typename V, Color Us, int Step>
std::uint64_t replies_after_king_slides(Bitboard own, Bitboard enemies, Bitboard kings,
                                        Duplicates duplicates) {
    constexpr Color kThem = opposite(Us);
    std::uint64_t total = 0;
    const Bitboard empty = V::Board::kMask & ~(own | enemies);
    for (Bitboard own_kings = own & kings; own_kings != 0; own_kings &= own_kings - 1) {
        const Bitboard from = own_kings & (~own_kings + 1);
        for (Bitboard to = shift<Step>(from) & empty; to != 0; to = shift<Step>(to) & empty) {
            const Bitboard moved = from | to;
            total += static_cast<std::uint64_t>(
                count_on<V, kThem>(enemies, own ^ moved, kings ^ moved, duplicates));
        }
    }
    return total;
}

}  // namespace

template <typename V, Color Us>
std::uint64_t count_two_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates) {
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
    const bool they_can_capture = man_jumps<B>(enemies & ~kings, own, empty).any() != 0;
    std::uint64_t total = replies_after_man_steps<V, Us, Forward<B, Us>::kLeft>(
                              own, enemies, kings, they_can_capture, duplicates) +
                          replies_after_man_steps<V, Us, Forward<B, Us>::kRight>(
                              own, enemies, kings, they_can_capture, duplicates);
    if ((own & kings) != 0) {
        total += replies_after_king_slides<V, Us, B::kUpLeft>(own, enemies, kings, duplicates) +
                 replies_after_king_slides<V, Us, B::kUpRight>(own, enemies, kings, duplicates) +
                 replies_after_king_slides<V, Us, B::kDownLeft>(own, enemies, kings, duplicates) +
                 replies_after_king_slides<V, Us, B::kDownRight>(own, enemies, kings, duplicates);
    }
    return total;
}

template int count_on<International, Color::White>(Bitboard, Bitboard, Bitboard, Duplicates);
template int count_on<International, Color::Black>(Bitboard, Bitboard, Bitboard, Duplicates);
template int count_on<Brazilian, Color::White>(Bitboard, Bitboard, Bitboard, Duplicates);
template int count_on<Brazilian, Color::Black>(Bitboard, Bitboard, Bitboard, Duplicates);
template int count_on<Russian, Color::White>(Bitboard, Bitboard, Bitboard, Duplicates);
template int count_on<Russian, Color::Black>(Bitboard, Bitboard, Bitboard, Duplicates);
template std::uint64_t count_two_on<International, Color::White>(Bitboard, Bitboard, Bitboard,
                                                                 Duplicates);
template std::uint64_t count_two_on<International, Color::Black>(Bitboard, Bitboard, Bitboard,
                                                                 Duplicates);
template std::uint64_t count_two_on<Brazilian, Color::White>(Bitboard, Bitboard, Bitboard,
                                                             Duplicates);
template std::uint64_t count_two_on<Brazilian, Color::Black>(Bitboard, Bitboard, Bitboard,
                                                             Duplicates);
template std::uint64_t count_two_on<Russian, Color::White>(Bitboard, Bitboard, Bitboard,
                                                           Duplicates);
template std::uint64_t count_two_on<Russian, Color::Black>(Bitboard, Bitboard, Bitboard,
                                                           Duplicates);

}  // namespace detail

template <typename V>
std::uint64_t count_two_ply(const BasicPosition<V>& position, Duplicates duplicates) {
    const Bitboard kings = position.kings();
    return position.side_to_move() == Color::White
               ? detail::count_two_on<V, Color::White>(position.white(), position.black(), kings,
                                                       duplicates)
               : detail::count_two_on<V, Color::Black>(position.black(), position.white(), kings,
                                                       duplicates);
}

template <typename V>
int count_moves(const BasicPosition<V>& position, Duplicates duplicates) {
    const Bitboard kings = position.kings();
    return position.side_to_move() == Color::White
               ? detail::count_on<V, Color::White>(position.white(), position.black(), kings,
                                                   duplicates)
               : detail::count_on<V, Color::Black>(position.black(), position.white(), kings,
                                                   duplicates);
}

template std::uint64_t count_two_ply(const BasicPosition<International>&, Duplicates);
template std::uint64_t count_two_ply(const BasicPosition<Brazilian>&, Duplicates);
template std::uint64_t count_two_ply(const BasicPosition<Russian>&, Duplicates);
template int count_moves(const BasicPosition<International>&, Duplicates);
template int count_moves(const BasicPosition<Brazilian>&, Duplicates);
template int count_moves(const BasicPosition<Russian>&, Duplicates);

}  // namespace draughts::rules
