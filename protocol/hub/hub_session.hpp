#pragma once
// The engine side of the Hub protocol, version 2 (docs/protocols.md), without any
// process I/O: lines go in through handle_line() and come out through a callback, so the whole
// conversation is testable in-process. `draughts hub` connects it to stdin and stdout.
//
// Searches run on a thread of the session, so that `ping` and `stop` are answered while the
// engine thinks. Any other message that arrives during a search first ends that search (its
// `done` is sent), as real Hub engines do. Unknown or malformed messages are answered with
// `error` lines and otherwise ignored; a bad `pos` keeps the previous position.
//
// Every variant of rules/variant_list.hpp is played: the `variant` parameter (declared in the
// `hub` reply, as Scan's Hub engines name it) chooses one before `init` or between games;
// positions then have that variant's size (33 characters on 8x8) and moves its square numbers.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/expected.hpp"
#include "common/time_source.hpp"
#include "engine/search_types.hpp"
#include "protocol/hub/hub_message.hpp"
#include "protocol/hub/session_engine.hpp"
#include "rules/variant.hpp"

namespace draughts::protocol {

/// Settings of a Hub session.
struct HubSessionOptions {
    std::string name = "draughts";
    std::string version = "0.1";
    std::string author = "draughts toolkit";
    std::string country = "";
    std::size_t hash_mb = 16;
    /// Seconds per move the harness loses to pipes and scheduling (the `move-overhead`
    /// parameter); the time manager keeps them off every move's budget.
    double move_overhead = 0.02;
    /// Reads the text of the weight file named by the `weights` parameter (the session does no
    /// file I/O); the engine parses it for the variant in use. Without a reader the parameter is
    /// rejected.
    std::function<Expected<std::string>(const std::string& path)> read_weights;
    /// Variant played until a `set-param name=variant` says otherwise.
    rules::Variant variant = rules::Variant::International;
    /// Folder of the endgame database named by the `egdb` parameter; empty: none.
    std::string egdb;
    /// Clock for the engine's time management, not owned (it must outlive the session); null
    /// means the real clock.
    const TimeSource* time_source = nullptr;
};

/// One Hub conversation between a GUI or harness and an Engine.
class HubSession {
  public:
    using Output = std::function<void(const std::string& line)>;

    HubSession(HubSessionOptions options, Output output);
    ~HubSession();
    HubSession(const HubSession&) = delete;
    HubSession& operator=(const HubSession&) = delete;

    /// Handles one input line (without its line end). Returns false once `quit` was received.
    bool handle_line(std::string_view line);

    /// Ends any search at once (its `done` is sent) and waits for it (`quit`).
    void finish();

    /// End of input: lets a `go think` search run to its limits, stops analysis and pondering,
    /// and waits until the last `done` is sent.
    void end_of_input();

    /// True while a search runs.
    bool searching() const;

    /// Waits until no search runs (for tests).
    void wait_until_idle();

  private:
    enum class GoMode { Think, Analyze, Ponder };

    void send(const HubMessage& message);
    void send_error(const std::string& text);
    void handle(const HubMessage& message);
    void handle_hub();
    void handle_set_param(const HubMessage& message);
    void handle_init();
    void handle_pos(const HubMessage& message);
    void handle_level(const HubMessage& message);
    void handle_go(const HubMessage& message);
    void handle_ponder_hit();
    void start_search(GoMode mode);
    void run_search(engine::SearchLimits limits);
    void send_info(const HubSearchReport& info);
    void send_done(const HubSearchEnd& end);
    void stop_search();
    void join_search();
    Expected<void> apply_parameters();
    Expected<void> set_variant(std::string_view name);

    HubSessionOptions options_;
    Output output_;
    std::mutex output_mutex_;
    std::unique_ptr<SessionEngine> engine_;  ///< the variant's engine and its root

    // Parameters (set-param) and whether init has applied them.
    std::string weights_path_;
    std::string egdb_path_;
    rules::Variant variant_;
    std::size_t hash_mb_;
    double move_overhead_;
    bool initialised_ = false;

    // Limits of the next search.
    engine::SearchLimits level_;

    // The running search.
    std::thread worker_;
    mutable std::mutex state_mutex_;
    std::condition_variable idle_;
    bool searching_ = false;
    bool pondering_ = false;  ///< a `go ponder` search waiting for ponder-hit
    bool infinite_ = false;   ///< the running search lasts until stopped
    std::unique_ptr<std::atomic<bool>> stop_flag_;
    engine::SearchLimits ponder_limits_;  ///< the level that applies once the ponder move is played
    std::thread ponder_timer_;            ///< ends a search after ponder-hit when its time is up
};

}  // namespace draughts::protocol
