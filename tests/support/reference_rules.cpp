#include "tests/support/reference_rules.hpp"

#include <algorithm>
#include <set>
#include <tuple>

namespace draughts::testing {

namespace {

struct Direction {
    int rows;
    int columns;
};
constexpr std::array<Direction, 4> kAllDirections = {Direction{-1, -1}, Direction{-1, 1},
                                                     Direction{1, -1}, Direction{1, 1}};
/// Along rows and columns the next square of the same colour is two cells away.
constexpr std::array<Direction, 4> kOrthogonalDirections = {Direction{-2, 0}, Direction{0, -2},
                                                            Direction{0, 2}, Direction{2, 0}};

/// The directions a piece of the rules captures in.
std::vector<Direction> capture_directions(const RefRules& rules) {
    std::vector<Direction> out(kAllDirections.begin(), kAllDirections.end());
    if (rules.orthogonal)
        out.insert(out.end(), kOrthogonalDirections.begin(), kOrthogonalDirections.end());
    return out;
}

/// The square one step from `square` in direction d on a board of `size`, or 0 off the board.
int step(int size, int square, Direction d) {
    return ref_square_at(size, ref_row(size, square) + d.rows,
                         ref_column(size, square) + d.columns);
}

/// Exhaustive search of the capture routes of the piece on `from`. The moving piece has left its
/// square (so it may pass over or return to it); jumped pieces stay until the end and block.
class RouteSearch {
  public:
    RouteSearch(const RefBoard& board, int from)
        : board_(board), from_(from), directions_(capture_directions(board.rules)) {
        const RefPiece piece = board.squares[static_cast<std::size_t>(from)];
        white_ = is_white(piece);
        size_ = board.rules.size;
        crown_row_ = white_ ? 0 : size_ - 1;
        king_at_start_ = is_king(piece);
    }

    std::vector<RefMove> run() {
        RefMove route;
        route.from = from_;
        extend(from_, route, king_at_start_);
        return routes_;
    }

  private:
    bool free(int square) const {
        return square != 0 && (square == from_ ||
                               board_.squares[static_cast<std::size_t>(square)] == RefPiece::Empty);
    }
    bool enemy(int square) const {
        if (square == 0) return false;
        const RefPiece p = board_.squares[static_cast<std::size_t>(square)];
        return white_ ? is_black(p) : is_white(p);
    }
    bool already_captured(const RefMove& route, int square) const {
        return std::find(route.captured.begin(), route.captured.end(), square) !=
               route.captured.end();
    }

    /// Whether the piece (a man, or a king) may jump in direction d: men capturing forwards
    /// only go towards the far row (diagonally; the orthogonal rules let men jump backwards).
    bool may_jump(Direction d, bool king) const {
        if (king || board_.rules.men_capture_backward) return true;
        return (d.rows < 0) == white_;
    }

    /// The enemy that a piece on `at` can jump in direction d (not yet captured), or 0.
    int victim_from(int at, Direction d, const RefMove& route, bool king) const {
        if (!may_jump(d, king)) return 0;
        int victim = step(size_, at, d);
        if (king && board_.rules.flying_kings)
            while (free(victim)) victim = step(size_, victim, d);
        if (!enemy(victim) || already_captured(route, victim)) return 0;
        return free(step(size_, victim, d)) ? victim : 0;
    }

    /// Whether a king on `at` has any capture, given the pieces already captured on `route`.
    bool can_capture_from(int at, const RefMove& route) const {
        for (const Direction d : directions_)
            if (victim_from(at, d, route, true) != 0) return true;
        return false;
    }

    void jump(int victim, int landing, bool nearest, RefMove& route, bool king, bool& extended) {
        extended = true;
        route.captured.push_back(victim);
        route.landings.push_back(landing);
        const bool crowned_now =
            !king && board_.rules.crown_in_capture && ref_row(size_, landing) == crown_row_;
        const bool was_crowned = route.crowned;
        const bool was_nearest = last_nearest_;
        route.crowned = route.crowned || crowned_now;
        last_nearest_ = nearest;
        extend(landing, route, king || crowned_now);
        last_nearest_ = was_nearest;
        route.crowned = was_crowned;
        route.captured.pop_back();
        route.landings.pop_back();
    }

    /// Whether a finished route breaks the killer rule: a flying king that took a king last
    /// and did not stop right behind it.
    bool breaks_killer_rule(const RefMove& route, bool king) const {
        if (!board_.rules.killer || !king || !board_.rules.flying_kings) return false;
        const RefPiece last = board_.squares[static_cast<std::size_t>(route.captured.back())];
        return is_king(last) && !last_nearest_;
    }

