#include "records/results_folder.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "common/file_io.hpp"
#include "common/system_error.hpp"
#include "records/game_line.hpp"

namespace draughts::harness {

namespace fs = std::filesystem;

namespace {

Expected<std::string> read_whole(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return std::string();
    return read_whole_file(path);
}

Expected<void> sync(int fd, const fs::path& path) {
    if (::fdatasync(fd) != 0) return make_error(with_errno(path.string() + ": fdatasync failed"));
    return {};
}

/// A readable game line: its pair, game within the pair and PDN range; or why not.
struct ParsedLine {
    std::optional<StoredGame> game;
    std::string problem;
};

ParsedLine parse_line(std::string_view text, std::string_view pdn, const std::string& where) {
    auto json = parse_json(text, where);
    if (!json) return {std::nullopt, json.error().message};
    const auto pair = unsigned_field(*json, line_key::kPair);
    const auto pair_game = unsigned_field(*json, line_key::kPairGame);
    const auto offset = unsigned_field(*json, line_key::kPdnOffset);
    const auto bytes = unsigned_field(*json, line_key::kPdnBytes);
    if (!pair || !pair_game || *pair_game > 1 || !offset || !bytes)
        return {std::nullopt, where + ": not a game line (pair, pair_game, pdn_offset, pdn_bytes)"};
    if (*offset > pdn.size() || *bytes > pdn.size() - *offset)
        return {std::nullopt, where + ": its PDN text is missing from games.pdn"};
    StoredGame game;
    game.pair = *pair;
    game.game = static_cast<int>(*pair_game);
    game.pdn = std::string(pdn.substr(*offset, *bytes));
    game.line = std::move(json).value();
    return {std::move(game), {}};
}

}  // namespace

Expected<StoredRun> scan_results(std::string_view jsonl, std::string_view pdn,
                                 std::string_view jsonl_name) {
    StoredRun run;
    std::optional<StoredGame> pending;  // game 0 of a pair waiting for game 1
    std::uint64_t pdn_end = 0;
    std::size_t line_number = 0;
    std::size_t pos = 0;
    std::vector<std::string> problems;  // lines after the last complete pair
    std::map<std::uint64_t, bool> seen_pairs;
    while (pos < jsonl.size()) {
        ++line_number;
        const std::size_t newline = jsonl.find('\n', pos);
        const std::string where = std::string(jsonl_name) + ":" + std::to_string(line_number);
        if (newline == std::string_view::npos) {
            problems.push_back(where + ": torn line (no end of line)");
            break;
        }
        ParsedLine parsed = parse_line(jsonl.substr(pos, newline - pos), pdn, where);
        pos = newline + 1;
        if (!parsed.game) {
            problems.push_back(parsed.problem);
            pending.reset();
            continue;
        }
        StoredGame& game = *parsed.game;
        if (game.game == 0) {
            if (pending) problems.push_back(where + ": pair without its second game");
            pending = std::move(game);
            continue;
        }
        if (!pending || pending->pair != game.pair) {
            problems.push_back(where + ": second game without the first");
            pending.reset();
            continue;
        }
        // A complete pair. Anything wrong before it is damage, not a crash.
        if (!problems.empty())
            return make_error(
                problems.front() +
                " (before game lines that follow it: the file is damaged, not just cut short)");
        const auto offset = [](const StoredGame& g) {
            return unsigned_field(g.line, line_key::kPdnOffset).value();  // checked by parse_line
        };
        if (offset(*pending) != pdn_end || offset(game) != pdn_end + pending->pdn.size())
            return make_error(where + ": its PDN text is not where the previous game's ends");
        if (!seen_pairs.emplace(game.pair, true).second)
            return make_error(where + ": pair " + std::to_string(game.pair) + " is recorded twice");
        pdn_end += pending->pdn.size() + game.pdn.size();
        run.pairs.push_back({std::move(*pending), std::move(game)});
        pending.reset();
        run.jsonl_bytes = pos;
    }
    if (pending) problems.push_back(std::string(jsonl_name) + ": the last pair has one game only");
    run.pdn_bytes = pdn_end;
    run.dropped_lines = problems.size();
    if (!problems.empty()) run.first_problem = problems.front();
    return run;
}

Expected<StoredRun> read_results(const fs::path& dir) {
    const auto jsonl = read_whole(dir / kJsonlFile);
    if (!jsonl) return jsonl.error();
    const auto pdn = read_whole(dir / kPdnFile);
    if (!pdn) return pdn.error();
    return scan_results(*jsonl, *pdn, (dir / kJsonlFile).string());
}

Expected<ResultsFolder> ResultsFolder::create(const fs::path& dir, const std::string& config_yaml) {
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_empty(dir, ec))
        return make_error(dir.string() +
                          ": the folder exists and is not empty (continue a run with "
                          "--resume DIR, or choose another --output)");
    fs::create_directories(dir, ec);
    if (ec) return make_error(dir.string() + ": cannot create the folder: " + ec.message());
    if (auto ok = write_file_atomically(dir / kConfigFile, config_yaml); !ok) return ok.error();
    ResultsFolder folder(dir);
    if (auto ok = folder.open_for_append(); !ok) return ok.error();
    return folder;
}

