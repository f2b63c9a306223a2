#pragma once
// Reading a large mapped data set front to back while holding little of it: the bytes before the
// reading position are handed to a ScannedBytes (a mapped file gives their pages back,
// MappedFile::release) a window at a time.

#include <algorithm>
#include <cstddef>
#include <string_view>

#include "tuner/dataset.hpp"

namespace draughts::tuner {

/// See the top of the file. Does nothing when `scanned` is empty.
class ReleaseBehind {
  public:
    static constexpr std::size_t kWindow = std::size_t{1} << 22;

    ReleaseBehind(std::string_view bytes, std::size_t from, const ScannedBytes& scanned)
        : bytes_(bytes), done_(from), scanned_(scanned) {}
    ReleaseBehind(const ReleaseBehind&) = delete;
    ReleaseBehind& operator=(const ReleaseBehind&) = delete;

    /// The reading has reached `offset`: hands back what lies before it, once a window is full.
    void reached(std::size_t offset) {
        if (scanned_ && offset >= done_ + kWindow) hand_back(offset);
    }
    /// The reading is over at `offset`: hands back the rest before it.
    void finish(std::size_t offset) {
        if (scanned_ && offset > done_) hand_back(offset);
    }

  private:
    void hand_back(std::size_t offset) {
        offset = std::min(offset, bytes_.size());
        scanned_(bytes_.substr(done_, offset - done_));
        done_ = offset;
    }

    std::string_view bytes_;
    std::size_t done_;
    const ScannedBytes& scanned_;
};

}  // namespace draughts::tuner
