#include "harness/tournament/run_inputs.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>

#include "common/sha256.hpp"
#include "egdb/database_digest.hpp"
#include "harness/openings/builtin_books.hpp"
#include "harness/player/engine_maker.hpp"

namespace draughts::harness {

namespace fs = std::filesystem;

namespace {

/// A book compiled into the program ("builtin:NAME"): its text is hashed, so that a build with
/// another version of the book is a changed input too.
Expected<InputFile> builtin_book_input(const std::string& name) {
    const auto text = builtin_book_text(name);
    if (!text) return make_error("openings: no built-in book " + name);
    return InputFile{"openings", name, sha256_hex(*text)};
}

}  // namespace

Expected<std::vector<InputFile>> hash_inputs(const MatchConfig& config) {
    std::vector<std::pair<std::string, EngineFile>> files;  // what, file
    std::vector<InputFile> out;
    const std::string& book = config.openings.file;
    if (is_builtin_book(book)) {
        auto input = builtin_book_input(book);
        if (!input) return input.error();
        out.push_back(std::move(input).value());
    } else if (!book.empty()) {
        files.emplace_back("openings", EngineFile{"openings", book});
    }
    // The endgame database of adjudication, as engines' databases: a game adjudicated or played
    // with other slices is not a game of this run.
    if (!config.adjudication.egdb_path.empty())
        files.emplace_back("adjudication egdb",
                           EngineFile{"egdb", config.adjudication.egdb_path, true});
    for (const EngineConfig& engine : config.engines)
        for (const EngineFile& file : input_files(engine))
            files.emplace_back("engine '" + engine.name + "' " + file.what, file);
    std::map<std::string, std::string> hashes;  // by canonical path: engines share files
    for (const auto& [what, file] : files) {
        std::error_code ec;
        const fs::path real = fs::canonical(file.path, ec);
        if (ec) return make_error(what + ": " + file.path + ": " + ec.message());
        auto& hash = hashes[real.string()];
        if (hash.empty()) {
            auto computed = file.database ? egdb::database_digest(real) : sha256_file(real);
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
