#pragma once
// What `draughts match --resume DIR` may change in a stored run: the concurrency, and the length
// of the run (`--games N`, `--rounds N`) when the pairs already recorded keep their place in the
// schedule, so that the extended run is game for game the run it would have been had it been
// started that long (the same pairings on the same openings, continuing in the same order).

#include "common/expected.hpp"
#include "harness/config/match_config.hpp"

namespace draughts::harness {

/// Why a run stored as `stored` cannot continue as `resumed` (nothing when it can): any change
/// but the concurrency, fewer games or rounds, or more games per round in a run of several
/// rounds (see Schedule::continues). Messages name the key and say what to do instead.
Expected<void> check_resumed_config(const MatchConfig& stored, const MatchConfig& resumed);

}  // namespace draughts::harness
