// A real Hub engine answers `ping` and `ponder-hit` during a search but drops the search, without
// a `done`, on any other line, and exits without `done` when its input closes (protocols.md). The
// mock engines have these habits (tests/mocks/hub_mock.hpp), and the harness's client never sends
// a line in the middle of a search that would abort it: whatever ends the search (its own time, a
// deadline's `stop`, a stop request, the ping watchdog), only `ping` and `stop` go out between
// `go` and `done`.

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "harness/hub/hub_client.hpp"
#include "protocol/hub/hub_commands.hpp"
#include "system/process/process.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

/// The engine's stderr, line by line (its "recv:" echo and its reports).
class EngineStderr {
  public:
    StderrSink sink() {
        return stderr_sink::Lines{[this](std::string_view line) {
            const std::lock_guard lock(mutex_);
            lines_.emplace_back(line);
        }};
    }
    /// True once a line starting with `prefix` has arrived (waits up to a generous deadline).
    bool saw(const std::string& prefix, std::chrono::milliseconds wait = 10s) const {
        const Deadline deadline = deadline_after(wait);
        for (;;) {
            {
                const std::lock_guard lock(mutex_);
                for (const std::string& line : lines_)
                    if (line.starts_with(prefix)) return true;
            }
            if (expired(deadline)) return false;
            std::this_thread::sleep_for(1ms);
        }
    }

  private:
    mutable std::mutex mutex_;
    std::vector<std::string> lines_;
};

/// A mock Hub engine driven line by line, as a harness would.
class MockEngine {
  public:
    explicit MockEngine(EngineStderr& errors) {
        ProcessOptions options;
        options.argv = {testing::mock_binary("hub_normal").string(), "--think-ms", "60000"};
        options.stderr_sink = errors.sink();
        options.shutdown_grace = 100ms;
        auto spawned = Process::spawn(std::move(options));
        EXPECT_TRUE(spawned) << spawned.error().message;
        if (spawned) process_ = std::move(*spawned);
    }
    void send(const std::string& line) {
        ASSERT_EQ(process_->write_line(line, deadline_after(10s)), WriteStatus::Ok) << line;
    }
    /// The next line the engine writes (empty when none comes within a generous deadline).
    std::string next() {
        const LineRead read = process_->read_line(deadline_after(10s));
        return read.status == LineRead::Status::Line ? read.line : std::string();
    }
    /// Reads lines until one starts with `prefix`.
    bool until(const std::string& prefix) {
        for (std::string line = next(); !line.empty(); line = next())
            if (line.starts_with(prefix)) return true;
        return false;
    }
    Process& process() { return *process_; }

  private:
    std::unique_ptr<Process> process_;
};

TEST(HubMockHabits, AForeignLineAbortsTheSearchWithoutDone) {
    EngineStderr errors;
    MockEngine engine(errors);
    engine.send("hub");
    ASSERT_TRUE(engine.until("wait"));
    engine.send("init");
    ASSERT_TRUE(engine.until("ready"));
    engine.send("pos start");
    engine.send("go think");
    engine.send("ponder-hit");  // allowed: the search goes on
    engine.send("ping");
    EXPECT_EQ(engine.next(), "pong");
    engine.send("new-game");  // not allowed: the search is dropped
    EXPECT_TRUE(errors.saw("mock: search aborted by 'new-game'"));
    // An idle engine ignores `stop`: had it still been searching, `done` would come first.
    engine.send("stop");
    engine.send("ping");
    EXPECT_EQ(engine.next(), "pong");
}

TEST(HubMockHabits, EndOfInputDuringASearchEndsTheEngineWithoutDone) {
    EngineStderr errors;
    MockEngine engine(errors);
    engine.send("hub");
    ASSERT_TRUE(engine.until("wait"));
    engine.send("pos start");
    engine.send("go think");
    engine.send("ping");
    EXPECT_EQ(engine.next(), "pong");
    engine.process().close_stdin();
    const LineRead last = engine.process().read_line(deadline_after(10s));
    EXPECT_EQ(last.status, LineRead::Status::Closed) << last.line;
    const auto status = engine.process().wait_for_exit(deadline_after(10s));
    ASSERT_TRUE(status);
    EXPECT_TRUE(status->success()) << status->describe();
}

