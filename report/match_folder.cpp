#include "report/match_folder.hpp"

#include <algorithm>
#include <map>

#include "common/file_io.hpp"
#include "records/game_line.hpp"
#include "records/results_folder.hpp"
#include "report/game_line_reader.hpp"
#include "report/json_fields.hpp"

namespace draughts::report {

namespace fs = std::filesystem;

bool is_match_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / harness::kJsonlFile, ec);
}

namespace {

/// FNV-1a over the start positions and moves of a pair: equal for pairs that played the same
/// games (the standings count distinct pairs with it).
std::uint64_t signature_of(const MatchGame& a, const MatchGame& b) {
    std::uint64_t hash = 14695981039346656037ULL;
    const auto add = [&hash](std::string_view text) {
        for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
        hash = (hash ^ 0xFFU) * 1099511628211ULL;
    };
    for (const MatchGame* g : {&a, &b}) {
        add(g->start_fen);
        for (const RecordedMove& m : g->moves) add(m.text);
    }
    return hash;
}

/// The decision that stopped the run, as the final summary recorded it for the first encounter
/// (`sprt.decided`, stats/pair_summary.hpp); nullopt when there is none.
std::optional<harness::SprtStatus> recorded_sprt_decision(const Json& summary) {
    const Json* encounters = json_field(summary, "encounters");
    if (encounters == nullptr || !encounters->is_array() || encounters->empty()) return {};
    const Json* sprt = json_field(encounters->front(), "sprt");
    const Json* decided = sprt != nullptr ? json_field(*sprt, "decided") : nullptr;
    if (decided == nullptr) return {};
    harness::SprtStatus status;
    const std::string decision = text_in(*decided, "decision");
    if (decision == to_string(harness::SprtDecision::AcceptH0)) {
        status.decision = harness::SprtDecision::AcceptH0;
    } else if (decision == to_string(harness::SprtDecision::AcceptH1)) {
        status.decision = harness::SprtDecision::AcceptH1;
    } else {
        return {};
    }
    status.llr = number_in(*decided, "llr");
    status.bounds = {number_in(*decided, "lower_bound"), number_in(*decided, "upper_bound")};
    return status;
}

harness::CountedGame counted(const MatchGame& game) {
    const auto result = harness::parse_result(game.result);
    const auto termination = harness::termination_from_code(game.termination);
    return {result.value_or(harness::GameResult::Draw),
            termination.value_or(harness::Termination::Aborted),
            static_cast<int>(std::clamp<std::int64_t>(game.egdb_probe_errors, 0, 1'000'000'000))};
}

/// Finds the complete pairs (both games present, decided) in commit order and counts them.
Expected<void> count_pairs(MatchFolder& folder) {
    const auto& names = folder.standings->engine_names();
    std::map<std::uint64_t, std::array<std::optional<std::size_t>, 2>> open;
    for (std::size_t i = 0; i < folder.games.size(); ++i) {
        const MatchGame& g = folder.games[i];
        if (!harness::parse_result(g.result) || (g.pair_game != 0 && g.pair_game != 1)) continue;
        auto& slots = open[g.pair];
        slots[static_cast<std::size_t>(g.pair_game)] = i;
        if (!slots[0] || !slots[1]) continue;
        const MatchGame& g0 = folder.games[*slots[0]];
        const MatchGame& g1 = folder.games[*slots[1]];
        std::optional<std::size_t> encounter;
        for (std::size_t e = 0; e < folder.standings->encounters().size(); ++e) {
            const harness::Encounter& enc = folder.standings->encounters()[e];
            if (names[enc.first] == g0.white && names[enc.second] == g0.black) encounter = e;
        }
        if (!encounter)
            return make_error(folder.dir.string() + ": pair " + std::to_string(g.pair) + ": " +
                              g0.white + " v " + g0.black + " is no encounter of this tournament");
        const harness::Encounter& enc = folder.standings->encounters()[*encounter];
        const harness::Pairing pairing{g.pair, 0, *encounter, enc.first, enc.second, 0};
        folder.standings->add_pair(pairing, {counted(g0), counted(g1)}, signature_of(g0, g1));
        folder.pairs.push_back({*slots[0], *slots[1]});
        folder.pair_encounters.push_back(*encounter);
        open.erase(g.pair);
    }
    return {};
}

}  // namespace

Expected<MatchFolder> read_match_folder(const fs::path& dir) {
    MatchFolder folder;
    folder.dir = dir;
    auto settings = read_match_settings(dir / harness::kConfigFile);
    if (!settings) return settings.error();
    folder.settings = std::move(settings).value();
    folder.summary = Json::object();
    std::error_code ec;
    if (fs::exists(dir / harness::kSummaryFile, ec)) {
        auto text = read_whole_file(dir / harness::kSummaryFile);
        if (!text) return text.error();
        auto summary = parse_json(*text, (dir / harness::kSummaryFile).string());
        if (!summary) return summary.error();
        folder.summary = std::move(summary).value();
    }
    auto games = read_game_lines(dir / harness::kJsonlFile);
    if (!games) return games.error();
    folder.games = std::move(games).value();
    const std::vector<std::string>& names = folder.settings.engines;
    folder.standings.emplace(names, harness::encounters_for(folder.settings.type, names.size()));
    if (auto counted_pairs = count_pairs(folder); !counted_pairs) return counted_pairs.error();
    auto sprt = harness::make_sprt(folder.settings.sprt);
    if (!sprt) return make_error(dir.string() + ": " + sprt.error().message);
    folder.sprt = std::move(sprt).value();
    folder.report = harness::make_report(*folder.standings, folder.sprt ? &*folder.sprt : nullptr);
    if (const auto decided = recorded_sprt_decision(folder.summary);
        decided && !folder.report.encounters.empty())
        harness::keep_sprt_decision(folder.report.encounters.front(), *decided);
    return folder;
}

}  // namespace draughts::report
