// `draughts game`: plays one game between two players (the built-in engine, a random mover, or any
// engine a match can play: Hub, DXP) from any position, under any time control and adjudication,
// and prints its PDN (or its JSON record).

#include <fmt/format.h>

#include <array>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "common/calendar.hpp"
#include "common/json.hpp"
#include "common/text.hpp"
#include "harness/builtin/builtin_player.hpp"
#include "harness/config/engine_options.hpp"
#include "harness/game/game_runner.hpp"
#include "records/pdn_writer.hpp"
#include "rules/fen.hpp"
#include "rules/variant.hpp"
#include "system/process/child_registry.hpp"
#include "system/process/interrupt_watcher.hpp"

namespace draughts::app {

namespace {

struct GameOptions {
    std::vector<std::string> white{"engine"};
    std::vector<std::string> black{"engine"};
    std::string variant = "international";  ///< rules::parse_variant name
    std::string fen;                        ///< empty: the variant's initial position
    std::string time_control = "10+0.1";
    double margin = 0.0;
    double move_cap = harness::kDefaultMoveCap;
    int max_moves = 0;
    std::string draw;
    std::string resign;
    std::size_t hash_mb = 16;
    std::string pdn_file;
    std::string event = "draughts game";
    std::string site;
    std::string round;
    bool no_comments = false;
    bool json = false;
};

/// Comma-separated numbers, e.g. "40,8,0.05".
Expected<std::vector<double>> numbers(const std::string& option, const std::string& text,
                                      std::size_t min_count, std::size_t max_count) {
    std::vector<double> values;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        const std::string item = text.substr(start, end - start);
        const auto value = parse_number<double>(trim(item), PlusSign::Allowed);
        if (!value || !std::isfinite(*value) || *value < 0.0)
            return make_error(option + " \"" + text + "\": \"" + item +
                              "\" is not a non-negative number");
        values.push_back(*value);
        start = end + 1;
    }
    if (values.size() < min_count || values.size() > max_count)
        return make_error(option + " \"" + text + "\": expected " + std::to_string(min_count) +
                          (max_count > min_count ? " or " + std::to_string(max_count) : "") +
                          " comma-separated values");
    return values;
}

int men_to_units(double men) { return static_cast<int>(std::lround(men * engine::kScorePerMan)); }

Expected<harness::AdjudicationOptions> adjudication_from(const GameOptions& o) {
    harness::AdjudicationOptions adjudication;
    if (o.max_moves > 0) adjudication.max_moves = o.max_moves;
    if (!o.draw.empty()) {
        const auto v = numbers("--adjudicate-draw", o.draw, 3, 3);
        if (!v) return v.error();
        adjudication.score_draw = harness::ScoreDrawOptions{
            static_cast<int>((*v)[0]), static_cast<int>((*v)[1]), men_to_units((*v)[2])};
    }
    if (!o.resign.empty()) {
        const auto v = numbers("--adjudicate-resign", o.resign, 2, 3);
        if (!v) return v.error();
        adjudication.resign = harness::ResignOptions{
            static_cast<int>((*v)[0]), men_to_units((*v)[1]), v->size() == 3 && (*v)[2] != 0.0};
    }
    if (auto ok = harness::validate(adjudication); !ok) return ok.error();
    return adjudication;
}

/// One side's player: a short built-in spec (engine, engine:FILE, random, random:SEED) or an
/// engine given by KEY=VALUE settings like `draughts match --engine` (its own tc, if set, becomes
/// the side's time control).
template <typename V>
Expected<std::unique_ptr<harness::BasicPlayer<V>>> make_player(
    const std::vector<std::string>& spec, const char* option, std::size_t hash_mb,
    harness::ChildRegistry& children, std::optional<harness::TimeControl>& tc) {
    if (spec.size() == 1 && spec[0].find('=') == std::string::npos)
        return harness::make_builtin_player<V>(spec[0], {}, hash_mb);
    auto engine = harness::parse_engine_tokens(spec, option, option + 2);
    if (!engine) return engine.error();
    tc = engine->time_control;
    harness::PlayerContext context;
    context.registry = &children;
    auto maker = harness::prepare_engine<V>(*engine, context);
    if (!maker) return maker.error();
    return maker->make(1);
}

template <typename V>
Expected<harness::BasicGameSetup<V>> setup_from(const GameOptions& o) {
    harness::BasicGameSetup<V> setup;
    if (!o.fen.empty()) {
        auto start = harness::parse_start_position<V>(o.fen);
        if (!start) return start.error();
        setup.start = *start;
    }
    auto tc = harness::parse_time_control(o.time_control);
    if (!tc) return tc.error();
    setup.set_time_control(*tc);
    if (o.margin < 0.0) return make_error("--margin must not be negative");
    setup.time_margin = o.margin;
    if (!(o.move_cap > 0.0)) return make_error("--move-cap must be positive");
    setup.move_caps = {o.move_cap, o.move_cap};
    auto adjudication = adjudication_from(o);
    if (!adjudication) return adjudication.error();
    setup.adjudication = *adjudication;
    setup.info.event = o.event;
    setup.info.site = o.site;
    setup.info.round = o.round;
    setup.info.date = pdn_date(std::time(nullptr));
    return setup;
}

/// Writes the game where the options say: its PDN (to a file or stdout) or its JSON record,
/// and a summary line. Returns false when the PDN file cannot be written.
template <typename V>
bool report_game(const GameOptions& o, const harness::BasicGameRecord<V>& record) {
    const std::string pdn =
        harness::to_pdn(record, harness::PdnWriteOptions{.comments = !o.no_comments});
    if (!o.pdn_file.empty()) {
        std::ofstream out(o.pdn_file, std::ios::binary | std::ios::app);
        out << pdn;
        if (!out.flush()) return false;  // a buffered write fails only when flushed
    }
    if (o.json) {
        fmt::print("{}\n", dump_json(harness::to_json(record)));
        return true;
    }
    if (o.pdn_file.empty()) std::fputs(pdn.c_str(), stdout);
    fmt::print(o.pdn_file.empty() ? stderr : stdout, "{}  {} ({}): {}\n",
               harness::to_pdn_result(record.end.result),
               harness::termination_code(record.end.termination),
               harness::category_name(harness::category_of(record.end.termination)),
               record.end.text);
    return true;
}

/// Sets up, plays and reports the game; `stop` aborts it (result "*", still reported).
template <typename V>
int play_and_report(const GameOptions& o, harness::ChildRegistry& children, std::stop_token stop) {
    auto setup = setup_from<V>(o);
    if (!setup) return command_failed("game", setup.error().message);
    std::array<std::optional<harness::TimeControl>, 2> own_tc;
    auto white = make_player<V>(o.white, "--white", o.hash_mb, children, own_tc[0]);
    if (!white) return command_failed("game", white.error().message);
    auto black = make_player<V>(o.black, "--black", o.hash_mb, children, own_tc[1]);
    if (!black) return command_failed("game", black.error().message);
    for (std::size_t side = 0; side < 2; ++side)
        if (own_tc[side]) setup->time_controls[side] = *own_tc[side];
    for (auto* player : {white->get(), black->get()})
        if (auto ok = player->start(); !ok) return command_failed("game", ok.error().message);

    SteadyTimeSource time;
    const auto record = harness::play_game(*setup, **white, **black, time, std::move(stop));
    for (auto* player : {white->get(), black->get()}) player->quit();
    if (!record) return command_failed("game", record.error().message);
    if (!report_game(o, *record)) return command_failed("game", "cannot write " + o.pdn_file);
    // A game aborted without a signal could not start (neither player could): an error.
    return record->end.termination == harness::Termination::Aborted ? 2 : 0;
}

int run_game(const GameOptions& o) {
    // Ctrl-C (or SIGTERM, SIGHUP) ends the game as aborted (result "*"); its record is still
    // written. The status is then 128 + the signal, as for every command (130 for Ctrl-C), also
    // when the signal came while the engines were starting (and made them fail).
    std::stop_source stop;
    harness::ChildRegistry children;
    std::atomic<int> stopped_by{SIGINT};
    harness::InterruptWatcher watcher(children, [&stop, &stopped_by](int signal) {
        stopped_by = signal;
        stop.request_stop();
    });
    const auto variant = rules::parse_variant(o.variant);
    if (!variant) return command_failed("game", "--variant: unknown variant '" + o.variant + "'");
    const int status = rules::dispatch_variant(
        *variant, [&]<typename V>(V) { return play_and_report<V>(o, children, stop.get_token()); });
    return stop.stop_requested() ? 128 + stopped_by.load() : status;
}

}  // namespace

