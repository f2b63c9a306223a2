#include "harness/tournament/pair_dispatcher.hpp"

#include <algorithm>

namespace draughts::harness {

PairDispatcher::PairDispatcher(std::uint64_t pair_count, std::filesystem::path stop_file,
                               std::function<void(const std::string&)> note)
    : pair_count_(pair_count), stop_file_(std::move(stop_file)), note_(std::move(note)) {}

bool PairDispatcher::stop_file_appeared() {
    if (stop_file_.empty()) return false;
    std::error_code ec;
    if (!std::filesystem::exists(stop_file_, ec)) return false;
    if (!stopped_by_file_.exchange(true) && note_)
        note_("stop file " + stop_file_.string() + " appeared: no new pairs");
    closed_ = true;
    return true;
}

bool PairDispatcher::accepting() { return !closed_ && !stop_file_appeared(); }

Expected<std::optional<std::uint64_t>> PairDispatcher::take() {
    if (!accepting()) return std::optional<std::uint64_t>{};
    if (feed_ != nullptr) {
        const auto index = feed_->next();
        if (index && *index >= pair_count_)
            return make_error("pair " + std::to_string(*index) + " is not in the schedule");
        return index;
    }
    const std::size_t k = next_.fetch_add(1);
    if (k >= pending_.size()) return std::optional<std::uint64_t>{};
    return std::optional<std::uint64_t>{pending_[k]};
}

std::int64_t PairDispatcher::not_taken() const {
    if (feed_ != nullptr) return 0;
    const std::size_t taken = std::min(next_.load(), pending_.size());
    return static_cast<std::int64_t>(pending_.size() - taken);
}

}  // namespace draughts::harness
