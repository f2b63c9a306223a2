#include "harness/tournament/merge.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <optional>
#include <utility>

#include "harness/tournament/schedule.hpp"
#include "records/game_line.hpp"

namespace draughts::harness {

namespace fs = std::filesystem;

namespace {

/// Where a game was played: its run id and pair index there.
using GameOrigin = std::pair<std::string, std::uint64_t>;

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
    auto provenance = read_provenance(dir / kConfigFile);
    if (!provenance) return provenance.error();
    folder.provenance = std::move(provenance).value();
    return folder;
}

/// Refuses a folder given twice: the same device and inode, however its path is spelled.
Expected<void> check_distinct(const std::vector<fs::path>& dirs) {
    std::vector<std::pair<std::pair<dev_t, ino_t>, fs::path>> seen;
    for (const fs::path& dir : dirs) {
        struct stat info {};
        if (::stat(dir.c_str(), &info) != 0)
            return make_error(dir.string() + ": " + std::strerror(errno));
        if (!S_ISDIR(info.st_mode)) return make_error(dir.string() + ": not a folder");
        const std::pair<dev_t, ino_t> id{info.st_dev, info.st_ino};
        for (const auto& [other_id, other] : seen)
            if (other_id == id)
                return make_error(dir.string() + ": the same folder as " + other.string() +
                                  " (given twice, its games would count twice)");
        seen.emplace_back(id, dir);
    }
    return {};
}

/// Where a stored game was played: the origin its line records (a merged folder's game), or the
/// folder's run id and the pair; nullopt for a folder without run id.
std::optional<GameOrigin> origin_of(const StoredGame& game, const MergedFolder& folder) {
    if (const Json* origin = json_field(game.line, line_key::kOrigin)) {
        const std::string* run_id = string_field(*origin, line_key::kRunId);
        const auto pair = unsigned_field(*origin, line_key::kPair);
        if (run_id != nullptr && pair) return GameOrigin{*run_id, *pair};
    }
    const std::string run_id = folder.run_id();
    if (run_id.empty()) return std::nullopt;
    return GameOrigin{run_id, game.pair};
}

/// Refuses a folder that holds a game another folder holds (same origin): a copy of a folder,
/// two folders of one run, or a merged folder and one of its sources.
Expected<void> check_no_shared_games(const MergedFolder& folder,
                                     std::map<GameOrigin, fs::path>& seen,
                                     std::vector<std::string>& warnings) {
    if (folder.run_id().empty()) {
        warnings.push_back(folder.dir.string() +
                           ": no run id (written by an older version): cannot check that no "
                           "other folder holds the same games");
        return {};
    }
    for (const auto& pair : folder.run.pairs) {
        const auto origin = origin_of(pair[0], folder);
        if (!origin) continue;
        const auto [at, added] = seen.emplace(*origin, folder.dir);
        if (!added)
            return make_error(folder.dir.string() + ": holds pair " +
                              std::to_string(origin->second) + " of run " + origin->first +
                              ", and so does " + at->second.string() +
                              " (folders of the same run with the same games: merge each game "
                              "once)");
    }
    return {};
}

/// Refuses two shards (--shard) that share pair indices: both would have played those pairs.
Expected<void> check_shards(const MergedFolder& folder, const std::vector<MergedFolder>& earlier) {
    if (!folder.provenance || !folder.provenance->shard) return {};
    const Shard& shard = *folder.provenance->shard;
    for (const MergedFolder& other : earlier) {
        if (!other.provenance || !other.provenance->shard) continue;
        const Shard& theirs = *other.provenance->shard;
        if (shards_overlap(shard, theirs))
            return make_error(folder.dir.string() + ": shard " + to_string(shard) +
                              " overlaps shard " + to_string(theirs) + " of " + other.dir.string() +
                              " (they play some of the same pairs; shards of one match are "
                              "I/N for one N)");
    }
    return {};
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
        standings.add_pair(
            *pairing,
            {CountedGame{lines[0].result, lines[0].termination, lines[0].egdb_probe_errors},
             CountedGame{lines[1].result, lines[1].termination, lines[1].egdb_probe_errors}},
            pair_signature(pair[0].line, pair[1].line));
    }
    return {};
}

/// `dir` absolute with symbolic links resolved (as given when that fails).
std::string canonical_text(const fs::path& dir) {
    std::error_code ec;
    const fs::path real = fs::canonical(dir, ec);
    return ec ? dir.string() : real.string();
}