void add_game_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<GameOptions>();
    CLI::App* cmd = app.add_subcommand(
        "game", "Play one game between two players and print its PDN (or --json record)");
    cmd->add_option("--white", o->white,
                    "White player: engine, engine:WEIGHTS.yaml, random, random:SEED, or KEY=VALUE "
                    "settings as for `draughts match --engine` (e.g. proto=hub cmd=./engine)")
        ->expected(1, -1)
        ->capture_default_str();
    cmd->add_option("--black", o->black, "Black player (same forms as --white)")
        ->expected(1, -1)
        ->capture_default_str();
    cmd->add_option("--variant", o->variant,
                    "Rules of the game: international (default) or another variant (" +
                        rules::variant_names() + ")");
    cmd->add_option("--fen", o->fen,
                    "Start position (opening or handicap; default: the variant's initial "
                    "position)");
    cmd->add_option("--tc", o->time_control,
                    "Time control: [MOVES/]BASE[+INC] (seconds or M:SS), movetime=S, nodes=N, "
                    "depth=D, comma-separated")
        ->capture_default_str();
    cmd->add_option("--move-cap", o->move_cap,
                    "Seconds a move may take under nodes or depth limits before the side "
                    "forfeits")
        ->capture_default_str();
    cmd->add_option("--margin", o->margin, "Seconds a side may overstep its clock")
        ->capture_default_str();
    cmd->add_option("--max-moves", o->max_moves,
                    "Adjudicate a draw after this many moves by each side (0: off)");
    cmd->add_option("--adjudicate-draw", o->draw,
                    "FROM_MOVE,MOVES,SCORE: draw when both engines score within +-SCORE men for "
                    "MOVES moves each, from move FROM_MOVE on");
    cmd->add_option("--adjudicate-resign", o->resign,
                    "MOVES,SCORE[,1]: a side loses after scoring -SCORE men or worse for MOVES "
                    "moves (with ,1: only if the opponent agrees)");
    cmd->add_option("--hash", o->hash_mb, "Hash table size of each engine, MB")
        ->capture_default_str();
    cmd->add_option("--pdn", o->pdn_file, "Append the game to this PDN file");
    cmd->add_option("--event", o->event, "PDN Event tag")->capture_default_str();
    cmd->add_option("--site", o->site, "PDN Site tag");
    cmd->add_option("--round", o->round, "PDN Round tag");
    cmd->add_flag("--no-comments", o->no_comments, "Write moves without score/time comments");
    cmd->add_flag("--json", o->json, "Print the game record as one JSON object");
    cmd->callback([o, &exit_code] { exit_code = run_game(*o); });
}

}  // namespace draughts::app
