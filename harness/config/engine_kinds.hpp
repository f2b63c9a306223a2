#pragma once
// The registry of engine kinds: every kind a match can play, one entry each. A new engine
// protocol is a folder (harness/<protocol>/) with its kind type (see engine_kind.hpp), and one
// entry in this variant; nothing else switches on the kind.

#include <variant>

#include "harness/builtin/builtin_engine.hpp"
#include "harness/config/engine_kind.hpp"
#include "harness/dxp/dxp_engine.hpp"
#include "harness/hub/hub_engine.hpp"

namespace draughts::harness {

/// The settings of an engine of one kind.
using EngineSpec = std::variant<BuiltinEngine, HubEngine, DxpEngine>;

namespace detail {
template <typename Variant>
struct AllEngineKinds;
template <typename... Kinds>
struct AllEngineKinds<std::variant<Kinds...>> {
    static constexpr bool value = (EngineKind<Kinds> && ...);
};
}  // namespace detail
static_assert(detail::AllEngineKinds<EngineSpec>::value,
              "every alternative of EngineSpec must be an EngineKind (engine_kind.hpp)");

}  // namespace draughts::harness
