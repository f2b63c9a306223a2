#pragma once
// A worker rank of a distributed match: it plays the pairs rank 0 leases it, in its own TBB
// arena of `concurrency` games, and sends each finished pair to rank 0, which records it. It
// writes nothing to the results folder but its own engine log (engines.rank-N.log) and prints
// nothing on stdout.
//
// Threads: the thread that owns the transport runs the message loop (MPI_THREAD_FUNNELED); the
// tournament runs on another. Game threads take pairs from a local queue the loop refills (it
// asks for a lease of `concurrency` pairs whenever fewer than that are waiting, so a free game
// slot rarely waits for a round trip) and put finished pairs in an outbox the loop sends.

#include <cstdint>
#include <string>

#include "cluster/transport.hpp"
#include "harness/config/match_config.hpp"

namespace draughts::cluster {

/// Plays the worker's part of the match in `folder` (config as rank 0 runs it); returns the
/// process's exit status (0, or 2 when it failed; rank 0 reports why).
int run_match_worker(Transport& transport, const harness::MatchConfig& config,
                     const std::string& folder);

}  // namespace draughts::cluster
