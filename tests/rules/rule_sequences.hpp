#pragma once
// Hand-built positions and move sequences for the draw-rule tests. The long king manoeuvres were
// found by a depth-first search over legal king moves that rejects captures and third occurrences
// of a position, then written down here. The rules' tests replay them through rules::GameState
// (tests/rules/game_state_test.cpp), the referee's tests through a whole scripted game, which
// checks each move against the legal move list.

#include <string>
#include <vector>

namespace draughts::testing {

/// Kings far apart, men aside: three pieces each, so neither the 16- nor the 5-move rule applies.
inline const char* const kKingsFen = "W:WK50,46,47:BK1,4,5";
/// As kKingsFen, with a White man that Black's king can take along the long diagonal.
inline const char* const kCaptureFen = "W:WK50,37,47:BK5,3,4";
/// White can take Black's only man, creating a 16-move ending.
inline const char* const kSixteenFen = "W:WK50,31,36:BK1,27";
/// Three White men against a lone king.
inline const char* const kPromotionFen = "W:W6,12,13:BK46";

/// From kKingsFen: 50 king plies without a capture and without any position occurring three times.
inline const std::vector<std::string> kKingsPlies50 = {
    "50-39", "1-18",  "39-6",  "18-13", "6-11",  "13-31", "11-6",  "31-13", "6-1",   "13-36",
    "1-40",  "36-9",  "40-7",  "9-31",  "7-12",  "31-37", "12-7",  "37-48", "7-40",  "48-30",
    "40-35", "30-34", "35-2",  "34-1",  "2-19",  "1-7",   "19-30", "7-23",  "30-13", "23-32",
    "13-24", "32-23", "24-42", "23-10", "42-38", "10-23", "38-20", "23-1",  "20-38", "1-45",
    "38-16", "45-18", "16-11", "18-27", "11-33", "27-32", "33-42", "32-10", "42-26", "10-23",
};

/// From kKingsFen: 20 king plies, a White man move (ply 21: 47-42), then 50 king plies.
inline const std::vector<std::string> kManMovePlies = {
    "50-39", "1-18",  "39-6",  "18-13", "6-11",  "13-31", "11-6",  "31-13", "6-1",
    "13-36", "1-40",  "36-9",  "40-7",  "9-31",  "7-12",  "31-37", "12-7",  "37-48",
    "7-40",  "48-30", "47-42", "30-25", "40-29", "25-3",  "29-7",  "3-21",  "7-1",
    "21-32", "1-6",   "32-16", "6-22",  "16-7",  "22-17", "7-16",  "17-26", "16-7",
    "26-37", "7-45",  "37-26", "45-23", "26-21", "23-19", "21-12", "19-35", "12-21",
    "35-2",  "21-3",  "2-30",  "3-20",  "30-35", "20-38", "35-40", "38-20", "40-23",
    "20-3",  "23-45", "3-8",   "45-1",  "8-19",  "1-34",  "19-14", "34-12", "14-3",
    "12-1",  "3-17",  "1-40",  "17-21", "40-34", "21-8",  "34-45", "8-19",
};

/// From kCaptureFen: A king move (ply 1), Black's king takes a man (ply 2: 5x46), then 50 king
/// plies.
inline const std::vector<std::string> kCapturePlies = {
    "50-39", "5x46",  "39-22", "46-10", "22-18", "10-28", "18-13", "28-32", "13-31",
    "32-43", "31-48", "43-27", "48-34", "27-38", "34-39", "38-24", "39-6",  "24-30",
    "6-33",  "30-8",  "33-6",  "8-35",  "6-28",  "35-30", "28-41", "30-35", "41-46",
    "35-30", "46-32", "30-2",  "32-38", "2-13",  "38-43", "13-24", "43-21", "24-2",
    "21-38", "2-8",   "38-16", "8-30",  "16-7",  "30-25", "7-11",  "25-34", "11-44",
    "34-43", "44-35", "43-27", "35-40", "27-31", "40-49", "31-26",
};

/// From kSixteenFen: White's man takes Black's last man (ply 1: 31x22), leaving king and two men
/// against a lone king; then 32 plies without capture, White's men moving too.
inline const std::vector<std::string> kSixteenPlies = {
    "31x22", "1-7",   "36-31", "7-40",  "50-33", "40-1",  "33-44", "1-12",  "31-26",
    "12-23", "26-21", "23-41", "44-40", "41-37", "22-17", "37-10", "40-12", "10-14",
    "12-18", "14-25", "21-16", "25-3",  "17-11", "3-14",  "18-31", "14-19", "31-26",
    "19-32", "26-3",  "32-23", "3-20",  "23-5",  "20-42",
};

/// From kPromotionFen: Three men against a lone king (no ending rule); a man promotes at ply 3
/// (6-1); then 32 plies.
inline const std::vector<std::string> kPromotionPlies = {
    "13-8",  "46-5",  "6-1",   "5-41",  "1-6",   "41-14", "6-17",  "14-41", "8-2",
    "41-47", "17-28", "47-20", "28-22", "20-29", "12-8",  "29-24", "22-36", "24-15",
    "36-27", "15-47", "27-16", "47-29", "16-49", "29-24", "49-44", "24-47", "44-17",
    "47-41", "17-26", "41-46", "26-31", "46-19", "31-26", "19-24", "2-16",
};

/// From kSixteenFen: The 16-move ending from ply 1 (31x22); at ply 14 the lone king takes a man
/// (12x26), leaving king and man against king; then 10 plies, White's man moving too.
inline const std::vector<std::string> kSixteenToFivePlies = {
    "31x22", "1-7",   "36-31", "7-40",  "50-33", "40-1",  "33-44", "1-12",
    "31-26", "12-23", "26-21", "23-12", "44-35", "12x26", "22-18", "26-37",
    "18-12", "37-32", "35-13", "32-28", "13-4",  "28-39", "4-36",  "39-17",
};

}  // namespace draughts::testing
