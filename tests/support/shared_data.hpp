#pragma once
// Locating test inputs. Files from ../shared are found through DRAUGHTS_SHARED_DIR (default
// <repo>/../shared). When they are missing a test skips with a clear message, unless
// DRAUGHTS_REQUIRE_SHARED=1 (set by CI), in which case it fails.

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>

namespace draughts::testing {

/// The shared folder (may not exist).
std::filesystem::path shared_dir();
/// True when DRAUGHTS_REQUIRE_SHARED=1.
bool shared_required();
/// The path of a file under the shared folder, if it exists.
std::optional<std::filesystem::path> shared_path(const std::string& relative);

/// Repository root (for tests/data/ and configs/).
std::filesystem::path source_dir();
/// Build folder: the `draughts` binary is build_dir()/"draughts", mocks in build_dir()/"mocks".
std::filesystem::path build_dir();
/// The `draughts` program.
std::filesystem::path draughts_binary();
/// A mock engine program built from tests/mocks/<name>.cpp.
std::filesystem::path mock_binary(const std::string& name);

}  // namespace draughts::testing

/// Declares `var` as the path of a shared file, or skips (fails under DRAUGHTS_REQUIRE_SHARED=1).
#define DRAUGHTS_SHARED_FILE_OR_SKIP(var, relative)                                              \
    const auto var##_optional = ::draughts::testing::shared_path(relative);                      \
    if (!var##_optional) {                                                                       \
        const std::string message_ = "shared file " + std::string(relative) + " not found in " + \
                                     ::draughts::testing::shared_dir().string() +                \
                                     " (set DRAUGHTS_SHARED_DIR)";                               \
        if (::draughts::testing::shared_required()) {                                            \
            FAIL() << message_ << "; DRAUGHTS_REQUIRE_SHARED=1 makes this an error";             \
        } else {                                                                                 \
            GTEST_SKIP() << message_;                                                            \
        }                                                                                        \
    }                                                                                            \
    const std::filesystem::path var = *var##_optional
