#include "rules/capture_route.hpp"

namespace draughts::rules {

namespace {

Bitboard shift_by(Bitboard b, int step) { return step > 0 ? b << step : b >> -step; }

/// Depth-first search like the move generator's, restricted to the move's captured pieces.
class RouteFinder {
  public:
    RouteFinder(const Position& position, const Move& move)
        : victims_(move.captured()),
          empty_(position.empty() | (Bitboard{1} << move.from_index())),
          target_(Bitboard{1} << move.to_index()),
          king_((position.kings() & (Bitboard{1} << move.from_index())) != 0) {}

    std::vector<CaptureRoute> find(int from) {
        search(Bitboard{1} << from, 0);
        return std::move(routes_);
    }

  private:
    void search(Bitboard at, Bitboard taken) {
        if (taken == victims_) {
            if (at == target_) routes_.push_back(route_);
            return;
        }
        for (int step : kDirections) {
            Bitboard target = shift_by(at, step);
            if (king_)
                while (target & empty_) target = shift_by(target, step);
            const Bitboard victim = target & victims_ & ~taken;
            if (victim == 0) continue;
            for (Bitboard landing = shift_by(victim, step) & empty_; landing != 0;
                 landing = king_ ? shift_by(landing, step) & empty_ : 0) {
                route_.push_back(square_of_bit_index(lsb_index(landing)));
                search(landing, taken | victim);
                route_.pop_back();
            }
        }
    }

    Bitboard victims_;
    Bitboard empty_;
    Bitboard target_;
    bool king_;
    CaptureRoute route_;
    std::vector<CaptureRoute> routes_;
};

}  // namespace

std::vector<CaptureRoute> capture_routes(const Position& position, const Move& move) {
    if (!move.is_capture()) return {};
    return RouteFinder(position, move).find(move.from_index());
}

}  // namespace draughts::rules