/// A client of hub_normal that records every line it sends and the engine's stderr.
struct RecordingClient {
    RecordingClient(long think_ms, const std::function<void(HubTimeouts&)>& timeouts = {}) {
        HubClientOptions options;
        options.process.argv = {testing::mock_binary("hub_normal").string(), "--think-ms",
                                std::to_string(think_ms)};
        options.process.stderr_sink = errors.sink();
        options.process.shutdown_grace = 100ms;
        options.trace = [this](bool outgoing, std::string_view line) {
            if (!outgoing) return;
            const std::lock_guard lock(mutex);
            sent.emplace_back(line);
        };
        options.timeouts.stop_grace = 10s;
        options.timeouts.ping = 10s;
        if (timeouts) timeouts(options.timeouts);
        client = std::make_unique<HubClient>(std::move(options));
    }

    /// Runs one search and returns the lines sent after its `go`.
    std::vector<std::string> search(Deadline deadline) {
        HubSearchRequest request;
        request.pos = protocol::hub_pos_message(rules::Position::initial(), {});
        request.deadline = deadline;
        std::size_t before = 0;
        {
            const std::lock_guard lock(mutex);
            before = sent.size();
        }
        last = client->search(request);
        const std::lock_guard lock(mutex);
        const auto go =
            std::find(sent.begin() + static_cast<std::ptrdiff_t>(before), sent.end(), "go think");
        EXPECT_NE(go, sent.end());
        return go == sent.end() ? std::vector<std::string>{}
                                : std::vector<std::string>(go + 1, sent.end());
    }

    EngineStderr errors;
    std::mutex mutex;
    std::vector<std::string> sent;
    std::unique_ptr<HubClient> client;
    HubSearchResult last;
};

void expect_only_allowed(const std::vector<std::string>& lines) {
    for (const std::string& line : lines)
        EXPECT_TRUE(protocol::hub_allowed_during_search(line.substr(0, line.find(' '))))
            << "sent during a search: " << line;
}

TEST(HubSearchLines, WatchdogPingsDoNotAbortAnUntimedSearch) {
    RecordingClient c(300, [](HubTimeouts& t) { t.ping_interval = 20ms; });
    ASSERT_FALSE(c.client->start());
    for (int search = 0; search < 2; ++search) {
        const auto during = c.search(kNoDeadline);
        ASSERT_FALSE(c.last.failure) << c.last.failure->message;
        EXPECT_FALSE(c.last.move.empty());
        EXPECT_NE(std::find(during.begin(), during.end(), "ping"), during.end());
        expect_only_allowed(during);
    }
    EXPECT_FALSE(c.client->new_game());
    EXPECT_FALSE(c.errors.saw("mock: search aborted", 0ms));
}

TEST(HubSearchLines, TheDeadlinesStopIsTheOnlyLineAndDoneStillComes) {
    RecordingClient c(60000);
    ASSERT_FALSE(c.client->start());
    const auto during = c.search(deadline_after(100ms));
    ASSERT_TRUE(c.last.failure);
    EXPECT_EQ(c.last.failure->kind, HubFailureKind::Timeout);
    EXPECT_NE(c.last.failure->message.find("came only after `stop`"), std::string::npos)
        << c.last.failure->message;
    EXPECT_EQ(during, (std::vector<std::string>{"stop"}));
    EXPECT_TRUE(c.client->running()) << "the engine answered: it is kept";
    EXPECT_FALSE(c.errors.saw("mock: search aborted", 0ms));
}

TEST(HubSearchLines, AStopRequestSendsOnlyStop) {
    RecordingClient c(60000);
    ASSERT_FALSE(c.client->start());
    std::thread stopper([&c] {
        std::this_thread::sleep_for(50ms);
        c.client->request_stop();
    });
    const auto during = c.search(kNoDeadline);
    stopper.join();
    ASSERT_FALSE(c.last.failure) << c.last.failure->message;
    EXPECT_TRUE(c.last.stopped);
    expect_only_allowed(during);
    EXPECT_NE(std::find(during.begin(), during.end(), "stop"), during.end());
    EXPECT_FALSE(c.errors.saw("mock: search aborted", 0ms));
}

}  // namespace
}  // namespace draughts::harness
