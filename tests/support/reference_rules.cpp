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

bool is_white(RefPiece p) { return p == RefPiece::WhiteMan || p == RefPiece::WhiteKing; }
bool is_black(RefPiece p) { return p == RefPiece::BlackMan || p == RefPiece::BlackKing; }
bool is_king(RefPiece p) { return p == RefPiece::WhiteKing || p == RefPiece::BlackKing; }

/// The square one step from `square` in direction d, or 0 off the board.
int step(int square, Direction d) {
    return ref_square_at(ref_row(square) + d.rows, ref_column(square) + d.columns);
}

/// Exhaustive search of the capture routes of the piece on `from`. The moving piece has left its
/// square (so it may pass over or return to it); jumped pieces stay until the end and block.
class RouteSearch {
  public:
    RouteSearch(const RefBoard& board, int from) : board_(board), from_(from) {
        const RefPiece piece = board.squares[static_cast<std::size_t>(from)];
        king_ = is_king(piece);
        white_ = is_white(piece);
    }

    std::vector<RefMove> run() {
        RefMove route;
        route.from = from_;
        extend(from_, route);
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

    void extend(int at, RefMove& route) {
        bool extended = false;
        for (const Direction d : kAllDirections) {
            int victim = step(at, d);
            if (king_)
                while (free(victim)) victim = step(victim, d);
            if (!enemy(victim) || already_captured(route, victim)) continue;
            for (int landing = step(victim, d); free(landing); landing = step(landing, d)) {
                extended = true;
                route.captured.push_back(victim);
                route.landings.push_back(landing);
                extend(landing, route);
                route.captured.pop_back();
                route.landings.pop_back();
                if (!king_) break;  // a man lands directly behind the piece it jumps
            }
        }
        if (!extended && !route.captured.empty()) {
            RefMove done = route;
            done.to = at;
            routes_.push_back(std::move(done));
        }
    }

    const RefBoard& board_;
    int from_;
    bool king_ = false;
    bool white_ = false;
    std::vector<RefMove> routes_;
};

std::vector<RefMove> quiet_moves(const RefBoard& board) {
    std::vector<RefMove> moves;
    for (int from = 1; from <= 50; ++from) {
        const RefPiece p = board.squares[static_cast<std::size_t>(from)];
        if (p == RefPiece::Empty || is_white(p) != board.white_to_move) continue;
        for (const Direction d : kAllDirections) {
            if (!is_king(p) && (d.rows < 0) != board.white_to_move) continue;  // men go forward
            for (int to = step(from, d);
                 to != 0 && board.squares[static_cast<std::size_t>(to)] == RefPiece::Empty;
                 to = step(to, d)) {
                moves.push_back(RefMove{from, to, {}, {}});
                if (!is_king(p)) break;
            }
        }
    }
    return moves;
}

std::vector<RefMove> remove_repeats(std::vector<RefMove> routes, RefListing listing) {
    if (listing == RefListing::AllRoutes) return routes;
    std::set<std::tuple<int, int, std::vector<int>>> seen;
    std::vector<RefMove> out;
    for (RefMove& r : routes) {
        auto key = std::make_tuple(r.from, r.to,
                                   listing == RefListing::Drop ? r.captured_set() : r.captured);
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

int ref_row(int square) { return (square - 1) / 5; }

int ref_column(int square) {
    const int row = ref_row(square);
    const int index = (square - 1) % 5;
    return row % 2 == 0 ? 2 * index + 1 : 2 * index;
}

int ref_square_at(int row, int column) {
    if (row < 0 || row > 9 || column < 0 || column > 9) return 0;
    if ((row + column) % 2 == 0) return 0;  // light square
    return row * 5 + column / 2 + 1;
}

std::vector<RefMove> reference_moves(const RefBoard& board, RefListing listing) {
    std::vector<RefMove> routes;
    for (int from = 1; from <= 50; ++from) {
        const RefPiece p = board.squares[static_cast<std::size_t>(from)];
        if (p == RefPiece::Empty || is_white(p) != board.white_to_move) continue;
        for (RefMove& r : RouteSearch(board, from).run()) routes.push_back(std::move(r));
    }
    if (routes.empty()) return quiet_moves(board);
    std::size_t most = 0;
    for (const RefMove& r : routes) most = std::max(most, r.captured.size());
    std::erase_if(routes, [most](const RefMove& r) { return r.captured.size() < most; });
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
    if (piece == RefPiece::WhiteMan && ref_row(move.to) == 0) piece = RefPiece::WhiteKing;
    if (piece == RefPiece::BlackMan && ref_row(move.to) == 9) piece = RefPiece::BlackKing;
    at(move.to) = piece;
    next.white_to_move = !board.white_to_move;
    return next;
}

std::string ref_describe(const RefBoard& board) {
    std::string out(1, board.white_to_move ? 'W' : 'B');
    for (int s = 1; s <= 50; ++s) {
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
