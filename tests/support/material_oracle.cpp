#include "tests/support/material_oracle.hpp"

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

namespace draughts::testing {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' ||
                          s.back() == '\n' || s.back() == '.'))
        s.remove_suffix(1);
    return s;
}

std::optional<int> square_number(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < 1 || value > 50)
        return std::nullopt;
    return value;
}

/// Places the pieces of one colour section ("W31,K40,44-46" without the colour letter).
bool place_section(std::string_view items, bool white, RefBoard& board) {
    while (!items.empty()) {
        const std::size_t comma = std::min(items.find(','), items.size());
        std::string_view item = trim(items.substr(0, comma));
        items.remove_prefix(std::min(comma + 1, items.size()));
        if (item.empty()) return false;
        const bool king = item.front() == 'K';
        if (king) item.remove_prefix(1);
        const std::size_t dash = item.find('-');
        const auto first = square_number(item.substr(0, dash));
        const auto last =
            dash == std::string_view::npos ? first : square_number(item.substr(dash + 1));
        if (!first || !last || *last < *first) return false;
        for (int s = *first; s <= *last; ++s) {
            RefPiece& p = board.squares[static_cast<std::size_t>(s)];
            if (p != RefPiece::Empty) return false;
            p = white ? (king ? RefPiece::WhiteKing : RefPiece::WhiteMan)
                      : (king ? RefPiece::BlackKing : RefPiece::BlackMan);
        }
    }
    return true;
}

int piece_value(RefPiece p) {
    switch (p) {
        case RefPiece::WhiteMan:
        case RefPiece::BlackMan:
            return kOracleMan;
        case RefPiece::WhiteKing:
        case RefPiece::BlackKing:
            return kOracleKing;
        case RefPiece::Empty:
            break;
    }
    return 0;
}

}  // namespace

std::optional<RefBoard> ref_board_from_fen(std::string_view fen) {
    fen = trim(fen);
    if (fen.size() < 2 || (fen[0] != 'W' && fen[0] != 'B') || fen[1] != ':') return std::nullopt;
    RefBoard board;
    board.white_to_move = fen[0] == 'W';
    std::string_view rest = fen.substr(2);
    while (!rest.empty()) {
        const std::size_t colon = std::min(rest.find(':'), rest.size());
        const std::string_view section = trim(rest.substr(0, colon));
        rest.remove_prefix(std::min(colon + 1, rest.size()));
        if (section.empty() || (section[0] != 'W' && section[0] != 'B')) return std::nullopt;
        if (!place_section(section.substr(1), section[0] == 'W', board)) return std::nullopt;
    }
    return board;
}

int ref_material(const RefBoard& board) {
    int white = 0;
    int black = 0;
    for (int s = 1; s <= 50; ++s) {
        const RefPiece p = board.squares[static_cast<std::size_t>(s)];
        (p == RefPiece::WhiteMan || p == RefPiece::WhiteKing ? white : black) += piece_value(p);
    }
    return board.white_to_move ? white - black : black - white;
}

int MaterialOracle::search(const RefBoard& board, int depth, int alpha, int beta) {
    ++nodes_;
    const std::vector<RefMove> moves = reference_moves(board);
    if (moves.empty()) return std::max(alpha, std::min(beta, -kOracleLoss));
    // Past the horizon only compulsory captures are played: a quiet position scores as it is.
    if (depth <= 0 && moves.front().captured.empty())
        return std::max(alpha, std::min(beta, ref_material(board)));
    for (const RefMove& move : moves) {
        const int value = -search(reference_after(board, move), depth - 1, -beta, -alpha);
        if (value >= beta) return beta;
        alpha = std::max(alpha, value);
    }
    return alpha;
}

bool MaterialOracle::move_value_at_least(const RefBoard& board, const RefMove& move, int depth,
                                         int bound) {
    // value >= bound  <=>  the opponent's value after the move is <= -bound.
    const RefBoard next = reference_after(board, move);
    return -search(next, depth - 1, -bound, -bound + 1) >= bound;
}

bool MaterialOracle::move_value_at_most(const RefBoard& board, const RefMove& move, int depth,
                                        int bound) {
    const RefBoard next = reference_after(board, move);
    return -search(next, depth - 1, -bound - 1, -bound) <= bound;
}

}  // namespace draughts::testing
