#include "engine/evaluate.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "engine/eval_geometry.hpp"
#include "rules/board_geometry.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

namespace {

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

// The 10x10 sets defined from rows and columns are the ones the evaluation always used.
using Geometry10 = EvalGeometry<rules::Board10>;
static_assert(Geometry10::kCentre == rules::squares_mask({22, 23, 24, 27, 28, 29}));
static_assert(Geometry10::kMainDiagonal == rules::geometry::kMainDiagonal);
static_assert(Geometry10::kBackRow == rules::geometry::advancement_mask(0));
static_assert(Geometry10::kPromotionCones == rules::geometry::kPromotionCones);
static_assert(Geometry10::kHasUpLeft == rules::geometry::kHasUpLeft &&
              Geometry10::kHasDownRight == rules::geometry::kHasDownRight);
static_assert(Geometry10::rotate(rules::kBoardMask) == rules::kBoardMask &&
              Geometry10::rotate(rules::square_bit(1)) == rules::square_bit(50));
static_assert(EvalGeometry<rules::Board8>::rotate(rules::Board8::kMask) == rules::Board8::kMask &&
              EvalGeometry<rules::Board8>::rotate(rules::Board8::square_bit(5)) ==
                  rules::Board8::square_bit(28));

using Features = std::array<int, kNumEvalTerms>;

constexpr std::size_t at(EvalTerm term) { return static_cast<std::size_t>(term); }

/// Men moving up board B (White's direction), given own and enemy pieces and all kings.
template <typename B>
void man_features(rules::Bitboard own, rules::Bitboard enemy, rules::Bitboard men, Features& f) {
    using G = EvalGeometry<B>;
    const rules::Bitboard occupied = own | enemy;
    const rules::Bitboard empty = B::kMask & ~occupied;
    int tempo = 0;
    for (int a = 1; a <= G::kLastManRow; ++a)
        tempo += rules::popcount(men & G::kAdvancedAtLeast[static_cast<std::size_t>(a)]);
    f[at(EvalTerm::Man)] = rules::popcount(men);
    f[at(EvalTerm::Tempo)] = tempo;
    f[at(EvalTerm::BackRank)] = rules::popcount(men & G::kBackRow);
    f[at(EvalTerm::Centre)] = rules::popcount(men & G::kCentre);
    f[at(EvalTerm::Flank)] = rules::popcount(men & G::kFlank);
    f[at(EvalTerm::Balance)] =
        std::abs(rules::popcount(men & G::kLeftHalf) - rules::popcount(men & G::kRightHalf));

    // A square's neighbour at bit offset d is tested by shifting the other set by -d.
    const rules::Bitboard supported = men & ~G::kBackRow &
                                      (rules::shift<-B::kDownLeft>(own) | ~G::kHasDownLeft) &
                                      (rules::shift<-B::kDownRight>(own) | ~G::kHasDownRight);
    f[at(EvalTerm::Supported)] = rules::popcount(supported);
    f[at(EvalTerm::Outpost)] = rules::popcount(supported & G::kOutpostZone);

    const rules::Bitboard blocked_left = rules::shift<-B::kUpLeft>(occupied) | ~G::kHasUpLeft;
    const rules::Bitboard blocked_right = rules::shift<-B::kUpRight>(occupied) | ~G::kHasUpRight;
    const rules::Bitboard enemy_ahead =
        rules::shift<-B::kUpLeft>(enemy) | rules::shift<-B::kUpRight>(enemy);
    f[at(EvalTerm::Locked)] = rules::popcount(men & blocked_left & blocked_right & enemy_ahead);

    f[at(EvalTerm::ManMobility)] = rules::popcount(rules::shift<B::kUpLeft>(men) & empty) +
                                   rules::popcount(rules::shift<B::kUpRight>(men) & empty);

    int runaway = 0;
    for (rules::Bitboard m = men; m != 0;) {
        const int bit = rules::pop_lsb(m);
        if ((G::kPromotionCones[static_cast<std::size_t>(bit)] & occupied) == 0) ++runaway;
    }
    f[at(EvalTerm::Runaway)] = runaway;
}

/// Quiet moves of a set of kings: slides of flying kings, single steps of short kings [ENG 3].
template <typename V>
int king_moves(rules::Bitboard kings, rules::Bitboard empty) {
    using B = typename V::Board;
    if constexpr (V::kFlyingKings) {
        return rules::geometry::king_move_count<B>(kings, empty);
    } else {
        return rules::popcount(rules::shift<B::kUpLeft>(kings) & empty) +
               rules::popcount(rules::shift<B::kUpRight>(kings) & empty) +
               rules::popcount(rules::shift<B::kDownLeft>(kings) & empty) +
               rules::popcount(rules::shift<B::kDownRight>(kings) & empty);
    }
}

template <typename V>
void king_features(rules::Bitboard kings, rules::Bitboard empty, Features& f) {
    using B = typename V::Board;
    const int count = rules::popcount(kings);
    f[at(EvalTerm::King)] = count;
    f[at(EvalTerm::FirstKing)] = count > 0 ? 1 : 0;
    if (count == 0) return;
    f[at(EvalTerm::KingMobility)] = king_moves<V>(kings, empty);
    const rules::Bitboard can_step =
        rules::shift<-B::kUpLeft>(empty) | rules::shift<-B::kUpRight>(empty) |
        rules::shift<-B::kDownLeft>(empty) | rules::shift<-B::kDownRight>(empty);
    f[at(EvalTerm::TrappedKing)] = rules::popcount(kings & ~can_step);
    f[at(EvalTerm::KingMainDiagonal)] = rules::popcount(kings & EvalGeometry<B>::kMainDiagonal);
}

/// Features of the side whose pieces are `own`, on a board oriented so that it plays upwards.
template <typename V>
Features side_features(rules::Bitboard own, rules::Bitboard enemy, rules::Bitboard kings) {
    using B = typename V::Board;
    Features f{};
    man_features<B>(own, enemy, own & ~kings, f);
    king_features<V>(own & kings, B::kMask & ~(own | enemy), f);
    return f;
}

/// Reports every region of board B (oriented for the side owning `own`) to the sink. Inlined
/// by force: GCC kept it out of line once the sink took the region too, and the call cost the
/// search 12 % of its speed (results/2026-12-06-region-tables.md).
template <typename B, typename Sink>
[[gnu::always_inline]] inline void add_patterns(rules::Bitboard own, rules::Bitboard enemy,
                                                int sign, Sink& sink) {
    using G = EvalGeometry<B>;
    using Layout = BasicParameterLayout<B>;
    constexpr int kLastOffset = B::kSize - 4;
    for (int row = 0; row <= kLastOffset; row += 2) {
        const int band = (kLastOffset - row) / 2;
        for (int column = 0; column <= kLastOffset; column += 2) {
            const int base = G::region_base_bit(row, column);
            const std::size_t index = kTernary[G::gather_region(own, base)] +
                                      2U * kTernary[G::gather_region(enemy, base)];
            sink.pattern(band, table_number(Layout::region(band, column / 2)), index, sign);
        }
    }
}

/// The single description of the evaluation: every feature of `position` goes to the sink as
/// (term, White's count minus Black's) and, per region, (band, region, entry, +1 for White / -1
/// for Black): the entry counts once in the band's table, once in the region's own and once,
/// weighted by the phase, in the band's endgame table.
template <typename V, typename Sink>
void add_features(const rules::BasicPosition<V>& position, Sink& sink) {
    using B = typename V::Board;
    using G = EvalGeometry<B>;
    const rules::Bitboard white = position.white();
    const rules::Bitboard black = position.black();
    const rules::Bitboard kings = position.kings();
    const rules::Bitboard black_view_own = G::rotate(black);
    const rules::Bitboard black_view_enemy = G::rotate(white);
    const Features w = side_features<V>(white, black, kings);
    const Features b = side_features<V>(black_view_own, black_view_enemy, G::rotate(kings));
    for (int t = 0; t < kNumEvalTerms; ++t) {
        const auto i = static_cast<std::size_t>(t);
        if (w[i] != b[i]) sink.term(static_cast<EvalTerm>(t), w[i] - b[i]);
    }
    if (sink.wants_patterns()) {
        add_patterns<B>(white, black, 1, sink);
        add_patterns<B>(black_view_own, black_view_enemy, -1, sink);
    }
}

/// Accumulates the weighted sum directly (the fast path used by the search). kEndgame: whether
/// the endgame tables are read, which evaluate() decides once per position (when some entry is
/// non-zero and men have left the board), so that the sum without them does not pay for a test
/// per region (3 % of the search's speed).
template <typename V, bool kEndgame>
class WeightedSum {
  public:
    /// `p`: the position's phase().
    WeightedSum(const BasicEvalWeights<V>& weights, int p) : weights_(weights), phase_(p) {}

