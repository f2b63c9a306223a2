// `draughts sprt --wdl W,D,L | --penta LL,LD,WL+DD,WD,WW [...]`: Elo, error bars, LOS and the SPRT
// state from counts given on the command line, as fishtest, fastchess or cutechess compute them.

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "stats/counts_text.hpp"
#include "stats/pair_summary.hpp"
#include "stats/stats_json.hpp"
#include "stats/text_report.hpp"

namespace draughts::app {

namespace {

struct SprtOptions {
    std::string wdl;
    std::string penta;
    std::string model = "normalized";
    harness::SprtParameters parameters;
    bool json = false;
};

Expected<harness::MatchCounts> counts_from(const SprtOptions& options) {
    harness::MatchCounts counts;
    if (!options.wdl.empty()) {
        const auto games = harness::parse_wdl(options.wdl);
        if (!games) return make_error("--wdl " + games.error().message);
        counts.games = *games;
        return counts;
    }
    const auto pairs = harness::parse_pentanomial(options.penta);
    if (!pairs) return make_error("--penta " + pairs.error().message);
    counts.pairs = *pairs;
    counts.paired = true;
    counts.games = pairs->games().value_or(harness::Trinomial{});
    return counts;
}

int run_sprt(SprtOptions options) {
    if (options.wdl.empty() == options.penta.empty())
        return command_failed(
            "sprt", "give the counts with exactly one of --wdl W,D,L or --penta LL,LD,WL+DD,WD,WW");
    const auto model = harness::parse_sprt_model(options.model);
    if (!model)
        return command_failed(
            "sprt", "unknown --model '" + options.model + "' (normalized, logistic or bayeselo)");
    options.parameters.model = *model;
    if (*model == harness::SprtModel::BayesElo && !options.penta.empty())
        return command_failed("sprt", "the bayeselo model needs game counts (--wdl), not pairs");
    const auto sprt = harness::Sprt::create(options.parameters);
    if (!sprt) return command_failed("sprt", sprt.error().message);
    const auto counts = counts_from(options);
    if (!counts) return command_failed("sprt", counts.error().message);
    const harness::PairSummary summary = harness::summarize("first", "second", *counts, &*sprt);
    if (!summary.sprt_status) return command_failed("sprt", summary.sprt_error);
    if (options.json) {
        fmt::print("{}\n", dump_json(harness::to_json(summary)));
    } else {
        std::fputs(harness::format_pair_report(summary).c_str(), stdout);
    }
    return 0;
}

}  // namespace

void add_sprt_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<SprtOptions>();
    CLI::App* cmd = app.add_subcommand(
        "sprt", "Elo, error bars, LOS and SPRT log-likelihood ratio from game or pair counts");
    cmd->add_option("--wdl", options->wdl, "Game counts W,D,L from the first engine's side");
    cmd->add_option("--penta", options->penta,
                    "Pair counts LL,LD,WL+DD,WD,WW (or LL,LD,WL,DD,WD,WW) from the first engine's "
                    "side");
    cmd->add_option("--elo0", options->parameters.elo0, "Elo of H0")->capture_default_str();
    cmd->add_option("--elo1", options->parameters.elo1, "Elo of H1")->capture_default_str();
    cmd->add_option("--alpha", options->parameters.alpha, "False positive rate")
        ->capture_default_str();
    cmd->add_option("--beta", options->parameters.beta, "False negative rate")
        ->capture_default_str();
    cmd->add_option("--model", options->model,
                    "normalized (nElo bounds), logistic (Elo bounds) or bayeselo (cutechess)")
        ->capture_default_str();
    cmd->add_flag("--json", options->json, "Print one JSON object instead of text");
    cmd->callback([options, &exit_code] { exit_code = run_sprt(*options); });
}

}  // namespace draughts::app
