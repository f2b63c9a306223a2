#pragma once
// A small NNUE-style evaluation network (issue 38), quantised for the engine, and its file.
//
// Inputs: for one perspective (a colour), the pieces seen from that colour's side of the board,
// four kinds times the board's squares: its men, its kings, the other side's men, the other
// side's kings. White sees square s as s; Black sees it turned half a turn, as N + 1 - s, so that
// both perspectives see their own men moving up the board and a colour-flipped position gives
// the same inputs with the perspectives swapped. The first layer (the accumulator, one set of
// weights shared by both perspectives) sums the columns of the pieces present: cheap to update
// when a move changes a few pieces. The side to move's accumulator comes first, the other's
// second; both pass a clipped ReLU, a hidden layer with a clipped ReLU, and one output, in men
// from the side to move's point of view.
//
// Quantisation (integers only at play): the first layer's weights and biases are stored times
// kNetworkActivationScale, so an accumulator clipped to [0, kNetworkActivationScale] is the
// float activation in [0, 1] times that scale; the hidden weights times kNetworkWeightScale, so
// a hidden sum clipped to [0, kNetworkHiddenScale] is the hidden activation times both scales;
// the output weights times kNetworkOutputScale. Biases carry the scale of the sum they join.
// Sums are exact: the hidden layer's products are summed in 32-bit lanes that cannot overflow
// and their totals in 64 bits (network.cpp says why), the output in 64 bits. The scales are
// chosen for precision (the float and quantised evaluations of a trained network differ by a few
// engine units).
// tuner/network_trainer.hpp trains the float network and quantises it.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "rules/bitboard.hpp"
#include "rules/color.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

namespace draughts::engine {

/// Width of one perspective's accumulator and of the hidden layer.
inline constexpr int kNetworkAccumulator = 128;
inline constexpr int kNetworkHidden = 16;
/// Scales of the quantised network (see above).
inline constexpr int kNetworkActivationScale = 1024;
inline constexpr int kNetworkWeightScale = 4096;
inline constexpr int kNetworkOutputScale = 1024;
inline constexpr std::int64_t kNetworkHiddenScale =
    std::int64_t{kNetworkActivationScale} * kNetworkWeightScale;
/// The output's unit: one man is kNetworkOutputUnit.
inline constexpr std::int64_t kNetworkOutputUnit = kNetworkHiddenScale * kNetworkOutputScale;
/// Piece kinds of the inputs, in the order of their blocks.
inline constexpr int kNetworkPieceKinds = 4;

/// Number of inputs of one perspective on the board of variant V.
template <typename V>
constexpr int network_inputs() {
    return kNetworkPieceKinds * V::Board::kNumSquares;
}

/// The input of a piece of `owner` (a king or a man) on `square`, seen from `perspective`.
template <typename V>
constexpr int network_input(rules::Color perspective, rules::Color owner, bool king,
                            rules::Square square) {
    constexpr int n = V::Board::kNumSquares;
    const int seen = perspective == rules::Color::White ? square : n + 1 - square;
    const int kind = (owner == perspective ? 0 : 2) + (king ? 1 : 0);
    return kind * n + seen - 1;
}

/// Calls f(input) for every piece of `position`, seen from `perspective`.
template <typename V, typename F>
void for_each_network_input(const rules::BasicPosition<V>& position, rules::Color perspective,
                            F&& f) {
    using Board = typename V::Board;
    for (const rules::Color owner : {rules::Color::White, rules::Color::Black}) {
        rules::for_each_square_on<Board>(position.men(owner), [&](rules::Square s) {
            f(network_input<V>(perspective, owner, false, s));
        });
        rules::for_each_square_on<Board>(position.kings(owner), [&](rules::Square s) {
            f(network_input<V>(perspective, owner, true, s));
        });
    }
}

/// The quantised network of one variant (sizes: see the members).
struct Network {
    rules::Variant variant = rules::Variant::International;
    int squares = 0;                            ///< the board's playable squares
    std::vector<std::int16_t> feature_weights;  ///< inputs x kNetworkAccumulator, by input
    std::vector<std::int16_t> feature_bias;     ///< kNetworkAccumulator
    std::vector<std::int16_t> hidden_weights;   ///< kNetworkHidden x 2 kNetworkAccumulator
    std::vector<std::int32_t> hidden_bias;      ///< kNetworkHidden
    std::vector<std::int16_t> output_weights;   ///< kNetworkHidden
    std::int64_t output_bias = 0;

    int inputs() const { return kNetworkPieceKinds * squares; }
    /// A network of the right sizes for `variant` with every weight zero.
    static Network zero(rules::Variant variant);

