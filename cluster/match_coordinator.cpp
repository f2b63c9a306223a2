#include "cluster/match_coordinator.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <thread>

#include "cluster/idle_backoff.hpp"
#include "cluster/match_messages.hpp"

namespace draughts::cluster {

namespace {

double thread_cpu_seconds() {
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

MatchCoordinator::Queue::Queue(harness::Tournament& t, const std::vector<std::uint64_t>& pending)
    : tournament_(t), pairs_(pending.begin(), pending.end()) {}

std::optional<std::uint64_t> MatchCoordinator::Queue::next() {
    const std::lock_guard lock(mutex_);
    if (pairs_.empty() || !tournament_.accepting_new_pairs()) return std::nullopt;
    const std::uint64_t index = pairs_.front();
    pairs_.pop_front();
    return index;
}

Lease MatchCoordinator::Queue::take(std::size_t count, bool& finished) {
    const std::lock_guard lock(mutex_);
    Lease out;
    finished = true;  // an empty lease ends a match's worker
    if (!tournament_.accepting_new_pairs()) return out;
    while (out.pairs.size() < count && !pairs_.empty()) {
        out.pairs.push_back(pairs_.front());
        pairs_.pop_front();
    }
    return out;
}

std::int64_t MatchCoordinator::Queue::left() const {
    const std::lock_guard lock(mutex_);
    return static_cast<std::int64_t>(pairs_.size());
}

MatchCoordinator::MatchCoordinator(Transport& transport, harness::Tournament& tournament)
    : MatchCoordinator(transport, tournament, feed_) {}

MatchCoordinator::MatchCoordinator(Transport& transport, harness::Tournament& tournament,
                                   LeaseSource& source)
    : transport_(transport),
      tournament_(tournament),
      feed_(tournament, tournament.pending()),
      source_(source),
      done_(static_cast<std::size_t>(transport.size()), false),
      working_(transport.size() - 1) {}

void MatchCoordinator::send(int to, const std::string& bytes) {
    transport_.send(to, bytes);
    ++stats_.messages_sent;
}

bool MatchCoordinator::handle_next() {
    auto message = transport_.poll();
    if (!message) return false;
    ++stats_.messages_received;
    stats_.bytes_received += static_cast<std::int64_t>(message->bytes.size());
    const int from = message->from;
    // A damaged message fails the run with the rank that sent it; the workers are then told to
    // stop, and each still reports its last pair (see serve()).
    const auto damaged = [&](const std::string& what) {
        tournament_.fail_remote("rank " + std::to_string(from) + ": " + what);
    };
    auto json = parse_message(message->bytes);
    if (!json) {
        damaged(json.error().message);
        return true;
    }
    const std::string type = message_type(*json);
    if (type == "want") {
        const auto count = read_want(*json);
        if (!count) {
            damaged(count.error().message);
            send(from, lease_message({}));  // it waits for an answer: none, it stops
            return true;
        }
        wants_[from] = static_cast<std::int64_t>(*count);
        answer_wants();
    } else if (type == "unplayed") {
        const auto pair = read_unplayed(*json);
        if (pair)
            source_.not_played(*pair);
        else
            damaged(pair.error().message);
    } else if (type == "pair") {
        auto pair = read_pair(*json, message->bytes);
        auto recorded = pair ? tournament_.record_remote(std::move(pair).value())
                             : Expected<void>(pair.error());
        if (!recorded) damaged(recorded.error().message);
        ++stats_.remote_pairs;
    } else if (type == "done") {
        const auto done = read_done(*json);
        if (!done) {
            damaged(done.error().message);
        } else {
            dropped_ += done->dropped;
            if (!done->error.empty()) damaged(done->error);
        }
        // Damaged or not, the rank has ended its part: it sends nothing more.
        if (!done_[static_cast<std::size_t>(from)]) --working_;
        done_[static_cast<std::size_t>(from)] = true;
    } else {
        damaged("a message of unknown type '" + type + "'");
    }
    return true;
}

void MatchCoordinator::answer_wants() {
    for (auto want = wants_.begin(); want != wants_.end();) {
        bool finished = false;
        Lease lease = source_.take(
            static_cast<std::size_t>(std::max<std::int64_t>(1, want->second)), finished);
        if (lease.pairs.empty() && !finished) {
            ++want;
            continue;
        }
        send(want->first, lease_message(lease));
        want = wants_.erase(want);
    }
}

harness::RunOutcome MatchCoordinator::serve(std::future<harness::RunOutcome>& local) {
    const double cpu_start = thread_cpu_seconds();
    bool local_done = false;
    IdleBackoff backoff;
    while (!local_done || working_ > 0) {
        bool busy = false;
        while (handle_next()) busy = true;
        if (!wants_.empty()) answer_wants();
        if (!stop_sent_ && !tournament_.accepting_new_pairs()) {
            // No new lease from now on; workers drop what they hold and report.
            stop_sent_ = true;
            for (int rank = 1; rank < transport_.size(); ++rank)
                if (!done_[static_cast<std::size_t>(rank)]) send(rank, stop_message());
        }
        if (!local_done && local.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
            local_done = true;
            local.get();  // the outcome is taken below, after the last remote pair
        }
        if (busy)
            backoff.reset();
        else
            std::this_thread::sleep_for(backoff.next());
    }
    stats_.cpu_seconds = thread_cpu_seconds() - cpu_start;
    return tournament_.outcome(source_.left() + dropped_);
}

}  // namespace draughts::cluster
