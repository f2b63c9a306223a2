#pragma once
// Which pair a game thread of a tournament plays next, and whether any may start at all.
//
// A run plays its pending pairs in schedule order, or, in a distributed run, the pairs a feed
// leases it (cluster/). No further pair starts once the dispatcher is closed (the SPRT decided,
// the run failed or was aborted) or once the run's stop file exists; the pairs already running
// finish.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"

namespace draughts::harness {

/// Where the pairs of a distributed run come from (see Tournament::set_feed): next() gives the
/// next pair index to play, or nullopt when this process plays no more. Called from game
/// threads; must be thread-safe.
class PairFeed {
  public:
    virtual ~PairFeed() = default;
    virtual std::optional<std::uint64_t> next() = 0;
    /// A pair that next() gave could not be played (neither engine could start it); it is not
    /// recorded. Called from game threads.
    virtual void not_played(std::uint64_t /*pair*/) {}
};

/// See the top of the file. take() and the stop calls are thread-safe.
class PairDispatcher {
  public:
    /// `note` hears that the stop file appeared (once); it may be empty.
    PairDispatcher(std::uint64_t pair_count, std::filesystem::path stop_file,
                   std::function<void(const std::string&)> note);

    /// The pairs to play when no feed is set, in order (before the run starts).
    void set_pending(std::vector<std::uint64_t> pending) { pending_ = std::move(pending); }
    /// Plays the pairs `feed` gives instead of the pending ones (before the run starts).
    void set_feed(PairFeed* feed) { feed_ = feed; }
    bool has_feed() const { return feed_ != nullptr; }
    PairFeed* feed() const { return feed_; }

    /// The next pair to play; nullopt when none may start. An error when the feed gives a pair
    /// outside the schedule.
    Expected<std::optional<std::uint64_t>> take();
    /// False once no further pair may start (closed, or the stop file appeared).
    bool accepting();
    /// No further pair starts.
    void close() { closed_ = true; }

    const std::vector<std::uint64_t>& pending() const { return pending_; }
    /// Pending pairs that were never taken (0 with a feed, whose length is not known).
    std::int64_t not_taken() const;
    bool stopped_by_file() const { return stopped_by_file_; }

  private:
    /// True once the stop file exists (then the dispatcher closes).
    bool stop_file_appeared();

    std::uint64_t pair_count_;
    std::filesystem::path stop_file_;  ///< empty: none
    std::function<void(const std::string&)> note_;
    PairFeed* feed_ = nullptr;
    std::vector<std::uint64_t> pending_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> closed_{false};
    std::atomic<bool> stopped_by_file_{false};
};

}  // namespace draughts::harness
