#pragma once
// Small endgame databases for tests, built fresh (never reused from an earlier run, so a change
// of the solver always shows) into a temporary folder the first time a test process asks, and
// removed when it ends. Up to 3 pieces takes a fraction of a second; KKKvK and what it needs
// about a second.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "egdb/database.hpp"
#include "egdb/material.hpp"

namespace draughts::testing {

/// The folder of a database of every slice up to `pieces` pieces, plus the slices `extra` (and
/// what they need); built by the first call with the same arguments.
const std::filesystem::path& test_database(int pieces, const std::vector<std::string>& extra = {});

/// test_database opened for probing (one Database per folder, shared).
std::shared_ptr<const egdb::Database> open_test_database(
    int pieces, const std::vector<std::string>& extra = {});

}  // namespace draughts::testing
