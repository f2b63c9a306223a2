#include "stats/pairwise_results.hpp"

#include <cassert>
#include <utility>

namespace draughts::harness {

PairwiseResults::PairwiseResults(std::vector<std::string> names)
    : names_(std::move(names)), cells_(names_.size() * names_.size()) {}

std::size_t PairwiseResults::index_of(const std::string& name) const {
    for (std::size_t i = 0; i < names_.size(); ++i)
        if (names_[i] == name) return i;
    return names_.size();
}

Trinomial& PairwiseResults::cell(std::size_t first, std::size_t second) {
    assert(first < size() && second < size());
    return cells_[first * size() + second];
}

const Trinomial& PairwiseResults::between(std::size_t first, std::size_t second) const {
    assert(first < size() && second < size());
    return cells_[first * size() + second];
}

void PairwiseResults::add(std::size_t first, std::size_t second, const Trinomial& counts) {
    assert(first != second);
    cell(first, second) += counts;
    cell(second, first) += counts.flipped();
}

void PairwiseResults::add(const PlayedGame& game) {
    Trinomial one;
    one.add(game.outcome);
    add(game.first, game.second, one);
}

void PairwiseResults::merge(const PairwiseResults& other) {
    std::vector<std::size_t> mapping;
    std::vector<std::string> names = names_;
    for (const std::string& name : other.names()) {
        std::size_t i = index_of(name);
        if (i == size()) {
            i = names.size();
            names.push_back(name);
        }
        mapping.push_back(i);
    }
    if (names.size() != size()) {
        PairwiseResults grown(names);
        for (std::size_t i = 0; i < size(); ++i)
            for (std::size_t j = 0; j < size(); ++j) grown.cell(i, j) = between(i, j);
        *this = std::move(grown);
    }
    for (std::size_t i = 0; i < other.size(); ++i)
        for (std::size_t j = 0; j < other.size(); ++j)
            if (i != j) cell(mapping[i], mapping[j]) += other.between(i, j);
}

Trinomial PairwiseResults::total(std::size_t engine) const {
    Trinomial sum;
    for (std::size_t j = 0; j < size(); ++j) sum += between(engine, j);
    return sum;
}

PairwiseResults results_of(std::vector<std::string> names, std::span<const PlayedGame> games) {
    PairwiseResults results(std::move(names));
    for (const PlayedGame& game : games) results.add(game);
    return results;
}

}  // namespace draughts::harness
