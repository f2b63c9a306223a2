#pragma once
// A tuning results folder as the report reads it: config.yaml, loss.csv (the loss per epoch),
// summary.json (K, the best epoch, the losses of the written weights) and weights.yaml, with the
// starting weights the run began from (its start_weights file, or material values only). The
// weights are of the run's variant (config.yaml's `variant:`), kept as the flat values of its
// board's layout: the terms come first on every board, so the sections index them alike.

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "engine/eval_weights.hpp"
#include "report/folder_settings.hpp"

namespace draughts::report {

/// One line of loss.csv; the hold-out loss is NaN without a hold-out set.
struct LossRow {
    int epoch = 0;
    double train = 0.0;
    double holdout = 0.0;
    double learning_rate = 0.0;
    int best_epoch = 0;
};

/// Everything read from one tuning folder; see the top of the file.
struct TuneFolder {
    std::filesystem::path dir;
    TuneSettings settings;
    Json summary;
    std::vector<LossRow> loss;
    std::vector<int> tuned;                 ///< flat values in the layout of the variant's board
    std::optional<std::vector<int>> start;  ///< nullopt when its file cannot be read any more
    std::string start_problem;              ///< why `start` is missing
    /// A trace's run (settings.trace): its weights.yaml as written, name and value text.
    std::vector<std::pair<std::string, std::string>> named;
};

/// True when `dir` looks like a tuning folder (it has loss.csv).
bool is_tune_folder(const std::filesystem::path& dir);

/// Reads a folder; errors name the file and what is wrong.
Expected<TuneFolder> read_tune_folder(const std::filesystem::path& dir);

/// Parses the text of loss.csv; errors name `source` and the line.
Expected<std::vector<LossRow>> parse_loss_csv(std::string_view text, std::string_view source);

}  // namespace draughts::report
