#pragma once
// `draughts egdb build`: every slice up to N pieces, solved in the order of materials_up_to and
// written to one file each. Slices whose file is already there and intact are read instead of
// solved, so an interrupted build continues and a 5-piece build reuses the 4-piece files.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include "common/expected.hpp"
#include "egdb/material.hpp"
#include "egdb/slice_solver.hpp"

namespace draughts::egdb {

/// One slice of a build.
struct SliceReport {
    Material material;
    SliceStats stats;
    std::uint64_t file_bytes = 0;
    double seconds = 0.0;  ///< solving and writing (reading, for a reused file)
    bool reused = false;   ///< read from an intact file of an earlier build
};

/// What to build.
struct BuildOptions {
    int pieces = 4;  ///< 2..kMaxDatabasePieces
    std::filesystem::path output;
    /// When not empty: only these slices (canonical or not) and the slices they depend on.
    std::vector<Material> only;
    /// Called after each slice (progress).
    std::function<void(const SliceReport&)> on_slice;
};

/// A finished build.
struct BuildReport {
    std::vector<SliceReport> slices;
    double seconds = 0.0;
};

/// Builds the database into options.output (created if missing). Errors name the file or the
/// folder and what went wrong.
Expected<BuildReport> build_database(const BuildOptions& options);

/// The slices a build of `only` needs, in build order: each material's canonical form and every
/// smaller slice its captures and promotions can reach.
std::vector<Material> slices_needed(const std::vector<Material>& only);

}  // namespace draughts::egdb
