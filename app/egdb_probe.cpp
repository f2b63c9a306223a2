#include "app/egdb_probe.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <memory>
#include <string>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "egdb/counting.hpp"
#include "egdb/judgement.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"

namespace draughts::app {

namespace {

struct ProbeCommand {
    std::string folder;
    std::string fen;
    int count = 0;
    bool json = false;
};

Json value_json(const egdb::Value& v) {
    return {{"outcome", egdb::outcome_name(v.outcome)}, {"plies", v.plies}};
}

/// Counters of a position whose count that matters has run `count` plies.
rules::DrawCounters counters_at(const rules::Position& position, int count) {
    rules::DrawCounters counters = rules::DrawCounters::at_start(position);
    // Inside a counted ending the 25-move count is never the one that runs out (counting.hpp).
    if (counters.rule == rules::EndgameRule::None)
        counters.reversible_plies = count;
    else
        counters.endgame_plies = count;
    return counters;
}

void print_text(const rules::Position& position, const egdb::Judgement& j, int count) {
    const rules::EndgameRule rule = rules::endgame_rule(position);
    fmt::print("{}  slice {}, {}: {} of {} plies counted\n", rules::to_fen(position),
               egdb::Material::of(position).name(), egdb::counted_rule_name(rule), count,
               egdb::count_limit(rule));
    fmt::print("value: {} -> {} for {} with {} plies left\n", j.value.text(),
               egdb::outcome_name(j.outcome), rules::color_name(position.side_to_move()),
               j.plies_left);
    for (const egdb::MoveJudgement& m : j.moves)
        fmt::print("  {:<14} {:<4}  needs {:>2}  (reply {}{})\n",
                   rules::to_pdn_notation(position, m.move), egdb::outcome_name(m.outcome), m.plies,
                   m.reply.text(), m.restarts ? ", count restarts" : "");
}

Json judgement_json(const rules::Position& position, const egdb::Judgement& j, int count) {
    Json moves = Json::array();
    for (const egdb::MoveJudgement& m : j.moves)
        moves.push_back(Json{{"move", rules::to_pdn_notation(position, m.move)},
                             {"outcome", egdb::outcome_name(m.outcome)},
                             {"plies", m.plies},
                             {"restarts_count", m.restarts},
                             {"reply", value_json(m.reply)}});
    const rules::EndgameRule rule = rules::endgame_rule(position);
    return {{"fen", rules::to_fen(position)},
            {"slice", egdb::Material::of(position).name()},
            {"rule", egdb::counted_rule_name(rule)},
            {"count", count},
            {"plies_left", j.plies_left},
            {"value", value_json(j.value)},
            {"result", egdb::outcome_name(j.outcome)},
            {"moves", std::move(moves)}};
}

int run_probe(const ProbeCommand& command) {
    const auto fail = [](const std::string& message) {
        fmt::print(stderr, "draughts egdb probe: {}\n", message);
        return kExitError;
    };
    const auto position = rules::parse_fen(command.fen);
    if (!position) return fail("FEN \"" + command.fen + "\": " + position.error().message);
    egdb::OpenOptions options;
    options.check_sums = false;  // one lookup: the blocks it reads are checked by zstd
    const auto db = egdb::Database::open(command.folder, options);
    if (!db) return fail(db.error().message);
    const int limit = egdb::count_limit(rules::endgame_rule(*position));
    if (command.count > limit)
        return fail("--count " + std::to_string(command.count) + ": the " +
                    egdb::counted_rule_name(rules::endgame_rule(*position)) + " allows " +
                    std::to_string(limit) + " plies");
    const auto judgement = egdb::judge(**db, *position, counters_at(*position, command.count));
    if (!judgement) return fail(judgement.error().message);
    if (!*judgement)
        return fail(rules::to_fen(*position) + ": slice " +
                    egdb::Material::of(*position).canonical().name() + " is not in " +
                    command.folder);
    if (command.json)
        fmt::print("{}\n", dump_json(judgement_json(*position, **judgement, command.count)));
    else
        print_text(*position, **judgement, command.count);
    return 0;
}

}  // namespace

void add_egdb_probe(CLI::App& egdb, int& exit_code) {
    auto command = std::make_shared<ProbeCommand>();
    CLI::App* cmd = egdb.add_subcommand("probe", "Print a position's value and its best moves");
    cmd->add_option("folder", command->folder, "Folder of the slice files")->required();
    cmd->add_option("fen", command->fen, "Position in FEN, e.g. W:WK1,K3,K50:BK28")->required();
    cmd->add_option("--count", command->count,
                    "Plies already counted by the draw rule that applies (25-, 16- or 5-move "
                    "rule); default 0")
        ->check(CLI::Range(0, 50));
    cmd->add_flag("--json", command->json, "Print one JSON object");
    cmd->callback([command, &exit_code] { exit_code = run_probe(*command); });
}

}  // namespace draughts::app