/// The game's PDN text with its Round tag's value replaced by `round` (merged games are numbered
/// anew); unchanged when the tag section has no Round tag.
std::string with_round_tag(const std::string& pdn, const std::string& round) {
    std::size_t pos = 0;
    while (pos < pdn.size() && pdn[pos] == '[') {
        std::size_t end = pdn.find('\n', pos);
        if (end == std::string::npos) end = pdn.size();
        if (pdn.compare(pos, 8, "[Round \"") == 0)
            return pdn.substr(0, pos) + "[Round \"" + round + "\"]" + pdn.substr(end);
        pos = end + 1;
    }
    return pdn;
}

/// The merged line of a stored game: numbered `pair` and `game` in the merged folder, with its
/// source (where it was read from and its numbers there) and origin (where it was played).
Json merged_line(const StoredGame& game, const MergedFolder& folder, std::uint64_t pair,
                 std::uint64_t number) {
    Json line = game.line;
    const std::string run_id = folder.run_id();
    const auto game_there = unsigned_field(game.line, line_key::kGame);
    Json source = {{line_key::kSourceDir, canonical_text(folder.dir)},
                   {line_key::kRunId, run_id.empty() ? Json() : Json(run_id)},
                   {line_key::kPair, game.pair},
                   {line_key::kPairGame, game.game},
                   {line_key::kGame, game_there ? Json(*game_there) : Json()}};
    const auto origin = origin_of(game, folder);
    line[line_key::kPair] = pair;
    line[line_key::kGame] = number;
    line[line_key::kSource] = std::move(source);
    line[line_key::kOrigin] =
        origin ? Json{{line_key::kRunId, origin->first}, {line_key::kPair, origin->second}}
               : Json();
    // Written by merges of earlier versions; `source` says it now.
    line.erase("source_dir");
    line.erase("source_pair");
    return line;
}

}  // namespace

std::vector<std::string> incompatibilities(const MatchConfig& a, const MatchConfig& b) {
    std::vector<std::string> out;
    if (a.time_control != b.time_control)
        out.push_back("time control differs (" + to_string(a.time_control) + " v " +
                      to_string(b.time_control) + ")");
    if (a.time_margin != b.time_margin) out.push_back("time margin differs");
    if (a.latency_compensation != b.latency_compensation)
        out.push_back("latency compensation differs");
    if (!(a.adjudication == b.adjudication)) out.push_back("adjudication differs");
    for (std::size_t i = 0; i < a.engines.size() && i < b.engines.size(); ++i)
        compare_engine(a.engines[i], b.engines[i], out);
    return out;
}

Expected<MergedResults> merge_results(const std::vector<fs::path>& dirs, bool force) {
    if (dirs.empty()) return make_error("no results folders to merge");
    if (auto ok = check_distinct(dirs); !ok) return ok.error();
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
    std::map<GameOrigin, fs::path> origins;
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
            // Disjoint games of one run are no repetition: each opening is played once.
            const bool same_run = !folder.run_id().empty() && folder.run_id() == other.run_id();
            if (!same_run && o.file == p.file && o.order == p.order && o.start == p.start &&
                o.seed.value_or(folder.config.seed) == p.seed.value_or(other.config.seed))
                merged.warnings.push_back(where + "plays the same openings as " +
                                          other.dir.string());
        }
        if (auto ok = check_shards(folder, merged.folders); !ok) return ok.error();
        if (auto ok = check_no_shared_games(folder, origins, merged.warnings); !ok)
            return ok.error();
        if (auto ok = count_folder(folder, merged.standings); !ok) return ok.error();
        merged.folders.push_back(folder);
    }
    return merged;
}

Provenance merged_provenance(const MergedResults& merged, RunSession session) {
    Provenance provenance;
    provenance.run_id = new_run_id();
    for (const MergedFolder& folder : merged.folders)
        provenance.merged_from.push_back({canonical_text(folder.dir), folder.run_id()});
    provenance.sessions.push_back(std::move(session));
    return provenance;
}

Expected<void> write_merged(const MergedResults& merged, const fs::path& dir, const Json& summary,
                            const Provenance& provenance) {
    MatchConfig config = merged.folders.front().config;
    config.output = fs::absolute(dir).string();
    auto folder = ResultsFolder::create(dir, to_yaml(config) + provenance_yaml(provenance));
    if (!folder) return folder.error();
    std::uint64_t index = 0;
    for (const MergedFolder& source : merged.folders) {
        for (const auto& pair : source.run.pairs) {
            std::array<std::string, 2> pdn;
            std::array<Json, 2> lines;
            for (std::size_t g = 0; g < 2; ++g) {
                const std::uint64_t game = 2 * index + g;
                pdn[g] = with_round_tag(pair[g].pdn, std::to_string(game + 1));
                lines[g] = merged_line(pair[g], source, index, game);
            }
            if (auto ok = folder->append_pair(pdn, lines); !ok) return ok;
            ++index;
        }
    }
    return folder->write_summary(summary);
}

}  // namespace draughts::harness
