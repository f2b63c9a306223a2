#pragma once
// Building blocks shared by move generation (movegen.cpp), bulk counting (bulk_count.cpp) and the
// perft recursion (perft.cpp): bitboard tests for captures and the capture search. Internal to the
// rules core; everything here works on bare bitboards of the side to move (`own`) and its
// opponent (`enemies`), with `kings` holding the kings of both sides.

#include "rules/bitboard.hpp"
#include "rules/board_geometry.hpp"
#include "rules/color.hpp"
#include "rules/king_rays.hpp"
#include "rules/move_list.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::rules::detail {

/// Steps forward for the men of a colour: White moves up the board, Black down. [FMJD 3.4]
template <Color Us>
struct Forward {
    static constexpr int kLeft = Us == Color::White ? kUpLeft : kDownLeft;
    static constexpr int kRight = Us == Color::White ? kUpRight : kDownRight;
};

/// Squares just beyond the slides of the kings in direction Step (where an enemy may be jumped).
template <int Step>
Bitboard king_jump_targets(Bitboard kings, Bitboard empty) {
    return shift<Step>(geometry::slide_fill<Step>(kings, empty));
}

inline bool any_capture(Bitboard men, Bitboard kings, Bitboard enemies, Bitboard empty) {
    // Enemies with an empty square behind them, per direction of the jump.
    const Bitboard up_left = enemies & shift<-kUpLeft>(empty);
    const Bitboard up_right = enemies & shift<-kUpRight>(empty);
    const Bitboard down_left = enemies & shift<-kDownLeft>(empty);
    const Bitboard down_right = enemies & shift<-kDownRight>(empty);
    if (((shift<kUpLeft>(men) & up_left) | (shift<kUpRight>(men) & up_right) |
         (shift<kDownLeft>(men) & down_left) | (shift<kDownRight>(men) & down_right)) != 0)
        return true;
    if (kings == 0) return false;
    return ((king_jump_targets<kUpLeft>(kings, empty) & up_left) |
            (king_jump_targets<kUpRight>(kings, empty) & up_right) |
            (king_jump_targets<kDownLeft>(kings, empty) & down_left) |
            (king_jump_targets<kDownRight>(kings, empty) & down_right)) != 0;
}

/// The quiet moves of a side's kings and whether one of them can capture, from one slide fill
/// per direction serving both (bulk counting needs both for the same kings). `influence` holds
/// every square whose change could alter either: the squares the kings slide over, the first
/// piece in their way and the square behind it (with some harmless extra squares off the edges).
struct KingReach {
    int quiet_moves;
    bool can_capture;
    Bitboard influence;
};

template <int Step>
Bitboard king_jumps_in(Bitboard fill, Bitboard enemies, Bitboard empty) {
    return shift<Step>(fill) & enemies & shift<-Step>(empty);
}

template <int Step>
Bitboard king_influence_in(Bitboard fill) {
    return fill | shift<Step>(fill) | shift<2 * Step>(fill);
}

[[gnu::always_inline]] inline KingReach king_reach(Bitboard kings, Bitboard enemies,
                                                   Bitboard empty) {
    const Bitboard up_left = geometry::slide_fill<kUpLeft>(kings, empty);
    const Bitboard up_right = geometry::slide_fill<kUpRight>(kings, empty);
    const Bitboard down_left = geometry::slide_fill<kDownLeft>(kings, empty);
    const Bitboard down_right = geometry::slide_fill<kDownRight>(kings, empty);
    const Bitboard jumps = king_jumps_in<kUpLeft>(up_left, enemies, empty) |
                           king_jumps_in<kUpRight>(up_right, enemies, empty) |
                           king_jumps_in<kDownLeft>(down_left, enemies, empty) |
                           king_jumps_in<kDownRight>(down_right, enemies, empty);
    return {popcount(up_left & empty) + popcount(up_right & empty) + popcount(down_left & empty) +
                popcount(down_right & empty),
            jumps != 0,
            king_influence_in<kUpLeft>(up_left) | king_influence_in<kUpRight>(up_right) |
                king_influence_in<kDownLeft>(down_left) |
                king_influence_in<kDownRight>(down_right)};
}

