#include <fmt/format.h>

#include <cmath>

#include "report/data_table.hpp"
#include "report/json_fields.hpp"
#include "report/line_chart.hpp"
#include "report/markup.hpp"
#include "report/tune_sections.hpp"

namespace draughts::report {

namespace {

std::string loss_text(double value) {
    return std::isfinite(value) ? fmt::format("{:.6f}", value) : "n/a";
}

}  // namespace

Section tuning_section(const TuneFolder& folder) {
    const Json& s = folder.summary;
    const Json* fitted = json_field(s, "k_fitted");
    DataTable facts = DataTable::facts("Run");
    facts.rows = {
        {"K",
         fmt::format("{:.4f}{}", number_in(s, "k"),
                     fitted && fitted->is_boolean() && fitted->get<bool>() ? " (fitted)" : "")},
        {"loss",
         std::string(folder.settings.loss == "mse" ? "mean squared error" : folder.settings.loss)},
        {"positions (training / hold-out)",
         fmt::format("{:.0f} ({:.0f} / {:.0f})", number_in(s, "positions"), number_in(s, "train"),
                     number_in(s, "holdout"))},
        {"epochs run", fmt::format("{:.0f}", number_in(s, "epochs"))},
        {"best epoch (weights written)", fmt::format("{:.0f}", number_in(s, "best_epoch"))},
        {"training loss: start, best", loss_text(number_in(s, "start_train_loss")) + " → " +
                                           loss_text(number_in(s, "train_loss"))},
        {"hold-out loss: start, best", loss_text(number_in(s, "start_holdout_loss")) + " → " +
                                           loss_text(number_in(s, "holdout_loss"))},
        {"learning rate, decay, L2",
         fmt::format("{:g}, {:g}, {:g}", folder.settings.learning_rate,
                     folder.settings.learning_rate_decay, folder.settings.l2)},
    };
    LineChart chart{
        .title = "Training and hold-out loss per epoch", .x_label = "epoch", .y_label = "loss"};
    LineSeries train{.name = "training"};
    LineSeries holdout{.name = "hold-out"};
    train.points.emplace_back(0.0, number_in(s, "start_train_loss"));
    holdout.points.emplace_back(0.0, number_in(s, "start_holdout_loss"));
    for (const LossRow& row : folder.loss) {
        train.points.emplace_back(row.epoch, row.train);
        holdout.points.emplace_back(row.epoch, row.holdout);
    }
    chart.series.push_back(std::move(train));
    chart.series.push_back(std::move(holdout));
    std::string html = facts.html() + chart.figure("loss").html();
    return Section{"tuning", "Tuning", std::move(html)};
}

}  // namespace draughts::report
