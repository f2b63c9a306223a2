// The standings count pairs, and recognise a pair that played exactly the games of an earlier
// pair of its encounter (a repeated sample, not an independent one).

#include "harness/tournament/standings.hpp"

#include <gtest/gtest.h>

#include "common/json.hpp"
#include "records/game_line.hpp"

namespace draughts::harness {
namespace {

const std::array<CountedGame, 2> kWinAndDraw{
    CountedGame{GameResult::WhiteWin, Termination::NoPieces},
    CountedGame{GameResult::Draw, Termination::ThreefoldRepetition}};

Json line(const std::string& fen, const std::vector<std::string>& moves) {
    Json out{{"start_fen", fen}, {"moves", Json::array()}};
    for (const auto& m : moves) out["moves"].push_back(Json{{"move", m}, {"score", 0}});
    return out;
}

TEST(PairSignature, DependsOnTheStartAndEveryMoveOfBothGames) {
    const Json a = line("W:W31-50:B1-20", {"32-28", "19-23"});
    const Json b = line("W:W31-50:B1-20", {"32-28", "19-24"});
    const Json c = line("B:W31-50:B1-20", {"32-28", "19-23"});
    EXPECT_EQ(pair_signature(a, b), pair_signature(a, b));
    EXPECT_NE(pair_signature(a, b), pair_signature(b, a));
    EXPECT_NE(pair_signature(a, a), pair_signature(a, b));
    EXPECT_NE(pair_signature(a, b), pair_signature(c, b));
    // Scores and times are not part of what was played.
    Json a_scored = a;
    a_scored["moves"][0]["score"] = 55;
    EXPECT_EQ(pair_signature(a_scored, b), pair_signature(a, b));
}

TEST(Standings, ARepeatedPairIsRecognisedPerEncounter) {
    Standings s({"a", "b", "c"}, {{0, 1}, {0, 2}});
    const Pairing ab{0, 0, 0, 0, 1, 0};
    const Pairing ac{1, 0, 1, 0, 2, 0};
    EXPECT_FALSE(s.add_pair(ab, kWinAndDraw, 7));
    EXPECT_FALSE(s.add_pair(ab, kWinAndDraw, 8));
    EXPECT_TRUE(s.add_pair(ab, kWinAndDraw, 7));
    EXPECT_FALSE(s.add_pair(ac, kWinAndDraw, 7));  // another encounter: not a repeat
    EXPECT_EQ(s.pairs(), 4);
    EXPECT_EQ(s.distinct_pairs(0), 2);
    EXPECT_EQ(s.distinct_pairs(1), 1);
    EXPECT_EQ(s.distinct_pairs(), 3);
    // Every pair still counts in the statistics: the repetition is reported, not hidden.
    EXPECT_EQ(s.counts(0).pairs.pairs(), 3);
}

}  // namespace
}  // namespace draughts::harness
