#include "harness/openings/book_generator.hpp"

#include <algorithm>
#include <cassert>
#include <set>
#include <tuple>
#include <utility>

#include "rules/movegen.hpp"
#include "rules/perft.hpp"

namespace draughts::harness {

namespace {

using rules::Move;
using rules::Position;

/// Captured squares as FMJD numbers in increasing order.
std::vector<int> captured_squares(const Move& move) {
    std::vector<int> squares;
    rules::Bitboard captured = move.captured();
    while (captured != 0) squares.push_back(rules::square_of_bit_index(rules::pop_lsb(captured)));
    std::sort(squares.begin(), squares.end());
    return squares;
}

using PositionKey = std::tuple<rules::Bitboard, rules::Bitboard, rules::Bitboard, int>;

PositionKey key_of(const Position& p) {
    return {p.white(), p.black(), p.kings(), static_cast<int>(p.side_to_move())};
}

/// Depth-first search in move_less order. The first visit of a position at a given ply comes
/// through the smallest sequence reaching it there, and every prefix of a smallest sequence is
/// itself smallest, so later visits of the same (position, ply) can be cut off without losing
/// any smallest sequence.
class Enumerator {
  public:
    Enumerator(const Position& root, int plies)
        : root_(root), plies_(plies), seen_(static_cast<std::size_t>(plies) + 1) {}

    void run(GeneratedBook& book) { visit(root_, 0, book); }

  private:
    void visit(const Position& position, int ply, GeneratedBook& book) {
        if (!seen_[static_cast<std::size_t>(ply)].insert(key_of(position)).second) return;
        rules::MoveList list;
        rules::generate_moves(position, list);
        if (ply == plies_) {
            if (list.empty()) {
                ++book.finished;
            } else {
                book.openings.push_back(opening_after(root_, path_));
            }
            return;
        }
        std::vector<Move> moves(list.begin(), list.end());
        std::sort(moves.begin(), moves.end(), move_less);
        for (const Move& move : moves) {
            path_.push_back(move);
            visit(position.after(move), ply + 1, book);
            path_.pop_back();
        }
    }

    Position root_;
    int plies_;
    std::vector<std::set<PositionKey>> seen_;
    std::vector<Move> path_;
};

}  // namespace

bool move_less(const Move& a, const Move& b) {
    if (a.from() != b.from()) return a.from() < b.from();
    if (a.to() != b.to()) return a.to() < b.to();
    return captured_squares(a) < captured_squares(b);
}

GeneratedBook generate_book(const Position& root, int plies) {
    assert(plies >= 0);
    GeneratedBook book;
    Enumerator(root, plies).run(book);
    book.sequences = rules::perft(root, plies);
    return book;
}

}  // namespace draughts::harness
