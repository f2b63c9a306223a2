#pragma once
// A tiny Hub engine for the harness's tests, shared by the mock programs in this folder (each
// mock is one small main() choosing a misbehaviour). It keeps the position the harness sends,
// answers `go think` with a legal move (the first, or one picked by --seed), answers `ping` at
// any time, and echoes every line it receives to stderr as "recv: LINE" so tests can check what
// the harness sent. Header-only because every tests/mocks/*.cpp becomes its own program.
//
// During a search it has the habits of a widely used real engine (protocols.md): `ping` is
// answered, `ponder-hit` changes nothing, `stop` ends the search with its `done`, but any other
// line aborts the search without a `done` (reported on stderr as "mock: search aborted by
// 'LINE'"; the line is then handled as usual), and at end of input it exits without `done`.
//
// Common options: --name NAME, --seed N (0: first legal move), --think-ms N (search time), --log
// FILE (every line received is appended to FILE too, for tests that cannot see its stderr).

#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/hub/hub_position.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::mocks {

/// Command-line options as `--key value` pairs.
class MockOptions {
  public:
    MockOptions(int argc, char** argv) {
        for (int i = 1; i + 1 < argc; i += 2) values_[argv[i]] = argv[i + 1];
    }
    std::string text(const std::string& key, std::string fallback) const {
        const auto it = values_.find("--" + key);
        return it == values_.end() ? fallback : it->second;
    }
    long number(const std::string& key, long fallback) const {
        const auto it = values_.find("--" + key);
        return it == values_.end() ? fallback : std::strtol(it->second.c_str(), nullptr, 10);
    }

  private:
    std::map<std::string, std::string> values_;
};

/// The value of `name=` in a Hub line (quoted or not), if present.
inline std::optional<std::string> hub_field(std::string_view line, std::string_view name) {
    std::string key(" ");  // built step by step: GCC 12 warns falsely on " " + string
    key.append(name);
    key += '=';
    const std::size_t at = line.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t begin = at + key.size();
    std::size_t end;
    if (begin < line.size() && line[begin] == '"') {
        ++begin;
        end = line.find('"', begin);
    } else {
        end = line.find(' ', begin);
    }
    if (end == std::string_view::npos) end = line.size();
    return std::string(line.substr(begin, end - begin));
}

inline std::string_view hub_command(std::string_view line) {
    return line.substr(0, line.find(' '));
}

/// Reads stdin line by line with an optional timeout (no iostream buffering, so poll() is
/// reliable).
class LineInput {
  public:
    /// The next line; nullopt at end of input or when `timeout_ms` (>= 0) passes first.
    std::optional<std::string> next(int timeout_ms = -1) {
        for (;;) {
            const std::size_t newline = buffer_.find('\n');
            if (newline != std::string::npos) {
                std::string line = buffer_.substr(0, newline);
                buffer_.erase(0, newline + 1);
                return line;
            }
            if (eof_) return std::nullopt;
            pollfd fd{0, POLLIN, 0};
            if (::poll(&fd, 1, timeout_ms) == 0) return std::nullopt;
            char chunk[4096];
            const ssize_t n = ::read(0, chunk, sizeof chunk);
            if (n <= 0) {
                eof_ = true;
                continue;
            }
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }
    bool eof() const { return eof_; }
    /// Puts `line` back: next() returns it first.
    void unread(const std::string& line) { buffer_.insert(0, line + "\n"); }

  private:
    std::string buffer_;
    bool eof_ = false;
};

/// Writes one line to stdout and flushes it.
inline void send(std::string_view line) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

/// How a search ended.
enum class SearchEnd {
    Finished,    ///< its time is up, or `stop`: the engine sends `done`
    Aborted,     ///< another line came: no `done`; the line is handled next
    EndOfInput,  ///< the input closed: the engine exits without `done`
};

/// What the mock does at each step; the defaults make a well-behaved engine.
struct MockHooks {
    std::function<void()> on_hub;   ///< default: id, two params, wait
    std::function<void()> on_init;  ///< default: ready
    /// Called for each `go think` with the number of searches before it; default: think(),
    /// then play() unless the search was aborted.
    std::function<void(int search)> on_go;
    /// Sees every line between searches first; true when it handled the line.
    std::function<bool(const std::string& line)> on_line;
};

/// The mock engine; see the top of this file.
class HubMock {
  public:
    HubMock(int argc, char** argv, std::string default_name)
        : options_(argc, argv),
          name_(options_.text("name", std::move(default_name))),
          seed_(static_cast<std::uint64_t>(options_.number("seed", 0))),
          think_ms_(static_cast<int>(options_.number("think-ms", 0))) {}

    const MockOptions& options() const { return options_; }
    const rules::Position& position() const { return position_; }
    LineInput& input() { return input_; }

