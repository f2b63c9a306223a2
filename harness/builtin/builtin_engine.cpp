#include "harness/builtin/builtin_engine.hpp"

#include <filesystem>
#include <memory>

#include "common/file_io.hpp"
#include "engine/builtin_weights.hpp"
#include "engine/engine_parameters.hpp"
#include "engine/network.hpp"
#include "engine/weights_file.hpp"
#include "harness/builtin/in_process_player.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

std::string file_text(const std::string& path) {
    auto text = read_whole_file(path);
    return text ? std::move(text).value() : std::string();
}

/// The same file: the same path, or files with the same contents.
bool same_file(const std::string& a, const std::string& b) {
    if (a == b) return true;
    if (a.empty() || b.empty()) return false;
    const std::string ta = file_text(a);
    return !ta.empty() && ta == file_text(b);
}

}  // namespace

BuiltinEngine BuiltinEngine::read(YamlSection& entry) {
    BuiltinEngine engine;
    engine.weights = entry.file_path("weights");
    engine.hash_mb = static_cast<int>(entry.integer("hash", engine.hash_mb, 1, 65536));
    engine.egdb = entry.file_path("egdb");
    engine.network = entry.file_path("network");
    engine.parameters = entry.text_map("parameters");
    std::error_code ec;
    if (!engine.weights.empty() && !std::filesystem::is_regular_file(engine.weights, ec))
        entry.error("weights", "no such file: " + engine.weights);
    if (!engine.egdb.empty() && !std::filesystem::is_directory(engine.egdb, ec))
        entry.error("egdb", "no such folder: " + engine.egdb);
    if (!engine.network.empty() && !std::filesystem::is_regular_file(engine.network, ec))
        entry.error("network", "no such file: " + engine.network);
    return engine;
}

void BuiltinEngine::write(YAML::Emitter& out) const {
    out << YAML::Key << "weights" << YAML::Value << YAML::DoubleQuoted << weights;
    out << YAML::Key << "hash" << YAML::Value << hash_mb;
    // Absent unless set, so that configurations written before databases read back the same.
    if (!egdb.empty()) out << YAML::Key << "egdb" << YAML::Value << YAML::DoubleQuoted << egdb;
    if (!network.empty())
        out << YAML::Key << "network" << YAML::Value << YAML::DoubleQuoted << network;
    if (!parameters.empty()) {
        out << YAML::Key << "parameters" << YAML::Value << YAML::BeginMap;
        for (const auto& [name, value] : parameters)
            out << YAML::Key << name << YAML::Value << YAML::DoubleQuoted << value;
        out << YAML::EndMap;
    }
}

template <typename V>
Expected<BasicEngineMaker<V>> BuiltinEngine::prepare(const PlayerContext& context) const {
    auto loaded = engine::load_weights_or<V>(weights, engine::builtin_weights<V>());
    if (!loaded) return make_error("engine '" + context.name + "': " + loaded.error().message);
    engine::BasicEngineSettings<V> settings{std::move(loaded).value(), {}};
    if (auto ok = engine::apply_parameters(settings, parameters); !ok)
        return make_error("engine '" + context.name + "': " + ok.error().message);
    auto shared = std::make_shared<const engine::BasicEngineSettings<V>>(std::move(settings));
    engine::EndgameDatabaseOption<V> database{};
    if (!egdb.empty()) {
        if constexpr (engine::kHasEndgameDatabase<V>) {
            auto opened = egdb::Database::open(egdb);
            if (!opened)
                return make_error("engine '" + context.name + "': egdb: " + opened.error().message);
            database = std::move(opened).value();
        } else {
            return make_error("engine '" + context.name + "': egdb: the endgame databases are " +
                              "international only; remove egdb to play " + std::string(V::kName));
        }
    }
    std::shared_ptr<const engine::Network> net;
    if (!network.empty()) {
        auto read = engine::read_network(network, rules::variant_of<V>());
        if (!read) return make_error("engine '" + context.name + "': " + read.error().message);
        net = std::make_shared<const engine::Network>(std::move(read).value());
    }
    BasicEngineMaker<V> maker;
    maker.command_line =
        "built-in engine, " +
        (weights.empty() ? std::string(engine::builtin_weights_name<V>()) : weights) +
        (egdb.empty() ? std::string() : ", endgame database " + egdb) +
        (network.empty() ? std::string() : ", network " + network);
    for (const auto& [name, value] : parameters) maker.command_line += ", " + name + "=" + value;
    maker.make = [name = context.name, hash = hash_mb, shared, database,
                  net](int) -> std::unique_ptr<BasicPlayer<V>> {
        engine::BasicEngineOptions<V> options;
        options.hash_mb = static_cast<std::size_t>(hash);
        options.weights = shared->weights;
        options.search = shared->search;
        options.egdb = database;
        options.network = net;
        return std::make_unique<BasicInProcessPlayer<V>>(name, std::move(options));
    };
    return maker;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_BUILTIN_PREPARE(V)                                     \
    template Expected<BasicEngineMaker<rules::V>> BuiltinEngine::prepare<rules::V>( \
        const PlayerContext& context) const;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_BUILTIN_PREPARE)
#undef DRAUGHTS_INSTANTIATE_BUILTIN_PREPARE

std::vector<std::string> BuiltinEngine::differences(const BuiltinEngine& other) const {
    std::vector<std::string> out;
    if (!same_file(weights, other.weights))
        out.push_back("weights differ (" + weights + " v " + other.weights + ")");
    if (!same_file(network, other.network))
        out.push_back("networks differ (" + network + " v " + other.network + ")");
    if (hash_mb != other.hash_mb) out.push_back("hash size differs");
    if (egdb != other.egdb)
        out.push_back("endgame database differs (" + egdb + " v " + other.egdb + ")");
    if (parameters != other.parameters) out.push_back("parameters differ");
    return out;
}

std::vector<EngineFile> BuiltinEngine::input_files() const {
    // Linux names the running program's file /proc/self/exe; the provenance records the file
    // it links to.
    std::vector<EngineFile> files{{"program", "/proc/self/exe"}};
    if (!weights.empty()) files.push_back({"weights", weights});
    if (!egdb.empty()) files.push_back({"egdb", egdb, true});
    if (!network.empty()) files.push_back({"network", network});
    return files;
}

}  // namespace draughts::harness