/// Men that can jump an adjacent enemy in direction Step right now.
template <int Step>
Bitboard men_jumping(Bitboard men, Bitboard enemies, Bitboard empty) {
    return men & shift<-Step>(enemies & shift<-Step>(empty));
}

/// What the capture search does with each finished sequence: store it, or only count it.
enum class CaptureSink : unsigned char { Store, Count };

/// Depth-first search over capture sequences of one piece, keeping only those that take the most
/// pieces. Jumped pieces stay on the board until the move ends (Turkish strike [FMJD 4.11]) and
/// cannot be jumped twice [4.8]; empty squares may be crossed repeatedly [4.7].
template <CaptureSink Sink>
class CaptureSearch {
  public:
    CaptureSearch(Bitboard enemies, Bitboard empty, MoveList& out, Duplicates duplicates)
        : enemies_(enemies), board_empty_(empty), out_(out), duplicates_(duplicates) {}

    void from_man(int from) {
        start(from);
        man_step(Bitboard{1} << from, 0);
    }
    void from_king(int from) {
        start(from);
        king_step<0>(from, 0, true);  // nothing to record when the king cannot capture
    }
    /// Number of moves found (Count mode).
    int count() const { return count_; }

  private:
    void start(int from) {
        from_ = from;
        empty_ = board_empty_ | (Bitboard{1} << from);  // the moving piece has left its square
    }

    // A man jumps an adjacent enemy, forwards or backwards [FMJD 4.2]. Jumping straight back is
    // impossible (the piece just taken blocks), so all four directions can be tried blindly.
    void man_step(Bitboard at, Bitboard captured) {
        const Bitboard victims = enemies_ & ~captured;
        const bool extended = man_jump<kUpLeft>(at, captured, victims) |
                              man_jump<kUpRight>(at, captured, victims) |
                              man_jump<kDownLeft>(at, captured, victims) |
                              man_jump<kDownRight>(at, captured, victims);
        if (!extended && captured != 0) record(at, captured);
    }

    template <int Step>
    bool man_jump(Bitboard at, Bitboard captured, Bitboard victims) {
        const Bitboard victim = shift<Step>(at) & victims;
        if (victim == 0) return false;
        const Bitboard landing = shift<Step>(victim) & empty_;
        if (landing == 0) return false;
        man_step(landing, captured | victim);
        return true;
    }

    // A flying king jumps an enemy at any distance on a free diagonal and lands on any free square
    // behind it; it may turn between jumps [FMJD 4.3, 4.5]. Came is the direction of the last
    // jump (0 before the first). Turning back is never useful: the piece just jumped blocks that
    // way. Going on straight ahead is explored from the first landing square only: from a farther
    // one it would be the same route (the king merely slid further before jumping), not a
    // different move. Returns whether the capture goes on from `at`; the caller records the
    // landings where it ends. Directions are tried in the order of kDirections and landings
    // nearest first, so that the moves come out in the order search move ordering expects.
    template <int Came>
    bool king_step(int at, Bitboard captured, bool first_landing) {
        bool extended = king_jump<Came, kUpLeft>(at, captured, first_landing);
        extended |= king_jump<Came, kUpRight>(at, captured, first_landing);
        extended |= king_jump<Came, kDownLeft>(at, captured, first_landing);
        extended |= king_jump<Came, kDownRight>(at, captured, first_landing);
        return extended;
    }

    // When the capture goes on from some landing square, it takes more pieces than one ending on
    // any landing of this jump, so those endings are recorded only when no landing continues:
    // all at once, which lets Count mode add them up without a move each.
    template <int Came, int Step>
    bool king_jump(int at, Bitboard captured, bool first_landing) {
        if constexpr (Step == -Came) {
            return false;
        } else {
            if (Step == Came && !first_landing) return false;
            const Bitboard victim = look<Step>(at, empty_).blocker & enemies_ & ~captured;
            if (victim == 0) return false;
            const Bitboard landings = look<Step>(lsb_index(victim), empty_).free;
            if (landings == 0) return false;
            bool extended = false;
            bool first = true;
            for (Bitboard rest = landings; rest != 0; first = false)
                extended |= king_step<Step>(nearest_index<Step>(rest), captured | victim, first);
            if (!extended) record_ends<Step>(landings, captured | victim);
            return true;
        }
    }