    void extend(int at, RefMove& route, bool king) {
        bool extended = false;
        const bool flying = king && board_.rules.flying_kings;
        for (const Direction d : directions_) {
            const int victim = victim_from(at, d, route, king);
            if (victim == 0) continue;
            std::vector<int> landings;
            for (int landing = step(size_, victim, d); free(landing);
                 landing = step(size_, landing, d)) {
                landings.push_back(landing);
                if (!flying) break;  // a man or a short king lands right behind the piece
            }
            if (!flying || board_.rules.majority) {
                for (std::size_t i = 0; i < landings.size(); ++i)
                    jump(victim, landings[i], i == 0, route, king, extended);
                continue;
            }
            // Free choice of captures: a king must still stop where it can capture on, if it
            // can anywhere behind the piece it jumped.
            route.captured.push_back(victim);
            std::vector<int> continuing;
            for (int landing : landings)
                if (can_capture_from(landing, route)) continuing.push_back(landing);
            route.captured.pop_back();
            for (int landing : continuing.empty() ? landings : continuing)
                jump(victim, landing, landing == landings.front(), route, king, extended);
        }
        if (!extended && !route.captured.empty() && !breaks_killer_rule(route, king)) {
            RefMove done = route;
            done.to = at;
            done.by_king = king_at_start_;
            routes_.push_back(std::move(done));
        }
    }

