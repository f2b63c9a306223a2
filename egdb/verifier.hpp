#pragma once
// `draughts egdb verify`: checks every slice file of a folder: its header and checksum, and the
// retrograde consistency of every position: its stored value must be exactly what its moves
// give from the stored values of the positions they lead to (a win in d plies has a move to a
// loss in d - 1, or a restarting move to any loss, and none shorter; a loss in d has only moves
// to wins, the slowest in d - 1; a draw has no winning move and a move that does not lose).
// Together with the positions without moves this pins down every value.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "egdb/material.hpp"
#include "egdb/slice_table.hpp"
#include "egdb/value.hpp"

namespace draughts::egdb {

/// The result of checking one slice.
struct SliceCheck {
    Material material;
    std::uint64_t positions = 0;
    std::uint64_t inconsistent = 0;     ///< positions whose value does not follow from their moves
    std::vector<std::string> examples;  ///< a few of them: FEN, stored and expected value
    double seconds = 0.0;
};

/// The result of checking a folder.
struct VerifyReport {
    std::vector<SliceCheck> slices;
    double seconds = 0.0;
    bool ok() const;
};

/// Checks every slice file in `folder`. A file that cannot be read, or whose checksum fails,
/// or a slice whose moves lead to a slice that is missing, is an error naming the file.
Expected<VerifyReport> verify_database(const std::filesystem::path& folder,
                                       const std::function<void(const SliceCheck&)>& on_slice);

/// The value that the moves of `position` give from the values of the positions they lead to,
/// held in `table` (which must hold every slice they reach).
Value value_from_moves(const rules::Position& position, const SliceTable& table);

}  // namespace draughts::egdb
