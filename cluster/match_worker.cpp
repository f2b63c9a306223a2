#include "cluster/match_worker.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "cluster/idle_backoff.hpp"
#include "cluster/match_messages.hpp"
#include "harness/player/engine_log.hpp"
#include "harness/tournament/tournament.hpp"
#include "system/process/child_registry.hpp"
#include "system/process/interrupt_watcher.hpp"

namespace draughts::cluster {

namespace {

/// The queues between the game threads and the message loop.
class WorkerQueues final : public harness::PairFeed {
  public:
    /// A game thread's next pair; waits for a lease; nullopt when rank 0 has no more.
    std::optional<std::uint64_t> next() override {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !leased_.empty() || finished_; });
        if (leased_.empty()) return std::nullopt;
        const std::uint64_t index = leased_.front();
        leased_.pop_front();
        ++events_;
        lock.unlock();
        activity_.notify_all();  // the message loop may have to ask for more
        return index;
    }

    void add_lease(const Lease& lease) {
        {
            const std::lock_guard lock(mutex_);
            leased_.insert(leased_.end(), lease.pairs.begin(), lease.pairs.end());
            for (std::size_t i = 0; i < lease.parameters.size(); ++i)
                parameters_[lease.pairs[i]] = lease.parameters[i];
            if (lease.pairs.empty()) finished_ = true;  // rank 0 has no more
        }
        changed_.notify_all();
    }

    /// The values a leased pair's engines play with (none for a match).
    PairValues parameters_of(std::uint64_t pair) {
        const std::lock_guard lock(mutex_);
        const auto found = parameters_.find(pair);
        if (found == parameters_.end()) return {};
        PairValues values = std::move(found->second);
        parameters_.erase(found);
        return values;
    }

    void not_played(std::uint64_t pair) override { post(unplayed_message(pair)); }

    /// Drops the leased pairs not started; returns how many.
    std::int64_t stop() {
        std::int64_t dropped = 0;
        {
            const std::lock_guard lock(mutex_);
            dropped = static_cast<std::int64_t>(leased_.size());
            leased_.clear();
            finished_ = true;
        }
        changed_.notify_all();
        return dropped;
    }

    bool wants_more(std::size_t below) const {
        const std::lock_guard lock(mutex_);
        return !finished_ && leased_.size() < below;
    }

    void post(std::string message) {
        {
            const std::lock_guard lock(mutex_);
            outbox_.push_back(std::move(message));
            ++events_;
        }
        activity_.notify_all();
    }

    /// Waits until a game thread posts a pair or takes a leased one, or `timeout` passes (the
    /// message loop's idle wait: local events wake it at once, messages from rank 0 are polled).
    void wait_for_activity(std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex_);
        const std::uint64_t seen = events_;
        activity_.wait_for(lock, timeout, [&] { return events_ != seen || !outbox_.empty(); });
    }

    std::deque<std::string> take_outbox() {
        const std::lock_guard lock(mutex_);
        return std::exchange(outbox_, {});
    }

  private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::condition_variable activity_;
    std::deque<std::uint64_t> leased_;
    std::map<std::uint64_t, PairValues> parameters_;  ///< of leased pairs not yet started
    bool finished_ = false;
    std::deque<std::string> outbox_;
    std::uint64_t events_ = 0;  ///< pairs posted or taken, to wake the message loop
};

/// What the message loop ended with.
struct LoopEnd {
    std::int64_t dropped = 0;  ///< leased pairs dropped on a stop
    std::string error;         ///< a damaged message from rank 0 (empty: none)
};

