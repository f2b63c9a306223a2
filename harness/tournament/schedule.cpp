#include "harness/tournament/schedule.hpp"

#include <cassert>

namespace draughts::harness {

std::vector<Encounter> encounters_for(TournamentType type, std::size_t engine_count) {
    std::vector<Encounter> out;
    switch (type) {
        case TournamentType::HeadToHead:
            if (engine_count >= 2) out.push_back({0, 1});
            break;
        case TournamentType::Gauntlet:
            for (std::size_t j = 1; j < engine_count; ++j) out.push_back({0, j});
            break;
        case TournamentType::RoundRobin:
            for (std::size_t i = 0; i < engine_count; ++i)
                for (std::size_t j = i + 1; j < engine_count; ++j) out.push_back({i, j});
            break;
    }
    return out;
}

Schedule::Schedule(TournamentType type, std::size_t engine_count, int games_per_encounter,
                   int rounds)
    : encounters_(encounters_for(type, engine_count)),
      slots_(static_cast<std::uint64_t>(games_per_encounter / 2)),
      rounds_(static_cast<std::uint64_t>(rounds)),
      pairs_(encounters_.size() * slots_ * rounds_) {
    assert(games_per_encounter >= 2 && games_per_encounter % 2 == 0 && rounds >= 1);
}

Schedule::Schedule(const MatchConfig& config)
    : Schedule(config.tournament.type, config.engines.size(), config.tournament.games,
               config.tournament.rounds) {}

Pairing Schedule::pair(std::uint64_t index) const {
    assert(index < pairs_);
    const std::uint64_t encounter_count = encounters_.size();
    Pairing p;
    p.index = index;
    p.encounter = static_cast<std::size_t>(index % encounter_count);
    const std::uint64_t slot_in_tournament = index / encounter_count;  // round * slots + slot
    p.round = slot_in_tournament / slots_;
    p.opening = slot_in_tournament;
    p.first = encounters_[p.encounter].first;
    p.second = encounters_[p.encounter].second;
    return p;
}

bool Schedule::continues(const Schedule& earlier) const {
    if (encounters_ != earlier.encounters_) return false;
    // Index = (round * slots + slot) * encounters + encounter, opening = round * slots + slot:
    // both keep their values for every earlier pair exactly in these two cases.
    if (slots_ == earlier.slots_) return rounds_ >= earlier.rounds_;
    return earlier.rounds_ == 1 && slots_ > earlier.slots_;
}

}  // namespace draughts::harness
