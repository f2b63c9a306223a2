#pragma once
// Eigen vectors in little-endian byte strings, one f64 per entry: the tuner's and the network
// trainer's checkpoints both store weights and Adam's moments this way.

#include <Eigen/Core>
#include <cstddef>
#include <string_view>

#include "common/byte_io.hpp"

namespace draughts::tuner {

inline void put_vector(ByteWriter& w, const Eigen::VectorXd& v) {
    for (const double x : v) w.put_real(x);
}

/// Reads `n` reals at `offset` and moves `offset` past them; the caller has checked that they fit.
inline Eigen::VectorXd get_vector(std::string_view bytes, std::size_t& offset, std::size_t n) {
    Eigen::VectorXd v(static_cast<Eigen::Index>(n));
    for (std::size_t i = 0; i < n; ++i, offset += 8)
        v[static_cast<Eigen::Index>(i)] = get_real_le(bytes, offset);
    return v;
}

}  // namespace draughts::tuner