/// The message loop; see the top of the file. A damaged message from rank 0 stops the games
/// (running pairs finish and are sent) and is reported in the last message.
LoopEnd serve(Transport& transport, WorkerQueues& queues, std::size_t lease,
              std::uint64_t pair_count, std::future<harness::RunOutcome>& run) {
    LoopEnd end;
    bool asked = false;
    IdleBackoff backoff;
    const auto damaged = [&](const std::string& what) {
        if (end.error.empty()) end.error = "a damaged message from rank 0: " + what;
        end.dropped += queues.stop();
    };
    for (;;) {
        for (const std::string& message : queues.take_outbox()) transport.send(0, message);
        if (run.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
            // Pairs posted before the run ended are in the outbox: send them first.
            for (const std::string& message : queues.take_outbox()) transport.send(0, message);
            return end;
        }
        if (!asked && end.error.empty() && queues.wants_more(lease)) {
            transport.send(0, want_message(static_cast<std::int64_t>(lease)));
            asked = true;
        }
        bool busy = false;
        while (auto message = transport.poll()) {
            busy = true;
            auto json = parse_message(message->bytes);
            if (!json) {
                damaged(json.error().message);
                continue;
            }
            const std::string type = message_type(*json);
            if (type == "lease") {
                auto leased = read_lease(*json);
                if (leased)
                    for (const std::uint64_t pair : leased->pairs)
                        if (pair >= pair_count) {
                            leased =
                                make_error("a lease of pair " + std::to_string(pair) +
                                           ", beyond the schedule's " + std::to_string(pair_count));
                            break;
                        }
                if (!leased) damaged(leased.error().message);
                queues.add_lease(leased ? *leased : Lease{});
                asked = false;
            } else if (type == "stop") {
                end.dropped += queues.stop();
            } else {
                damaged("a message of unknown type '" + type + "'");
            }
        }
        if (busy) {
            backoff.reset();
        } else {
            queues.wait_for_activity(backoff.next());
        }
    }
}

}  // namespace

int run_match_worker(Transport& transport, const harness::MatchConfig& config,
                     const std::string& folder) {
    const std::filesystem::path log_file =
        std::filesystem::path(folder) /
        ("engines.rank-" + std::to_string(transport.rank()) + ".log");
    WorkerDone done;
    auto log = harness::EngineLog::open(log_file);
    harness::ChildRegistry registry;
    std::unique_ptr<harness::Tournament> t;
    if (!log) {
        done.error = log.error().message;
    } else {
        (void)registry.guard_orphans();  // best effort, as on rank 0
        auto created = harness::Tournament::create_player(config, &registry, log->get());
        if (created)
            t = std::move(created).value();
        else
            done.error = created.error().message;
    }
    if (!t) {
        // Take no lease: report at once, rank 0 fails the run with this error.
        transport.send(0, done_message(done));
        return 2;
    }
    WorkerQueues queues;
    t->set_feed(&queues);
    t->set_forward([&](harness::RenderedPair pair) { queues.post(pair_message(pair)); });
    t->set_pair_parameters(
        [&queues](const harness::Pairing& pairing) { return queues.parameters_of(pairing.index); });
    harness::RunOutcome outcome;
    {
        harness::InterruptWatcher watcher(registry, [&](int) {
            t->abort();
            queues.stop();
        });
        std::future<harness::RunOutcome> run =
            std::async(std::launch::async, [&] { return t->run(); });
        LoopEnd loop;
        try {
            loop = serve(transport, queues, static_cast<std::size_t>(config.concurrency),
                         t->schedule().pair_count(), run);
        } catch (...) {
            // The games must end before the queues they wait on go away; then the caller ends
            // the job (cluster/cluster.hpp, end_after_failure).
            t->abort();
            queues.stop();
            run.wait();
            throw;
        }
        done.dropped = loop.dropped;
        done.error = loop.error;
        outcome = run.get();
    }
    done.played = outcome.pairs_played;
    done.unplayable = outcome.pairs_unplayable;
    if (outcome.end == harness::RunEnd::Failed && done.error.empty()) done.error = outcome.error;
    transport.send(0, done_message(done));
    return done.error.empty() ? 0 : 2;
}

}  // namespace draughts::cluster
