#pragma once
// The provenance of a results folder: which run it is (a random run id, kept for the life of the
// run), what worked on it (each session that created, resumed or merged it: tool version and
// commit, host, working directory, command line, start time) and the SHA-256 of every input file
// (opening book, weight files, engine programs). It is written into config.yaml under
// `provenance:` (the match configuration reader ignores that key) and into summary.json; a
// resume compares the input hashes, and `draughts merge` compares run ids.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "harness/tournament/shard.hpp"

namespace draughts::harness {

/// One input file of a run and the SHA-256 of its content when the run last started.
struct InputFile {
    std::string what;    ///< "openings", "engine 'new' weights", "engine 'new' program"
    std::string path;    ///< absolute, symbolic links resolved
    std::string sha256;  ///< 64 lowercase hexadecimal digits

    friend bool operator==(const InputFile&, const InputFile&) = default;
};

/// One process that worked on a run: it created, resumed or merged it.
struct RunSession {
    std::string action;   ///< "created", "resumed" or "merged"
    std::string version;  ///< the tool's version ("0.1.0")
    std::string commit;   ///< the tool's git commit, "-dirty" when built from a changed tree
    std::string host;
    std::string working_directory;
    std::vector<std::string> command_line;  ///< argv as typed
    std::string started;                    ///< UTC, "2026-11-29T22:15:00Z"
    std::vector<std::string> notes;         ///< e.g. input changes accepted with --force

    friend bool operator==(const RunSession&, const RunSession&) = default;
};

/// A folder that a merged folder was made from.
struct MergeSource {
    std::string dir;
    std::string run_id;  ///< empty for a folder written before run ids

    friend bool operator==(const MergeSource&, const MergeSource&) = default;
};

/// Everything recorded about where a results folder came from; see the top of the file.
struct Provenance {
    std::string run_id;  ///< 32 lowercase hexadecimal digits (128 random bits)
    std::vector<InputFile> inputs;
    std::vector<RunSession> sessions;      ///< oldest first
    std::vector<MergeSource> merged_from;  ///< only in a merged folder
    /// The shard the run plays (`--shard I/N`); nullopt for the whole match.
    std::optional<Shard> shard;

    friend bool operator==(const Provenance&, const Provenance&) = default;
};

/// A new run id: 128 bits from std::random_device as 32 hexadecimal digits.
std::string new_run_id();

/// True for 32 lowercase hexadecimal digits.
bool is_run_id(std::string_view text);

/// A session of this process starting now: host name, working directory and time filled in.
/// Arguments that are not valid UTF-8 are recorded with '?' for each byte above 127.
RunSession this_session(std::string action, std::string version, std::string commit,
                        const std::vector<std::string>& command_line);

/// The `provenance:` mapping as YAML text, to follow a configuration's text in config.yaml.
std::string provenance_yaml(const Provenance& provenance);

/// Reads the `provenance:` mapping of a config.yaml; nullopt when the file has none (a folder
/// written before provenance was recorded). Errors name the file, line and key.
Expected<std::optional<Provenance>> read_provenance(const std::filesystem::path& config_file);

/// summary.json's "provenance": the run id; the version, commit, host, working directory and
/// command line of the latest session; when the run started (its first session) and `ended`
/// (null while it runs); the inputs; every session; the folders it was merged from.
Json summary_provenance(const Provenance& provenance, std::string_view ended);

}  // namespace draughts::harness
