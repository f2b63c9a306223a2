#pragma once
// What identifies an endgame database's content, cheaply: every slice file's name and header
// checksum (which covers the file's header and payload, egdb/slice_file.hpp), hashed together.
// A run that adjudicates with a database records it in its provenance, and `--resume` refuses to
// continue with a database whose slices changed (harness/tournament/run_inputs.hpp). Reading the
// headers alone keeps this fast for a database of gigabytes.

#include <filesystem>
#include <string>

#include "common/expected.hpp"

namespace draughts::egdb {

/// SHA-256 (hexadecimal) of the lines "NAME CHECKSUM" of every slice file of `folder`, sorted by
/// name. Errors name the folder or the file whose header is damaged.
Expected<std::string> database_digest(const std::filesystem::path& folder);

}  // namespace draughts::egdb
