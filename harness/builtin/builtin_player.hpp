#pragma once
// Players that live inside the harness, chosen by a short text: for the `game` command, quick
// matches and tests. (Engines in other processes are configured by the match setup.)

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "harness/player/player.hpp"

namespace draughts::harness {

/// Builds a player from a spec:
///   random          a random mover (seed 1)        random:SEED   with that seed
///   engine          the engine with its built-in weights (engine/builtin_weights.hpp)
///   engine:FILE     the engine with weights from a YAML weight file (configs/engines/*.yaml)
/// `name` labels the player in records (the spec when empty); `hash_mb` sizes an engine's hash.
/// Errors name the spec and what is wrong with it (unknown kind, bad seed, unreadable weights).
/// Players of variant V (international by default; weights must be V's). Defined for the
/// variants of rules/variant_list.hpp.
template <typename V = rules::International>
Expected<std::unique_ptr<BasicPlayer<V>>> make_builtin_player(std::string_view spec,
                                                              std::string name = {},
                                                              std::size_t hash_mb = 16);

}  // namespace draughts::harness
