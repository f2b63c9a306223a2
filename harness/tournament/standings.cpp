#include "harness/tournament/standings.hpp"

#include <cassert>

namespace draughts::harness {

GameOutcome outcome_for(GameResult result, rules::Color color) {
    switch (result) {
        case GameResult::WhiteWin:
            return color == rules::Color::White ? GameOutcome::Win : GameOutcome::Loss;
        case GameResult::BlackWin:
            return color == rules::Color::Black ? GameOutcome::Win : GameOutcome::Loss;
        case GameResult::Draw:
        case GameResult::Unfinished:
            break;
    }
    return GameOutcome::Draw;
}

Standings::Standings(std::vector<std::string> engine_names, std::vector<Encounter> encounters)
    : names_(std::move(engine_names)),
      encounters_(std::move(encounters)),
      counts_(encounters_.size()),
      pairwise_(names_),
      engine_terminations_(names_.size()),
      signatures_(encounters_.size()) {
    for (auto& c : counts_) c.paired = true;
}

std::map<std::string, std::int64_t> Standings::forfeits() const {
    std::map<std::string, std::int64_t> out;
    for (const auto& [code, count] : terminations_) {
        const auto termination = termination_from_code(code);
        if (termination && category_of(*termination) == TerminationCategory::Forfeit)
            out[code] = count;
    }
    return out;
}

std::int64_t Standings::distinct_pairs() const {
    std::int64_t total = 0;
    for (const auto& set : signatures_) total += static_cast<std::int64_t>(set.size());
    return total;
}

bool Standings::add_pair(const Pairing& pairing, const std::array<CountedGame, 2>& games,
                         std::uint64_t signature) {
    MatchCounts& counts = counts_[pairing.encounter];
    std::array<GameOutcome, 2> first_outcomes{};
    for (int k = 0; k < 2; ++k) {
        const CountedGame& game = games[static_cast<std::size_t>(k)];
        assert(game.result != GameResult::Unfinished);
        // The first engine has White in game 0 and Black in game 1.
        const rules::Color first_color = k == 0 ? rules::Color::White : rules::Color::Black;
        const GameOutcome outcome = outcome_for(game.result, first_color);
        first_outcomes[static_cast<std::size_t>(k)] = outcome;
        counts.games.add(outcome);
        const PlayedGame played{pairing.first, pairing.second, outcome};
        pairwise_.add(played);
        played_.push_back(played);
        const std::string code(termination_code(game.termination));
        ++terminations_[code];
        engine_terminations_[pairing.first][code].add(outcome);
        engine_terminations_[pairing.second][code].add(flipped(outcome));
        egdb_probe_errors_ += game.egdb_probe_errors;
    }
    counts.pairs.add(first_outcomes[0], first_outcomes[1]);
    ++pairs_;
    return !signatures_[pairing.encounter].insert(signature).second;
}

std::int64_t Standings::egdb_adjudicated() const {
    std::int64_t games = 0;
    for (const Termination t : {Termination::EgdbWin, Termination::EgdbDraw})
        if (const auto it = terminations_.find(std::string(termination_code(t)));
            it != terminations_.end())
            games += it->second;
    return games;
}

}  // namespace draughts::harness
