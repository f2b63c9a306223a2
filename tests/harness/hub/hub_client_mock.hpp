#pragma once
// The Hub client's tests run it against the mock engines of tests/mocks: a transcript of what
// went each way, options with timeouts generous where the mock behaves and short where the test
// expects it not to, and a search request from the initial position. Shared by the client's
// test files (tests/harness/hub/hub_client*_test.cpp).

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "harness/hub/hub_client.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness::hub_mock {

using namespace std::chrono_literals;

/// Records the protocol lines and the engine's stderr.
struct Transcript {
    std::mutex mutex;
    std::vector<std::string> sent;
    std::vector<std::string> received;
    std::vector<std::string> stderr_lines;

    bool sent_line(const std::string& line) {
        const std::lock_guard lock(mutex);
        return std::find(sent.begin(), sent.end(), line) != sent.end();
    }
    /// True once the engine has echoed `line` on stderr, which reaches us on the stderr pump's
    /// thread: waits for it up to a generous deadline.
    bool engine_got(const std::string& line) {
        const Deadline deadline = deadline_after(10s);
        for (;;) {
            {
                const std::lock_guard lock(mutex);
                if (std::find(stderr_lines.begin(), stderr_lines.end(), "recv: " + line) !=
                    stderr_lines.end()) {
                    return true;
                }
            }
            if (expired(deadline)) return false;
            std::this_thread::sleep_for(1ms);
        }
    }
};

/// Options for a mock, with timeouts generous where the engine behaves and short where the
/// test expects it not to.
inline HubClientOptions mock_options(const std::string& mock, std::vector<std::string> arguments,
                                     Transcript& transcript) {
    HubClientOptions options;
    options.process.argv = {testing::mock_binary(mock).string()};
    options.process.argv.insert(options.process.argv.end(), arguments.begin(), arguments.end());
    options.process.stderr_sink = stderr_sink::Lines{[&transcript](std::string_view line) {
        const std::lock_guard lock(transcript.mutex);
        transcript.stderr_lines.emplace_back(line);
    }};
    options.process.shutdown_grace = 100ms;
    options.trace = [&transcript](bool outgoing, std::string_view line) {
        const std::lock_guard lock(transcript.mutex);
        (outgoing ? transcript.sent : transcript.received).emplace_back(line);
    };
    options.timeouts.handshake = 10s;
    options.timeouts.init = 10s;
    options.timeouts.ping = 10s;
    options.timeouts.stop_grace = 10s;
    options.timeouts.quit_grace = 2s;
    return options;
}

inline HubSearchRequest search_from_start(std::chrono::milliseconds within = 0ms) {
    HubSearchRequest request;
    request.pos = protocol::hub_pos_message(rules::Position::initial(), {});
    request.limits.depth = 5;
    if (within > 0ms) request.deadline = deadline_after(within);
    return request;
}

}  // namespace draughts::harness::hub_mock
