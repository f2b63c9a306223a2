#include "tuner/quiet_resolver.hpp"

#include <array>

#include "engine/evaluate.hpp"
#include "engine/search_types.hpp"
#include "rules/move_list.hpp"
#include "rules/movegen.hpp"

namespace draughts::tuner {

namespace {

/// Capture lines end when material does; this bound only guards against a broken generator.
constexpr int kMaxCaptureDepth = 64;
constexpr int kInfinity = engine::kWinScore + 1;

/// Capture-only alpha-beta that keeps the principal variation (a triangular PV table).
template <typename V>
class CaptureSearch {
  public:
    using Move = rules::BasicMove<V>;

    explicit CaptureSearch(const WeightsOf<V>& weights) : weights_(weights) {}

    int search(const rules::BasicPosition<V>& pos, int alpha, int beta, int ply) {
        auto& line = lines_[static_cast<std::size_t>(ply)];
        line.clear();
        if (!rules::has_capture(pos) || ply >= kMaxCaptureDepth) {
            // A side without a move has lost [FMJD 7.2.2, 7.2.3].
            if (rules::count_moves(pos) == 0) return -engine::kWinScore + ply;
            return engine::evaluate(pos, weights_);
        }
        rules::BasicMoveList<V> moves;
        rules::generate_moves(pos, moves);
        int best = -kInfinity;
        for (const Move& m : moves) {
            const int score = -search(pos.after(m), -beta, -alpha, ply + 1);
            if (score <= best) continue;
            best = score;
            if (score <= alpha) continue;
            alpha = score;
            const auto& child = lines_[static_cast<std::size_t>(ply + 1)];
            line.assign(1, m);
            line.insert(line.end(), child.begin(), child.end());
            if (score >= beta) break;
        }
        return best;
    }

    const std::vector<Move>& principal_variation() const { return lines_[0]; }

  private:
    const WeightsOf<V>& weights_;
    std::array<std::vector<Move>, kMaxCaptureDepth + 2> lines_;
};

}  // namespace

template <typename V>
BasicQuietLeaf<V> resolve_quiet(const rules::BasicPosition<V>& position,
                                const WeightsOf<V>& weights) {
    CaptureSearch<V> search(weights);
    BasicQuietLeaf<V> out;
    out.score = search.search(position, -kInfinity, kInfinity, 0);
    out.line = search.principal_variation();
    out.leaf = position;
    for (const rules::BasicMove<V>& m : out.line) out.leaf = out.leaf.after(m);
    if (rules::has_capture(out.leaf))
        out.status = QuietStatus::TooDeep;
    else if (rules::count_moves(out.leaf) == 0)
        out.status = QuietStatus::GameOver;
    return out;
}

#define DRAUGHTS_TUNER_QUIET_RESOLVER(Policy)             \
    template BasicQuietLeaf<rules::Policy> resolve_quiet( \
        const rules::BasicPosition<rules::Policy>&, const WeightsOf<rules::Policy>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_TUNER_QUIET_RESOLVER)
#undef DRAUGHTS_TUNER_QUIET_RESOLVER

}  // namespace draughts::tuner
