#include "report/tune_folder.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cmath>

#include "common/file_io.hpp"
#include "common/text.hpp"
#include "engine/weights_file.hpp"

namespace draughts::report {

namespace fs = std::filesystem;

bool is_tune_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "loss.csv", ec);
}

Expected<std::vector<LossRow>> parse_loss_csv(std::string_view text, std::string_view source) {
    std::vector<LossRow> rows;
    std::size_t line_number = 0;
    for (std::string_view line : split(text, '\n')) {
        ++line_number;
        line = trim(line);
        if (line.empty() || line_number == 1) continue;  // the header
        const auto cells = split(line, ',');
        const auto epoch = cells.size() >= 7 ? parse_number<int>(cells[0]) : std::nullopt;
        const auto train = cells.size() >= 7 ? parse_number<double>(cells[1]) : std::nullopt;
        if (!epoch || !train)
            return make_error(
                fmt::format("{}:{}: expected epoch,train_loss,holdout_loss,learning_rate,"
                            "seconds,epochs_per_second,best_epoch",
                            source, line_number));
        rows.push_back({*epoch, *train, parse_number<double>(cells[2]).value_or(std::nan("")),
                        parse_number<double>(cells[3]).value_or(0.0),
                        parse_number<int>(cells[6]).value_or(*epoch)});
    }
    return rows;
}

namespace {

/// Reads the tuned and the starting weights of a run of variant V into `folder`.
template <typename V>
Expected<TuneFolder> read_weights(TuneFolder folder) {
    auto tuned = engine::load_weights<V>(folder.dir / "weights.yaml");
    if (!tuned) return tuned.error();
    folder.tuned = tuned->values();
    if (folder.settings.start_weights.empty()) {
        folder.start = engine::BasicEvalWeights<V>::material_only().values();
    } else if (auto start = engine::load_weights<V>(folder.settings.start_weights)) {
        folder.start = start->values();
    } else {
        folder.start_problem = start.error().message;
    }
    return folder;
}

/// A trace run's weights.yaml: `name: value` or `name: {mg: .., eg: ..}`.
Expected<TuneFolder> read_named(TuneFolder folder) {
    const fs::path file = folder.dir / "weights.yaml";
    try {
        const YAML::Node root = YAML::LoadFile(file.string());
        if (!root.IsMap()) return make_error(file.string() + ": expected name: value lines");
        for (const auto& item : root) {
            std::string value;
            if (item.second.IsScalar()) {
                value = item.second.Scalar();
            } else if (item.second.IsMap() && item.second["mg"] && item.second["eg"]) {
                value = "mg " + item.second["mg"].Scalar() + ", eg " + item.second["eg"].Scalar();
            } else {
                return make_error(file.string() + ": '" + item.first.Scalar() +
                                  "' is not a number or {mg, eg}");
            }
            folder.named.emplace_back(item.first.Scalar(), value);
        }
    } catch (const YAML::Exception& e) {
        return make_error(file.string() + ": " + e.what());
    }
    return folder;
}

}  // namespace

Expected<TuneFolder> read_tune_folder(const fs::path& dir) {
    TuneFolder folder;
    folder.dir = dir;
    auto settings = read_tune_settings(dir / "config.yaml");
    if (!settings) return settings.error();
    folder.settings = std::move(settings).value();
    auto loss_text = read_whole_file(dir / "loss.csv");
    if (!loss_text) return loss_text.error();
    auto loss = parse_loss_csv(*loss_text, (dir / "loss.csv").string());
    if (!loss) return loss.error();
    folder.loss = std::move(loss).value();
    auto summary_text = read_whole_file(dir / "summary.json");
    if (!summary_text) return summary_text.error();
    auto summary = parse_json(*summary_text, (dir / "summary.json").string());
    if (!summary) return summary.error();
    folder.summary = std::move(summary).value();
    if (!folder.settings.trace.empty()) return read_named(std::move(folder));
    return rules::dispatch_variant(folder.settings.variant, [&](auto policy) {
        return read_weights<decltype(policy)>(std::move(folder));
    });
}

}  // namespace draughts::report
