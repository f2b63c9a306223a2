#include "cluster/in_process_transport.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace draughts::cluster {

/// Everything the ranks share, under one mutex.
struct InProcessCluster::State {
    State(int ranks, std::chrono::milliseconds hang)
        : size(ranks),
          hang_after(hang),
          inbox(static_cast<std::size_t>(ranks)),
          finished(static_cast<std::size_t>(ranks), false) {}

    /// A collective step in progress: what each rank brought, and its result.
    struct Step {
        std::string kind;  ///< "broadcast" or "sum of N"
        std::string bytes;
        std::vector<std::int64_t> values;
    };

    const int size;
    const std::chrono::milliseconds hang_after;
    mutable std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::deque<Message>> inbox;
    std::vector<bool> finished;  ///< the rank's Transport is gone (MPI_Finalize)
    int abort_status = -1;
    int abort_rank = -1;
    // Collective steps: `arrived` ranks have joined step number `generation`; the result of a
    // step stays in results[generation % 2] until every rank has read it, which they all have
    // before any of them can complete the next step.
    std::uint64_t generation = 0;
    int arrived = 0;
    Step current;
    std::array<Step, 2> results;

    void throw_if_aborted() const {
        if (abort_status >= 0) throw Aborted(abort_status, abort_rank);
    }

    bool others_finished(int rank) const {
        for (int r = 0; r < size; ++r)
            if (r != rank && !finished[static_cast<std::size_t>(r)]) return false;
        return true;
    }

    int first_finished() const {
        const auto it = std::find(finished.begin(), finished.end(), true);
        return it == finished.end() ? -1 : static_cast<int>(it - finished.begin());
    }

    /// Joins a collective step of `kind` with `bring` (called under the lock); returns the step
    /// as completed by the last rank to arrive.
    Step collective(std::unique_lock<std::mutex>& lock, int rank, const std::string& kind,
                    const std::function<void(Step&)>& bring) {
        throw_if_aborted();
        if (const int gone = first_finished(); gone >= 0)
            throw HangError("rank " + std::to_string(rank) + " waits in a " + kind + " that rank " +
                            std::to_string(gone) + " will never join (it ended)");
        if (arrived == 0) {
            current = Step{kind, {}, {}};
        } else if (current.kind != kind) {
            throw HangError("rank " + std::to_string(rank) + " joins a " + kind +
                            " while the other ranks wait in a " + current.kind);
        }
        bring(current);
        const std::uint64_t step = generation;
        if (++arrived == size) {
            results[step % 2] = std::move(current);
            arrived = 0;
            ++generation;
            changed.notify_all();
        } else {
            changed.wait(lock, [&] {
                return generation != step || abort_status >= 0 || first_finished() >= 0;
            });
            throw_if_aborted();
            if (generation == step)
                throw HangError("rank " + std::to_string(rank) + " waits in a " + kind +
                                " that rank " + std::to_string(first_finished()) +
                                " will never join (it ended)");
        }
        return results[step % 2];
    }
};

namespace {

class InProcessTransport final : public Transport {
  public:
    InProcessTransport(std::shared_ptr<InProcessCluster::State> state, int rank)
        : state_(std::move(state)), rank_(rank) {}
    ~InProcessTransport() override {
        const std::lock_guard lock(state_->mutex);
        state_->finished[static_cast<std::size_t>(rank_)] = true;
        state_->changed.notify_all();
    }
    InProcessTransport(const InProcessTransport&) = delete;
    InProcessTransport& operator=(const InProcessTransport&) = delete;

    int rank() const override { return rank_; }
    int size() const override { return state_->size; }

    void send(int to, const std::string& bytes) override {
        const std::lock_guard lock(state_->mutex);
        state_->throw_if_aborted();
        state_->inbox.at(static_cast<std::size_t>(to)).push_back(Message{rank_, bytes});
        state_->changed.notify_all();
    }

    std::optional<Message> poll() override {
        const std::lock_guard lock(state_->mutex);
        state_->throw_if_aborted();
        auto& inbox = state_->inbox[static_cast<std::size_t>(rank_)];
        if (inbox.empty()) {
            // Polling with nobody left to send anything: a loop that keeps doing so would spin
            // forever under MPI. A poll may be legitimate for a while (rank 0 waits for its own
            // games), so only a long stretch of them is a hang.
            if (!state_->others_finished(rank_)) {
                alone_since_.reset();
            } else {
                const auto now = std::chrono::steady_clock::now();
                if (!alone_since_) alone_since_ = now;
                if (now - *alone_since_ > state_->hang_after)
                    throw HangError("rank " + std::to_string(rank_) +
                                    " waits for messages, and every other rank has ended");
            }
            return std::nullopt;
        }
        Message message = std::move(inbox.front());
        inbox.pop_front();
        return message;
    }

    std::string broadcast(const std::string& bytes) override {
        std::unique_lock lock(state_->mutex);
        return state_
            ->collective(lock, rank_, "broadcast",
                         [&](InProcessCluster::State::Step& step) {
                             if (rank_ == 0) step.bytes = bytes;
                         })
            .bytes;
    }

    void sum(std::vector<std::int64_t>& values) override {
        std::unique_lock lock(state_->mutex);
        const std::string kind = "sum of " + std::to_string(values.size());
        values = state_
                     ->collective(lock, rank_, kind,
                                  [&](InProcessCluster::State::Step& step) {
                                      if (step.values.empty()) step.values.assign(values.size(), 0);
                                      for (std::size_t i = 0; i < values.size(); ++i)
                                          step.values[i] += values[i];
                                  })
                     .values;
    }

    [[noreturn]] void abort(int status) override {
        {
            const std::lock_guard lock(state_->mutex);
            if (state_->abort_status < 0) {
                state_->abort_status = status;
                state_->abort_rank = rank_;
            }
            state_->changed.notify_all();
        }
        throw Aborted(status, rank_);
    }

  private:
    std::shared_ptr<InProcessCluster::State> state_;
    int rank_;
    std::optional<std::chrono::steady_clock::time_point> alone_since_;
};

}  // namespace

InProcessCluster::InProcessCluster(int size, std::chrono::milliseconds hang_after)
    : state_(std::make_shared<State>(size, hang_after)) {}
InProcessCluster::~InProcessCluster() = default;

int InProcessCluster::size() const { return state_->size; }

std::unique_ptr<Transport> InProcessCluster::join(int rank) {
    return std::make_unique<InProcessTransport>(state_, rank);
}

int InProcessCluster::aborted_status() const {
    const std::lock_guard lock(state_->mutex);
    return state_->abort_status;
}

}  // namespace draughts::cluster
