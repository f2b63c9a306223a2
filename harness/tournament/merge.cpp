#include "harness/tournament/merge.hpp"

#include <fstream>
#include <optional>
#include <sstream>

#include "harness/tournament/game_line.hpp"
#include "harness/tournament/schedule.hpp"

namespace draughts::harness {

namespace fs = std::filesystem;

namespace {

void compare_engine(const EngineConfig& a, const EngineConfig& b, std::vector<std::string>& out) {
    for (const std::string& difference : engine_differences(a, b))
        out.push_back("engine " + a.name + ": " + difference);
}

Expected<MergedFolder> read_folder(const fs::path& dir) {
    MergedFolder folder;
    folder.dir = dir;
    auto config = load_match_config(dir / kConfigFile, {});
    if (!config) return make_error(dir.string() + ": " + config.error().message);
    folder.config = std::move(config).value();
    auto run = read_results(dir);
    if (!run) return run.error();
    folder.run = std::move(run).value();
    return folder;
}

/// Counts a folder's pairs. The encounter of a pair is found from its players' names (game 0
/// has the encounter's first engine as White), so merged folders count again correctly.
Expected<void> count_folder(const MergedFolder& folder, Standings& standings) {
    const auto& names = standings.engine_names();
    for (const auto& pair : folder.run.pairs) {
        const std::string where = folder.dir.string() + ": pair " + std::to_string(pair[0].pair);
        std::array<LineSummary, 2> lines;
        for (std::size_t k = 0; k < 2; ++k) {
            auto line = summarize_line(pair[k].line, where);
            if (!line) return line.error();
            lines[k] = std::move(line).value();
        }
        if (lines[0].white != lines[1].black || lines[0].black != lines[1].white)
            return make_error(where + ": the colours are not swapped between its games");
        std::optional<Pairing> pairing;
        for (std::size_t e = 0; e < standings.encounters().size(); ++e) {
            const Encounter& encounter = standings.encounters()[e];
            if (names[encounter.first] == lines[0].white &&
                names[encounter.second] == lines[0].black)
                pairing = Pairing{pair[0].pair, 0, e, encounter.first, encounter.second, 0};
        }
        if (!pairing)
            return make_error(where + ": " + lines[0].white + " v " + lines[0].black +
                              " is no encounter of this tournament");
        standings.add_pair(*pairing,
                           {CountedGame{lines[0].result, lines[0].termination},
                            CountedGame{lines[1].result, lines[1].termination}},
                           pair_signature(pair[0].line, pair[1].line));
    }
    return {};
}

}  // namespace

std::vector<std::string> incompatibilities(const MatchConfig& a, const MatchConfig& b) {
    std::vector<std::string> out;
    if (a.time_control != b.time_control)
        out.push_back("time control differs (" + to_string(a.time_control) + " v " +
                      to_string(b.time_control) + ")");
    if (a.time_margin != b.time_margin) out.push_back("time margin differs");
    if (!(a.adjudication == b.adjudication)) out.push_back("adjudication differs");
    for (std::size_t i = 0; i < a.engines.size() && i < b.engines.size(); ++i)
        compare_engine(a.engines[i], b.engines[i], out);
    return out;
}

Expected<MergedResults> merge_results(const std::vector<fs::path>& dirs, bool force) {
    if (dirs.empty()) return make_error("no results folders to merge");
    std::vector<MergedFolder> folders;
    for (const fs::path& dir : dirs) {
        auto folder = read_folder(dir);
        if (!folder) return folder.error();
        folders.push_back(std::move(folder).value());
    }
    const MatchConfig& first = folders.front().config;
    std::vector<std::string> names;
    for (const auto& e : first.engines) names.push_back(e.name);
    MergedResults merged{
        {}, Standings(names, encounters_for(first.tournament.type, names.size())), {}};
    for (const MergedFolder& folder : folders) {
        std::vector<std::string> these;
        for (const auto& e : folder.config.engines) these.push_back(e.name);
        const std::string where = folder.dir.string() + ": ";
        if (these != names || folder.config.tournament.type != first.tournament.type)
            return make_error(where + "other engines or tournament type than " +
                              folders.front().dir.string() + " (never mergeable)");
        for (const std::string& difference : incompatibilities(first, folder.config)) {
            if (!force)
                return make_error(where + difference + " (compared with " +
                                  folders.front().dir.string() + "; --force merges anyway)");
            merged.warnings.push_back(where + difference);
        }
        const OpeningsConfig& o = folder.config.openings;
        for (const MergedFolder& other : merged.folders) {
            const OpeningsConfig& p = other.config.openings;
            if (o.file == p.file && o.order == p.order && o.start == p.start &&
                o.seed.value_or(folder.config.seed) == p.seed.value_or(other.config.seed))
                merged.warnings.push_back(where + "plays the same openings as " +
                                          other.dir.string());
        }
        if (auto ok = count_folder(folder, merged.standings); !ok) return ok.error();
        merged.folders.push_back(folder);
    }
    return merged;
}

Expected<void> write_merged(const MergedResults& merged, const fs::path& dir, const Json& summary) {
    MatchConfig config = merged.folders.front().config;
    config.output = fs::absolute(dir).string();
    auto folder = ResultsFolder::create(dir, to_yaml(config));
    if (!folder) return folder.error();
    std::uint64_t index = 0;
    for (const MergedFolder& source : merged.folders) {
        for (const auto& pair : source.run.pairs) {
            std::array<std::string, 2> pdn{pair[0].pdn, pair[1].pdn};
            std::array<Json, 2> lines{pair[0].line, pair[1].line};
            for (Json& line : lines) {
                line[kPairKey] = index;
                line["source_dir"] = source.dir.string();
                line["source_pair"] = pair[0].pair;
            }
            if (auto ok = folder->append_pair(pdn, lines); !ok) return ok;
            ++index;
        }
    }
    return folder->write_summary(summary);
}

}  // namespace draughts::harness
