#include "engine/evaluate.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "rules/board_geometry.hpp"

namespace draughts::engine {

namespace {

namespace geo = rules::geometry;

// Square sets from White's point of view; Black's features are computed on the rotated board.
constexpr rules::Bitboard kCentre = rules::squares_mask({22, 23, 24, 27, 28, 29});
constexpr rules::Bitboard kFlank = geo::mask_where([](rules::Square s) {
    const int c = geo::column_of(s);
    const int a = geo::advancement(s);
    return (c <= 1 || c >= 8) && a >= 2 && a <= 6;
});
constexpr rules::Bitboard kLeftHalf =
    geo::mask_where([](rules::Square s) { return geo::column_of(s) <= 4; });
constexpr rules::Bitboard kRightHalf =
    geo::mask_where([](rules::Square s) { return geo::column_of(s) >= 5; });
constexpr rules::Bitboard kBackRow = geo::advancement_mask(0);
constexpr rules::Bitboard kOutpostZone = geo::mask_where(
    [](rules::Square s) { return geo::advancement(s) >= 5 && geo::advancement(s) <= 7; });

/// Squares at least `a` rows advanced; the tempo count is the sum of these popcounts.
constexpr std::array<rules::Bitboard, 9> make_advanced_at_least() {
    std::array<rules::Bitboard, 9> masks{};
    for (int a = 1; a <= 8; ++a)
        masks[static_cast<std::size_t>(a)] =
            geo::mask_where([=](rules::Square s) { return geo::advancement(s) >= a; });
    return masks;
}
constexpr std::array<rules::Bitboard, 9> kAdvancedAtLeast = make_advanced_at_least();

/// Base-3 value of each 8-bit set: sum of 3^i over the set bits i.
constexpr std::array<std::uint16_t, 256> make_ternary() {
    std::array<std::uint16_t, 256> table{};
    for (unsigned bits = 0; bits < 256; ++bits) {
        unsigned value = 0;
        unsigned power = 1;
        for (unsigned i = 0; i < 8; ++i, power *= 3)
            if (bits & (1U << i)) value += power;
        table[bits] = static_cast<std::uint16_t>(value);
    }
    return table;
}
constexpr std::array<std::uint16_t, 256> kTernary = make_ternary();

/// The 8 playable squares of the 4x4 region whose top row is `row` (even) and left column is
/// `column` (even) sit at bit offsets 0, 1, 5, 6, 11, 12, 16, 17 from this base bit.
constexpr int region_base_bit(int row, int column) { return (row / 2) * 11 + column / 2; }

unsigned gather_region(rules::Bitboard b, int base) {
    const rules::Bitboard x = b >> base;
    return static_cast<unsigned>((x & 0x3) | ((x >> 3) & 0xC) | ((x >> 7) & 0x30) |
                                 ((x >> 10) & 0xC0));
}

using Features = std::array<int, kNumEvalTerms>;

constexpr std::size_t at(EvalTerm term) { return static_cast<std::size_t>(term); }

/// Men moving up the board (White's direction), given own and enemy pieces and all kings.
void man_features(rules::Bitboard own, rules::Bitboard enemy, rules::Bitboard men, Features& f) {
    const rules::Bitboard occupied = own | enemy;
    const rules::Bitboard empty = rules::kBoardMask & ~occupied;
    int tempo = 0;
    for (int a = 1; a <= 8; ++a)
        tempo += rules::popcount(men & kAdvancedAtLeast[static_cast<std::size_t>(a)]);
    f[at(EvalTerm::Man)] = rules::popcount(men);
    f[at(EvalTerm::Tempo)] = tempo;
    f[at(EvalTerm::BackRank)] = rules::popcount(men & kBackRow);
    f[at(EvalTerm::Centre)] = rules::popcount(men & kCentre);
    f[at(EvalTerm::Flank)] = rules::popcount(men & kFlank);
    f[at(EvalTerm::Balance)] =
        std::abs(rules::popcount(men & kLeftHalf) - rules::popcount(men & kRightHalf));

    // A square's neighbour at bit offset d is tested by shifting the other set by -d.
    const rules::Bitboard supported = men & ~kBackRow &
                                      (rules::shift<-rules::kDownLeft>(own) | ~geo::kHasDownLeft) &
                                      (rules::shift<-rules::kDownRight>(own) | ~geo::kHasDownRight);
    f[at(EvalTerm::Supported)] = rules::popcount(supported);
    f[at(EvalTerm::Outpost)] = rules::popcount(supported & kOutpostZone);

    const rules::Bitboard blocked_left = rules::shift<-rules::kUpLeft>(occupied) | ~geo::kHasUpLeft;
    const rules::Bitboard blocked_right =
        rules::shift<-rules::kUpRight>(occupied) | ~geo::kHasUpRight;
    const rules::Bitboard enemy_ahead =
        rules::shift<-rules::kUpLeft>(enemy) | rules::shift<-rules::kUpRight>(enemy);
    f[at(EvalTerm::Locked)] = rules::popcount(men & blocked_left & blocked_right & enemy_ahead);

    f[at(EvalTerm::ManMobility)] = rules::popcount(rules::shift<rules::kUpLeft>(men) & empty) +
                                   rules::popcount(rules::shift<rules::kUpRight>(men) & empty);

    int runaway = 0;
    for (rules::Bitboard m = men; m != 0;) {
        const int bit = rules::pop_lsb(m);
        if ((geo::kPromotionCones[static_cast<std::size_t>(bit)] & occupied) == 0) ++runaway;
    }
    f[at(EvalTerm::Runaway)] = runaway;
}

void king_features(rules::Bitboard kings, rules::Bitboard empty, Features& f) {
    const int count = rules::popcount(kings);
    f[at(EvalTerm::King)] = count;
    f[at(EvalTerm::FirstKing)] = count > 0 ? 1 : 0;
    if (count == 0) return;
    f[at(EvalTerm::KingMobility)] = geo::king_move_count(kings, empty);
    const rules::Bitboard can_step =
        rules::shift<-rules::kUpLeft>(empty) | rules::shift<-rules::kUpRight>(empty) |
        rules::shift<-rules::kDownLeft>(empty) | rules::shift<-rules::kDownRight>(empty);
    f[at(EvalTerm::TrappedKing)] = rules::popcount(kings & ~can_step);
    f[at(EvalTerm::KingMainDiagonal)] = rules::popcount(kings & geo::kMainDiagonal);
}

/// Features of the side whose pieces are `own`, on a board oriented so that it plays upwards.
Features side_features(rules::Bitboard own, rules::Bitboard enemy, rules::Bitboard kings) {
    Features f{};
    man_features(own, enemy, own & ~kings, f);
    king_features(own & kings, rules::kBoardMask & ~(own | enemy), f);
    return f;
}

/// Reports every region of the board (oriented for the side owning `own`) to the sink.
template <typename Sink>
void add_patterns(rules::Bitboard own, rules::Bitboard enemy, int sign, Sink& sink) {
    for (int row = 0; row <= 6; row += 2) {
        const auto table = static_cast<EvalTable>((6 - row) / 2);
        for (int column = 0; column <= 6; column += 2) {
            const int base = region_base_bit(row, column);
            const std::size_t index =
                kTernary[gather_region(own, base)] + 2U * kTernary[gather_region(enemy, base)];
            sink.pattern(table, index, sign);
        }
    }
}

/// The single description of the evaluation: every feature of `position` goes to the sink as
/// (term, White's count minus Black's) and (table, entry, +1 for White / -1 for Black).
template <typename Sink>
void add_features(const rules::Position& position, Sink& sink) {
    const rules::Bitboard white = position.white();
    const rules::Bitboard black = position.black();
    const rules::Bitboard kings = position.kings();
    const rules::Bitboard black_view_own = geo::rotate(black);
    const rules::Bitboard black_view_enemy = geo::rotate(white);
    const Features w = side_features(white, black, kings);
    const Features b = side_features(black_view_own, black_view_enemy, geo::rotate(kings));
    for (int t = 0; t < kNumEvalTerms; ++t) {
        const auto i = static_cast<std::size_t>(t);
        if (w[i] != b[i]) sink.term(static_cast<EvalTerm>(t), w[i] - b[i]);
    }
    if (sink.wants_patterns()) {
        add_patterns(white, black, 1, sink);
        add_patterns(black_view_own, black_view_enemy, -1, sink);
    }
}

/// Accumulates the weighted sum directly (the fast path used by the search).
class WeightedSum {
  public:
    explicit WeightedSum(const EvalWeights& weights) : weights_(weights) {}

