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

/// Men that can jump an adjacent enemy in direction Step right now. For an orthogonal step the
/// caller masks the men with Board::jump_from (a shift along a row leaves the row).
template <int Step>
Bitboard men_jumping(Bitboard men, Bitboard enemies, Bitboard empty) {
    return men & shift<-Step>(enemies & shift<-Step>(empty));
}

/// Whether a flying king on bit `at` can jump an enemy in direction Step: the first piece on
/// its ray is an enemy with a free square right behind it.
template <typename B, int Step>
bool king_captures_along(int at, Bitboard enemies, Bitboard empty) {
    const Bitboard victim = look<B, Step>(at, empty).blocker & enemies;
    return victim != 0 && look<B, Step>(lsb_index(victim), empty).free != 0;
}

/// The pieces of a side that capture in the upward (towards square 1) and in the downward
/// diagonal directions with a one-square jump: its men in the directions they capture (both,
/// or forwards only), and its kings where they step one square at a time.
template <typename V, Color Us>
constexpr Bitboard stepping_up(Bitboard men, Bitboard kings) {
    constexpr bool kMenUp = V::kMenCaptureBackward || Us == Color::White;
    return (kMenUp ? men : 0) | (V::kFlyingKings ? 0 : kings);
}
template <typename V, Color Us>
constexpr Bitboard stepping_down(Bitboard men, Bitboard kings) {
    constexpr bool kMenDown = V::kMenCaptureBackward || Us == Color::Black;
    return (kMenDown ? men : 0) | (V::kFlyingKings ? 0 : kings);
}

