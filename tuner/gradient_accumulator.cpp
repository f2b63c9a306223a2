#include "tuner/gradient_accumulator.hpp"

#include <limits>
#include <utility>

namespace draughts::tuner {

namespace {

constexpr std::uint64_t kLargest = std::numeric_limits<std::int64_t>::max();

}  // namespace

GradientAccumulator::GradientAccumulator(std::size_t parameters, std::uint64_t max_row_magnitude)
    : parameters_(parameters),
      limit_(max_row_magnitude == 0 ? std::numeric_limits<std::uint64_t>::max()
                                    : kLargest / max_row_magnitude),
      room_(limit_) {}

void GradientAccumulator::start() {
    if (narrow_.empty()) narrow_.assign(parameters_, 0);
}

void GradientAccumulator::carry() {
    if (room_ == limit_) return;  // nothing added since the last carry
    if (wide_.empty()) wide_.assign(parameters_, 0);
    for (std::size_t j = 0; j < parameters_; ++j) {
        wide_[j] += narrow_[j];
        narrow_[j] = 0;
    }
    room_ = limit_;
}

void GradientAccumulator::add_row_wide(std::int64_t d, const std::uint32_t* e,
                                       const std::uint32_t* end, std::uint32_t mask,
                                       unsigned shift) {
    if (wide_.empty()) wide_.assign(parameters_, 0);
    for (; e != end; ++e) wide_[*e & mask] += Int128{d} * (static_cast<std::int32_t>(*e) >> shift);
}

void GradientAccumulator::merge(GradientAccumulator& other) {
    if (!other.started()) return;
    if (!started()) {
        std::swap(narrow_, other.narrow_);
        std::swap(wide_, other.wide_);
        std::swap(room_, other.room_);
        return;
    }
    const std::uint64_t other_used = other.limit_ - other.room_;
    if (other_used <= room_) {
        // Both bounds add up: the 64-bit sums of the two cannot overflow either.
        for (std::size_t j = 0; j < parameters_; ++j) narrow_[j] += other.narrow_[j];
        room_ -= other_used;
    } else {
        other.carry();
    }
    if (other.wide_.empty()) return;
    if (wide_.empty()) {
        std::swap(wide_, other.wide_);
        return;
    }
    for (std::size_t j = 0; j < parameters_; ++j) wide_[j] += other.wide_[j];
}

const std::vector<Int128>& GradientAccumulator::sums() {
    if (started()) {
        carry();
        if (wide_.empty()) wide_.assign(parameters_, 0);
    }
    return wide_;
}

}  // namespace draughts::tuner
