#include "tuner/folder_sampler.hpp"

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "records/game_line.hpp"
#include "records/results_folder.hpp"
#include "rules/variant_list.hpp"

namespace draughts::tuner {

namespace {

/// The `variant` of a games.jsonl line (absent: international).
std::string variant_of_line(const Json& line) {
    const std::string* variant = string_field(line, harness::line_key::kVariant);
    return variant != nullptr ? *variant : "international";
}

}  // namespace

Expected<rules::Variant> results_variant(const std::filesystem::path& dir) {
    const auto stored = harness::read_results(dir);
    if (!stored) return stored.error();
    if (stored->pairs.empty())
        return make_error(dir.string() + ": no finished pair of games in " + harness::kJsonlFile);
    const std::string name = variant_of_line(stored->pairs.front()[0].line);
    const auto variant = rules::parse_variant(name);
    if (!variant)
        return make_error(dir.string() + ": games of an unknown variant \"" + name + "\"");
    return *variant;
}

template <typename V>
Expected<BasicDataset<V>> sample_results(const std::filesystem::path& dir,
                                         const SamplingOptions& options, SamplingReport& report) {
    const auto stored = harness::read_results(dir);
    if (!stored) return stored.error();
    BasicDataset<V> dataset;
    const std::string jsonl = (dir / harness::kJsonlFile).string();
    // Pairs are committed in the order they finish; sampling them in schedule order makes the
    // data set independent of the concurrency.
    std::vector<const std::array<harness::StoredGame, 2>*> pairs;
    for (const auto& pair : stored->pairs) pairs.push_back(&pair);
    std::sort(pairs.begin(), pairs.end(),
              [](const auto* a, const auto* b) { return (*a)[0].pair < (*b)[0].pair; });
    std::unordered_set<std::uint64_t> signatures;
    for (const auto* pair : pairs) {
        if (!signatures.insert(harness::pair_signature((*pair)[0].line, (*pair)[1].line)).second) {
            ++report.repeated_pairs;
            report.games += 2;
            continue;
        }
        for (const harness::StoredGame& g : *pair) {
            const std::string where =
                jsonl + ": pair " + std::to_string(g.pair) + " game " + std::to_string(g.game);
            if (const std::string variant = variant_of_line(g.line); variant != V::kName)
                return make_error(where + " was played under the rules of " + variant +
                                  ", the others under " + std::string(V::kName));
            const auto game = game_from_json_line<V>(g.line, where);
            if (!game) return game.error();
            ++report.games;
            if (!game->result) ++report.unfinished;
            for (const BasicSample<V>& s :
                 sample_game(*game, options, 2 * g.pair + static_cast<std::uint64_t>(g.game))) {
                ++report.results[static_cast<std::size_t>(s.result)];
                dataset.samples.push_back(s);
            }
        }
    }
    report.samples = dataset.samples.size();
    return dataset;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_SAMPLE_RESULTS(V)                          \
    template Expected<BasicDataset<rules::V>> sample_results<rules::V>( \
        const std::filesystem::path&, const SamplingOptions&, SamplingReport&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_SAMPLE_RESULTS)
#undef DRAUGHTS_INSTANTIATE_SAMPLE_RESULTS

}  // namespace draughts::tuner