    const RefBoard& board_;
    int from_;
    std::vector<Direction> directions_;
    bool last_nearest_ = false;
    bool king_at_start_ = false;
    bool white_ = false;
    int size_ = 10;
    int crown_row_ = 0;
    std::vector<RefMove> routes_;
};

/// Whether the side to move has men on the board.
bool has_men(const RefBoard& board, bool white) {
    for (int s = 1; s <= board.rules.squares(); ++s) {
        const RefPiece p = board.squares[static_cast<std::size_t>(s)];
        if (p == (white ? RefPiece::WhiteMan : RefPiece::BlackMan)) return true;
    }
    return false;
}

std::vector<RefMove> quiet_moves(const RefBoard& board) {
    std::vector<RefMove> moves;
    const int size = board.rules.size;
    const std::size_t side = board.white_to_move ? 0 : 1;
    // A king that made the most quiet moves in a row rests while its side has men.
    const int resting = board.rules.king_run_limit > 0 &&
                                board.run_length[side] >= board.rules.king_run_limit &&
                                has_men(board, board.white_to_move)
                            ? board.run_king[side]
                            : 0;
    for (int from = 1; from <= board.rules.squares(); ++from) {
        const RefPiece p = board.squares[static_cast<std::size_t>(from)];
        if (p == RefPiece::Empty || is_white(p) != board.white_to_move) continue;
        if (from == resting) continue;
        const bool slides = is_king(p) && board.rules.flying_kings;
        for (const Direction d : kAllDirections) {
            if (!is_king(p) && (d.rows < 0) != board.white_to_move) continue;  // men go forward
            for (int to = step(size, from, d);
                 to != 0 && board.squares[static_cast<std::size_t>(to)] == RefPiece::Empty;
                 to = step(size, to, d)) {
                moves.push_back(RefMove{from, to, {}, {}});
                if (!slides) break;
            }
        }
    }
    return moves;
}

/// The weight the majority rule compares: pieces taken, or their value (a man 100, a king 199)
/// with a capture by a king above one by a man of the same value.
int route_weight(const RefBoard& board, const RefMove& route) {
    if (!board.rules.value) return static_cast<int>(route.captured.size());
    int value = 0;
    for (int c : route.captured)
        value += is_king(board.squares[static_cast<std::size_t>(c)]) ? 199 : 100;
    return 2 * value + (route.by_king ? 1 : 0);
}

bool any_king(const RefBoard& board) {
    for (int s = 1; s <= board.rules.squares(); ++s)
        if (is_king(board.squares[static_cast<std::size_t>(s)])) return true;
    return false;
}

std::vector<RefMove> remove_repeats(std::vector<RefMove> routes, RefListing listing) {
    if (listing == RefListing::AllRoutes) return routes;
    std::set<std::tuple<int, int, std::vector<int>, bool>> seen;
    std::vector<RefMove> out;
    for (RefMove& r : routes) {
        auto key = std::make_tuple(
            r.from, r.to, listing == RefListing::Drop ? r.captured_set() : r.captured, r.crowned);
        if (seen.insert(std::move(key)).second) out.push_back(std::move(r));
    }
    return out;
}

}  // namespace

std::vector<int> RefMove::captured_set() const {
    std::vector<int> set = captured;
    std::sort(set.begin(), set.end());
    return set;
}

int ref_row(int square) { return ref_row(10, square); }
int ref_column(int square) { return ref_column(10, square); }
int ref_square_at(int row, int column) { return ref_square_at(10, row, column); }

int ref_row(int size, int square) { return (square - 1) / (size / 2); }

int ref_column(int size, int square) {
    const int row = ref_row(size, square);
    const int index = (square - 1) % (size / 2);
    return row % 2 == 0 ? 2 * index + 1 : 2 * index;
}

int ref_square_at(int size, int row, int column) {
    if (row < 0 || row >= size || column < 0 || column >= size) return 0;
    if ((row + column) % 2 == 0) return 0;  // light square
    return row * (size / 2) + column / 2 + 1;
}

std::vector<RefMove> reference_moves(const RefBoard& board, RefListing listing) {
    if (board.rules.first_king_ends && any_king(board)) return {};
    std::vector<RefMove> routes;
    for (int from = 1; from <= board.rules.squares(); ++from) {
        const RefPiece p = board.squares[static_cast<std::size_t>(from)];
        if (p == RefPiece::Empty || is_white(p) != board.white_to_move) continue;
        for (RefMove& r : RouteSearch(board, from).run()) routes.push_back(std::move(r));
    }
    if (routes.empty()) return quiet_moves(board);
    if (board.rules.majority) {
        int most = 0;
        for (const RefMove& r : routes) most = std::max(most, route_weight(board, r));
        std::erase_if(routes, [&](const RefMove& r) { return route_weight(board, r) < most; });
    }
    return remove_repeats(std::move(routes), listing);
}

RefBoard reference_after(const RefBoard& board, const RefMove& move) {
    RefBoard next = board;
    const auto at = [&next](int square) -> RefPiece& {
        return next.squares[static_cast<std::size_t>(square)];
    };
    RefPiece piece = at(move.from);
    at(move.from) = RefPiece::Empty;
    for (int c : move.captured) at(c) = RefPiece::Empty;
    const int last_row = board.rules.size - 1;
    if (piece == RefPiece::WhiteMan && (move.crowned || ref_row(board.rules.size, move.to) == 0))
        piece = RefPiece::WhiteKing;
    if (piece == RefPiece::BlackMan &&
        (move.crowned || ref_row(board.rules.size, move.to) == last_row))
        piece = RefPiece::BlackKing;
    at(move.to) = piece;
    next.white_to_move = !board.white_to_move;
    if (board.rules.king_run_limit > 0) {
        const std::size_t us = board.white_to_move ? 0 : 1;
        const std::size_t them = 1 - us;
        const bool king_move =
            is_king(board.squares[static_cast<std::size_t>(move.from)]) && move.captured.empty();
        if (king_move && has_men(next, board.white_to_move)) {
            next.run_length[us] = board.run_king[us] == move.from ? board.run_length[us] + 1 : 1;
            next.run_king[us] = move.to;
        } else {
            next.run_length[us] = 0;
            next.run_king[us] = 0;
        }
        const bool king_taken = std::find(move.captured.begin(), move.captured.end(),
                                          board.run_king[them]) != move.captured.end();
        if (king_taken || !has_men(next, !board.white_to_move)) {
            next.run_length[them] = 0;
            next.run_king[them] = 0;
        }
    }
    return next;
}

std::string ref_describe(const RefBoard& board) {
    std::string out(1, board.white_to_move ? 'W' : 'B');
    for (int s = 1; s <= board.rules.squares(); ++s) {
        switch (board.squares[static_cast<std::size_t>(s)]) {
            case RefPiece::Empty:
                out += 'e';
                break;
            case RefPiece::WhiteMan:
                out += 'w';
                break;
            case RefPiece::WhiteKing:
                out += 'W';
                break;
            case RefPiece::BlackMan:
                out += 'b';
                break;
            case RefPiece::BlackKing:
                out += 'B';
                break;
        }
    }
    return out;
}

std::uint64_t reference_perft(const RefBoard& board, int depth, RefListing listing) {
    const auto moves = reference_moves(board, listing);
    if (depth == 1) return moves.size();
    std::uint64_t total = 0;
    for (const auto& move : moves)
        total += reference_perft(reference_after(board, move), depth - 1, listing);
    return total;
}

}  // namespace draughts::testing
