#pragma once
// What every kind of engine (harness/config/engine_kinds.hpp) gives the tournament: a maker of
// players, one per concurrent game, built once per run from the engine's configuration.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/player/player.hpp"

namespace draughts::harness {

class ChildRegistry;
class EngineLog;

/// What the kinds of engine need from a run to make players.
struct PlayerContext {
    std::string name;                   ///< the engine's name in the match
    ChildRegistry* registry = nullptr;  ///< child processes are registered here; may be null
    EngineLog* log =
        nullptr;  ///< stderr, notes and (with log_protocol) protocol lines; may be null
    bool log_protocol = false;

    /// The name of one instance in the engine log: "name#3".
    std::string who(int instance) const { return name + "#" + std::to_string(instance); }
};

/// A file an engine's games depend on (its program, its weights): its content hash goes into the
/// provenance of a run, and a resumed run refuses to continue when it changed.
struct EngineFile {
    std::string what;  ///< "program", "weights" or "egdb"
    std::string path;  ///< absolute (a program found in PATH: where it was found)
    /// An endgame database folder: hashed by its slices' checksums (egdb/database_digest.hpp).
    bool database = false;
};

/// A configured engine, ready to make players of variant V (the match's).
template <typename V>
struct BasicEngineMaker {
    /// A new, not yet started player; `instance` (1, 2, ...) tells instances apart in the log.
    std::function<std::unique_ptr<BasicPlayer<V>>(int instance)> make;
    /// The player quits after every game, so that each game gets a fresh engine process.
    bool fresh_player_per_game = false;
    /// The engine's own time margin (seconds a move may overrun the clock); nullopt: the match's.
    std::optional<double> move_margin;
    /// The engine's own move cap (seconds a move may take under node and depth limits);
    /// nullopt: the match's `move_cap`.
    std::optional<double> move_cap;
    /// The engine runs in another process (Hub, DXP): its moves reach it through pipes or a
    /// socket, and the match's latency compensation applies to its clock.
    bool remote = false;
    /// How the engine is run, for messages: its command line, or what the built-in engine loads.
    std::string command_line;
};

/// The maker of international players.
using EngineMaker = BasicEngineMaker<rules::International>;

}  // namespace draughts::harness
