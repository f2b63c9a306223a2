#pragma once
// Games in which two of the rules that end a game fire on the same ply, found by a randomised
// search over quiet king moves (backwards from the final position where the last plies are
// forced), then written down here. Each is given with White as the stronger side (or the side
// that makes the last ply); the tests also play it with the colours reversed (mirror_game).

#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/position.hpp"

namespace draughts::testing {

/// A game from `fen` whose last ply ends it by two rules at once.
struct SimultaneousGame {
    std::string fen;
    std::vector<std::string> plies;
};

/// 5-move ending from the start (two kings against one): nine quiet plies, then White's king
/// takes the lone king on ply 10, the ply that completes the count [FMJD 6.4, 7.2.2].
inline const SimultaneousGame kFiveMoveCapture{
    "B:WK30,K47:BK44",
    {"44-35", "30-39", "35-13", "39-33", "13-31", "33-6", "31-18", "6-28", "18-23", "28x19"}};

/// 16-move ending from the start (three kings against one): White takes the lone king on ply
/// 32, the ply that completes the count [FMJD 6.3, 7.2.2].
inline const SimultaneousGame kSixteenMoveCapture{
    "B:WK39,K44,K47:BK14",
    {"14-19", "44-35", "19-5",  "35-8",  "5-14",  "39-33", "14-9",  "33-42",
     "9-14",  "8-30",  "14-10", "42-33", "10-23", "33-39", "23-18", "39-28",
     "18-9",  "47-38", "9-18",  "38-42", "18-36", "28-50", "36-9",  "30-19",
     "9-18",  "42-33", "18-34", "33-47", "34-18", "19-28", "18-23", "28x19"}};

/// 16-move ending from the start: the lone king goes into the corner (6-1) and White's king
/// closes it in (50-6) on ply 32, the ply that completes the count: 6 is on the edge and 7 is
/// backed by 12, so the king on 1 has no move [FMJD 6.3, 7.2.3].
inline const SimultaneousGame kSixteenMoveBlock{
    "B:WK3,K13,K45:BK29", {"29-42", "45-34", "42-38", "3-8",   "38-15", "13-30", "15-4",  "30-19",
                           "4-31",  "19-41", "31-36", "41-5",  "36-47", "5-23",  "47-36", "8-30",
                           "36-31", "30-19", "31-48", "34-45", "48-42", "19-14", "42-38", "23-7",
                           "38-24", "14-3",  "24-33", "45-50", "33-6",  "3-12",  "6-1",   "50-6"}};

/// 5-move ending from the start: two plies, then both kings go back and forth twice, so the
/// position after ply 2 occurs for the third time on ply 10, the ply that completes the count
/// [FMJD 6.1, 6.4].
inline const SimultaneousGame kFiveMoveRepetition{
    "B:WK47,K50:BK3",
    {"3-26", "47-15", "26-48", "50-44", "48-26", "44-50", "26-48", "50-44", "48-26", "44-50"}};

/// Three kings each: 42 king plies, then two back-and-forth cycles, so the position after ply 42
/// occurs for the third time on ply 50, the fiftieth king ply without a capture [FMJD 6.1, 6.2].
inline const SimultaneousGame kTwentyFiveMoveRepetition{
    "W:WK46,K47,K50:BK1,K4,K5",
    {"47-15", "1-7",   "50-44", "7-34",  "44-11", "4-36",  "15-33", "36-18", "11-16", "18-36",
     "33-44", "34-18", "44-11", "18-12", "11-44", "12-8",  "16-49", "36-13", "49-16", "8-12",
     "44-33", "12-8",  "16-38", "13-4",  "33-20", "8-2",   "38-49", "2-30",  "20-47", "4-10",
     "47-38", "30-35", "38-16", "35-30", "49-27", "30-48", "27-4",  "10-15", "4-9",   "48-42",
     "16-11", "42-38", "11-50", "38-43", "50-11", "43-38", "11-50", "38-43", "50-11", "43-38"}};

/// Square `s` seen from the other side of the board (the board turned half round).
inline int mirror_square(int s) { return 51 - s; }

/// `text` (a move "a-b" or "axb") with every square mirrored.
inline std::string mirror_move(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] < '0' || text[i] > '9') {
            out += text[i++];
            continue;
        }
        int square = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
            square = square * 10 + (text[i++] - '0');
        out += std::to_string(mirror_square(square));
    }
    return out;
}

/// The same game with the colours reversed: the board turned half round, White's pieces Black's
/// and the other way round, the other side to move.
inline SimultaneousGame mirror_game(const SimultaneousGame& game) {
    const rules::Position p = *rules::parse_fen(game.fen);
    rules::Bitboard white = 0, black = 0, kings = 0;
    for (int s = 1; s <= 50; ++s) {
        const rules::Bitboard from = rules::square_bit(s);
        const rules::Bitboard to = rules::square_bit(mirror_square(s));
        if (p.white() & from) black |= to;
        if (p.black() & from) white |= to;
        if (p.kings() & from) kings |= to;
    }
    SimultaneousGame mirrored{rules::to_fen(rules::Position::from_bitboards(
                                  white, black, kings, rules::opposite(p.side_to_move()))),
                              {}};
    for (const std::string& ply : game.plies) mirrored.plies.push_back(mirror_move(ply));
    return mirrored;
}

}  // namespace draughts::testing
