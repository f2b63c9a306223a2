#pragma once

#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// The landing squares of one route of a capture, in order, ending with the destination.
using CaptureRoute = std::vector<Square>;

/// Every route by which the piece on move.from() can take exactly move.captured() and stop on
/// move.to() (several when the move has duplicates). Needed only for notation: the long PDN form
/// lists every landing square, while a move stores only origin, destination and captured set.
/// Defined for the variants of rules/variant.hpp.
template <typename V>
std::vector<CaptureRoute> capture_routes(const BasicPosition<V>& position,
                                         const BasicMove<V>& move);

}  // namespace draughts::rules
