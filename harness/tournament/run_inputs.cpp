#include "harness/tournament/run_inputs.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>

#include "common/sha256.hpp"

namespace draughts::harness {

namespace fs = std::filesystem;

Expected<std::vector<InputFile>> hash_inputs(const MatchConfig& config) {
    std::vector<std::pair<std::string, std::string>> files;  // what, path
    if (!config.openings.file.empty()) files.emplace_back("openings", config.openings.file);
    for (const EngineConfig& engine : config.engines)
        for (const EngineFile& file : input_files(engine))
            files.emplace_back("engine '" + engine.name + "' " + file.what, file.path);
    std::map<std::string, std::string> hashes;  // by canonical path: engines share files
    std::vector<InputFile> out;
    for (const auto& [what, path] : files) {
        std::error_code ec;
        const fs::path real = fs::canonical(path, ec);
        if (ec) return make_error(what + ": " + path + ": " + ec.message());
        auto& hash = hashes[real.string()];
        if (hash.empty()) {
            auto computed = sha256_file(real);
            if (!computed) return make_error(what + ": " + computed.error().message);
            hash = std::move(computed).value();
        }
        out.push_back({what, real.string(), hash});
    }
    return out;
}

std::vector<std::string> input_changes(const std::vector<InputFile>& recorded,
                                       const std::vector<InputFile>& now) {
    std::vector<std::string> out;
    const auto by_what = [](const std::vector<InputFile>& files, const std::string& what) {
        return std::find_if(files.begin(), files.end(),
                            [&](const InputFile& f) { return f.what == what; });
    };
    for (const InputFile& file : now) {
        const auto before = by_what(recorded, file.what);
        if (before == recorded.end()) {
            out.push_back(file.what + " " + file.path +
                          ": not recorded when the run started (SHA-256 now " + file.sha256 + ")");
        } else if (before->sha256 == file.sha256) {
            continue;
        } else if (before->path == file.path) {
            out.push_back(file.what + " " + file.path + ": SHA-256 was " + before->sha256 +
                          ", is now " + file.sha256);
        } else {
            out.push_back(file.what + ": was " + before->path + " (SHA-256 " + before->sha256 +
                          "), is now " + file.path + " (SHA-256 " + file.sha256 + ")");
        }
    }
    for (const InputFile& file : recorded)
        if (by_what(now, file.what) == now.end())
            out.push_back(file.what + " " + file.path +
                          ": recorded when the run started, no longer an input");
    return out;
}

}  // namespace draughts::harness
