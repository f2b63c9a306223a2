// Writing a resolved MatchConfig back as YAML (config.yaml of a results folder).

#include <yaml-cpp/yaml.h>

#include <string>

#include "harness/config/match_config.hpp"

namespace draughts::harness {

namespace {

void write_sections(YAML::Emitter& out, const MatchConfig& c) {
    out << YAML::Key << "tournament" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "type" << YAML::Value
        << std::string(tournament_type_name(c.tournament.type));
    out << YAML::Key << "games" << YAML::Value << c.tournament.games;
    out << YAML::Key << "rounds" << YAML::Value << c.tournament.rounds;
    out << YAML::EndMap;

    write_openings(out, c.openings);
    write_adjudication(out, c.adjudication);
    write_sprt(out, c.sprt);
}

}  // namespace

void write_openings(YAML::Emitter& out, const OpeningsConfig& o) {
    out << YAML::Key << "openings" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "file" << YAML::Value << YAML::DoubleQuoted << o.file;
    out << YAML::Key << "format" << YAML::Value << std::string(name_of(kBookFormatNames, o.format));
    out << YAML::Key << "plies" << YAML::Value << o.plies;
    out << YAML::Key << "order" << YAML::Value << std::string(name_of(kBookOrderNames, o.order));
    if (o.seed) out << YAML::Key << "seed" << YAML::Value << *o.seed;
    out << YAML::Key << "start" << YAML::Value << o.start;
    out << YAML::EndMap;
}

void write_sprt(YAML::Emitter& out, const SprtConfig& s) {
    out << YAML::Key << "sprt" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "enabled" << YAML::Value << s.enabled;
    out << YAML::Key << "elo0" << YAML::Value << yaml_number(s.elo0);
    out << YAML::Key << "elo1" << YAML::Value << yaml_number(s.elo1);
    out << YAML::Key << "alpha" << YAML::Value << yaml_number(s.alpha);
    out << YAML::Key << "beta" << YAML::Value << yaml_number(s.beta);
    out << YAML::Key << "model" << YAML::Value << std::string(to_string(s.model));
    out << YAML::EndMap;
}

std::string to_yaml(const MatchConfig& c) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "variant" << YAML::Value << std::string(rules::variant_name(c.variant));
    out << YAML::Key << "event" << YAML::Value << YAML::DoubleQuoted << c.event;
    out << YAML::Key << "site" << YAML::Value << YAML::DoubleQuoted << c.site;
    out << YAML::Key << "seed" << YAML::Value << c.seed;
    out << YAML::Key << "concurrency" << YAML::Value << c.concurrency;
    out << YAML::Key << "output" << YAML::Value << YAML::DoubleQuoted << c.output;
    out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted
        << to_string(c.time_control);
    out << YAML::Key << "time_margin" << YAML::Value << yaml_number(c.time_margin);
    out << YAML::Key << "move_cap" << YAML::Value << yaml_number(c.move_cap);
    out << YAML::Key << "latency_compensation" << YAML::Value
        << yaml_number(c.latency_compensation);
    out << YAML::Key << "log_protocol" << YAML::Value << c.log_protocol;
    out << YAML::Key << "strict" << YAML::Value << c.strict;
    write_sections(out, c);
    out << YAML::Key << "engines" << YAML::Value << YAML::BeginSeq;
    for (const auto& engine : c.engines) write_engine(out, engine);
    out << YAML::EndSeq;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

}  // namespace draughts::harness
