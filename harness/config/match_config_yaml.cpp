// Writing a resolved MatchConfig back as YAML (config.yaml of a results folder).

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <string>

#include "harness/config/match_config.hpp"

namespace draughts::harness {

namespace {

/// The shortest text that reads back as the same double.
std::string number(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

/// The keys hub and dxp engines share: the program and how to run it.
void write_process(YAML::Emitter& out, const EngineConfig& engine) {
    out << YAML::Key << "command" << YAML::Value << YAML::DoubleQuoted << engine.command;
    out << YAML::Key << "args" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& arg : engine.args) out << YAML::DoubleQuoted << arg;
    out << YAML::EndSeq;
    out << YAML::Key << "working_directory" << YAML::Value << YAML::DoubleQuoted
        << engine.working_directory;
}

void write_dxp(YAML::Emitter& out, const EngineConfig& engine) {
    const DxpEngineConfig& d = engine.dxp;
    out << YAML::Key << "connection" << YAML::Value << d.connection;
    out << YAML::Key << "host" << YAML::Value << YAML::DoubleQuoted << d.host;
    out << YAML::Key << "port" << YAML::Value << d.port;
    if (d.thinking_minutes)
        out << YAML::Key << "thinking_minutes" << YAML::Value << *d.thinking_minutes;
    out << YAML::Key << "timeouts" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "connect" << YAML::Value << number(d.connect);
    out << YAML::Key << "accept_game" << YAML::Value << number(d.accept_game);
    out << YAML::Key << "game_end" << YAML::Value << number(d.game_end);
    out << YAML::Key << "untimed_move" << YAML::Value << number(d.untimed_move);
    if (engine.timeouts.move_margin)
        out << YAML::Key << "move_margin" << YAML::Value << number(*engine.timeouts.move_margin);
    out << YAML::EndMap;
    out << YAML::Key << "restart" << YAML::Value
        << std::string(restart_policy_name(engine.restart));
}

void write_engine(YAML::Emitter& out, const EngineConfig& engine) {
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << engine.name;
    out << YAML::Key << "kind" << YAML::Value << std::string(engine_kind_name(engine.kind));
    if (engine.time_control)
        out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted
            << *engine.time_control;
    if (engine.kind == EngineKind::Builtin) {
        out << YAML::Key << "weights" << YAML::Value << YAML::DoubleQuoted << engine.weights;
        out << YAML::Key << "hash" << YAML::Value << engine.hash_mb;
    } else if (engine.kind == EngineKind::Dxp) {
        write_process(out, engine);
        write_dxp(out, engine);
    } else {
        write_process(out, engine);
        out << YAML::Key << "parameters" << YAML::Value << YAML::BeginMap;
        for (const auto& [name, value] : engine.parameters)
            out << YAML::Key << name << YAML::Value << YAML::DoubleQuoted << value;
        out << YAML::EndMap;
        const HubEngineTimeouts& t = engine.timeouts;
        out << YAML::Key << "timeouts" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "handshake" << YAML::Value << number(t.handshake);
        out << YAML::Key << "init" << YAML::Value << number(t.init);
        if (t.move_margin)
            out << YAML::Key << "move_margin" << YAML::Value << number(*t.move_margin);
        out << YAML::Key << "ping" << YAML::Value << number(t.ping);
        out << YAML::Key << "ping_interval" << YAML::Value << number(t.ping_interval);
        out << YAML::Key << "stop" << YAML::Value << number(t.stop);
        out << YAML::EndMap;
        out << YAML::Key << "restart" << YAML::Value
            << std::string(restart_policy_name(engine.restart));
    }
    out << YAML::EndMap;
}

void write_sections(YAML::Emitter& out, const MatchConfig& c) {
    out << YAML::Key << "tournament" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "type" << YAML::Value
        << std::string(tournament_type_name(c.tournament.type));
    out << YAML::Key << "games" << YAML::Value << c.tournament.games;
    out << YAML::Key << "rounds" << YAML::Value << c.tournament.rounds;
    out << YAML::EndMap;

    const OpeningsConfig& o = c.openings;
    out << YAML::Key << "openings" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "file" << YAML::Value << YAML::DoubleQuoted << o.file;
    out << YAML::Key << "format" << YAML::Value << o.format;
    out << YAML::Key << "plies" << YAML::Value << o.plies;
    out << YAML::Key << "order" << YAML::Value << o.order;
    if (o.seed) out << YAML::Key << "seed" << YAML::Value << *o.seed;
    out << YAML::Key << "start" << YAML::Value << o.start;
    out << YAML::EndMap;

    const AdjudicationConfig& a = c.adjudication;
    out << YAML::Key << "adjudication" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "max_moves" << YAML::Value << a.max_moves;
    out << YAML::Key << "draw" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "moves" << YAML::Value << a.draw_moves;
    out << YAML::Key << "score" << YAML::Value << a.draw_score;
    out << YAML::Key << "from_move" << YAML::Value << a.draw_from_move;
    out << YAML::EndMap;
    out << YAML::Key << "resign" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "moves" << YAML::Value << a.resign_moves;
    out << YAML::Key << "score" << YAML::Value << a.resign_score;
    out << YAML::Key << "confirmed" << YAML::Value << a.resign_confirmed;
    out << YAML::EndMap;
    out << YAML::EndMap;

    const SprtConfig& s = c.sprt;
    out << YAML::Key << "sprt" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "enabled" << YAML::Value << s.enabled;
    out << YAML::Key << "elo0" << YAML::Value << number(s.elo0);
    out << YAML::Key << "elo1" << YAML::Value << number(s.elo1);
    out << YAML::Key << "alpha" << YAML::Value << number(s.alpha);
    out << YAML::Key << "beta" << YAML::Value << number(s.beta);
    out << YAML::Key << "model" << YAML::Value << s.model;
    out << YAML::EndMap;
}

}  // namespace

std::string to_yaml(const MatchConfig& c) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "event" << YAML::Value << YAML::DoubleQuoted << c.event;
    out << YAML::Key << "site" << YAML::Value << YAML::DoubleQuoted << c.site;
    out << YAML::Key << "seed" << YAML::Value << c.seed;
    out << YAML::Key << "concurrency" << YAML::Value << c.concurrency;
    out << YAML::Key << "output" << YAML::Value << YAML::DoubleQuoted << c.output;
    out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted << c.time_control;
    out << YAML::Key << "time_margin" << YAML::Value << number(c.time_margin);
    out << YAML::Key << "log_protocol" << YAML::Value << c.log_protocol;
    write_sections(out, c);
    out << YAML::Key << "engines" << YAML::Value << YAML::BeginSeq;
    for (const auto& engine : c.engines) write_engine(out, engine);
    out << YAML::EndSeq;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

}  // namespace draughts::harness
