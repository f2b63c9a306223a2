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

/// The square one step from `square` in direction d on a board of `size`, or 0 off the board.
int step(int size, int square, Direction d) {
    return ref_square_at(size, ref_row(size, square) + d.rows,
                         ref_column(size, square) + d.columns);
}

/// Exhaustive search of the capture routes of the piece on `from`. The moving piece has left its
/// square (so it may pass over or return to it); jumped pieces stay until the end and block.
class RouteSearch {
  public:
    RouteSearch(const RefBoard& board, int from) : board_(board), from_(from) {
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

    /// The enemy that a piece on `at` can jump in direction d (not yet captured), or 0.
    int victim_from(int at, Direction d, const RefMove& route, bool king) const {
        int victim = step(size_, at, d);
        if (king)
            while (free(victim)) victim = step(size_, victim, d);
        if (!enemy(victim) || already_captured(route, victim)) return 0;
        return free(step(size_, victim, d)) ? victim : 0;
    }

    /// Whether a king on `at` has any capture, given the pieces already captured on `route`.
    bool can_capture_from(int at, const RefMove& route) const {
        for (const Direction d : kAllDirections)
            if (victim_from(at, d, route, true) != 0) return true;
        return false;
    }

    void jump(int victim, int landing, RefMove& route, bool king, bool& extended) {
        extended = true;
        route.captured.push_back(victim);
        route.landings.push_back(landing);
        const bool crowned_now =
            !king && board_.rules.crown_in_capture && ref_row(size_, landing) == crown_row_;
        const bool was_crowned = route.crowned;
        route.crowned = route.crowned || crowned_now;
        extend(landing, route, king || crowned_now);
        route.crowned = was_crowned;
        route.captured.pop_back();
        route.landings.pop_back();
    }

    void extend(int at, RefMove& route, bool king) {
        bool extended = false;
        for (const Direction d : kAllDirections) {
            const int victim = victim_from(at, d, route, king);
            if (victim == 0) continue;
            std::vector<int> landings;
            for (int landing = step(size_, victim, d); free(landing);
                 landing = step(size_, landing, d)) {
                landings.push_back(landing);
                if (!king) break;  // a man lands directly behind the piece it jumps
            }
            if (!king || board_.rules.majority) {
                for (int landing : landings) jump(victim, landing, route, king, extended);
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
                jump(victim, landing, route, king, extended);
        }
        if (!extended && !route.captured.empty()) {
            RefMove done = route;
            done.to = at;
            routes_.push_back(std::move(done));
        }
    }

    const RefBoard& board_;
    int from_;
    bool king_at_start_ = false;
    bool white_ = false;
    int size_ = 10;
    int crown_row_ = 0;
    std::vector<RefMove> routes_;
};

std::vector<RefMove> quiet_moves(const RefBoard& board) {
    std::vector<RefMove> moves;
    const int size = board.rules.size;
    for (int from = 1; from <= board.rules.squares(); ++from) {
        const RefPiece p = board.squares[static_cast<std::size_t>(from)];
        if (p == RefPiece::Empty || is_white(p) != board.white_to_move) continue;
        for (const Direction d : kAllDirections) {
            if (!is_king(p) && (d.rows < 0) != board.white_to_move) continue;  // men go forward
            for (int to = step(size, from, d);
                 to != 0 && board.squares[static_cast<std::size_t>(to)] == RefPiece::Empty;
                 to = step(size, to, d)) {
                moves.push_back(RefMove{from, to, {}, {}});
                if (!is_king(p)) break;
            }
        }
    }
    return moves;
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
    std::vector<RefMove> routes;
    for (int from = 1; from <= board.rules.squares(); ++from) {
        const RefPiece p = board.squares[static_cast<std::size_t>(from)];
        if (p == RefPiece::Empty || is_white(p) != board.white_to_move) continue;
        for (RefMove& r : RouteSearch(board, from).run()) routes.push_back(std::move(r));
    }
    if (routes.empty()) return quiet_moves(board);
    if (board.rules.majority) {
        std::size_t most = 0;
        for (const RefMove& r : routes) most = std::max(most, r.captured.size());
        std::erase_if(routes, [most](const RefMove& r) { return r.captured.size() < most; });
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

}  // namespace draughts::testing
