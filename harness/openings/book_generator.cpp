#include "harness/openings/book_generator.hpp"

#include <algorithm>
#include <cassert>
#include <set>
#include <tuple>
#include <utility>

#include "rules/movegen.hpp"
#include "rules/perft.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

/// Captured squares as FMJD numbers in increasing order.
template <typename V>
std::vector<int> captured_squares(const rules::BasicMove<V>& move) {
    std::vector<int> squares;
    rules::Bitboard captured = move.captured();
    while (captured != 0)
        squares.push_back(V::Board::square_of_bit_index(rules::pop_lsb(captured)));
    std::sort(squares.begin(), squares.end());
    return squares;
}

using PositionKey = std::tuple<rules::Bitboard, rules::Bitboard, rules::Bitboard, int>;

template <typename V>
PositionKey key_of(const rules::BasicPosition<V>& p) {
    return {p.white(), p.black(), p.kings(), static_cast<int>(p.side_to_move())};
}

/// Depth-first search in move_less order. The first visit of a position at a given ply comes
/// through the smallest sequence reaching it there, and every prefix of a smallest sequence is
/// itself smallest, so later visits of the same (position, ply) can be cut off without losing
/// any smallest sequence.
template <typename V>
class Enumerator {
  public:
    Enumerator(const rules::BasicPosition<V>& root, int plies)
        : root_(root), plies_(plies), seen_(static_cast<std::size_t>(plies) + 1) {}

    void run(BasicGeneratedBook<V>& book) { visit(root_, 0, book); }

  private:
    void visit(const rules::BasicPosition<V>& position, int ply, BasicGeneratedBook<V>& book) {
        if (!seen_[static_cast<std::size_t>(ply)].insert(key_of(position)).second) return;
        rules::BasicMoveList<V> list;
        rules::generate_moves(position, list);
        if (ply == plies_) {
            if (list.empty()) {
                ++book.finished;
            } else {
                book.openings.push_back(opening_after(root_, path_));
            }
            return;
        }
        std::vector<rules::BasicMove<V>> moves(list.begin(), list.end());
        std::sort(moves.begin(), moves.end(), move_less<V>);
        for (const rules::BasicMove<V>& move : moves) {
            path_.push_back(move);
            visit(position.after(move), ply + 1, book);
            path_.pop_back();
        }
    }

    rules::BasicPosition<V> root_;
    int plies_;
    std::vector<std::set<PositionKey>> seen_;
    std::vector<rules::BasicMove<V>> path_;
};

}  // namespace

template <typename V>
bool move_less(const rules::BasicMove<V>& a, const rules::BasicMove<V>& b) {
    if (a.from() != b.from()) return a.from() < b.from();
    if (a.to() != b.to()) return a.to() < b.to();
    return captured_squares(a) < captured_squares(b);
}

template <typename V>
BasicGeneratedBook<V> generate_book(const rules::BasicPosition<V>& root, int plies) {
    assert(plies >= 0);
    BasicGeneratedBook<V> book;
    Enumerator<V>(root, plies).run(book);
    book.sequences = rules::perft(root, plies);
    return book;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_BOOK_GENERATOR(V)                                                     \
    template bool move_less(const rules::BasicMove<rules::V>&, const rules::BasicMove<rules::V>&); \
    template BasicGeneratedBook<rules::V> generate_book(const rules::BasicPosition<rules::V>&, int);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_BOOK_GENERATOR)
#undef DRAUGHTS_INSTANTIATE_BOOK_GENERATOR

}  // namespace draughts::harness
