// `draughts dxp`: the built-in engine speaking DXP (the DamExchange Protocol) over TCP, for GUIs,
// other engines and harnesses, this harness's DxpPlayer included. It connects to a peer
// (--connect HOST:PORT) or waits for one (--listen PORT, on 127.0.0.1 unless --bind says
// otherwise), then follows the peer's game requests, or sends its own with --initiate.

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "engine/weights_file.hpp"
#include "harness/dxp/dxp_connection.hpp"
#include "harness/game/game_runner.hpp"
#include "protocol/dxp/dxp_engine_session.hpp"
#include "rules/fen.hpp"
#include "system/net/socket_address.hpp"
#include "system/net/tcp_listener.hpp"

namespace draughts::app {

namespace {

struct DxpOptions {
    std::string connect;
    std::string listen;
    std::string bind = "127.0.0.1";
    double connect_timeout = 10.0;
    std::string name = "draughts";
    std::string weights;
    std::size_t hash_mb = 16;
    std::uint64_t nodes = 0;
    int depth = 0;
    int max_moves = 0;
    double move_overhead = 0.02;
    bool initiate = false;
    std::string color = "white";
    int minutes = 5;
    int moves = 0;
    std::string fen;
    int games = 1;
    bool json = false;
    bool trace = false;
};

void emit(bool json, const Json& event, const std::string& text) {
    if (json) {
        fmt::print("{}\n", dump_json(event));
        std::fflush(stdout);
    } else {
        fmt::print(stderr, "draughts dxp: {}\n", text);
    }
}

Expected<protocol::DxpGameRequest> request_from(const DxpOptions& o) {
    protocol::DxpGameRequest request;
    request.initiator_name = o.name;
    if (o.color != "white" && o.color != "black")
        return make_error("--color must be white or black, not \"" + o.color + "\"");
    // The request names the follower's colour: the other one.
    request.follower_color = o.color == "white" ? rules::Color::Black : rules::Color::White;
    request.thinking_minutes = o.minutes;
    request.moves = o.moves;
    if (!o.fen.empty()) {
        auto start = harness::parse_start_position(o.fen);
        if (!start) return start.error();
        if (!(*start == rules::Position::initial())) request.start = *start;
    }
    if (auto text = protocol::format_dxp_message(request); !text) return text.error();
    return request;
}

Expected<protocol::DxpEngineOptions> session_options(const DxpOptions& o) {
    protocol::DxpEngineOptions options;
    options.name = o.name;
    if (o.name.size() > protocol::kDxpNameWidth)
        return make_error("--name is longer than 32 characters");
    options.engine.hash_mb = o.hash_mb;
    if (!o.weights.empty()) {
        auto weights = engine::load_weights(o.weights);
        if (!weights) return weights.error();
        options.engine.weights = *weights;
    }
    if (o.nodes > 0) options.nodes = o.nodes;
    if (o.depth > 0) options.depth = o.depth;
    if (o.max_moves > 0) options.max_moves = o.max_moves;
    options.move_overhead = o.move_overhead;
    if (o.initiate) {
        auto request = request_from(o);
        if (!request) return request.error();
        options.initiate = *request;
        options.games = o.games;
    }
    options.log = [](const std::string& text) { fmt::print(stderr, "draughts dxp: {}\n", text); };
    return options;
}

/// Connects or waits for the peer, as the options say.
Expected<harness::TcpConnection> open_connection(const DxpOptions& o) {
    const harness::Deadline deadline = harness::deadline_after_seconds(o.connect_timeout);
    if (!o.connect.empty()) {
        auto target = harness::parse_host_port(o.connect);
        if (!target) return target.error();
        // The peer may still be starting: try again while nobody listens.
        for (;;) {
            bool refused = false;
            auto connection =
                harness::TcpConnection::connect(target->host, target->port, deadline, &refused);
            if (connection || !refused || harness::expired(deadline)) return connection;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    auto port = harness::parse_port(o.listen, true);
    if (!port) return make_error("--listen: " + port.error().message);
    auto listener = harness::TcpListener::listen(o.bind, *port);
    if (!listener) return listener.error();
    emit(o.json,
         Json{{"event", "listening"},
              {"address", listener->address()},
              {"port", static_cast<int>(listener->port())}},
         "listening on " + listener->address() + ":" + std::to_string(listener->port()));
    return listener->accept(o.connect_timeout > 0 ? deadline : harness::kNoDeadline);
}

int run_dxp(const DxpOptions& o) {
    if (o.connect.empty() == o.listen.empty())
        return command_failed("dxp", "give exactly one of --connect HOST:PORT and --listen PORT");
    auto options = session_options(o);
    if (!options) return command_failed("dxp", options.error().message);
    auto socket = open_connection(o);
    if (!socket) return command_failed("dxp", socket.error().message);
    harness::DxpTrace trace;
    if (o.trace) {
        trace = [](bool outgoing, std::string_view text) {
            fmt::print(stderr, "draughts dxp: {} {}\n", outgoing ? ">" : "<", text);
        };
    }
    harness::DxpConnection connection(std::move(*socket), trace);
    emit(o.json, Json{{"event", "connected"}, {"peer", connection.peer()}},
         "connected to " + connection.peer());
    protocol::DxpEngineSession session(std::move(*options), connection);
    session.on_game_end([&o](const protocol::DxpSessionGame& game) {
        emit(o.json,
             Json{{"event", "game"},
                  {"color", game.color == rules::Color::White ? "white" : "black"},
                  {"result", rules::to_pdn_result(game.result)},
                  {"plies", game.moves.size()},
                  {"how", game.how},
                  {"moves", game.moves}},
             "game " + std::string(rules::to_pdn_result(game.result)) + " (" + game.how + ")");
    });
    const auto played = session.run();
    emit(o.json,
         Json{{"event", "end"},
              {"games", session.games().size()},
              {"error", played ? Json() : Json(played.error().message)}},
         played ? "connection closed after " + std::to_string(session.games().size()) + " games"
                : played.error().message);
    // A peer that breaks the protocol is an input error, status 2 as for every command.
    return played ? 0 : 2;
}

}  // namespace

void add_dxp_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<DxpOptions>();
    CLI::App* cmd = app.add_subcommand(
        "dxp", "Run the engine with the DXP protocol over TCP (follower, or initiator)");
    cmd->add_option("--connect", o->connect, "Connect to a DXP peer at HOST:PORT");
    cmd->add_option("--listen", o->listen,
                    "Wait for one DXP peer on this port (0: a free one, printed)");
    cmd->add_option("--bind", o->bind, "Address to listen on")->capture_default_str();
    cmd->add_option("--connect-timeout", o->connect_timeout,
                    "Seconds to wait for the connection (0 with --listen: no limit)")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--name", o->name, "Name sent to the peer (at most 32 characters)")
        ->capture_default_str();
    cmd->add_option(
        "-w,--weights", o->weights,
        "Evaluation weight file (default: the built-in weights, `draughts bench` names them)");
    cmd->add_option("--hash", o->hash_mb, "Hash table size in MB")
        ->capture_default_str()
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--nodes", o->nodes,
                    "Search this many nodes per move (deterministic; replaces the clock)");
    cmd->add_option("--depth", o->depth, "Search to this depth per move (replaces the clock)")
        ->check(CLI::Range(1, 127));
    cmd->add_option("--max-moves", o->max_moves,
                    "Claim a draw after this many moves by each side (0: off)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option(
           "--move-overhead", o->move_overhead,
           "Seconds kept off every move's time budget and charged to the engine's own clock "
           "for every move: the transport time the peer's clock counts (clock play only)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 10.0));
    cmd->add_flag("--initiate", o->initiate, "Send the game requests (default: follow the peer's)");
    cmd->add_option("--color", o->color,
                    "With --initiate: our colour in the first game, white or black (colours "
                    "alternate from game to game)")
        ->capture_default_str();
    cmd->add_option("--time", o->minutes, "With --initiate: thinking time per side, minutes")
        ->capture_default_str()
        ->check(CLI::Range(0, 999));
    cmd->add_option("--moves", o->moves,
                    "With --initiate: moves in the thinking time (0: the whole game)")
        ->check(CLI::Range(0, 999));
    cmd->add_option("--fen", o->fen, "With --initiate: start position (default: the initial one)");
    cmd->add_option("--games", o->games, "With --initiate: games to play")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    cmd->add_flag("--json", o->json,
                  "Print events (listening, connected, game, end) as JSON lines");
    cmd->add_flag("--trace", o->trace, "Log every DXP message on stderr");
    cmd->callback([o, &exit_code] { exit_code = run_dxp(*o); });
}

}  // namespace draughts::app
