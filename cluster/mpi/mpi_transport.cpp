// The Open MPI transport (built only with Open MPI; see transport.hpp).

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <limits>

#include "cluster/transport.hpp"

namespace draughts::cluster {

namespace {

/// The one tag of every message: a single tag keeps MPI's ordering guarantee between two ranks
/// (messages of one sender to one receiver with the same tag are received in the order sent).
constexpr int kTag = 7;

class MpiTransport final : public Transport {
  public:
    MpiTransport() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &size_);
    }
    ~MpiTransport() override {
        finish_sends();
        MPI_Finalize();
    }
    MpiTransport(const MpiTransport&) = delete;
    MpiTransport& operator=(const MpiTransport&) = delete;

    int rank() const override { return rank_; }
    int size() const override { return size_; }

    // A blocking MPI_Send of a message above the eager limit (a pair's records are tens of
    // kilobytes) spins on a core until the receiver posts its receive, which rank 0 does only at
    // its next poll: measured at about 7 % of a worker rank's CPU time (perf: mca_btl_vader and
    // libopen-pal). So sends are non-blocking: the bytes stay here until MPI completes them,
    // checked at every send and poll; the message loops sleep meanwhile instead of spinning.
    void send(int to, const std::string& bytes) override {
        Outgoing& out = outgoing_.emplace_back();
        out.bytes = bytes;
        MPI_Isend(out.bytes.data(), count_of(out.bytes), MPI_BYTE, to, kTag, MPI_COMM_WORLD,
                  &out.request);
        release_completed_sends();
    }

    std::optional<Message> poll() override {
        release_completed_sends();
        int arrived = 0;
        MPI_Status status{};
        MPI_Iprobe(MPI_ANY_SOURCE, kTag, MPI_COMM_WORLD, &arrived, &status);
        if (arrived == 0) return std::nullopt;
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        Message message{status.MPI_SOURCE, std::string(static_cast<std::size_t>(count), '\0')};
        MPI_Recv(message.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, kTag, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        return message;
    }

    std::string broadcast(const std::string& bytes) override {
        finish_sends();
        long long size = rank_ == 0 ? static_cast<long long>(bytes.size()) : 0;
        MPI_Bcast(&size, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
        std::string out = rank_ == 0 ? bytes : std::string(static_cast<std::size_t>(size), '\0');
        MPI_Bcast(out.data(), static_cast<int>(size), MPI_BYTE, 0, MPI_COMM_WORLD);
        return out;
    }

    void sum(std::vector<std::int64_t>& values) override {
        finish_sends();
        MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_INT64_T,
                      MPI_SUM, MPI_COMM_WORLD);
    }

    [[noreturn]] void abort(int status) override {
        std::fflush(stdout);
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, status);
        std::_Exit(status);  // MPI_Abort does not return; the compiler cannot know
    }

  private:
    /// A message in flight: MPI reads `bytes` until `request` completes. A deque keeps each
    /// element where it is while others are added.
    struct Outgoing {
        std::string bytes;
        MPI_Request request = MPI_REQUEST_NULL;
    };

    /// Frees the sends MPI has completed, oldest first (each MPI_Test also lets MPI progress).
    void release_completed_sends() {
        while (!outgoing_.empty()) {
            int done = 0;
            MPI_Test(&outgoing_.front().request, &done, MPI_STATUS_IGNORE);
            if (done == 0) return;
            outgoing_.pop_front();
        }
    }

    /// Waits for every send in flight: before a collective and before MPI_Finalize, which
    /// require them complete.
    void finish_sends() {
        for (Outgoing& out : outgoing_) MPI_Wait(&out.request, MPI_STATUS_IGNORE);
        outgoing_.clear();
    }

    static int count_of(const std::string& bytes) {
        // Pair records are a few kilobytes; MPI counts are ints.
        return static_cast<int>(std::min<std::size_t>(
            bytes.size(), static_cast<std::size_t>(std::numeric_limits<int>::max())));
    }

    int rank_ = 0;
    int size_ = 1;
    std::deque<Outgoing> outgoing_;
};

}  // namespace

bool built_with_mpi() { return true; }

Expected<std::unique_ptr<Transport>> join_cluster(int& argc, char**& argv) {
    if (!launched_as_rank()) return std::unique_ptr<Transport>();
    int provided = 0;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return make_error("MPI_Init_thread failed");
    if (provided < MPI_THREAD_FUNNELED) {
        MPI_Finalize();
        return make_error("this MPI library does not support MPI_THREAD_FUNNELED");
    }
    return std::unique_ptr<Transport>(std::make_unique<MpiTransport>());
}

}  // namespace draughts::cluster
