#include "harness/tournament/run_extension.hpp"

#include <string>

#include "harness/tournament/schedule.hpp"

namespace draughts::harness {

Expected<void> check_resumed_config(const MatchConfig& stored, const MatchConfig& resumed) {
    const TournamentConfig& before = stored.tournament;
    const TournamentConfig& after = resumed.tournament;
    MatchConfig same = resumed;
    same.concurrency = stored.concurrency;
    same.strict = stored.strict;  // how this session judges forfeits, not what it plays
    same.tournament = before;
    same.output = stored.output;  // where the folder is now (it may have been moved or copied)
    if (!(same == stored))
        return make_error(
            "a resume continues the stored configuration: only the concurrency, strictness, the "
            "games per encounter and the rounds may change");
    if (after.games < before.games)
        return make_error("tournament.games: the run has " + std::to_string(before.games) +
                          " games per encounter and round; a resume can add games, not remove "
                          "them (got " +
                          std::to_string(after.games) + ")");
    if (after.rounds < before.rounds)
        return make_error("tournament.rounds: the run has " + std::to_string(before.rounds) +
                          " rounds; a resume can add rounds, not remove them (got " +
                          std::to_string(after.rounds) + ")");
    if (!Schedule(resumed).continues(Schedule(stored)))
        return make_error("tournament.games: the run has " + std::to_string(before.rounds) +
                          " rounds, and more games per round would move the pairs of its later "
                          "rounds to other openings; add rounds instead (--rounds N)");
    return {};
}

}  // namespace draughts::harness