    /// Records the captures of `captured` ending on each of `ends` (the landings of one jump in
    /// direction Step), nearest first.
    template <int Step>
    void record_ends(Bitboard ends, Bitboard captured) {
        const int taken = popcount(captured);
        if (taken < best_) return;
        if constexpr (Sink == CaptureSink::Count) {
            if (taken < 4 || duplicates_ == Duplicates::Keep) {
                if (taken > best_) {
                    out_.clear();
                    count_ = 0;
                    best_ = taken;
                }
                count_ += popcount(ends);
                return;
            }
        }
        while (ends != 0) record(Bitboard{1} << nearest_index<Step>(ends), captured);
    }

    /// Pops the square of `squares` (on one ray in direction Step) nearest to its start.
    template <int Step>
    static int nearest_index(Bitboard& squares) {
        return Step > 0 ? pop_lsb(squares) : pop_msb(squares);
    }

    void record(Bitboard at, Bitboard captured) {
        const int taken = popcount(captured);
        if (taken < best_) return;
        if (taken > best_) {
            out_.clear();
            count_ = 0;
            best_ = taken;
        }
        const Move move(from_, lsb_index(at), captured);
        // Two routes can share origin, destination and captured set only from 4 captures on.
        const bool may_repeat = duplicates_ == Duplicates::Drop && taken >= 4;
        if constexpr (Sink == CaptureSink::Count) {
            if (may_repeat) {
                if (out_.contains(move)) return;
                out_.push(move);
            }
            ++count_;
        } else {
            if (may_repeat && out_.contains(move)) return;
            // Built in place rather than copied from `move`: GCC 12 would otherwise assemble the
            // move on the stack and reload it whole, stalling on store forwarding.
            out_.push(Move(from_, lsb_index(at), captured));
        }
    }

    Bitboard enemies_;
    Bitboard board_empty_;
    Bitboard empty_ = 0;
    MoveList& out_;
    Duplicates duplicates_;
    int best_ = 1;
    int count_ = 0;
    int from_ = 0;
};

/// The men of one side that can jump right now, per direction of the jump.
struct ManJumps {
    Bitboard up_left;
    Bitboard up_right;
    Bitboard down_left;
    Bitboard down_right;

    Bitboard any() const { return up_left | up_right | down_left | down_right; }
    /// Number of single-jump captures (each jump is a move of its own).
    int count() const {
        return popcount(up_left) + popcount(up_right) + popcount(down_left) + popcount(down_right);
    }
};

inline ManJumps man_jumps(Bitboard men, Bitboard enemies, Bitboard empty) {
    return {men_jumping<kUpLeft>(men, enemies, empty), men_jumping<kUpRight>(men, enemies, empty),
            men_jumping<kDownLeft>(men, enemies, empty),
            men_jumping<kDownRight>(men, enemies, empty)};
}

/// The jumping men whose capture can go on from a landing square. One pass over all landings
/// is exact: a second jump straight back would land on the origin, which still holds the man in
/// `empty`, and any other second jump never lands there.
[[gnu::always_inline]] inline Bitboard men_with_second_jump(const ManJumps& jumps, Bitboard enemies,
                                                            Bitboard empty) {
    const Bitboard landings =
        shift<2 * kUpLeft>(jumps.up_left) | shift<2 * kUpRight>(jumps.up_right) |
        shift<2 * kDownLeft>(jumps.down_left) | shift<2 * kDownRight>(jumps.down_right);
    const Bitboard continuing = man_jumps(landings, enemies, empty).any();
    return (jumps.up_left & shift<-2 * kUpLeft>(continuing)) |
           (jumps.up_right & shift<-2 * kUpRight>(continuing)) |
           (jumps.down_left & shift<-2 * kDownLeft>(continuing)) |
           (jumps.down_right & shift<-2 * kDownRight>(continuing));
}

