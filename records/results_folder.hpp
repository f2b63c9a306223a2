#pragma once
// The folder of one match run: config.yaml (the resolved configuration), games.pdn,
// games.jsonl (one line per game), summary.json and engines.log.
//
// Crash safety. Games are committed a pair at a time: the pair's PDN text is appended to
// games.pdn in one write and synced, then its two JSON lines are appended to games.jsonl in one
// write and synced. games.jsonl is the ledger: a pair counts once both its lines are in it, and
// each line records where its game's text lies in games.pdn (pdn_offset, pdn_bytes). After
// kill -9 or a power loss the files may end in a torn line or hold the PDN of a pair whose lines
// never made it. Everything synced before the last commit is intact, so damage can only be at the
// end: open() (used by --resume) truncates games.jsonl after the last complete pair and
// games.pdn after that pair's text, so the files agree game for game and nothing is counted
// twice. Truncation is idempotent, so a crash during the repair is repaired the same way. Damage
// before the end (not a crash, a damaged disk or a hand edit) is an error naming the line.

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "common/unique_fd.hpp"

namespace draughts::harness {

/// One game of a committed pair, as stored.
struct StoredGame {
    std::uint64_t pair = 0;
    int game = 0;     ///< 0 or 1 within the pair
    Json line;        ///< the JSON line (with pdn_offset and pdn_bytes of the file it came from)
    std::string pdn;  ///< the game's PDN text
};

/// The committed pairs of a folder, in the order they were committed.
struct StoredRun {
    std::vector<std::array<StoredGame, 2>> pairs;
    std::uint64_t jsonl_bytes = 0;  ///< length of games.jsonl up to the last complete pair
    std::uint64_t pdn_bytes = 0;    ///< length of games.pdn up to that pair's text
    std::size_t dropped_lines = 0;  ///< lines after the last complete pair (torn or unpaired)
    std::string first_problem;      ///< what was wrong with the first of them
};

/// Finds the committed pairs in the texts of games.jsonl and games.pdn (see the top of the
/// file). Errors name the line of games.jsonl that is damaged before the end.
Expected<StoredRun> scan_results(std::string_view jsonl, std::string_view pdn,
                                 std::string_view jsonl_name);

/// File names inside a results folder.
inline constexpr const char* kConfigFile = "config.yaml";
inline constexpr const char* kPdnFile = "games.pdn";
inline constexpr const char* kJsonlFile = "games.jsonl";
inline constexpr const char* kSummaryFile = "summary.json";
inline constexpr const char* kEngineLogFile = "engines.log";

/// Reads the committed pairs of a folder without changing it (for `draughts merge`).
Expected<StoredRun> read_results(const std::filesystem::path& dir);

/// An open results folder that a run appends to. Holds an exclusive lock on the folder (flock
/// on the folder itself, which stays the same file when config.yaml is replaced), so two runs
/// never write to the same folder.
class ResultsFolder {
  public:
    /// Makes a new folder (it must not exist, or be empty) and writes config.yaml.
    static Expected<ResultsFolder> create(const std::filesystem::path& dir,
                                          const std::string& config_yaml);
    /// Opens an existing folder to continue it: repairs the files as described at the top and
    /// fills `stored` with the committed pairs.
    static Expected<ResultsFolder> open(const std::filesystem::path& dir, StoredRun& stored);

    const std::filesystem::path& dir() const { return dir_; }
    std::filesystem::path engine_log() const { return dir_ / kEngineLogFile; }

    /// Commits a finished pair (see the top of the file). `lines` are its games.jsonl lines as
    /// compact JSON object text without pdn_offset and pdn_bytes; on return they are the lines
    /// as stored, with those keys appended. The text is not parsed (a distributed run's rank 0
    /// stores what its workers rendered). Not thread-safe: the tournament calls it under its
    /// collector's lock.
    Expected<void> append_pair(const std::array<std::string, 2>& pdn,
                               std::array<std::string, 2>& lines);
    /// The same for lines as JSON values (any pdn_offset and pdn_bytes they have are replaced).
    Expected<void> append_pair(const std::array<std::string, 2>& pdn,
                               const std::array<Json, 2>& lines);
    /// Replaces summary.json (written to a temporary file, synced, renamed).
    Expected<void> write_summary(const Json& summary) const;
    /// Replaces config.yaml the same way (a resume records its session, or more games).
    Expected<void> write_config(const std::string& config_yaml) const;

  private:
    explicit ResultsFolder(std::filesystem::path dir) : dir_(std::move(dir)) {}
    Expected<void> open_for_append();

    std::filesystem::path dir_;
    UniqueFd lock_;
    UniqueFd pdn_;
    UniqueFd jsonl_;
    std::uint64_t pdn_size_ = 0;
};

}  // namespace draughts::harness
