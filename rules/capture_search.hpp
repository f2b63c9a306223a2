#pragma once
// Building blocks shared by move generation (movegen.cpp), bulk counting (bulk_count.cpp) and the
// perft recursion (perft.cpp): bitboard tests for captures and the capture search. Internal to the
// rules core; everything here works on bare bitboards of the side to move (`own`) and its
// opponent (`enemies`), with `kings` holding the kings of both sides. Templates over the board
// (B, a rules::Board) where only the geometry matters, over the variant policy (V) where the
// capture rules do.

#include "rules/bitboard.hpp"
#include "rules/board_geometry.hpp"
#include "rules/color.hpp"
#include "rules/king_rays.hpp"
#include "rules/move_list.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::rules::detail {

/// Steps forward for the men of a colour: White moves up the board, Black down. [FMJD 3.4]
template <typename B, Color Us>
struct Forward {
    static constexpr int kLeft = Us == Color::White ? B::kUpLeft : B::kDownLeft;
    static constexpr int kRight = Us == Color::White ? B::kUpRight : B::kDownRight;
};

/// Squares just beyond the slides of the kings in direction Step (where an enemy may be jumped).
template <int Step>
Bitboard king_jump_targets(Bitboard kings, Bitboard empty) {
    return shift<Step>(geometry::slide_fill<Step>(kings, empty));
}

