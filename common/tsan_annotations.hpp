#pragma once
// ThreadSanitizer annotations for the happens-before edges of TBB's parallel algorithms.
//
// The distribution's libtbb is not built with ThreadSanitizer, so TSan does not see the
// synchronisation inside its scheduler: handing a task to a worker, and the caller's wait for the
// last task. Without these edges every access of a task to data the caller wrote before the
// algorithm, and every read by the caller of what the tasks wrote, is reported as a race. The
// helpers below state exactly those two edges at our call sites and nothing more: two tasks of
// one algorithm stay unordered for TSan, so races between concurrent tasks (and between tasks and
// our other threads) are still found. In builds without TSan they compile to nothing.

#if defined(__SANITIZE_THREAD__)
#define DRAUGHTS_TSAN_ANNOTATIONS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DRAUGHTS_TSAN_ANNOTATIONS 1
#endif
#endif

#if defined(DRAUGHTS_TSAN_ANNOTATIONS)
#include <sanitizer/tsan_interface.h>
#endif

#include <utility>

namespace draughts {

/// The fork and join edges of one TBB parallel algorithm, for ThreadSanitizer: what the caller
/// did before constructing this object happens before every task that calls enter(); every task's
/// leave() happens before the caller's joined(). No-ops unless built with -fsanitize=thread.
class ForkJoinEdges {
  public:
    /// The fork: call it on the calling thread just before starting the algorithm.
    ForkJoinEdges() { release(&fork_); }
    ForkJoinEdges(const ForkJoinEdges&) = delete;
    ForkJoinEdges& operator=(const ForkJoinEdges&) = delete;

    /// At the start of each body invocation (and of each split constructor that reads the body
    /// it splits): the task sees everything the caller did before the algorithm.
    void enter() const { acquire(&fork_); }
    /// At the end of each body invocation (and of each join): the caller's joined() sees it.
    void leave() const { release(&join_); }
    /// After the algorithm returned, on the calling thread: every task's work is visible.
    void joined() const { acquire(&join_); }

    /// `body` wrapped for tbb::parallel_for (see TracedBody); the wrapper refers to this object.
    template <class Body>
    [[nodiscard]] auto traced(Body body) const;

    /// A body object split off on one thread and run by a task on another: publish(body) at the
    /// end of the split constructor, receive(body) at the start of each invocation.
    static void publish(const void* body) { release(body); }
    static void receive(const void* body) { acquire(body); }

  private:
#if defined(DRAUGHTS_TSAN_ANNOTATIONS)
    static void release(const void* address) { __tsan_release(const_cast<void*>(address)); }
    static void acquire(const void* address) { __tsan_acquire(const_cast<void*>(address)); }
#else
    static void release(const void*) {}
    static void acquire(const void*) {}
#endif

    // Only their addresses are used, as TSan synchronisation objects; two of them so that one
    // task's leave() never orders it before another task's enter().
    char fork_ = 0;
    char join_ = 0;
};

/// A parallel_for body that states for ThreadSanitizer how TBB hands each copy of it to the task
/// that runs it: TBB copies the body into the root task on the calling thread and again at each
/// split on the splitting thread, then runs the copy on any thread. Each copy acquires from the
/// one it was copied from and releases itself; each invocation acquires its copy (so it sees
/// the caller's and the splitters' work before the hand-over, and no other task's) and ends
/// with the join edge. Made by ForkJoinEdges::traced(). Give it to the blocked_range form of
/// parallel_for, as the outermost body: the index form (first, last, f) wraps it in TBB's own
/// body, whose fields TSan then sees written and read in recycled task memory.
template <class Body>
class TracedBody {
  public:
    TracedBody(const ForkJoinEdges& edges, Body body) : edges_(edges), body_(std::move(body)) {
        ForkJoinEdges::publish(this);
    }
    TracedBody(const TracedBody& other) : TracedBody(received(other), Copy{}) {}
    TracedBody& operator=(const TracedBody&) = delete;

    template <class Range>
    void operator()(const Range& range) const {
        ForkJoinEdges::receive(this);
        body_(range);
        edges_.leave();
    }

  private:
    struct Copy {};
    TracedBody(const TracedBody& other, Copy) : edges_(other.edges_), body_(other.body_) {
        ForkJoinEdges::publish(this);
    }
    /// Acquires `other` before the delegated constructor reads it.
    static const TracedBody& received(const TracedBody& other) {
        ForkJoinEdges::receive(&other);
        return other;
    }

    const ForkJoinEdges& edges_;
    Body body_;
};

/// enter() on construction and leave() on destruction: wraps one body invocation.
class ForkJoinTask {
  public:
    explicit ForkJoinTask(const ForkJoinEdges& edges) : edges_(edges) { edges_.enter(); }
    ForkJoinTask(const ForkJoinTask&) = delete;
    ForkJoinTask& operator=(const ForkJoinTask&) = delete;
    ~ForkJoinTask() { edges_.leave(); }

  private:
    const ForkJoinEdges& edges_;
};

template <class Body>
auto ForkJoinEdges::traced(Body body) const {
    return TracedBody<Body>(*this, std::move(body));
}

}  // namespace draughts
