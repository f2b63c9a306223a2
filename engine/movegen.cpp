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

/// Pieces in `attackers` (sliding over `empty` first when `flying`) that can jump an enemy piece
/// in direction Step.
template <int Step>
bool can_capture_in(Bitboard men, Bitboard kings, Bitboard enemies, Bitboard empty) {
    const Bitboard victims = enemies & shift<-Step>(empty);
    const Bitboard from = men | slide_fill<Step>(kings, empty);
    return (shift<Step>(from) & victims) != 0;
}

bool any_capture(Bitboard men, Bitboard kings, Bitboard enemies, Bitboard empty) {
    return can_capture_in<kUpLeft>(men, kings, enemies, empty) ||
           can_capture_in<kUpRight>(men, kings, enemies, empty) ||
           can_capture_in<kDownLeft>(men, kings, enemies, empty) ||
           can_capture_in<kDownRight>(men, kings, enemies, empty);
}

/// Depth-first search over capture sequences of one piece, keeping only those that take the most
/// pieces. Jumped pieces stay on the board until the move ends (Turkish strike [FMJD 4.11]) and
/// cannot be jumped twice [4.8]; empty squares may be crossed repeatedly [4.7].
class CaptureSearch {
public:
    CaptureSearch(Bitboard enemies, Bitboard empty, MoveList& out, Duplicates duplicates)
        : enemies_(enemies), empty_(empty), out_(out), duplicates_(duplicates) {}

    void from_man(int from) {
        start(from);
        man_step(Bitboard{1} << from, 0);
    }
    void from_king(int from) {
        start(from);
        king_step(Bitboard{1} << from, 0, 0, true);
    }

private:
    void start(int from) {
        from_ = from;
        origin_ = Bitboard{1} << from;
    }

    // A man jumps an adjacent enemy, forwards or backwards [FMJD 4.2].
    void man_step(Bitboard at, Bitboard captured) {
        bool extended = false;
        const Bitboard empty = empty_ | origin_;
        for (int step : kDirections) {
            const Bitboard victim = shift_by(at, step) & enemies_ & ~captured;
            if (victim == 0) continue;
            const Bitboard landing = shift_by(victim, step) & empty;
            if (landing == 0) continue;
            extended = true;
            man_step(landing, captured | victim);
        }
        if (!extended && captured != 0) record(at, captured);
    }

    // A flying king jumps an enemy at any distance on a free diagonal and lands on any free square
    // behind it; it may turn between jumps [FMJD 4.3, 4.5]. Turning back is never useful: the
    // piece just jumped blocks that way. Going on straight ahead is explored from the first
    // landing square only: from a farther one it would be the same route (the king merely slid
    // further before jumping), not a different move.
    void king_step(Bitboard at, Bitboard captured, int came_from_step, bool first_landing) {
        bool extended = false;
        const Bitboard empty = empty_ | origin_;
        for (int step : kDirections) {
            if (step == -came_from_step || (step == came_from_step && !first_landing)) continue;
            Bitboard target = shift_by(at, step);
            while (target & empty) target = shift_by(target, step);
            const Bitboard victim = target & enemies_ & ~captured;
            if (victim == 0) continue;
            bool first = true;
            for (Bitboard landing = shift_by(victim, step) & empty; landing != 0;
                 landing = shift_by(landing, step) & empty) {
                extended = true;
                king_step(landing, captured | victim, step, first);
                first = false;
            }
        }
        if (!extended && captured != 0) record(at, captured);
    }

    void record(Bitboard at, Bitboard captured) {
        const int count = popcount(captured);
        if (count < best_) return;
        if (count > best_) {
            out_.clear();
            best_ = count;
        }
        const Move move(from_, lsb_index(at), captured);
        // Two routes can share origin, destination and captured set only from 4 captures on.
        if (duplicates_ == Duplicates::Drop && count >= 4 && out_.contains(move)) return;
        out_.push(move);
    }

    Bitboard enemies_;
    Bitboard empty_;
    MoveList& out_;
    Duplicates duplicates_;
    int best_ = 1;
    int from_ = 0;
    Bitboard origin_ = 0;
};

template <Color Us>
void generate_captures(const Position& pos, MoveList& moves, Duplicates duplicates) {
    const Bitboard own = pos.pieces(Us);
    const Bitboard enemies = pos.pieces(opposite(Us));
    const Bitboard empty = pos.empty();
    CaptureSearch search(enemies, empty, moves, duplicates);
    for (Bitboard men = own & ~pos.kings(); men != 0;) search.from_man(pop_lsb(men));
    for (Bitboard kings = own & pos.kings(); kings != 0;) search.from_king(pop_lsb(kings));
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

template <Color Us>
int count(const Position& pos, Duplicates duplicates) {
    if (side_has_capture<Us>(pos)) {
        MoveList moves;
        generate_captures<Us>(pos, moves, duplicates);
        return static_cast<int>(moves.size());
    }
    const Bitboard empty = pos.empty();
    const Bitboard men = pos.men(Us);
    int n = popcount(shift<Forward<Us>::kLeft>(men) & empty) +
            popcount(shift<Forward<Us>::kRight>(men) & empty);
    if (const Bitboard kings = pos.kings(Us); kings != 0) {
        n += count_king_slides<kUpLeft>(kings, empty) + count_king_slides<kUpRight>(kings, empty) +
             count_king_slides<kDownLeft>(kings, empty) +
             count_king_slides<kDownRight>(kings, empty);
    }
    return n;
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

int count_moves(const Position& position, Duplicates duplicates) {
    return position.side_to_move() == Color::White ? count<Color::White>(position, duplicates)
                                                   : count<Color::Black>(position, duplicates);
}

}  // namespace draughts::engine
