#include "spsa/spsa_folder.hpp"

#include "common/file_io.hpp"
#include "common/sha256.hpp"
#include "harness/tournament/run_inputs.hpp"

namespace draughts::spsa {

namespace fs = std::filesystem;

std::string trajectory_hash(const SpsaConfig& config) {
    return sha256_hex(trajectory_text(config));
}

std::string folder_config_yaml(const SpsaConfig& config, const harness::Provenance& provenance) {
    return to_yaml(config) + harness::provenance_yaml(provenance);
}

Expected<SpsaFolder> create_spsa_folder(const SpsaConfig& config, harness::Provenance provenance) {
    const fs::path dir = config.output;
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_empty(dir, ec))
        return make_error(dir.string() +
                          ": the folder exists and is not empty (continue a run with --resume "
                          "DIR, or choose another output)");
    fs::create_directories(dir, ec);
    if (ec) return make_error(dir.string() + ": cannot create the folder: " + ec.message());
    SpsaFolder folder;
    folder.dir = dir;
    folder.config = config;
    folder.provenance = std::move(provenance);
    folder.state = initial_state(config.schedule(), trajectory_hash(config));
    if (auto ok = write_file_atomically(dir / harness::kConfigFile,
                                        folder_config_yaml(config, folder.provenance));
        !ok)
        return ok.error();
    if (auto ok = write_state(folder.state_file(), folder.state); !ok) return ok.error();
    auto games =
        harness::ResultsFolder::create(folder.games_dir(), harness::to_yaml(pair_match(config)));
    if (!games) return games.error();
    folder.games.emplace(std::move(games).value());
    return folder;
}

Expected<SpsaFolder> open_spsa_folder(const fs::path& dir, const ResumeOptions& options) {
    for (const auto& o : options.overrides)
        if (o.path != "concurrency")
            return make_error(
                "--resume continues with the stored configuration; only the "
                "concurrency may change (got " +
                o.text + ")");
    const fs::path config_file = dir / harness::kConfigFile;
    std::error_code ec;
    if (!fs::is_regular_file(config_file, ec) || !fs::is_regular_file(dir / kStateFile, ec))
        return make_error(dir.string() + ": not an SPSA folder (no config.yaml and state.json)");
    SpsaFolder folder;
    folder.dir = dir;
    auto config = load_spsa_config(config_file, options.overrides);
    if (!config) return make_error("invalid stored configuration:\n" + config.error().message);
    folder.config = std::move(config).value();
    folder.config.output = dir.string();
    auto state = read_state(folder.state_file());
    if (!state) return state.error();
    folder.state = std::move(state).value();
    if (folder.state.trajectory_sha256 != trajectory_hash(folder.config))
        return make_error(folder.state_file().string() +
                          ": the state is of other settings than config.yaml's (it was edited); "
                          "start a new run");
    if (folder.state.recent.empty() ||
        folder.state.recent.front().size() != folder.config.parameters.size())
        return make_error(
            folder.state_file().string() + ": its theta has " +
            std::to_string(folder.state.recent.empty() ? 0 : folder.state.recent.front().size()) +
            " values, the configuration " + std::to_string(folder.config.parameters.size()) +
            " parameters");
    auto stored = harness::read_provenance(config_file);
    if (!stored) return stored.error();
    if (!*stored) return make_error(config_file.string() + ": records no provenance");
    folder.provenance = std::move(**stored);
    auto inputs = harness::hash_inputs(pair_match(folder.config));
    if (!inputs) return inputs.error();
    harness::RunSession session = options.session;
    const auto changes = harness::input_changes(folder.provenance.inputs, *inputs);
    if (!changes.empty() && !options.force) {
        std::string message = dir.string() + ": input files changed since the run started:";
        for (const auto& c : changes) message += "\n  " + c;
        return make_error(message +
                          "\n(--force continues with the files as they are now and records them)");
    }
    for (const auto& c : changes) {
        folder.notes.push_back("warning: input changed, continuing (--force): " + c);
        session.notes.push_back("input changed, continued with --force: " + c);
    }
    folder.provenance.inputs = std::move(inputs).value();
    folder.provenance.sessions.push_back(std::move(session));
    auto games = harness::ResultsFolder::open(folder.games_dir(), folder.stored);
    if (!games) return games.error();
    folder.games.emplace(std::move(games).value());
    if (folder.stored.dropped_lines > 0)
        folder.notes.push_back("dropped " + std::to_string(folder.stored.dropped_lines) +
                               " unfinished line(s) at the end of games/games.jsonl (" +
                               folder.stored.first_problem + ")");
    // The stored concurrency is the run's; this session's is its own.
    SpsaConfig stored_config = folder.config;
    if (auto original = load_spsa_config(config_file, {}))
        stored_config.concurrency = original->concurrency;
    if (auto ok = write_file_atomically(config_file,
                                        folder_config_yaml(stored_config, folder.provenance));
        !ok)
        return ok.error();
    return folder;
}

}  // namespace draughts::spsa
