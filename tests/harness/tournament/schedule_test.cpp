// The schedule: encounter lists per tournament type, counts, colour-swapped pairs on the same
// opening, every opening used with both colours in every encounter, stable random access, and
// which longer schedules continue a shorter one (extending a run with --games or --rounds).

#include "harness/tournament/schedule.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

namespace draughts::harness {
namespace {

TEST(Schedule, EncountersOfEachType) {
    EXPECT_EQ(encounters_for(TournamentType::HeadToHead, 2), (std::vector<Encounter>{{0, 1}}));
    EXPECT_EQ(encounters_for(TournamentType::Gauntlet, 4),
              (std::vector<Encounter>{{0, 1}, {0, 2}, {0, 3}}));
    EXPECT_EQ(encounters_for(TournamentType::RoundRobin, 4),
              (std::vector<Encounter>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
    EXPECT_EQ(encounters_for(TournamentType::RoundRobin, 7).size(), 21u);
}

struct CountCase {
    TournamentType type;
    std::size_t engines;
    int games;
    int rounds;
    std::uint64_t pairs;
};

class ScheduleCounts : public ::testing::TestWithParam<CountCase> {};

TEST_P(ScheduleCounts, HasEncountersTimesGamesTimesRounds) {
    const CountCase& c = GetParam();
    const Schedule schedule(c.type, c.engines, c.games, c.rounds);
    EXPECT_EQ(schedule.pair_count(), c.pairs);
    EXPECT_EQ(schedule.game_count(), 2 * c.pairs);
    // Every encounter plays games * rounds games, half of them with each colour.
    std::map<std::pair<std::size_t, std::size_t>, int> games_as_white;
    std::set<std::uint64_t> game_indices;
    for (std::uint64_t i = 0; i < schedule.pair_count(); ++i) {
        const Pairing p = schedule.pair(i);
        EXPECT_EQ(p.index, i);
        EXPECT_LT(p.round, static_cast<std::uint64_t>(c.rounds));
        for (int g = 0; g < 2; ++g) {
            ++games_as_white[{p.white(g), p.black(g)}];
            EXPECT_TRUE(game_indices.insert(p.game_index(g)).second);
        }
        EXPECT_EQ(p.white(0), p.black(1));
        EXPECT_EQ(p.white(1), p.black(0));
    }
    EXPECT_EQ(game_indices.size(), schedule.game_count());
    EXPECT_EQ(*game_indices.rbegin(), schedule.game_count() - 1);
    for (const Encounter& e : schedule.encounters()) {
        EXPECT_EQ((games_as_white[{e.first, e.second}]), c.games * c.rounds / 2);
        EXPECT_EQ((games_as_white[{e.second, e.first}]), c.games * c.rounds / 2);
    }
}

INSTANTIATE_TEST_SUITE_P(Types, ScheduleCounts,
                         ::testing::Values(CountCase{TournamentType::HeadToHead, 2, 2, 1, 1},
                                           CountCase{TournamentType::HeadToHead, 2, 100, 3, 150},
                                           CountCase{TournamentType::Gauntlet, 5, 4, 2, 16},
                                           CountCase{TournamentType::RoundRobin, 4, 6, 2, 36},
                                           CountCase{TournamentType::RoundRobin, 2, 2, 7, 7}));

TEST(Schedule, EveryOpeningIsPlayedWithBothColoursInEveryEncounter) {
    const Schedule schedule(TournamentType::RoundRobin, 4, 10, 3);
    const std::uint64_t openings = 5 * 3;  // slots per round * rounds
    // (encounter, opening) -> engines that had White on it.
    std::map<std::pair<std::size_t, std::uint64_t>, std::multiset<std::size_t>> white_on;
    for (std::uint64_t i = 0; i < schedule.pair_count(); ++i) {
        const Pairing p = schedule.pair(i);
        EXPECT_LT(p.opening, openings);
        white_on[{p.encounter, p.opening}].insert(p.white(0));
        white_on[{p.encounter, p.opening}].insert(p.white(1));
    }
    EXPECT_EQ(white_on.size(), schedule.encounters().size() * openings);
    for (const auto& [key, whites] : white_on) {
        const Encounter e = schedule.encounters()[key.first];
        EXPECT_EQ(whites, (std::multiset<std::size_t>{e.first, e.second}));
    }
}

TEST(Schedule, EncountersOfASlotShareTheOpeningAndSlotsComeInOrder) {
    const Schedule schedule(TournamentType::Gauntlet, 3, 4, 2);
    std::vector<std::tuple<std::uint64_t, std::size_t, std::uint64_t>> seen;
    for (std::uint64_t i = 0; i < schedule.pair_count(); ++i) {
        const Pairing p = schedule.pair(i);
        seen.emplace_back(p.opening, p.encounter, p.round);
    }
    const std::vector<std::tuple<std::uint64_t, std::size_t, std::uint64_t>> expected = {
        {0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {2, 0, 1}, {2, 1, 1}, {3, 0, 1}, {3, 1, 1}};
    EXPECT_EQ(seen, expected);
}

TEST(Schedule, IsAPureFunctionOfItsParameters) {
    const Schedule a(TournamentType::RoundRobin, 5, 8, 2);
    const Schedule b(TournamentType::RoundRobin, 5, 8, 2);
    for (std::uint64_t i = a.pair_count(); i-- > 0;) EXPECT_EQ(a.pair(i), b.pair(i));
}

/// True when every pair of `earlier` is the same pairing in `later` (by brute force).
bool keeps_every_pair(const Schedule& later, const Schedule& earlier) {
    if (later.pair_count() < earlier.pair_count()) return false;
    for (std::uint64_t i = 0; i < earlier.pair_count(); ++i)
        if (!(later.pair(i) == earlier.pair(i))) return false;
    return true;
}

TEST(Schedule, ContinuesExactlyWhenEveryEarlierPairKeepsItsPlace) {
    // Every combination of a few lengths, for one and for several encounters.
    for (const auto& [type, engines] : {std::pair{TournamentType::HeadToHead, std::size_t{2}},
                                        std::pair{TournamentType::RoundRobin, std::size_t{3}}}) {
        for (int games0 : {2, 4, 6})
            for (int rounds0 : {1, 2, 3})
                for (int games1 : {2, 4, 6, 8})
                    for (int rounds1 : {1, 2, 3, 4}) {
                        const Schedule earlier(type, engines, games0, rounds0);
                        const Schedule later(type, engines, games1, rounds1);
                        EXPECT_EQ(later.continues(earlier), keeps_every_pair(later, earlier))
                            << games0 << "x" << rounds0 << " -> " << games1 << "x" << rounds1;
                    }
    }
    // The two ways to extend a run, and the one that is not.
    EXPECT_TRUE(Schedule(TournamentType::HeadToHead, 2, 8, 1)
                    .continues(Schedule(TournamentType::HeadToHead, 2, 4, 1)));
    EXPECT_TRUE(Schedule(TournamentType::HeadToHead, 2, 4, 3)
                    .continues(Schedule(TournamentType::HeadToHead, 2, 4, 2)));
    EXPECT_FALSE(Schedule(TournamentType::HeadToHead, 2, 8, 2)
                     .continues(Schedule(TournamentType::HeadToHead, 2, 4, 2)));
    EXPECT_FALSE(Schedule(TournamentType::Gauntlet, 3, 4, 1)
                     .continues(Schedule(TournamentType::HeadToHead, 2, 4, 1)));
}

}  // namespace
}  // namespace draughts::harness