    bool wants_patterns() const { return weights_.patterns_active(); }
    void term(EvalTerm t, int count) {
        middle_game_ += static_cast<std::int64_t>(weights_.middle_game(t)) * count;
        endgame_ += static_cast<std::int64_t>(weights_.endgame(t)) * count;
    }
    void pattern(EvalTable table, std::size_t entry, int sign) {
        patterns_ += static_cast<std::int64_t>(weights_.table(table, entry)) * sign;
    }
    /// White's evaluation: trunc(S / kPhaseScale).
    std::int64_t white_evaluation(int p) const {
        const std::int64_t s =
            middle_game_ * p + endgame_ * (kPhaseScale - p) + patterns_ * kPhaseScale;
        return s / kPhaseScale;
    }

  private:
    const EvalWeights& weights_;
    std::int64_t middle_game_ = 0;
    std::int64_t endgame_ = 0;
    std::int64_t patterns_ = 0;
};

/// Records the coefficients instead of summing (the trace used by the tuner).
class TraceRecorder {
  public:
    TraceRecorder(int p, std::vector<EvalCoefficient>& out) : phase_(p), out_(out) {}

    static bool wants_patterns() { return true; }
    void term(EvalTerm t, int count) {
        push(ParameterLayout::middle_game_index(t), count * phase_);
        push(ParameterLayout::endgame_index(t), count * (kPhaseScale - phase_));
    }
    void pattern(EvalTable table, std::size_t entry, int sign) {
        push(ParameterLayout::table_index(table, entry), sign * kPhaseScale);
    }