    friend bool operator==(const Network&, const Network&) = default;
};

/// One perspective's accumulator: the feature bias plus the columns of its inputs.
using NetworkAccumulator = std::array<std::int32_t, kNetworkAccumulator>;

/// An accumulator holding the feature bias alone (no piece yet).
inline NetworkAccumulator network_bias(const Network& network) {
    NetworkAccumulator acc;
    std::copy(network.feature_bias.begin(), network.feature_bias.end(), acc.begin());
    return acc;
}

/// Adds the column of one input to an accumulator (a piece that appears).
inline void add_network_input(NetworkAccumulator& acc, int input, const Network& network) {
    const std::int16_t* column =
        network.feature_weights.data() + static_cast<std::size_t>(input) * acc.size();
    for (std::size_t j = 0; j < acc.size(); ++j) acc[j] += column[j];
}

/// The accumulator of `perspective` computed from scratch.
template <typename V>
NetworkAccumulator network_accumulator(const rules::BasicPosition<V>& position,
                                       rules::Color perspective, const Network& network) {
    NetworkAccumulator acc = network_bias(network);
    for_each_network_input(position, perspective,
                           [&](int input) { add_network_input(acc, input, network); });
    return acc;
}

/// Subtracts the column of one input from an accumulator (a piece that leaves).
inline void remove_network_input(NetworkAccumulator& acc, int input, const Network& network) {
    const std::int16_t* column =
        network.feature_weights.data() + static_cast<std::size_t>(input) * acc.size();
    for (std::size_t j = 0; j < acc.size(); ++j) acc[j] -= column[j];
}

/// Both perspectives' accumulators, White's first (index_of(colour)).
using NetworkAccumulators = std::array<NetworkAccumulator, 2>;

/// Both accumulators of `position` computed from scratch.
template <typename V>
NetworkAccumulators network_accumulators(const rules::BasicPosition<V>& position,
                                         const Network& network) {
    return {network_accumulator(position, rules::Color::White, network),
            network_accumulator(position, rules::Color::Black, network)};
}

/// The accumulators of `after` from those of `before` (`acc`, updated in place): the pieces
/// that left and arrived, found by comparing the two positions' men and kings of each colour,
/// so that any move (a capture of twenty pieces, a crowning) is handled alike.
template <typename V>
void update_network_accumulators(NetworkAccumulators& acc, const rules::BasicPosition<V>& before,
                                 const rules::BasicPosition<V>& after, const Network& network) {
    using Board = typename V::Board;
    for (const rules::Color owner : {rules::Color::White, rules::Color::Black}) {
        for (const bool king : {false, true}) {
            const auto old_bits = king ? before.kings(owner) : before.men(owner);
            const auto new_bits = king ? after.kings(owner) : after.men(owner);
            for (const rules::Color perspective : {rules::Color::White, rules::Color::Black}) {
                NetworkAccumulator& a = acc[static_cast<std::size_t>(rules::index_of(perspective))];
                rules::for_each_square_on<Board>(old_bits & ~new_bits, [&](rules::Square s) {
                    remove_network_input(a, network_input<V>(perspective, owner, king, s), network);
                });
                rules::for_each_square_on<Board>(new_bits & ~old_bits, [&](rules::Square s) {
                    add_network_input(a, network_input<V>(perspective, owner, king, s), network);
                });
            }
        }
    }
}

/// The output in units of 1 / kNetworkOutputUnit men, from the accumulators of the side to move
/// and of the other side. With AVX2 (the build's -march) the hidden layer runs in its 256-bit
/// registers.
std::int64_t network_output(const NetworkAccumulator& us, const NetworkAccumulator& them,
                            const Network& network);
/// The same integer without SIMD instructions: what machines without AVX2 run, and what the
/// tests compare network_output with.
std::int64_t network_output_portable(const NetworkAccumulator& us, const NetworkAccumulator& them,
                                     const Network& network);

/// The evaluation in engine units, from `side_to_move`'s point of view, of a position whose
/// accumulators are `acc`, clamped like evaluate() (kMaxEvaluation).
int network_evaluation(const NetworkAccumulators& acc, rules::Color side_to_move,
                       const Network& network);

/// The evaluation of `position` in engine units, from the side to move's point of view, clamped
/// like evaluate() (kMaxEvaluation): network_evaluation of its accumulators.
template <typename V>
int evaluate_network(const rules::BasicPosition<V>& position, const Network& network) {
    return network_evaluation(network_accumulators(position, network), position.side_to_move(),
                              network);
}

/// The file form: magic, version, variant name, sizes and scales, the arrays little-endian, and
/// a checksum of everything before it.
std::string network_bytes(const Network& network);
/// Parses the file form; `source` names it in errors, which give the byte offset and what is
/// wrong (bad magic, another version, sizes that are not this build's, truncation, checksum).
Expected<Network> parse_network(std::string_view bytes, std::string_view source);
/// Reads a network file; a network of another variant than `variant` is refused, naming both.
Expected<Network> read_network(const std::filesystem::path& path, rules::Variant variant);
/// The checksum that ends the file form, of the bytes before it (64-bit FNV-1a: it catches a
/// damaged or cut file, not an adversary).
std::uint64_t network_checksum(std::string_view bytes);
/// Writes a network file atomically.
Expected<void> write_network(const Network& network, const std::filesystem::path& path);

}  // namespace draughts::engine
