#pragma once
// How long a message loop waits between polls when it has nothing to do. Open MPI's blocking
// receive spins on a core, so the loops poll; a fixed 1 ms sleep woke each rank a thousand times
// a second, which on a small machine cost a few per cent of the games' throughput. The wait
// starts at 1 ms after any activity and doubles while the loop stays idle, up to 8 ms: a lease
// request or a finished pair waits at most that long, against the tenths of a second to minutes
// that a pair of games takes, and an idle rank wakes about 125 times a second.

#include <algorithm>
#include <chrono>

namespace draughts::cluster {

/// The growing wait of an idle message loop (see the top of the file).
class IdleBackoff {
  public:
    static constexpr std::chrono::milliseconds kShortest{1};
    static constexpr std::chrono::milliseconds kLongest{8};

    /// Something happened: the next wait is the shortest again.
    void reset() { next_ = kShortest; }

    /// The wait to use now; the one after it is twice as long (up to kLongest).
    std::chrono::milliseconds next() {
        const auto wait = next_;
        next_ = std::min(2 * next_, kLongest);
        return wait;
    }

  private:
    std::chrono::milliseconds next_ = kShortest;
};

}  // namespace draughts::cluster