/// Adds the jump in direction Step of the man on bit `from`, if it has one.
template <int Step>
void add_single_jump(int from, Bitboard jumpers, MoveList& moves) {
    if ((jumpers >> from) & 1)
        moves.push(Move(from, from + 2 * Step, Bitboard{1} << (from + Step)));
}

/// Every single jump, for when no capture takes more than one piece: in the order the capture
/// search would give (by origin, then direction), so that search move ordering does not change.
inline void add_single_jumps(const ManJumps& jumps, MoveList& moves) {
    for (Bitboard men = jumps.any(); men != 0;) {
        const int from = pop_lsb(men);
        add_single_jump<kUpLeft>(from, jumps.up_left, moves);
        add_single_jump<kUpRight>(from, jumps.up_right, moves);
        add_single_jump<kDownLeft>(from, jumps.down_left, moves);
        add_single_jump<kDownRight>(from, jumps.down_right, moves);
    }
}

/// Runs `search` from every piece that may have a longest capture: when some man's capture
/// continues past its first jump (`multi`), a man that can only jump once has no legal capture
/// [FMJD 4.13] and is not searched.
template <CaptureSink Sink>
void search_pieces(CaptureSearch<Sink>& search, const ManJumps& jumps, Bitboard multi,
                   Bitboard own_kings) {
    for (Bitboard from = multi != 0 ? multi : jumps.any(); from != 0;)
        search.from_man(pop_lsb(from));
    for (Bitboard from = own_kings; from != 0;) search.from_king(pop_lsb(from));
}

/// generate_captures past its quick test, given the men's jumps: kept out of line so that the
/// common case, no capture at all, stays small where it is inlined.
[[gnu::noinline]] inline void add_captures(const ManJumps& jumps, Bitboard own_kings,
                                           Bitboard enemies, Bitboard empty, MoveList& moves,
                                           Duplicates duplicates) {
    const bool king_captures = own_kings != 0 && any_capture(0, own_kings, enemies, empty);
    if (jumps.any() == 0 && !king_captures) return;
    const Bitboard multi = men_with_second_jump(jumps, enemies, empty);
    if (multi == 0 && !king_captures) {
        add_single_jumps(jumps, moves);
        return;
    }
    CaptureSearch<CaptureSink::Store> search(enemies, empty, moves, duplicates);
    search_pieces(search, jumps, multi, king_captures ? own_kings : 0);
}

/// Fills `moves`, empty on entry, with the legal captures of the side to move; leaves it empty
/// when there is none. When only men can capture and none can jump twice, the single jumps are
/// the moves and need no search.
[[gnu::always_inline]] inline void generate_captures(Bitboard own, Bitboard enemies, Bitboard kings,
                                                     MoveList& moves, Duplicates duplicates) {
    const Bitboard empty = kBoardMask & ~(own | enemies);
    const Bitboard own_kings = own & kings;
    const ManJumps jumps = man_jumps(own & ~kings, enemies, empty);
    if (jumps.any() == 0 && own_kings == 0) return;
    add_captures(jumps, own_kings, enemies, empty, moves, duplicates);
}

/// A position as three bitboards seen from the side to move: all that perft needs to copy.
struct Board {
    Bitboard own;
    Bitboard enemies;
    Bitboard kings;
};

/// The position after capture `move` of side Us, seen from the opponent (now to move). A man
/// ending on the far row is promoted [FMJD 3.5]; the captured pieces go only now [FMJD 4.11].
template <Color Us>
Board after_capture(const Board& board, const Move& move) {
    const Bitboard from = Bitboard{1} << move.from_index();
    const Bitboard to = Bitboard{1} << move.to_index();
    const Bitboard captured = move.captured();
    Bitboard kings = board.kings & ~captured;
    if ((kings & from) != 0 || (to & promotion_row(Us)) != 0) kings = (kings & ~from) | to;
    return {board.enemies & ~captured, (board.own & ~from) | to, kings};
}

}  // namespace draughts::rules::detail
