#include "report/network_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "common/file_io.hpp"
#include "common/text.hpp"
#include "report/data_table.hpp"
#include "report/json_fields.hpp"
#include "report/line_chart.hpp"

namespace draughts::report {

namespace fs = std::filesystem;

namespace {

std::string loss_value(double value) {
    return std::isfinite(value) ? fmt::format("{:.6f}", value) : "n/a";
}

std::string count(double value) {
    return std::isfinite(value) ? fmt::format("{:.0f}", value) : "n/a";
}

Section run_section(const NetworkFolderData& f) {
    const Json& s = f.summary;
    DataTable facts = DataTable::facts("Run");
    facts.rows = {
        {"variant", text_in(s, "variant")},
        {"data", text_in(s, "data")},
        {"samples (not quiet, dropped)",
         count(number_in(s, "samples")) + " (" + count(number_in(s, "not_quiet")) + ")"},
        {"positions (training / hold-out)",
         count(number_in(s, "train")) + " / " + count(number_in(s, "holdout"))},
        {"epochs run (planned)",
         count(number_in(s, "epochs")) + " (" + count(number_in(s, "epochs_planned")) + ")"},
        {"best epoch (network written)", count(number_in(s, "best_epoch"))},
        {"hold-out loss: start, best", loss_value(number_in(s, "start_holdout_loss")) + " → " +
                                           loss_value(number_in(s, "holdout_loss"))},
        {"positions per second", count(number_in(s, "positions_per_second"))},
        {"quantisation error, engine units (mean, largest)",
         fmt::format("{:.2f}, {:.2f}", number_in(s, "quantisation_error_mean"),
                     number_in(s, "quantisation_error_max"))},
        {"weights saturated by quantisation", count(number_in(s, "saturated_weights"))},
        {"batch, learning rate, decay",
         fmt::format("{:.0f}, {:g}, {:g}", number_in(s, "batch_size"),
                     number_in(s, "learning_rate"), number_in(s, "learning_rate_decay"))},
        {"K, score weight, seed", fmt::format("{:g}, {:g}, {:.0f}", number_in(s, "k"),
                                              number_in(s, "score_weight"), number_in(s, "seed"))},
    };
    if (s.empty()) facts.rows = {{"state", "running, or stopped before its summary"}};
    return Section{"network-run", "Run", facts.html()};
}

Section curve_section(const NetworkFolderData& f) {
    LineChart loss{.title =
                       "Training and hold-out loss per epoch (training: the mean of the "
                       "epoch's batch losses)",
                   .x_label = "epoch",
                   .y_label = "loss"};
    LineSeries train{.name = "training"};
    LineSeries holdout{.name = "hold-out"};
    const double start = number_in(f.summary, "start_holdout_loss");
    if (std::isfinite(start)) holdout.points.emplace_back(0.0, start);
    LineChart speed{.title = "Positions per second", .x_label = "epoch", .y_label = "positions/s"};
    LineSeries rate{.name = "positions per second"};
    for (const Json& e : f.epochs) {
        const double epoch = number_in(e, "epoch");
        train.points.emplace_back(epoch, number_in(e, "train_loss"));
        holdout.points.emplace_back(epoch, number_in(e, "holdout_loss"));
        rate.points.emplace_back(epoch, number_in(e, "positions_per_second"));
    }
    loss.series.push_back(std::move(train));
    loss.series.push_back(std::move(holdout));
    speed.series.push_back(std::move(rate));
    return Section{"network-curve", "Loss curves",
                   loss.figure("network-loss").html() + speed.figure("network-speed").html()};
}

}  // namespace

bool is_network_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "curve.jsonl", ec);
}

Expected<NetworkFolderData> read_network_folder(const fs::path& dir) {
    NetworkFolderData f;
    f.dir = dir;
    f.summary = Json::object();
    const fs::path curve = dir / "curve.jsonl";
    auto text = read_whole_file(curve);
    if (!text) return text.error();
    std::size_t line_number = 0;
    for (std::string_view line : split(*text, '\n')) {
        ++line_number;
        if (trim(line).empty()) continue;
        auto epoch = parse_json(line, curve.string() + ":" + std::to_string(line_number));
        if (!epoch) return epoch.error();
        if (!epoch->is_object() || !std::isfinite(number_in(*epoch, "epoch")))
            return make_error(fmt::format("{}:{}: expected an object with an epoch", curve.string(),
                                          line_number));
        f.epochs.push_back(std::move(epoch).value());
    }
    std::error_code ec;
    if (fs::is_regular_file(dir / "summary.json", ec)) {
        auto summary_text = read_whole_file(dir / "summary.json");
        if (!summary_text) return summary_text.error();
        auto summary = parse_json(*summary_text, (dir / "summary.json").string());
        if (!summary) return summary.error();
        f.summary = std::move(summary).value();
    }
    return f;
}

std::vector<Section> network_sections(const NetworkFolderData& folder) {
    return {run_section(folder), curve_section(folder)};
}

}  // namespace draughts::report
