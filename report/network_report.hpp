#pragma once
// A network training folder (`draughts train-network`, tuner/network_run.hpp) as the report reads
// it: summary.json (the data's counts, the losses, speed, quantisation error, options) and
// curve.jsonl (one line per epoch), and its section: the run's figures and the loss curves.

#include <filesystem>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "report/html_page.hpp"

namespace draughts::report {

/// What the report shows of a network training run.
struct NetworkFolderData {
    std::filesystem::path dir;
    Json summary;              ///< empty object while the run has not ended
    std::vector<Json> epochs;  ///< curve.jsonl, one object per epoch
};

/// True when `dir` looks like a network training folder (it has curve.jsonl).
bool is_network_folder(const std::filesystem::path& dir);

/// Reads a folder; errors name the file, the line and what is wrong.
Expected<NetworkFolderData> read_network_folder(const std::filesystem::path& dir);

/// The run's figures, the training and hold-out loss per epoch, positions per second.
std::vector<Section> network_sections(const NetworkFolderData& folder);

}  // namespace draughts::report