Expected<ResultsFolder> ResultsFolder::open(const fs::path& dir, StoredRun& stored) {
    std::error_code ec;
    if (!fs::is_regular_file(dir / kConfigFile, ec))
        return make_error(dir.string() + ": not a results folder (it has no " + kConfigFile + ")");
    ResultsFolder folder(dir);
    if (auto ok = folder.open_for_append(); !ok) return ok.error();
    auto run = read_results(dir);
    if (!run) return run.error();
    // Cut the torn end of both files; the lock keeps anyone else from appending meanwhile.
    for (const auto& [fd, length, name] :
         {std::tuple{folder.jsonl_.get(), run->jsonl_bytes, kJsonlFile},
          std::tuple{folder.pdn_.get(), run->pdn_bytes, kPdnFile}}) {
        if (::ftruncate(fd, static_cast<off_t>(length)) != 0 || ::fsync(fd) != 0)
            return make_error(with_errno((dir / name).string() + ": cannot truncate"));
    }
    folder.pdn_size_ = run->pdn_bytes;
    stored = std::move(run).value();
    return folder;
}

Expected<void> ResultsFolder::open_for_append() {
    lock_.reset(::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!lock_) return make_error(with_errno(dir_.string() + ": cannot open the folder"));
    if (::flock(lock_.get(), LOCK_EX | LOCK_NB) != 0)
        return make_error(dir_.string() + ": another run is writing to this folder");
    const auto open_append = [&](const char* name, UniqueFd& fd) -> Expected<void> {
        const fs::path path = dir_ / name;
        fd.reset(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
        if (!fd) return make_error(with_errno(path.string() + ": cannot open"));
        return {};
    };
    if (auto ok = open_append(kPdnFile, pdn_); !ok) return ok;
    if (auto ok = open_append(kJsonlFile, jsonl_); !ok) return ok;
    sync_folder(dir_);  // the files' names are durable before anything is counted in them
    struct stat info {};
    if (::fstat(pdn_.get(), &info) != 0)
        return make_error(with_errno((dir_ / kPdnFile).string() + ": cannot stat"));
    pdn_size_ = static_cast<std::uint64_t>(info.st_size);
    return {};
}

namespace {

// `line` (a JSON object's compact text) with the PDN keys appended: the text nlohmann would write
// for the object with the two keys added last, so stored lines do not depend on who rendered them.
Expected<std::string> with_pdn_keys(const std::string& line, std::uint64_t offset,
                                    std::uint64_t bytes) {
    if (line.size() < 2 || line.front() != '{' || line.back() != '}')
        return make_error("a game line that is not a JSON object: " + line.substr(0, 40));
    std::string out(line, 0, line.size() - 1);
    if (line.size() > 2) out += ',';
    out += fmt::format("\"{}\":{},\"{}\":{}}}", line_key::kPdnOffset, offset, line_key::kPdnBytes,
                       bytes);
    return out;
}

}  // namespace

Expected<void> ResultsFolder::append_pair(const std::array<std::string, 2>& pdn,
                                          std::array<std::string, 2>& lines) {
    std::uint64_t offset = pdn_size_;
    std::array<std::string, 2> stored;
    for (std::size_t k = 0; k < 2; ++k) {
        auto line = with_pdn_keys(lines[k], offset, pdn[k].size());
        if (!line) return line.error();
        stored[k] = std::move(line).value();
        offset += pdn[k].size();
    }
    const fs::path pdn_path = dir_ / kPdnFile;
    const fs::path jsonl_path = dir_ / kJsonlFile;
    if (auto ok = write_all(pdn_.get(), pdn[0] + pdn[1], pdn_path); !ok) return ok;
    if (auto ok = sync(pdn_.get(), pdn_path); !ok) return ok;
    pdn_size_ = offset;
    if (auto ok = write_all(jsonl_.get(), stored[0] + "\n" + stored[1] + "\n", jsonl_path); !ok)
        return ok;
    lines = std::move(stored);
    return sync(jsonl_.get(), jsonl_path);
}

Expected<void> ResultsFolder::append_pair(const std::array<std::string, 2>& pdn,
                                          const std::array<Json, 2>& lines) {
    std::array<std::string, 2> texts;
    for (std::size_t k = 0; k < 2; ++k) {
        Json line = lines[k];
        line.erase(line_key::kPdnOffset);
        line.erase(line_key::kPdnBytes);
        texts[k] = dump_json(line);
    }
    return append_pair(pdn, texts);
}

Expected<void> ResultsFolder::write_summary(const Json& summary) const {
    return write_file_atomically(dir_ / kSummaryFile, dump_json(summary, 2) + "\n");
}

Expected<void> ResultsFolder::write_config(const std::string& config_yaml) const {
    return write_file_atomically(dir_ / kConfigFile, config_yaml);
}

}  // namespace draughts::harness
