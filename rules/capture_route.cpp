#include "rules/capture_route.hpp"

#include <array>

#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

/// Depth-first search like the move generator's, restricted to the move's captured pieces, on
/// square numbers (rows and columns), so that orthogonal steps cannot run off a row. Where the
/// variant crowns a man during a capture, a man landing on the far row goes on as a king, and
/// only routes that crown it exactly when the move does are kept.
template <typename V>
class RouteFinder {
    using B = typename V::Board;

  public:
    RouteFinder(const BasicPosition<V>& position, const BasicMove<V>& move)
        : victims_(move.captured()),
          empty_(position.empty() | (Bitboard{1} << move.from_index())),
          target_(move.to()),
          enemies_(position.pieces(opposite(position.side_to_move()))),
          enemy_kings_(position.kings()),
          white_(position.side_to_move() == Color::White),
          crowns_(move.crowns_in_capture()) {}

    std::vector<CaptureRoute> find(const BasicPosition<V>& position, Square from) {
        const bool king = (position.kings() & B::square_bit(from)) != 0;
        search(from, 0, king, false);
        return std::move(routes_);
    }

  private:
    bool empty(Square s) const { return s != 0 && (empty_ & B::square_bit(s)) != 0; }

    /// Whether a piece (a king or not) captures in direction `step` [FMJD 4.2, ENG 3, FRS 4].
    bool captures_towards(int step, bool king) const {
        const bool orthogonal = B::row_delta(step) == 0 || B::column_delta(step) == 0;
        if (orthogonal) return V::kOrthogonalCaptures;
        if (king || V::kMenCaptureBackward) return true;
        return (B::row_delta(step) < 0) == white_;
    }

    void search(Square at, Bitboard taken, bool king, bool crowned) {
        if (taken == victims_) {
            if (at == target_ && crowned == crowns_) routes_.push_back(route_);
            return;
        }
        const bool flying = king && V::kFlyingKings;
        for (int step : kSteps) {
            if (!captures_towards(step, king)) continue;
            Square victim = B::square_after(at, step, 1);
            if (flying)
                while (empty(victim)) victim = B::square_after(victim, step, 1);
            if (victim == 0) continue;
            const Bitboard victim_bit = B::square_bit(victim);
            if ((victim_bit & victims_ & ~taken) == 0) continue;
            const Bitboard allowed = allowed_landings(victim, taken | victim_bit, step, flying);
            for (Square landing = B::square_after(victim, step, 1); empty(landing);
                 landing = flying ? B::square_after(landing, step, 1) : 0) {
                if ((B::square_bit(landing) & allowed) == 0) continue;
                const bool crowns_here = V::kPromoteInCapture && !king &&
                                         B::row_of(landing) == (white_ ? 0 : B::kSize - 1);
                route_.push_back(landing);
                search(landing, taken | victim_bit, king || crowns_here, crowned || crowns_here);
                route_.pop_back();
            }
        }
    }

    /// The landing squares behind `victim` the piece may stop on. Without the majority rule a
    /// flying king must stop where it can capture on when it can anywhere [RUS 2.4], as the move
    /// generator does; under the killer rule a king ending its capture by taking a king stops
    /// right behind it [KIL 1]; otherwise every landing.
    Bitboard allowed_landings(Square victim, Bitboard taken, int step, bool flying) const {
        if (!flying) return ~Bitboard{0};
        if constexpr (V::kKingStopsBehindKing) {
            if (taken == victims_ && (enemy_kings_ & B::square_bit(victim)) != 0)
                return B::square_bit(B::square_after(victim, step, 1));
        }
        if (V::kMajorityRule) return ~Bitboard{0};
        Bitboard all = 0;
        Bitboard continuing = 0;
        for (Square landing = B::square_after(victim, step, 1); empty(landing);
             landing = B::square_after(landing, step, 1)) {
            all |= B::square_bit(landing);
            if (king_can_capture(landing, taken)) continuing |= B::square_bit(landing);
        }
        return continuing != 0 ? continuing : all;
    }

    bool king_can_capture(Square at, Bitboard taken) const {
        for (int step : B::kDirections) {
            Square target = B::square_after(at, step, 1);
            while (empty(target)) target = B::square_after(target, step, 1);
            if (target == 0) continue;
            if ((B::square_bit(target) & enemies_ & ~taken) != 0 &&
                empty(B::square_after(target, step, 1)))
                return true;
        }
        return false;
    }

    static constexpr std::array<int, 8> kSteps = {B::kUpLeft,    B::kUpRight, B::kDownLeft,
                                                  B::kDownRight, B::kUp,      B::kLeft,
                                                  B::kRight,     B::kDown};

    Bitboard victims_;
    Bitboard empty_;
    Square target_;
    Bitboard enemies_;
    Bitboard enemy_kings_;
    bool white_;
    bool crowns_;
    CaptureRoute route_;
    std::vector<CaptureRoute> routes_;
};

}  // namespace

template <typename V>
std::vector<CaptureRoute> capture_routes(const BasicPosition<V>& position,
                                         const BasicMove<V>& move) {
    if (!move.is_capture()) return {};
    return RouteFinder<V>(position, move).find(position, move.from());
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_ROUTES(V) \
    template std::vector<CaptureRoute> capture_routes(const BasicPosition<V>&, const BasicMove<V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_ROUTES)
#undef DRAUGHTS_INSTANTIATE_ROUTES

}  // namespace draughts::rules
