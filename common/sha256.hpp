#pragma once
// SHA-256 content hashes, for the provenance of results: a run records the hash of each input
// file (opening book, weight files, engine programs) and a resumed run compares them. Computed
// with OpenSSL's libcrypto (Debian libssl-dev), a well-reviewed implementation.

#include <filesystem>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace draughts {

/// The SHA-256 of `bytes` as 64 lowercase hexadecimal digits.
std::string sha256_hex(std::string_view bytes);

/// The SHA-256 of a file's content as 64 lowercase hexadecimal digits, read in blocks (engine
/// programs may be large). The error names the file and why it could not be read.
Expected<std::string> sha256_file(const std::filesystem::path& path);

}  // namespace draughts
