#include "rules/capture_route.hpp"

#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

/// Depth-first search like the move generator's, restricted to the move's captured pieces. Where
/// the variant crowns a man during a capture, a man landing on the far row goes on as a king, and
/// only routes that crown it exactly when the move does are kept.
template <typename V>
class RouteFinder {
    using B = typename V::Board;

  public:
    RouteFinder(const BasicPosition<V>& position, const BasicMove<V>& move)
        : victims_(move.captured()),
          empty_(position.empty() | (Bitboard{1} << move.from_index())),
          target_(Bitboard{1} << move.to_index()),
          enemies_(position.pieces(opposite(position.side_to_move()))),
          promotion_(B::promotion_row(position.side_to_move())),
          crowns_(move.crowns_in_capture()) {}

    std::vector<CaptureRoute> find(const BasicPosition<V>& position, int from) {
        const bool king = (position.kings() & (Bitboard{1} << from)) != 0;
        search(Bitboard{1} << from, 0, king, false);
        return std::move(routes_);
    }

  private:
    void search(Bitboard at, Bitboard taken, bool king, bool crowned) {
        if (taken == victims_) {
            if (at == target_ && crowned == crowns_) routes_.push_back(route_);
            return;
        }
        for (int step : B::kDirections) {
            Bitboard target = shift_by(at, step);
            if (king)
                while (target & empty_) target = shift_by(target, step);
            const Bitboard victim = target & victims_ & ~taken;
            if (victim == 0) continue;
            const Bitboard allowed = allowed_landings(victim, taken | victim, step, king);
            for (Bitboard landing = shift_by(victim, step) & empty_; landing != 0;
                 landing = king ? shift_by(landing, step) & empty_ : 0) {
                if ((landing & allowed) == 0) continue;
                const bool crowns_here =
                    V::kPromoteInCapture && !king && (landing & promotion_) != 0;
                route_.push_back(B::square_of_bit_index(lsb_index(landing)));
                search(landing, taken | victim, king || crowns_here, crowned || crowns_here);
                route_.pop_back();
            }
        }
    }

    /// The landing squares behind `victim` the piece may stop on. Without the majority rule a
    /// king must stop where it can capture on when it can anywhere [RUS 2.4], as the move
    /// generator does; otherwise every landing.
    Bitboard allowed_landings(Bitboard victim, Bitboard taken, int step, bool king) const {
        if (V::kMajorityRule || !king) return ~Bitboard{0};
        Bitboard all = 0;
        Bitboard continuing = 0;
        for (Bitboard landing = shift_by(victim, step) & empty_; landing != 0;
             landing = shift_by(landing, step) & empty_) {
            all |= landing;
            if (king_can_capture(landing, taken)) continuing |= landing;
        }
        return continuing != 0 ? continuing : all;
    }

    bool king_can_capture(Bitboard at, Bitboard taken) const {
        for (int step : B::kDirections) {
            Bitboard target = shift_by(at, step);
            while (target & empty_) target = shift_by(target, step);
            if ((target & enemies_ & ~taken) != 0 && (shift_by(target, step) & empty_) != 0)
                return true;
        }
        return false;
    }

    Bitboard victims_;
    Bitboard empty_;
    Bitboard target_;
    Bitboard enemies_;
    Bitboard promotion_;
    bool crowns_;
    CaptureRoute route_;
    std::vector<CaptureRoute> routes_;
};

}  // namespace

template <typename V>
std::vector<CaptureRoute> capture_routes(const BasicPosition<V>& position,
                                         const BasicMove<V>& move) {
    if (!move.is_capture()) return {};
    return RouteFinder<V>(position, move).find(position, move.from_index());
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_ROUTES(V) \
    template std::vector<CaptureRoute> capture_routes(const BasicPosition<V>&, const BasicMove<V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_ROUTES)
#undef DRAUGHTS_INSTANTIATE_ROUTES

}  // namespace draughts::rules