    bool wants_patterns() const { return weights_.patterns_active(); }
    void term(EvalTerm t, int count) {
        middle_game_ += static_cast<std::int64_t>(weights_.middle_game(t)) * count;
        endgame_ += static_cast<std::int64_t>(weights_.endgame(t)) * count;
    }
    void pattern([[maybe_unused]] int band, int region, std::size_t entry, int sign) {
        patterns_ += static_cast<std::int64_t>(weights_.region_pattern(region, entry)) * sign;
        if constexpr (kEndgame)
            endgame_patterns_ +=
                static_cast<std::int64_t>(weights_.endgame_pattern(band, entry)) * sign;
    }
    /// White's evaluation: trunc(S / kPhaseScale).
    std::int64_t white_evaluation() const {
        const std::int64_t s = middle_game_ * phase_ + endgame_ * (kPhaseScale - phase_) +
                               patterns_ * kPhaseScale + endgame_patterns_ * (kPhaseScale - phase_);
        return s / kPhaseScale;
    }

  private:
    const BasicEvalWeights<V>& weights_;
    int phase_;
    std::int64_t middle_game_ = 0;
    std::int64_t endgame_ = 0;
    std::int64_t patterns_ = 0;
    std::int64_t endgame_patterns_ = 0;
};

/// Records the coefficients instead of summing (the trace used by the tuner), with the indices
/// of layout L.
template <typename L>
class TraceRecorder {
  public:
    TraceRecorder(int p, std::vector<EvalCoefficient>& out) : phase_(p), out_(out) {}

