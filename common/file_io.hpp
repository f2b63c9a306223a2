#pragma once
// Whole files in and out. Results, checkpoints and data sets are replaced atomically and durably,
// so that a crash or power loss leaves either the old or the new file under its name, never a
// mixture, and appended records are synced before anything counts on them.

#include <filesystem>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace draughts {

/// The whole content of a file; the error names the file.
Expected<std::string> read_whole_file(const std::filesystem::path& path);

/// Writes all of `bytes` to the open descriptor `fd`, resuming after short writes and signals;
/// the error names `path` (the file behind `fd`).
Expected<void> write_all(int fd, std::string_view bytes, const std::filesystem::path& path);

/// Makes the entries of folder `dir` (created, renamed files) durable. Best effort: a file
/// system that cannot sync a folder still has the files' own data synced.
void sync_folder(const std::filesystem::path& dir);

/// Replaces `path` by `bytes` atomically and durably: a temporary file next to it (PATH.tmp) is
/// written and fsynced, renamed over `path`, and the folder is synced.
Expected<void> write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace draughts
