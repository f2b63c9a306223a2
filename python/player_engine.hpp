#pragma once
// Any engine a match can play (built-in, Hub or DXP: harness/config/engine_kinds.hpp) as a Python
// object that plays or analyses a Board's position: the match's own player classes, made from the
// same engine configuration a match file holds, so that what Python sees of an engine is what a
// match sees (its moves checked against the legal moves, its deadlines, its crashes).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/search_types.hpp"
#include "python/any_move.hpp"
#include "python/board.hpp"

namespace draughts::python {

/// An engine's answer: its move (checked to be legal) and what it reported.
struct EngineReply {
    AnyMove move;
    std::optional<int> score;  ///< engine units (1000 = one man), side to move's point of view
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<double> seconds;  ///< reported by the engine
    double elapsed = 0.0;           ///< measured here
    std::vector<std::string> pv;    ///< in the engine's notation
};

/// One engine of any kind; see the top of the file.
class PlayerEngine {
  public:
    virtual ~PlayerEngine() = default;

    /// The engine of a match configuration's engine entry (YAML text, as in a match file's
    /// `engines:` list), for games of `variant`; started before this returns. InputError for a
    /// configuration that does not read, EngineError when the engine cannot start.
    static std::unique_ptr<PlayerEngine> create(const std::string& entry_yaml,
                                                rules::Variant variant);

    virtual std::string name() const = 0;
    virtual rules::Variant variant() const = 0;
    /// The engine's move in the board's position within `limits` (depth, nodes or move_time);
    /// EngineError when it fails (crash, timeout, malformed or illegal reply).
    virtual EngineReply think(const Board& board, const engine::SearchLimits& limits) = 0;
    /// Ends a think in progress soon. Thread-safe.
    virtual void stop() = 0;
    /// Leaves for good (the process is asked to quit, then killed). Idempotent.
    virtual void quit() = 0;
};

}  // namespace draughts::python
