#include "engine/movegen.hpp"

namespace draughts::engine {

namespace {

/// Steps forward for the men of a colour: White moves up the board, Black down. [FMJD 3.4]
template <Color Us>
struct Forward {
    static constexpr int kLeft = Us == Color::White ? kUpLeft : kDownLeft;
    static constexpr int kRight = Us == Color::White ? kUpRight : kDownRight;
};

Bitboard shift_by(Bitboard b, int step) { return step > 0 ? b << step : b >> -step; }

/// Kings plus every empty square they reach sliding in direction Step (Kogge-Stone fill; a
/// slide is at most 9 squares, which 1 + 2 + 4 + 8 steps cover).
template <int Step>
Bitboard slide_fill(Bitboard kings, Bitboard empty) {
    Bitboard gen = kings;
    Bitboard pro = empty;
    gen |= pro & shift<Step>(gen);
    pro &= shift<Step>(pro);
    gen |= pro & shift<2 * Step>(gen);
    pro &= shift<2 * Step>(pro);
    gen |= pro & shift<4 * Step>(gen);
    pro &= shift<4 * Step>(pro);
    gen |= pro & shift<8 * Step>(gen);
    return gen;
}

/// Squares just beyond the slides of the kings in direction Step (where an enemy may be jumped).
template <int Step>
Bitboard king_jump_targets(Bitboard kings, Bitboard empty) {
    return shift<Step>(slide_fill<Step>(kings, empty));
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
        king_step(Bitboard{1} << from, 0, 0, true);
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
    // behind it; it may turn between jumps [FMJD 4.3, 4.5]. Turning back is never useful: the
    // piece just jumped blocks that way. Going on straight ahead is explored from the first
    // landing square only: from a farther one it would be the same route (the king merely slid
    // further before jumping), not a different move.
    void king_step(Bitboard at, Bitboard captured, int came_from_step, bool first_landing) {
        bool extended = false;
        for (int step : kDirections) {
            if (step == -came_from_step || (step == came_from_step && !first_landing)) continue;
            Bitboard target = shift_by(at, step);
            while (target & empty_) target = shift_by(target, step);
            const Bitboard victim = target & enemies_ & ~captured;
            if (victim == 0) continue;
            bool first = true;
            for (Bitboard landing = shift_by(victim, step) & empty_; landing != 0;
                 landing = shift_by(landing, step) & empty_) {
                extended = true;
                king_step(landing, captured | victim, step, first);
                first = false;
            }
        }
        if (!extended && captured != 0) record(at, captured);
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
            out_.push(move);
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

/// Runs the capture search from every piece of the side to move that has a capture.
template <CaptureSink Sink>
int search_captures(Bitboard own, Bitboard enemies, Bitboard kings, MoveList& moves,
                    Duplicates duplicates) {
    const Bitboard empty = kBoardMask & ~(own | enemies);
    const Bitboard men = own & ~kings;
    CaptureSearch<Sink> search(enemies, empty, moves, duplicates);
    for (Bitboard jumpers = men_jumping<kUpLeft>(men, enemies, empty) |
                            men_jumping<kUpRight>(men, enemies, empty) |
                            men_jumping<kDownLeft>(men, enemies, empty) |
                            men_jumping<kDownRight>(men, enemies, empty);
         jumpers != 0;) {
        search.from_man(pop_lsb(jumpers));
    }
    for (Bitboard own_kings = own & kings; own_kings != 0;) search.from_king(pop_lsb(own_kings));
    return search.count();
}

template <Color Us>
void generate_captures(const Position& pos, MoveList& moves, Duplicates duplicates) {
    search_captures<CaptureSink::Store>(pos.pieces(Us), pos.pieces(opposite(Us)), pos.kings(),
                                        moves, duplicates);
}

template <int Step>
void add_king_slides(Bitboard king, Bitboard empty, MoveList& moves) {
    const int from = lsb_index(king);
    for (Bitboard to = shift<Step>(king) & empty; to != 0; to = shift<Step>(to) & empty)
        moves.push(Move(from, lsb_index(to), 0));
}

template <int Step>
void add_man_steps(Bitboard men, Bitboard empty, MoveList& moves) {
    for (Bitboard targets = shift<Step>(men) & empty; targets != 0;) {
        const int to = pop_lsb(targets);
        moves.push(Move(to - Step, to, 0));
    }
}

template <Color Us>
void generate_quiet(const Position& pos, MoveList& moves) {
    const Bitboard empty = pos.empty();
    const Bitboard men = pos.men(Us);
    add_man_steps<Forward<Us>::kLeft>(men, empty, moves);
    add_man_steps<Forward<Us>::kRight>(men, empty, moves);
    for (Bitboard kings = pos.kings(Us); kings != 0; kings &= kings - 1) {
        const Bitboard king = kings & -kings;
        add_king_slides<kUpLeft>(king, empty, moves);
        add_king_slides<kUpRight>(king, empty, moves);
        add_king_slides<kDownLeft>(king, empty, moves);
        add_king_slides<kDownRight>(king, empty, moves);
    }
}

template <Color Us>
bool side_has_capture(const Position& pos) {
    return any_capture(pos.men(Us), pos.kings(Us), pos.pieces(opposite(Us)), pos.empty());
}

template <Color Us>
void generate(const Position& pos, MoveList& moves, Duplicates duplicates) {
    moves.clear();
    if (side_has_capture<Us>(pos)) {
        generate_captures<Us>(pos, moves, duplicates);
    } else {
        generate_quiet<Us>(pos, moves);
    }
}

// Within one direction the slides of different kings never overlap (a king blocks the slide of
// any king behind it), so one fill per direction counts every king move exactly once.
template <int Step>
int count_king_slides(Bitboard kings, Bitboard empty) {
    return popcount(slide_fill<Step>(kings, empty) & empty);
}

/// Men jumping in direction Step whose jump could continue from the landing square: a second
/// jump in any direction but straight back (the piece just taken blocks that way; the landing
/// square two steps ahead is then never the origin, so the plain empty set is exact).
template <int Step>
Bitboard men_with_second_jump(Bitboard jumpers, Bitboard enemies, Bitboard empty) {
    const Bitboard landings = shift<2 * Step>(jumpers);
    Bitboard continuing = 0;
    if constexpr (Step != -kUpLeft) continuing |= men_jumping<kUpLeft>(landings, enemies, empty);
    if constexpr (Step != -kUpRight) continuing |= men_jumping<kUpRight>(landings, enemies, empty);
    if constexpr (Step != -kDownLeft) continuing |= men_jumping<kDownLeft>(landings, enemies, empty);
    if constexpr (Step != -kDownRight)
        continuing |= men_jumping<kDownRight>(landings, enemies, empty);
    return continuing;
}

/// Number of legal moves of side Us, whose pieces are `own`, against `enemies`.
template <Color Us>
int count_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates) {
    const Bitboard empty = kBoardMask & ~(own | enemies);
    const Bitboard men = own & ~kings;
    const Bitboard own_kings = own & kings;
    const Bitboard up_left = men_jumping<kUpLeft>(men, enemies, empty);
    const Bitboard up_right = men_jumping<kUpRight>(men, enemies, empty);
    const Bitboard down_left = men_jumping<kDownLeft>(men, enemies, empty);
    const Bitboard down_right = men_jumping<kDownRight>(men, enemies, empty);
    const Bitboard jumpers = up_left | up_right | down_left | down_right;
    const bool king_captures = own_kings != 0 && any_capture(0, own_kings, enemies, empty);
    if (jumpers != 0 || king_captures) {
        // The common case: single jumps by men only, each one a move of its own.
        if (!king_captures && (men_with_second_jump<kUpLeft>(up_left, enemies, empty) |
                               men_with_second_jump<kUpRight>(up_right, enemies, empty) |
                               men_with_second_jump<kDownLeft>(down_left, enemies, empty) |
                               men_with_second_jump<kDownRight>(down_right, enemies, empty)) == 0) {
            return popcount(up_left) + popcount(up_right) + popcount(down_left) +
                   popcount(down_right);
        }
        MoveList repeatable;  // only captures of 4+ pieces are stored, to drop duplicates
        return search_captures<CaptureSink::Count>(own, enemies, kings, repeatable, duplicates);
    }
    int n = popcount(shift<Forward<Us>::kLeft>(men) & empty) +
            popcount(shift<Forward<Us>::kRight>(men) & empty);
    if (own_kings != 0) {
        n += count_king_slides<kUpLeft>(own_kings, empty) +
             count_king_slides<kUpRight>(own_kings, empty) +
             count_king_slides<kDownLeft>(own_kings, empty) +
             count_king_slides<kDownRight>(own_kings, empty);
    }
    return n;
}

template <Color Us>
int count(const Position& pos, Duplicates duplicates) {
    return count_on<Us>(pos.pieces(Us), pos.pieces(opposite(Us)), pos.kings(), duplicates);
}

/// Sum of the opponent's move counts after each quiet man step in direction Step: the child
/// position is only three bitboards, built in place. When the opponent has men only, its quiet
/// move count changes by at most the two squares the step touches, so it is updated, not
/// recounted.
template <Color Us, int Step>
std::uint64_t replies_after_man_steps(Bitboard own, Bitboard enemies, Bitboard kings,
                                      Duplicates duplicates) {
    constexpr Color kThem = opposite(Us);
    const Bitboard empty = kBoardMask & ~(own | enemies);
    const Bitboard their_reach_left = shift<Forward<kThem>::kLeft>(enemies);
    const Bitboard their_reach_right = shift<Forward<kThem>::kRight>(enemies);
    const int their_quiet_moves =
        popcount(their_reach_left & empty) + popcount(their_reach_right & empty);
    const bool they_have_kings = (enemies & kings) != 0;
    const auto reachers = [&](Bitboard square) {
        return static_cast<int>((their_reach_left & square) != 0) +
               static_cast<int>((their_reach_right & square) != 0);
    };
    std::uint64_t total = 0;
    for (Bitboard targets = shift<Step>(own & ~kings) & empty; targets != 0; targets &= targets - 1) {
        const Bitboard to = targets & (~targets + 1);
        const Bitboard from = shift<-Step>(to);
        const Bitboard child_own = own ^ from ^ to;
        if (!they_have_kings) {
            const Bitboard child_empty = empty ^ from ^ to;
            if ((men_jumping<kUpLeft>(enemies, child_own, child_empty) |
                 men_jumping<kUpRight>(enemies, child_own, child_empty) |
                 men_jumping<kDownLeft>(enemies, child_own, child_empty) |
                 men_jumping<kDownRight>(enemies, child_own, child_empty)) == 0) {
                total += static_cast<std::uint64_t>(their_quiet_moves + reachers(from) - reachers(to));
                continue;
            }
        }
        // Our own promotion does not change the opponent's moves, so `kings` needs no update.
        total += static_cast<std::uint64_t>(count_on<kThem>(enemies, child_own, kings, duplicates));
    }
    return total;
}

template <Color Us, int Step>
std::uint64_t replies_after_king_slides(Bitboard own, Bitboard enemies, Bitboard kings,
                                        Duplicates duplicates) {
    constexpr Color kThem = opposite(Us);
    std::uint64_t total = 0;
    const Bitboard empty = kBoardMask & ~(own | enemies);
    for (Bitboard own_kings = own & kings; own_kings != 0; own_kings &= own_kings - 1) {
        const Bitboard from = own_kings & (~own_kings + 1);
        for (Bitboard to = shift<Step>(from) & empty; to != 0; to = shift<Step>(to) & empty) {
            const Bitboard moved = from | to;
            total += static_cast<std::uint64_t>(
                count_on<kThem>(enemies, own ^ moved, kings ^ moved, duplicates));
        }
    }
    return total;
}

template <Color Us>
std::uint64_t count_two(const Position& pos, Duplicates duplicates) {
    constexpr Color kThem = opposite(Us);
    const Bitboard own = pos.pieces(Us);
    const Bitboard enemies = pos.pieces(kThem);
    const Bitboard kings = pos.kings();
    const Bitboard empty = pos.empty();
    if (any_capture(own & ~kings, own & kings, enemies, empty)) {
        MoveList moves;
        search_captures<CaptureSink::Store>(own, enemies, kings, moves, duplicates);
        std::uint64_t total = 0;
        for (const Move& m : moves) {
            const Bitboard from = Bitboard{1} << m.from_index();
            const Bitboard to = Bitboard{1} << m.to_index();
            const bool king = (kings & from) != 0;
            Bitboard child_kings = (kings & ~from & ~m.captured());
            if (king || (to & promotion_row(Us)) != 0) child_kings |= to;
            total += static_cast<std::uint64_t>(count_on<kThem>(
                enemies & ~m.captured(), (own & ~from) | to, child_kings, duplicates));
        }
        return total;
    }
    std::uint64_t total = replies_after_man_steps<Us, Forward<Us>::kLeft>(own, enemies, kings, duplicates) +
                          replies_after_man_steps<Us, Forward<Us>::kRight>(own, enemies, kings, duplicates);
    if ((own & kings) != 0) {
        total += replies_after_king_slides<Us, kUpLeft>(own, enemies, kings, duplicates) +
                 replies_after_king_slides<Us, kUpRight>(own, enemies, kings, duplicates) +
                 replies_after_king_slides<Us, kDownLeft>(own, enemies, kings, duplicates) +
                 replies_after_king_slides<Us, kDownRight>(own, enemies, kings, duplicates);
    }
    return total;
}

}  // namespace

void generate_moves(const Position& position, MoveList& moves, Duplicates duplicates) {
    if (position.side_to_move() == Color::White) {
        generate<Color::White>(position, moves, duplicates);
    } else {
        generate<Color::Black>(position, moves, duplicates);
    }
}

bool has_capture(const Position& position) {
    return position.side_to_move() == Color::White ? side_has_capture<Color::White>(position)
                                                   : side_has_capture<Color::Black>(position);
}

std::uint64_t count_two_ply(const Position& position, Duplicates duplicates) {
    return position.side_to_move() == Color::White ? count_two<Color::White>(position, duplicates)
                                                   : count_two<Color::Black>(position, duplicates);
}

int count_moves(const Position& position, Duplicates duplicates) {
    return position.side_to_move() == Color::White ? count<Color::White>(position, duplicates)
                                                   : count<Color::Black>(position, duplicates);
}

}  // namespace draughts::engine
