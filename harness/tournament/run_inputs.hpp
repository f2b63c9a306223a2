#pragma once
// The input files of a match and their content hashes: the opening book, the endgame database of
// adjudication (its slices' checksums, egdb/database_digest.hpp), and each engine's files
// (weights, program; see EngineKind::input_files). A run records them when it is created; a
// resume hashes them again and refuses to continue when any changed, so that the games of one
// run never come from two different books, weight sets or engine builds without the user saying
// so (--force).

#include <string>
#include <vector>

#include "common/expected.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/provenance.hpp"

namespace draughts::harness {

/// Every input file of `config` with its SHA-256, in a fixed order (openings, the adjudication's
/// endgame database, then each engine's files in engine order). Paths are made canonical (symbolic
/// links resolved); a built-in book keeps its name ("builtin:3move-balanced") and the hash of its
/// text. Errors name the input and the file that could not be read.
Expected<std::vector<InputFile>> hash_inputs(const MatchConfig& config);

/// How `now` differs from `recorded`, one line per input, compared by what the file is for:
/// "openings /x/book.fen: SHA-256 was A, is now B", a file that moved with other content, an
/// input that appeared or went away. Empty when every input has the content it had (an input
/// found at another path with the same content is no change).
std::vector<std::string> input_changes(const std::vector<InputFile>& recorded,
                                       const std::vector<InputFile>& now);

}  // namespace draughts::harness
