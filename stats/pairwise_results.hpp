#pragma once
// Results between every pair of engines of a tournament (gauntlet or round robin), the input of
// the rating table. Merging shards adds the counts, matching engines by name.

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "stats/counts.hpp"

namespace draughts::harness {

/// One finished game between two engines, as the site rating needs them in order.
struct PlayedGame {
    std::size_t first = 0;
    std::size_t second = 0;
    GameOutcome outcome = GameOutcome::Draw;  // from the first engine's side
};

/// W/D/L counts of every ordered pair of engines, kept consistent in both directions.
class PairwiseResults {
  public:
    explicit PairwiseResults(std::vector<std::string> names);

    std::size_t size() const { return names_.size(); }
    const std::vector<std::string>& names() const { return names_; }
    /// The index of an engine, or size() when there is none of that name.
    std::size_t index_of(const std::string& name) const;

    /// Adds games between two different engines, counted from `first`'s side.
    void add(std::size_t first, std::size_t second, const Trinomial& counts);
    void add(const PlayedGame& game);
    /// Adds every count of `other`; engines are matched by name and new ones appended.
    void merge(const PairwiseResults& other);

    /// The games of `first` against `second`, from `first`'s side.
    const Trinomial& between(std::size_t first, std::size_t second) const;
    /// All games of one engine, from its side.
    Trinomial total(std::size_t engine) const;

  private:
    Trinomial& cell(std::size_t first, std::size_t second);

    std::vector<std::string> names_;
    std::vector<Trinomial> cells_;  // row-major size() x size()
};

/// Builds the results of `names.size()` engines from a sequence of games.
PairwiseResults results_of(std::vector<std::string> names, std::span<const PlayedGame> games);

}  // namespace draughts::harness