    /// Reads commands until `quit` or end of input; returns the exit status.
    int run(const MockHooks& hooks) {
        int searches = 0;
        while (auto line = input_.next()) {
            received(*line);
            if (hooks.on_line && hooks.on_line(*line)) continue;
            const std::string_view command = hub_command(*line);
            if (command == "hub") {
                hooks.on_hub ? hooks.on_hub() : handshake();
            } else if (command == "init") {
                hooks.on_init ? hooks.on_init() : send("ready");
            } else if (command == "ping") {
                send("pong");
            } else if (command == "pos") {
                set_position(*line);
            } else if (command == "go") {
                if (hooks.on_go) {
                    hooks.on_go(searches);
                } else if (think() == SearchEnd::Finished) {
                    play();
                }
                ++searches;
                if (input_eof_in_search_) return 0;  // a real engine exits without `done`
            } else if (command == "quit") {
                return 0;
            }
            // set-param, level, new-game, stop (when idle) and unknown commands: nothing to do.
        }
        return 0;
    }

    void handshake() {
        send("id name=" + name_ + " version=1.0 author=\"draughts tests\" country=NL");
        send("param name=hash value=16 type=int min=1 max=1024");
        send("param name=book value=true type=bool");
        send("wait");
    }

    /// Searches for --think-ms (see search_for).
    SearchEnd think() { return search_for(think_ms_); }

    /// Searches for `ms` milliseconds with the habits of a real engine (see the top of this
    /// file): `ping` is answered, `ponder-hit` ignored, `stop` ends the search, any other line
    /// aborts it, end of input ends the program after the caller returns.
    SearchEnd search_for(long ms) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  end - std::chrono::steady_clock::now())
                                  .count();
            if (left <= 0) return SearchEnd::Finished;
            const auto line = input_.next(static_cast<int>(left));
            if (!line && input_.eof()) {
                input_eof_in_search_ = true;
                return SearchEnd::EndOfInput;
            }
            if (!line) return SearchEnd::Finished;
            const std::string_view command = hub_command(*line);
            if (command == "ping" || command == "ponder-hit" || command == "stop") {
                received(*line);
                if (command == "ping") send("pong");
                if (command == "stop") return SearchEnd::Finished;
                continue;
            }
            std::fprintf(stderr, "mock: search aborted by '%s'\n", line->c_str());
            input_.unread(*line);
            return SearchEnd::Aborted;
        }
    }

    /// Echoes a line received on stderr as "recv: LINE", and appends it to the --log file.
    void received(const std::string& line) {
        std::fprintf(stderr, "recv: %s\n", line.c_str());
        const std::string log = options_.text("log", "");
        if (log.empty()) return;
        if (std::FILE* file = std::fopen(log.c_str(), "a")) {
            std::fprintf(file, "%s\n", line.c_str());
            std::fclose(file);
        }
    }

    /// True once the input closed during a search: the program is to end without `done`.
    bool ended_in_search() const { return input_eof_in_search_; }

    /// The move the engine plays here: the first legal one, or one picked by the seed.
    rules::Move choose_move() const {
        rules::MoveList moves;
        rules::generate_moves(position_, moves);
        if (moves.empty()) return rules::Move{};
        std::uint64_t x = seed_ == 0 ? 0 : position_.hash() ^ (seed_ * 0x9E3779B97F4A7C15ULL);
        x ^= x >> 31;
        return moves[static_cast<std::size_t>(x % moves.size())];
    }

    /// Sends an `info` and `done` with choose_move().
    void play() {
        const rules::Move move = choose_move();
        const std::string text = move.is_null() ? "" : rules::to_hub_notation(move);
        send("info depth=1 score=0.25 nodes=1 time=0.001 pv=\"" + text + "\"");
        send("done move=" + text);
    }

  private:
    /// `pos pos=... [moves=...]` or `pos start`; a bad one is answered with `error` and the old
    /// position is kept, as real engines do.
    void set_position(const std::string& line) {
        rules::Position position = rules::Position::initial();
        if (const auto text = hub_field(line, "pos")) {
            const auto parsed = protocol::parse_hub_position(*text);
            if (!parsed) return send("error message=\"bad position\"");
            position = *parsed;
        }
        std::string moves = hub_field(line, "moves").value_or("");
        for (std::size_t begin = 0; begin < moves.size();) {
            std::size_t end = moves.find(' ', begin);
            if (end == std::string::npos) end = moves.size();
            const auto move = rules::parse_move(position, moves.substr(begin, end - begin));
            if (!move) return send("error message=\"bad move\"");
            position = position.after(*move);
            begin = end + 1;
        }
        position_ = position;
    }

    MockOptions options_;
    std::string name_;
    std::uint64_t seed_;
    int think_ms_;
    LineInput input_;
    bool input_eof_in_search_ = false;
    rules::Position position_ = rules::Position::initial();
};

}  // namespace draughts::mocks
