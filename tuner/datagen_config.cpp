#include "tuner/datagen_config.hpp"

#include <yaml-cpp/yaml.h>

#include "config/config_document.hpp"
#include "config/yaml_section.hpp"
#include "tuner/variant_key.hpp"

namespace draughts::tuner {

namespace {

using harness::YamlSection;

constexpr double kMaxMen = 1000.0;
constexpr std::int64_t kMaxMoves = 100'000;

void read_sampling(YamlSection section, SamplingOptions& s) {
    s.skip_plies = static_cast<int>(section.integer("skip_plies", s.skip_plies, 0, kMaxMoves));
    s.max_per_game =
        static_cast<int>(section.integer("max_per_game", s.max_per_game, 0, kMaxMoves));
    s.skip_captures = section.boolean("skip_captures", s.skip_captures);
    s.max_score = section.men("max_score", s.max_score, kMaxMen);
    s.seed = section.unsigned_integer("seed", s.seed);
    section.finish();
}

void read_openings(YamlSection section, DatagenConfig& c) {
    c.openings = section.file_path("file");
    std::error_code ec;
    if (!c.openings.empty() && !std::filesystem::is_regular_file(c.openings, ec))
        section.error("file", "no such file: " + c.openings);
    if (!c.openings.empty() && c.variant != rules::Variant::International)
        section.error("file", "opening books are read for international draughts only; " +
                                  std::string(rules::variant_name(c.variant)) +
                                  " openings start from its initial position");
    c.book_plies = static_cast<int>(section.integer("book_plies", c.book_plies, 0, 400));
    c.random_plies = static_cast<int>(section.integer("random_plies", c.random_plies, 0, 100));
    c.opening_max_score = section.men("max_score", c.opening_max_score, kMaxMen);
    c.check_depth = static_cast<int>(section.integer("check_depth", c.check_depth, 1, 30));
    section.finish();
}

DatagenConfig read_datagen_config(YamlSection& root) {
    DatagenConfig c;
    c.variant = read_variant_key(root);
    c.output = root.file_path("output");
    c.positions = root.text("positions", c.positions);
    if (c.positions.empty()) root.error("positions", "must name a file");
    c.games = static_cast<int>(root.integer("games", c.games, 2, 1'000'000'000));
    if (c.games % 2 != 0)
        root.error("games", "must be even: games are played in pairs with colours swapped");
    c.concurrency = static_cast<int>(root.integer("concurrency", c.concurrency, 1, 1024));
    c.seed = root.unsigned_integer("seed", c.seed);
    c.nodes = root.unsigned_integer("nodes", c.nodes);
    if (c.nodes == 0) root.error("nodes", "must be at least 1");
    c.weights = root.file_path("weights");
    std::error_code ec;
    if (!c.weights.empty() && !std::filesystem::is_regular_file(c.weights, ec))
        root.error("weights", "no such file: " + c.weights);
    c.hash_mb = static_cast<int>(root.integer("hash", c.hash_mb, 1, 65536));
    if (root.has("engine")) {
        harness::YamlSection entry = root.section("engine");
        c.engine = harness::read_engine(entry);
        if (c.engine->time_control)
            entry.error("time_control", "datagen plays at `nodes` per move");
        entry.finish();
        if (root.has("weights") || root.has("hash"))
            root.error("engine",
                       "weights and hash are the built-in engine's: with an engine entry, set "
                       "them there");
    }
    read_openings(root.section("openings"), c);
    harness::read_adjudication(root.section("adjudication"), c.adjudication);
    read_sampling(root.section("sampling"), c.sampling);
    root.finish();
    return c;
}

}  // namespace

Expected<DatagenConfig> parse_datagen_config(
    std::string_view yaml, std::string_view source, const std::filesystem::path& base_dir,
    const std::vector<harness::ConfigAssignment>& overrides) {
    return harness::read_config_document<DatagenConfig>(yaml, source, base_dir, overrides,
                                                        read_datagen_config);
}

Expected<DatagenConfig> load_datagen_config(
    const std::filesystem::path& file, const std::vector<harness::ConfigAssignment>& overrides) {
    const auto file_text = harness::read_config_file(file);
    if (!file_text) return file_text.error();
    return parse_datagen_config(file_text->text, file.string(), file_text->base_dir, overrides);
}

std::string to_yaml(const DatagenConfig& c) {
    YAML::Emitter out;
    const auto quoted = [&](const char* key, const std::string& value) {
        out << YAML::Key << key << YAML::Value << YAML::DoubleQuoted << value;
    };
    out << YAML::BeginMap;
    out << YAML::Key << "variant" << YAML::Value << std::string(rules::variant_name(c.variant));
    quoted("output", c.output);
    quoted("positions", c.positions);
    out << YAML::Key << "games" << YAML::Value << c.games;
    out << YAML::Key << "concurrency" << YAML::Value << c.concurrency;
    out << YAML::Key << "seed" << YAML::Value << c.seed;
    out << YAML::Key << "nodes" << YAML::Value << c.nodes;
    if (!c.engine) {
        quoted("weights", c.weights);
        out << YAML::Key << "hash" << YAML::Value << c.hash_mb;
    }
    if (c.engine) {
        out << YAML::Key << "engine" << YAML::Value;
        harness::write_engine(out, *c.engine);
    }
    out << YAML::Key << "openings" << YAML::Value << YAML::BeginMap;
    quoted("file", c.openings);
    out << YAML::Key << "book_plies" << YAML::Value << c.book_plies;
    out << YAML::Key << "random_plies" << YAML::Value << c.random_plies;
    out << YAML::Key << "max_score" << YAML::Value << harness::yaml_men(c.opening_max_score);
    out << YAML::Key << "check_depth" << YAML::Value << c.check_depth;
    out << YAML::EndMap;
    harness::write_adjudication(out, c.adjudication);
    const SamplingOptions& s = c.sampling;
    out << YAML::Key << "sampling" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "skip_plies" << YAML::Value << s.skip_plies;
    out << YAML::Key << "max_per_game" << YAML::Value << s.max_per_game;
    out << YAML::Key << "skip_captures" << YAML::Value << s.skip_captures;
    out << YAML::Key << "max_score" << YAML::Value << harness::yaml_men(s.max_score);
    out << YAML::Key << "seed" << YAML::Value << s.seed;
    out << YAML::EndMap;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

}  // namespace draughts::tuner
