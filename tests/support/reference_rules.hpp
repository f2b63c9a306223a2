#pragma once
// A deliberately simple, independent implementation of the FMJD move rules for cross-checking the
// bitboard move generator: a mailbox of 50 (or 32) squares, row/column geometry, and an exhaustive
// depth-first search over capture routes. Slow and obvious on purpose; shares no code with engine/
// or rules/. The board size and the rules that differ between the variants (majority capture by
// count or value, crowning during a capture, men capturing forwards only, short kings,
// orthogonal captures, the killer rule, the limit on a king's quiet moves, the first king ending
// the game) are plain run-time settings here.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace draughts::testing {

/// Contents of one square of the reference board.
enum class RefPiece : unsigned char { Empty, WhiteMan, WhiteKing, BlackMan, BlackKing };

constexpr bool is_white(RefPiece p) { return p == RefPiece::WhiteMan || p == RefPiece::WhiteKing; }
constexpr bool is_black(RefPiece p) { return p == RefPiece::BlackMan || p == RefPiece::BlackKing; }
constexpr bool is_king(RefPiece p) { return p == RefPiece::WhiteKing || p == RefPiece::BlackKing; }

/// The rules a reference board is played by: international draughts unless told otherwise.
struct RefRules {
    int size = 10;                     ///< cells per side: 10, or 8 for the 64-square games
    bool majority = true;              ///< the most pieces must be taken (not in Russian draughts)
    bool crown_in_capture = false;     ///< a man reaching the far row capturing goes on as a king
    bool men_capture_backward = true;  ///< men jump backwards too (not in English draughts)
    bool flying_kings = true;          ///< kings move and jump along free lines (not English)
    bool orthogonal = false;           ///< pieces also jump along rows and columns (Frisian)
    bool value = false;            ///< the majority weighs a man 100, a king 199; ties: a king's
    bool killer = false;           ///< a king ending its capture on a king stops right behind it
    int king_run_limit = 0;        ///< quiet moves in a row one king may make with men left
    bool first_king_ends = false;  ///< the first king ends the game (breakthrough)

    int squares() const { return size * size / 2; }
    friend bool operator==(const RefRules&, const RefRules&) = default;
};

/// Reference rules of international, Brazilian and Russian draughts.
inline constexpr RefRules kRefInternational{10, true, false};
inline constexpr RefRules kRefBrazilian{8, true, false};
inline constexpr RefRules kRefRussian{8, false, true};

/// A board as an array indexed by square number 1..N (index 0 unused) plus the side to move,
/// and, where the rules limit a king's quiet moves in a row, each side's run: the square of the
/// king that made the last quiet moves (0: none) and how many in a row (index 0 White).
struct RefBoard {
    std::array<RefPiece, 51> squares{};
    bool white_to_move = true;
    RefRules rules{};
    std::array<int, 2> run_king{0, 0};
    std::array<int, 2> run_length{0, 0};

    friend bool operator==(const RefBoard&, const RefBoard&) = default;
};

/// One route of a move: origin, destination, the pieces captured in the order they were jumped
/// and the landing square after each jump (empty for quiet moves).
struct RefMove {
    int from = 0;
    int to = 0;
    std::vector<int> captured;
    std::vector<int> landings;
    bool crowned = false;  ///< a man reached the far row during this capture and was crowned
    bool by_king = false;  ///< a king made this capture

    /// The captured squares in increasing order (the FMJD move identity ignores the order).
    std::vector<int> captured_set() const;
};

/// Which list of legal moves to produce.
enum class RefListing {
    Drop,       ///< one entry per (from, to, captured set): the FMJD move identity
    Keep,       ///< one entry per (from, to, captured pieces in jump order): routes counted
    AllRoutes,  ///< every landing sequence (a flying king may stop anywhere between two jumps)
};

/// Row (0 = Black's back row, squares 1-5) and column (0 = left) of a square 1..50.
int ref_row(int square);
int ref_column(int square);
/// Square at a row and column, or 0 when that is off the board or a light square.
int ref_square_at(int row, int column);
/// The same on a board of `size` cells per side.
int ref_row(int size, int square);
int ref_column(int size, int square);
int ref_square_at(int size, int row, int column);

/// Legal moves under the board's rules: compulsory capture, majority by count (where the rules
/// have it), Turkish strike, no piece jumped twice, flying kings, men capture backwards, and a
/// man crowned during a capture capturing on as a king (where the rules say so).
std::vector<RefMove> reference_moves(const RefBoard& board, RefListing listing = RefListing::Drop);

/// The board after a move: captured pieces removed, a man ending on the far row promoted.
RefBoard reference_after(const RefBoard& board, const RefMove& move);

/// Leaves of the move tree `depth` plies deep (perft), move by move with reference_moves.
std::uint64_t reference_perft(const RefBoard& board, int depth,
                              RefListing listing = RefListing::Drop);

/// Hub-style text of a board (side letter, then w/b/W/B/e per square), for failure messages.
std::string ref_describe(const RefBoard& board);

}  // namespace draughts::testing