/// Whether the men (of colour Us) or kings of a side can capture: one bit-parallel test for the
/// diagonal jumps of men and short kings and the slides of flying kings, plus the orthogonal
/// captures where the variant has them.
template <typename V, Color Us>
inline bool any_capture(Bitboard men, Bitboard kings, Bitboard enemies, Bitboard empty) {
    using B = typename V::Board;
    // Enemies with an empty square behind them, per direction of the jump.
    const Bitboard up_left = enemies & shift<-B::kUpLeft>(empty);
    const Bitboard up_right = enemies & shift<-B::kUpRight>(empty);
    const Bitboard down_left = enemies & shift<-B::kDownLeft>(empty);
    const Bitboard down_right = enemies & shift<-B::kDownRight>(empty);
    const Bitboard up = stepping_up<V, Us>(men, kings);
    const Bitboard down = stepping_down<V, Us>(men, kings);
    if (((shift<B::kUpLeft>(up) & up_left) | (shift<B::kUpRight>(up) & up_right) |
         (shift<B::kDownLeft>(down) & down_left) | (shift<B::kDownRight>(down) & down_right)) != 0)
        return true;
    if constexpr (V::kOrthogonalCaptures) {
        if ((men_jumping<B::kUp>(men & B::jump_from(B::kUp), enemies, empty) |
             men_jumping<B::kDown>(men & B::jump_from(B::kDown), enemies, empty) |
             men_jumping<B::kLeft>(men & B::jump_from(B::kLeft), enemies, empty) |
             men_jumping<B::kRight>(men & B::jump_from(B::kRight), enemies, empty)) != 0)
            return true;
    }
    if (kings == 0 || !V::kFlyingKings) return false;
    if (((king_jump_targets<B::kUpLeft>(kings, empty) & up_left) |
         (king_jump_targets<B::kUpRight>(kings, empty) & up_right) |
         (king_jump_targets<B::kDownLeft>(kings, empty) & down_left) |
         (king_jump_targets<B::kDownRight>(kings, empty) & down_right)) != 0)
        return true;
    if constexpr (V::kOrthogonalCaptures) {
        // Along a row a shift runs from one row onto the next: each king looks along its rays.
        for (Bitboard k = kings; k != 0;) {
            const int at = pop_lsb(k);
            if (king_captures_along<B, B::kUp>(at, enemies, empty) ||
                king_captures_along<B, B::kDown>(at, enemies, empty) ||
                king_captures_along<B, B::kLeft>(at, enemies, empty) ||
                king_captures_along<B, B::kRight>(at, enemies, empty))
                return true;
        }
    }
    return false;
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

/// A king that steps one square reaches only its neighbours: the "fill" of each direction is
/// the kings themselves.
template <typename V, int Step>
Bitboard king_fill(Bitboard kings, Bitboard empty) {
    if constexpr (V::kFlyingKings) {
        return geometry::slide_fill<Step>(kings, empty);
    } else {
        return kings;
    }
}

template <typename V>
[[gnu::always_inline]] inline KingReach king_reach(Bitboard kings, Bitboard enemies,
                                                   Bitboard empty) {
    using B = typename V::Board;
    const Bitboard up_left = king_fill<V, B::kUpLeft>(kings, empty);
    const Bitboard up_right = king_fill<V, B::kUpRight>(kings, empty);
    const Bitboard down_left = king_fill<V, B::kDownLeft>(kings, empty);
    const Bitboard down_right = king_fill<V, B::kDownRight>(kings, empty);
    const Bitboard jumps = king_jumps_in<B::kUpLeft>(up_left, enemies, empty) |
                           king_jumps_in<B::kUpRight>(up_right, enemies, empty) |
                           king_jumps_in<B::kDownLeft>(down_left, enemies, empty) |
                           king_jumps_in<B::kDownRight>(down_right, enemies, empty);
    if constexpr (V::kFlyingKings) {
        return {popcount(up_left & empty) + popcount(up_right & empty) +
                    popcount(down_left & empty) + popcount(down_right & empty),
                jumps != 0,
                king_influence_in<B::kUpLeft>(up_left) | king_influence_in<B::kUpRight>(up_right) |
                    king_influence_in<B::kDownLeft>(down_left) |
                    king_influence_in<B::kDownRight>(down_right)};
    } else {
        return {popcount(shift<B::kUpLeft>(kings) & empty) +
                    popcount(shift<B::kUpRight>(kings) & empty) +
                    popcount(shift<B::kDownLeft>(kings) & empty) +
                    popcount(shift<B::kDownRight>(kings) & empty),
                jumps != 0,
                king_influence_in<B::kUpLeft>(kings) | king_influence_in<B::kUpRight>(kings) |
                    king_influence_in<B::kDownLeft>(kings) |
                    king_influence_in<B::kDownRight>(kings)};
    }
}

/// What the capture search does with each finished sequence: store it, or only count it.
enum class CaptureSink : unsigned char { Store, Count };

/// Depth-first search over capture sequences of one piece, keeping only those that take the most
/// pieces (or the most value) where the variant has the majority rule, every complete sequence
/// where it has not. Jumped pieces stay on the board until the move ends (Turkish strike [FMJD
/// 4.11]) and cannot be jumped twice [4.8]; empty squares may be crossed repeatedly [4.7]. Where
/// the variant crowns a man during a capture (Russian), a man landing on `promotion` goes on as
/// a king. `enemy_kings` (the enemies that are kings) serve the rules that look at what is
/// taken: the value of a capture (Frisian) and the killer rule; `us` the men capturing forwards
/// only (English).
template <typename V, CaptureSink Sink>
class CaptureSearch {
    using B = typename V::Board;
    using MoveType = BasicMove<V>;
    // A flying king's capture along a row or column is searched under the majority rule only
    // (king_step): the run-time search below steps diagonally.
    static_assert(!V::kOrthogonalCaptures || (V::kMajorityRule && !V::kPromoteInCapture));

  public:
    CaptureSearch(Bitboard enemies, Bitboard empty, BasicMoveList<V>& out, Duplicates duplicates,
                  Bitboard promotion = 0, Bitboard enemy_kings = 0, Color us = Color::White)
        : enemies_(enemies),
          board_empty_(empty),
          promotion_(promotion),
          enemy_kings_(enemy_kings),
          out_(out),
          duplicates_(duplicates),
          up_(us == Color::White) {}

    void from_man(int from) {
        start(from, false);
        man_step<false>(Bitboard{1} << from, 0);
    }
    void from_king(int from) {
        start(from, true);
        if constexpr (!V::kFlyingKings) {
            man_step<true>(Bitboard{1} << from, 0);  // a short king jumps like a man [ENG 3]
        } else if constexpr (V::kMajorityRule) {
            king_step<0>(from, 0, true);  // nothing to record when the king cannot capture
        } else {
            free_king_step(Bitboard{1} << from, 0, 0, true);
        }
    }
    /// Number of moves found (Count mode).
    int count() const { return count_; }

  private:
    /// Two routes can share origin, destination and captured set only from this many captures
    /// on: four diagonal jumps can come back round a square; with orthogonal jumps three can
    /// (two diagonal jumps and one along a row close a triangle).
    static constexpr int kRepeatFrom = V::kOrthogonalCaptures ? 3 : 4;

    void start(int from, bool king) {
        from_ = from;
        if constexpr (V::kCaptureValue) by_king_ = king;
        empty_ = board_empty_ | (Bitboard{1} << from);  // the moving piece has left its square
    }

    /// What the majority rule compares: the number of pieces taken [FMJD 4.13, 4.14], or their
    /// value, a man 100 and a king 199, and of equal values a capture by a king [FRS 5].
    int weight(Bitboard captured) const {
        if constexpr (V::kCaptureValue) {
            const int value =
                100 * popcount(captured & ~enemy_kings_) + 199 * popcount(captured & enemy_kings_);
            return 2 * value + (by_king_ ? 1 : 0);
        } else {
            return popcount(captured);
        }
    }

    // A man jumps an adjacent enemy, forwards or backwards [FMJD 4.2], forwards only where the
    // variant says so [ENG 3], and along rows and columns too where it says so [FRS 4]; a short
    // king (King) jumps like a man in every direction. Jumping straight back is impossible (the
    // piece just taken blocks), so the directions can be tried blindly.
    template <bool King>
    void man_step(Bitboard at, Bitboard captured) {
        const Bitboard victims = enemies_ & ~captured;
        const bool up = King || V::kMenCaptureBackward || up_;
        const bool down = King || V::kMenCaptureBackward || !up_;
        bool extended = false;
        if (up)
            extended |= man_jump<King, B::kUpLeft>(at, captured, victims) |
                        man_jump<King, B::kUpRight>(at, captured, victims);
        if (down)
            extended |= man_jump<King, B::kDownLeft>(at, captured, victims) |
                        man_jump<King, B::kDownRight>(at, captured, victims);
        if constexpr (V::kOrthogonalCaptures) {
            extended |= man_jump<King, B::kUp>(at, captured, victims) |
                        man_jump<King, B::kLeft>(at, captured, victims) |
                        man_jump<King, B::kRight>(at, captured, victims) |
                        man_jump<King, B::kDown>(at, captured, victims);
        }
        if (!extended && captured != 0) record(at, captured);
    }

    template <bool King, int Step>
    bool man_jump(Bitboard at, Bitboard captured, Bitboard victims) {
        if constexpr (B::row_delta(Step) == 0 || B::column_delta(Step) == 0) {
            // Along a row a shift would run onto the next row: only where the landing exists.
            if ((at & B::jump_from(Step)) == 0) return false;
        }
        const Bitboard victim = shift<Step>(at) & victims;
        if (victim == 0) return false;
        const Bitboard landing = shift<Step>(victim) & empty_;
        if (landing == 0) return false;
        if constexpr (V::kPromoteInCapture && !King) {
            if ((landing & promotion_) != 0) {
                // Crowned on the far row, the piece captures on as a king at once [RUS 2.5].
                crowned_ = true;
                free_king_step(landing, captured | victim, Step, true);
                crowned_ = false;
                return true;
            }
        }
        man_step<King>(landing, captured | victim);
        return true;
    }

    // A flying king jumps an enemy at any distance on a free diagonal and lands on any free square
    // behind it; it may turn between jumps [FMJD 4.3, 4.5]; where the variant says so, along rows
    // and columns too [FRS 4]. This is the search under the majority rule; free_king_step below
    // serves every variant. Came is the direction of the last jump (0 before the first). Turning
    // back is never useful: the piece just jumped blocks that way. Going on straight ahead is
    // explored from the first landing square only: from a farther one it would be the same route
    // (the king merely slid further before jumping), not a different move. Returns whether the
    // capture goes on from `at`; the caller records the landings where it ends. Directions are
    // tried in the order of kDirections and landings nearest first, so that the moves come out
    // in the order search move ordering expects.
    template <int Came>
    bool king_step(int at, Bitboard captured, bool first_landing) {
        bool extended = king_jump<Came, B::kUpLeft>(at, captured, first_landing);
        extended |= king_jump<Came, B::kUpRight>(at, captured, first_landing);
        extended |= king_jump<Came, B::kDownLeft>(at, captured, first_landing);
        extended |= king_jump<Came, B::kDownRight>(at, captured, first_landing);
        if constexpr (V::kOrthogonalCaptures) {
            extended |= king_jump<Came, B::kUp>(at, captured, first_landing);
            extended |= king_jump<Came, B::kLeft>(at, captured, first_landing);
            extended |= king_jump<Came, B::kRight>(at, captured, first_landing);
            extended |= king_jump<Came, B::kDown>(at, captured, first_landing);
        }
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
            if (!extended) {
                Bitboard ends = landings;
                if constexpr (V::kKingStopsBehindKing) {
                    // The last piece taken is a king: stop right behind it [KIL 1].
                    if ((victim & enemy_kings_) != 0) {
                        Bitboard nearest = landings;
                        ends = Bitboard{1} << nearest_index<Step>(nearest);
                    }
                }
                record_ends<Step>(ends, captured | victim);
            }
            return true;
        }
    }

    /// Records the captures of `captured` ending on each of `ends` (the landings of one jump in
    /// direction Step), nearest first.
    template <int Step>
    void record_ends(Bitboard ends, Bitboard captured) {
        const int w = weight(captured);
        if (w < best_) return;
        if constexpr (Sink == CaptureSink::Count) {
            if (popcount(captured) < kRepeatFrom || duplicates_ == Duplicates::Keep) {
                if (w > best_) {
                    out_.clear();
                    count_ = 0;
                    best_ = w;
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
            const int w = weight(captured);
            if (w < best_) return;
            if (w > best_) {
                out_.clear();
                count_ = 0;
                best_ = w;
            }
        }
        const MoveType move(from_, lsb_index(at), captured, crowned_);
        // Two routes can share origin, destination and captured set only from kRepeatFrom on.
        const bool may_repeat = duplicates_ == Duplicates::Drop && taken >= kRepeatFrom;
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
    Bitboard enemy_kings_;
    BasicMoveList<V>& out_;
    Duplicates duplicates_;
    /// The weight (see weight()) of the best capture so far; every capture weighs at least 1
    /// piece or, by value, more than 1.
    int best_ = 1;
    int count_ = 0;
    int from_ = 0;
    bool crowned_ = false;
    bool by_king_ = false;
    bool up_;
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

/// The jumps the men of colour Us can make right now: every diagonal direction, or the forward
/// ones where men capture forwards only [ENG 3]. Orthogonal jumps (Frisian) are not among them:
/// those variants search every piece (generate_captures).
template <typename V, Color Us>
[[gnu::always_inline]] inline ManJumps man_jumps(Bitboard men, Bitboard enemies, Bitboard empty) {
    using B = typename V::Board;
    constexpr bool kUp = V::kMenCaptureBackward || Us == Color::White;
    constexpr bool kDown = V::kMenCaptureBackward || Us == Color::Black;
    return {kUp ? men_jumping<B::kUpLeft>(men, enemies, empty) : 0,
            kUp ? men_jumping<B::kUpRight>(men, enemies, empty) : 0,
            kDown ? men_jumping<B::kDownLeft>(men, enemies, empty) : 0,
            kDown ? men_jumping<B::kDownRight>(men, enemies, empty) : 0};
}

/// The jumping men whose capture can go on from a landing square. One pass over all landings
/// is exact: a second jump straight back would land on the origin, which still holds the man in
/// `empty`, and any other second jump never lands there.
template <typename V, Color Us>
[[gnu::always_inline]] inline Bitboard men_with_second_jump(const ManJumps& jumps, Bitboard enemies,
                                                            Bitboard empty) {
    using B = typename V::Board;
    const Bitboard landings =
        shift<2 * B::kUpLeft>(jumps.up_left) | shift<2 * B::kUpRight>(jumps.up_right) |
        shift<2 * B::kDownLeft>(jumps.down_left) | shift<2 * B::kDownRight>(jumps.down_right);
    const Bitboard continuing = man_jumps<V, Us>(landings, enemies, empty).any();
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
    Bitboard multi = men_with_second_jump<V, Us>(jumps, enemies, empty);
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
                                    Bitboard enemy_kings, Bitboard empty, BasicMoveList<V>& moves,
                                    Duplicates duplicates) {
    using B = typename V::Board;
    const bool king_captures = own_kings != 0 && any_capture<V, Us>(0, own_kings, enemies, empty);
    if (jumps.any() == 0 && !king_captures) return;
    const Bitboard multi = men_needing_search<V, Us>(jumps, enemies, empty);
    if (multi == 0 && !king_captures) {
        add_single_jumps(jumps, moves);
        return;
    }
    CaptureSearch<V, CaptureSink::Store> search(enemies, empty, moves, duplicates,
                                                B::promotion_row(Us), enemy_kings, Us);
    search_pieces(search, jumps, multi, king_captures ? own_kings : 0);
}

/// The captures of a variant whose pieces also capture along rows and columns (Frisian): every
/// man with a jump and every king is searched, and the search keeps the captures of the highest
/// value. Out of line, like add_captures.
template <typename V, Color Us>
[[gnu::noinline]] void add_all_captures(Bitboard men, Bitboard own_kings, Bitboard enemies,
                                        Bitboard enemy_kings, Bitboard empty,
                                        BasicMoveList<V>& moves, Duplicates duplicates) {
    using B = typename V::Board;
    if (!any_capture<V, Us>(men, own_kings, enemies, empty)) return;
    const Bitboard up = stepping_up<V, Us>(men, 0);
    const Bitboard down = stepping_down<V, Us>(men, 0);
    const Bitboard jumpers = men_jumping<B::kUpLeft>(up, enemies, empty) |
                             men_jumping<B::kUpRight>(up, enemies, empty) |
                             men_jumping<B::kDownLeft>(down, enemies, empty) |
                             men_jumping<B::kDownRight>(down, enemies, empty) |
                             men_jumping<B::kUp>(men & B::jump_from(B::kUp), enemies, empty) |
                             men_jumping<B::kDown>(men & B::jump_from(B::kDown), enemies, empty) |
                             men_jumping<B::kLeft>(men & B::jump_from(B::kLeft), enemies, empty) |
                             men_jumping<B::kRight>(men & B::jump_from(B::kRight), enemies, empty);
    CaptureSearch<V, CaptureSink::Store> search(enemies, empty, moves, duplicates,
                                                B::promotion_row(Us), enemy_kings, Us);
    for (Bitboard from = jumpers; from != 0;) search.from_man(pop_lsb(from));
    for (Bitboard from = own_kings; from != 0;) search.from_king(pop_lsb(from));
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
    if constexpr (V::kOrthogonalCaptures) {
        add_all_captures<V, Us>(own & ~kings, own_kings, enemies, enemies & kings, empty, moves,
                                duplicates);
    } else {
        const ManJumps jumps = man_jumps<V, Us>(own & ~kings, enemies, empty);
        if (jumps.any() == 0 && own_kings == 0) return;
        add_captures<V, Us>(jumps, own_kings, enemies, enemies & kings, empty, moves, duplicates);
    }
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
