#pragma once
// `draughts report`: the HTML page of a match folder, a tuning folder, or both (the closed loop:
// a tuning and the match that tested its weights).

#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.hpp"

namespace draughts::report {

/// The page for the folders (at most one match and one tuning folder). Errors name the folder.
Expected<std::string> build_report(const std::vector<std::filesystem::path>& dirs);

/// Builds the page and writes it to `output` (atomically: a reader never sees half a page).
Expected<void> write_report(const std::vector<std::filesystem::path>& dirs,
                            const std::filesystem::path& output);

/// The report's file name inside a results folder.
inline constexpr const char* kReportFile = "report.html";

}  // namespace draughts::report