  private:
    void push(std::size_t index, int value) {
        if (value != 0) out_.push_back({static_cast<std::uint32_t>(index), value});
    }
    int phase_;
    std::vector<EvalCoefficient>& out_;
};

/// Sorts coefficients by index, adds up repeated indices and drops zeros.
void merge_coefficients(std::vector<EvalCoefficient>& c) {
    std::sort(c.begin(), c.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
    std::size_t out = 0;
    for (std::size_t i = 0; i < c.size();) {
        EvalCoefficient sum = c[i];
        for (++i; i < c.size() && c[i].index == sum.index; ++i) sum.value += c[i].value;
        if (sum.value != 0) c[out++] = sum;
    }
    c.resize(out);
}

int to_side_to_move(std::int64_t white_eval, rules::Color side) {
    const std::int64_t clamped =
        std::clamp<std::int64_t>(white_eval, -kMaxEvaluation, kMaxEvaluation);
    const int value = static_cast<int>(clamped);
    return side == rules::Color::White ? value : -value;
}

}  // namespace

int phase(const rules::Position& position) {
    return std::clamp(rules::popcount(position.men()) - 8, 0, kPhaseScale);
}

int evaluate(const rules::Position& position, const EvalWeights& weights) {
    WeightedSum sum(weights);
    add_features(position, sum);
    return to_side_to_move(sum.white_evaluation(phase(position)), position.side_to_move());
}

EvalTrace trace_evaluation(const rules::Position& position) {
    EvalTrace trace;
    trace.side_to_move = position.side_to_move();
    trace.phase = phase(position);
    trace.coefficients.reserve(2 * kNumEvalTerms + 32);
    TraceRecorder recorder(trace.phase, trace.coefficients);
    add_features(position, recorder);
    merge_coefficients(trace.coefficients);
    return trace;
}

std::int64_t white_evaluation(const EvalTrace& trace, const EvalWeights& weights) {
    std::int64_t s = 0;
    for (const EvalCoefficient& c : trace.coefficients)
        s += static_cast<std::int64_t>(weights[c.index]) * c.value;
    return s / kPhaseScale;
}

int evaluate_from_trace(const EvalTrace& trace, const EvalWeights& weights) {
    return to_side_to_move(white_evaluation(trace, weights), trace.side_to_move);
}

}  // namespace draughts::engine