    static bool wants_patterns() { return true; }
    void term(EvalTerm t, int count) {
        push(L::middle_game_index(t), count * phase_);
        push(L::endgame_index(t), count * (kPhaseScale - phase_));
    }
    void pattern(int band, int region, std::size_t entry, int sign) {
        push(L::table_index(band_table(band), entry), sign * kPhaseScale);
        push(L::table_index(region_table(region), entry), sign * kPhaseScale);
        push(L::table_index(endgame_band_table(band), entry), sign * (kPhaseScale - phase_));
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

template <typename V>
int phase(const rules::BasicPosition<V>& position) {
    // Two fifths of one side's men (8 of 20, 4 of 12) count as an endgame; the rest of the full
    // board's men spread over 0..kPhaseScale (one unit per man on 10x10: 40 - 8 = kPhaseScale).
    constexpr int kEndgameMen = 2 * V::kMenPerSide / 5;
    constexpr int kSpan = 2 * V::kMenPerSide - kEndgameMen;
    const int men = rules::popcount(position.men()) - kEndgameMen;
    if constexpr (kSpan == kPhaseScale) {
        return std::clamp(men, 0, kPhaseScale);
    } else {
        return std::clamp(men * kPhaseScale / kSpan, 0, kPhaseScale);
    }
}

template <typename V>
int evaluate(const rules::BasicPosition<V>& position, const BasicEvalWeights<V>& weights) {
    const int p = phase(position);
    const auto sum_of = [&](auto sum) {
        add_features(position, sum);
        return to_side_to_move(sum.white_evaluation(), position.side_to_move());
    };
    if (weights.endgame_patterns_active() && p < kPhaseScale)
        return sum_of(WeightedSum<V, true>(weights, p));
    return sum_of(WeightedSum<V, false>(weights, p));
}

template <typename V>
EvalTrace trace_evaluation(const rules::BasicPosition<V>& position) {
    EvalTrace trace;
    trace.side_to_move = position.side_to_move();
    trace.phase = phase(position);
    trace.coefficients.reserve(2 * kNumEvalTerms + 6 * kNumEvalRegions);
    TraceRecorder<typename BasicEvalWeights<V>::Layout> recorder(trace.phase, trace.coefficients);
    add_features(position, recorder);
    merge_coefficients(trace.coefficients);
    return trace;
}

template <typename V>
std::int64_t white_evaluation(const EvalTrace& trace, const BasicEvalWeights<V>& weights) {
    std::int64_t s = 0;
    for (const EvalCoefficient& c : trace.coefficients)
        s += static_cast<std::int64_t>(weights[c.index]) * c.value;
    return s / kPhaseScale;
}

template <typename V>
int evaluate_from_trace(const EvalTrace& trace, const BasicEvalWeights<V>& weights) {
    return to_side_to_move(white_evaluation(trace, weights), trace.side_to_move);
}

#define DRAUGHTS_INSTANTIATE(Policy)                                                 \
    template int phase(const rules::BasicPosition<rules::Policy>&);                  \
    template int evaluate(const rules::BasicPosition<rules::Policy>&,                \
                          const BasicEvalWeights<rules::Policy>&);                   \
    template EvalTrace trace_evaluation(const rules::BasicPosition<rules::Policy>&); \
    template std::int64_t white_evaluation(const EvalTrace&,                         \
                                           const BasicEvalWeights<rules::Policy>&);  \
    template int evaluate_from_trace(const EvalTrace&, const BasicEvalWeights<rules::Policy>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