template <typename B>
inline bool any_capture(Bitboard men, Bitboard kings, Bitboard enemies, Bitboard empty) {
    // Enemies with an empty square behind them, per direction of the jump.
    const Bitboard up_left = enemies & shift<-B::kUpLeft>(empty);
    const Bitboard up_right = enemies & shift<-B::kUpRight>(empty);
    const Bitboard down_left = enemies & shift<-B::kDownLeft>(empty);
    const Bitboard down_right = enemies & shift<-B::kDownRight>(empty);
    if (((shift<B::kUpLeft>(men) & up_left) | (shift<B::kUpRight>(men) & up_right) |
         (shift<B::kDownLeft>(men) & down_left) | (shift<B::kDownRight>(men) & down_right)) != 0)
        return true;
    if (kings == 0) return false;
    return ((king_jump_targets<B::kUpLeft>(kings, empty) & up_left) |
            (king_jump_targets<B::kUpRight>(kings, empty) & up_right) |
            (king_jump_targets<B::kDownLeft>(kings, empty) & down_left) |
            (king_jump_targets<B::kDownRight>(kings, empty) & down_right)) != 0;
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

template <typename B>
[[gnu::always_inline]] inline KingReach king_reach(Bitboard kings, Bitboard enemies,
                                                   Bitboard empty) {
    const Bitboard up_left = geometry::slide_fill<B::kUpLeft>(kings, empty);
    const Bitboard up_right = geometry::slide_fill<B::kUpRight>(kings, empty);
    const Bitboard down_left = geometry::slide_fill<B::kDownLeft>(kings, empty);
    const Bitboard down_right = geometry::slide_fill<B::kDownRight>(kings, empty);
    const Bitboard jumps = king_jumps_in<B::kUpLeft>(up_left, enemies, empty) |
                           king_jumps_in<B::kUpRight>(up_right, enemies, empty) |
                           king_jumps_in<B::kDownLeft>(down_left, enemies, empty) |
                           king_jumps_in<B::kDownRight>(down_right, enemies, empty);
    return {popcount(up_left & empty) + popcount(up_right & empty) + popcount(down_left & empty) +
                popcount(down_right & empty),
            jumps != 0,
            king_influence_in<B::kUpLeft>(up_left) | king_influence_in<B::kUpRight>(up_right) |
                king_influence_in<B::kDownLeft>(down_left) |
                king_influence_in<B::kDownRight>(down_right)};
}

/// Men that can jump an adjacent enemy in direction Step right now.
template <int Step>
Bitboard men_jumping(Bitboard men, Bitboard enemies, Bitboard empty) {
    return men & shift<-Step>(enemies & shift<-Step>(empty));
}

/// What the capture search does with each finished sequence: store it, or only count it.
enum class CaptureSink : unsigned char { Store, Count };

/// Depth-first search over capture sequences of one piece, keeping only those that take the most
/// pieces where the variant has the majority rule, every complete sequence where it has not.
/// Jumped pieces stay on the board until the move ends (Turkish strike [FMJD 4.11]) and cannot be
/// jumped twice [4.8]; empty squares may be crossed repeatedly [4.7]. Where the variant crowns a
/// man during a capture (Russian), a man landing on `promotion` goes on as a king.
template <typename V, CaptureSink Sink>
class CaptureSearch {
    using B = typename V::Board;
    using MoveType = BasicMove<V>;

  public:
    CaptureSearch(Bitboard enemies, Bitboard empty, BasicMoveList<V>& out, Duplicates duplicates,
                  Bitboard promotion = 0)
        : enemies_(enemies),
          board_empty_(empty),
          promotion_(promotion),
          out_(out),
          duplicates_(duplicates) {}

    void from_man(int from) {
        start(from);
        man_step(Bitboard{1} << from, 0);
    }
    void from_king(int from) {
        start(from);
        if constexpr (V::kMajorityRule) {
            king_step<0>(from, 0, true);  // nothing to record when the king cannot capture
        } else {
            free_king_step(Bitboard{1} << from, 0, 0, true);
        }
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
        const bool extended = man_jump<B::kUpLeft>(at, captured, victims) |
                              man_jump<B::kUpRight>(at, captured, victims) |
                              man_jump<B::kDownLeft>(at, captured, victims) |
                              man_jump<B::kDownRight>(at, captured, victims);
        if (!extended && captured != 0) record(at, captured);
    }

    template <int Step>
    bool man_jump(Bitboard at, Bitboard captured, Bitboard victims) {
        const Bitboard victim = shift<Step>(at) & victims;
        if (victim == 0) return false;
        const Bitboard landing = shift<Step>(victim) & empty_;
        if (landing == 0) return false;
        if constexpr (V::kPromoteInCapture) {
            if ((landing & promotion_) != 0) {
                // Crowned on the far row, the piece captures on as a king at once [RUS 2.5].
                crowned_ = true;
                free_king_step(landing, captured | victim, Step, true);
                crowned_ = false;
                return true;
            }
        }
        man_step(landing, captured | victim);
        return true;
    }

    // A flying king jumps an enemy at any distance on a free diagonal and lands on any free square
    // behind it; it may turn between jumps [FMJD 4.3, 4.5]. This is the search under the majority
    // rule; free_king_step below serves every variant. Came is the direction of the last jump (0
    // before the first). Turning back is never useful: the piece just jumped blocks that way.
    // Going on straight ahead is explored from the first landing square only: from a farther one
    // it would be the same route (the king merely slid further before jumping), not a different
    // move. Returns whether the capture goes on from `at`; the caller records the landings where
    // it ends. Directions are tried in the order of kDirections and landings nearest first, so
    // that the moves come out in the order search move ordering expects.
    template <int Came>
    bool king_step(int at, Bitboard captured, bool first_landing) {
        bool extended = king_jump<Came, B::kUpLeft>(at, captured, first_landing);
        extended |= king_jump<Came, B::kUpRight>(at, captured, first_landing);
        extended |= king_jump<Came, B::kDownLeft>(at, captured, first_landing);
        extended |= king_jump<Came, B::kDownRight>(at, captured, first_landing);
        return extended;
    }

    // When the capture goes on from some landing square, it takes more pieces than one ending on
    // any landing of this jump (majority rule), so those endings are recorded only when no
    // landing continues: all at once, which lets Count mode add them up without a move each.
    template <int Came, int Step>
    bool king_jump(int at, Bitboard captured, bool first_landing) {
        if constexpr (Step == -Came) {
            return false;
        } else {
            if (Step == Came && !first_landing) return false;
            const Bitboard victim = look<B, Step>(at, empty_).blocker & enemies_ & ~captured;
            if (victim == 0) return false;
            const Bitboard landings = look<B, Step>(lsb_index(victim), empty_).free;
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

    // The flying king's capture search of every variant, one direction at a time at run time:
    // used without the majority rule and for a man crowned during a capture. Turning back is never
    // useful: the
    // piece just jumped blocks that way. Going on straight ahead is explored from the first
    // landing square only: from a farther one it would be the same route (the king merely slid
    // further before jumping), not a different move.
    void free_king_step(Bitboard at, Bitboard captured, int came_from_step, bool first_landing) {
        bool extended = false;
        for (int step : B::kDirections) {
            if (step == -came_from_step) continue;
            const bool same_route = step == came_from_step && !first_landing;
            if constexpr (V::kMajorityRule) {
                if (same_route) continue;
            }
            Bitboard target = shift_by(at, step);
            while (target & empty_) target = shift_by(target, step);
            const Bitboard victim = target & enemies_ & ~captured;
            if (victim == 0) continue;
            if constexpr (!V::kMajorityRule) {
                if ((shift_by(victim, step) & empty_) == 0) continue;
                // The capture goes on from here, so the king may not stop here [RUS 2.4]; when
                // straight ahead, the first landing explores it.
                extended = true;
                if (!same_route) king_landings(victim, captured | victim, step);
                continue;
            }
            bool first = true;
            for (Bitboard landing = shift_by(victim, step) & empty_; landing != 0;
                 landing = shift_by(landing, step) & empty_) {
                extended = true;
                free_king_step(landing, captured | victim, step, first);
                first = false;
            }
        }
        if (!extended && captured != 0) record(at, captured);
    }

    // Without the majority rule a king still may not cut a capture short: behind a jumped piece
    // it must stop on a square from which it can capture on, when there is one [RUS 2.4]; only
    // when there is none may it stop on any of them (and the move ends there).
    void king_landings(Bitboard victim, Bitboard captured, int step) {
        Bitboard all = 0;
        Bitboard continuing = 0;
        for (Bitboard landing = shift_by(victim, step) & empty_; landing != 0;
             landing = shift_by(landing, step) & empty_) {
            all |= landing;
            if (king_can_jump(landing, captured, step)) continuing |= landing;
        }
        const Bitboard chosen = continuing != 0 ? continuing : all;
        bool first = true;
        for (Bitboard landing = shift_by(victim, step) & empty_; landing != 0;
             landing = shift_by(landing, step) & empty_) {
            if ((landing & chosen) != 0) free_king_step(landing, captured, step, first);
            first = false;
        }
    }

    /// Whether a king on `at`, having jumped in direction `came_from_step`, can jump again.
    bool king_can_jump(Bitboard at, Bitboard captured, int came_from_step) const {
        for (int step : B::kDirections) {
            if (step == -came_from_step) continue;
            Bitboard target = shift_by(at, step);
            while (target & empty_) target = shift_by(target, step);
            if ((target & enemies_ & ~captured) != 0 && (shift_by(target, step) & empty_) != 0)
                return true;
        }
        return false;
    }

    void record(Bitboard at, Bitboard captured) {
        const int taken = popcount(captured);
        if constexpr (V::kMajorityRule) {
            if (taken < best_) return;
            if (taken > best_) {
                out_.clear();
                count_ = 0;
                best_ = taken;
            }
        }
        const MoveType move(from_, lsb_index(at), captured, crowned_);
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
            out_.push(MoveType(from_, lsb_index(at), captured, crowned_));
        }
    }

    Bitboard enemies_;
    Bitboard board_empty_;
    Bitboard empty_ = 0;
    Bitboard promotion_;
    BasicMoveList<V>& out_;
    Duplicates duplicates_;
    int best_ = 1;
    int count_ = 0;
    int from_ = 0;
    bool crowned_ = false;
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

template <typename B>
[[gnu::always_inline]] inline ManJumps man_jumps(Bitboard men, Bitboard enemies, Bitboard empty) {
    return {men_jumping<B::kUpLeft>(men, enemies, empty),
            men_jumping<B::kUpRight>(men, enemies, empty),
            men_jumping<B::kDownLeft>(men, enemies, empty),
            men_jumping<B::kDownRight>(men, enemies, empty)};
}

/// The jumping men whose capture can go on from a landing square. One pass over all landings
/// is exact: a second jump straight back would land on the origin, which still holds the man in
/// `empty`, and any other second jump never lands there.
template <typename B>
[[gnu::always_inline]] inline Bitboard men_with_second_jump(const ManJumps& jumps, Bitboard enemies,
                                                            Bitboard empty) {
    const Bitboard landings =
        shift<2 * B::kUpLeft>(jumps.up_left) | shift<2 * B::kUpRight>(jumps.up_right) |
        shift<2 * B::kDownLeft>(jumps.down_left) | shift<2 * B::kDownRight>(jumps.down_right);
    const Bitboard continuing = man_jumps<B>(landings, enemies, empty).any();
    return (jumps.up_left & shift<-2 * B::kUpLeft>(continuing)) |
           (jumps.up_right & shift<-2 * B::kUpRight>(continuing)) |
           (jumps.down_left & shift<-2 * B::kDownLeft>(continuing)) |
           (jumps.down_right & shift<-2 * B::kDownRight>(continuing));
}

/// The jumping men whose first jump lands on `promotion` (the far row), where the variant crowns
/// them at once: their capture needs the search even when it takes one piece.
template <typename B>
[[gnu::always_inline]] inline Bitboard men_crowned_by_jump(const ManJumps& jumps,
                                                           Bitboard promotion) {
    return (jumps.up_left & shift<-2 * B::kUpLeft>(promotion)) |
           (jumps.up_right & shift<-2 * B::kUpRight>(promotion)) |
           (jumps.down_left & shift<-2 * B::kDownLeft>(promotion)) |
           (jumps.down_right & shift<-2 * B::kDownRight>(promotion));
}

/// The men whose capture needs the search: those that can jump twice and, where the variant
/// crowns men during a capture, those whose jump reaches the far row.
template <typename V, Color Us>
[[gnu::always_inline]] inline Bitboard men_needing_search(const ManJumps& jumps, Bitboard enemies,
                                                          Bitboard empty) {
    using B = typename V::Board;
    Bitboard multi = men_with_second_jump<B>(jumps, enemies, empty);
    if constexpr (V::kPromoteInCapture)
        multi |= men_crowned_by_jump<B>(jumps, B::promotion_row(Us));
    return multi;
}

/// Adds the jump in direction Step of the man on bit `from`, if it has one.
template <typename V, int Step>
void add_single_jump(int from, Bitboard jumpers, BasicMoveList<V>& moves) {
    if ((jumpers >> from) & 1)
        moves.push(BasicMove<V>(from, from + 2 * Step, Bitboard{1} << (from + Step)));
}

/// Every single jump, for when no capture takes more than one piece: in the order the capture
/// search would give (by origin, then direction), so that search move ordering does not change.
template <typename V>
inline void add_single_jumps(const ManJumps& jumps, BasicMoveList<V>& moves) {
    using B = typename V::Board;
    for (Bitboard men = jumps.any(); men != 0;) {
        const int from = pop_lsb(men);
        add_single_jump<V, B::kUpLeft>(from, jumps.up_left, moves);
        add_single_jump<V, B::kUpRight>(from, jumps.up_right, moves);
        add_single_jump<V, B::kDownLeft>(from, jumps.down_left, moves);
        add_single_jump<V, B::kDownRight>(from, jumps.down_right, moves);
    }
}

/// Runs `search` from every piece that may have a legal capture. Under the majority rule, when
/// some man's capture continues past its first jump (`multi`), a man that can only jump once has
/// no legal capture [FMJD 4.13] and is not searched; without it every jumping man is searched.
template <typename V, CaptureSink Sink>
void search_pieces(CaptureSearch<V, Sink>& search, const ManJumps& jumps, Bitboard multi,
                   Bitboard own_kings) {
    const Bitboard men = V::kMajorityRule && multi != 0 ? multi : jumps.any();
    for (Bitboard from = men; from != 0;) search.from_man(pop_lsb(from));
    for (Bitboard from = own_kings; from != 0;) search.from_king(pop_lsb(from));
}

/// generate_captures past its quick test, given the men's jumps: kept out of line so that the
/// common case, no capture at all, stays small where it is inlined.
template <typename V, Color Us>
[[gnu::noinline]] void add_captures(const ManJumps& jumps, Bitboard own_kings, Bitboard enemies,
                                    Bitboard empty, BasicMoveList<V>& moves,
                                    Duplicates duplicates) {
    using B = typename V::Board;
    const bool king_captures = own_kings != 0 && any_capture<B>(0, own_kings, enemies, empty);
    if (jumps.any() == 0 && !king_captures) return;
    const Bitboard multi = men_needing_search<V, Us>(jumps, enemies, empty);
    if (multi == 0 && !king_captures) {
        add_single_jumps(jumps, moves);
        return;
    }
    CaptureSearch<V, CaptureSink::Store> search(enemies, empty, moves, duplicates,
                                                B::promotion_row(Us));
    search_pieces(search, jumps, multi, king_captures ? own_kings : 0);
}

/// Fills `moves`, empty on entry, with the legal captures of the side to move (colour Us);
/// leaves it empty when there is none. When only men can capture and none can jump twice (nor
/// be crowned on the way), the single jumps are the moves and need no search.
template <typename V, Color Us>
[[gnu::always_inline]] inline void generate_captures(Bitboard own, Bitboard enemies, Bitboard kings,
                                                     BasicMoveList<V>& moves,
                                                     Duplicates duplicates) {
    using B = typename V::Board;
    const Bitboard empty = B::kMask & ~(own | enemies);
    const Bitboard own_kings = own & kings;
    const ManJumps jumps = man_jumps<B>(own & ~kings, enemies, empty);
    if (jumps.any() == 0 && own_kings == 0) return;
    add_captures<V, Us>(jumps, own_kings, enemies, empty, moves, duplicates);
}

/// A position as three bitboards seen from the side to move: all that perft needs to copy.
struct Sides {
    Bitboard own;
    Bitboard enemies;
    Bitboard kings;
};

/// The position after capture `move` of side Us, seen from the opponent (now to move). A man
/// ending on the far row is promoted [FMJD 3.5], and one crowned on the way where the variant
/// says so; the captured pieces go only now [FMJD 4.11].
template <typename V, Color Us>
Sides after_capture(const Sides& board, const BasicMove<V>& move) {
    using B = typename V::Board;
    const Bitboard from = Bitboard{1} << move.from_index();
    const Bitboard to = Bitboard{1} << move.to_index();
    const Bitboard captured = move.captured();
    Bitboard kings = board.kings & ~captured;
    bool crowned = (kings & from) != 0 || (to & B::promotion_row(Us)) != 0;
    if constexpr (V::kPromoteInCapture) crowned = crowned || move.crowns_in_capture();
    if (crowned) kings = (kings & ~from) | to;
    return {board.enemies & ~captured, (board.own & ~from) | to, kings};
}

}  // namespace draughts::rules::detail
