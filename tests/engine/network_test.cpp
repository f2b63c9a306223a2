// The quantised network of engine/network.hpp: its inputs seen from each side (a colour-flipped
// position gives the same inputs with the perspectives swapped, so the same evaluation), an
// evaluation worked out by hand through each layer and its clipping, and the file form with
// each of its errors.

#include "engine/network.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/file_io.hpp"
#include "engine/engine.hpp"
#include "engine/evaluate.hpp"
#include "engine/search_types.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"
#include "tests/support/test_positions.hpp"

namespace draughts::engine {
namespace {

using rules::Color;
using rules::International;

std::vector<int> sorted_inputs(const rules::Position& p, Color perspective) {
    std::vector<int> out;
    for_each_network_input(p, perspective, [&](int input) { out.push_back(input); });
    std::sort(out.begin(), out.end());
    return out;
}

Network random_network(std::uint32_t seed) {
    Network n = Network::zero(rules::Variant::International);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> small(-60, 60);
    for (auto& w : n.feature_weights) w = static_cast<std::int16_t>(small(rng));
    for (auto& w : n.feature_bias) w = static_cast<std::int16_t>(small(rng) + 100);
    for (auto& w : n.hidden_weights) w = static_cast<std::int16_t>(small(rng));
    for (auto& w : n.hidden_bias) w = small(rng) * 300;
    for (auto& w : n.output_weights) w = static_cast<std::int16_t>(small(rng));
    n.output_bias = small(rng) * 100;
    return n;
}

rules::Position position(const char* fen) {
    const auto p = rules::parse_fen(fen);
    EXPECT_TRUE(p) << p.error().message;
    return p ? *p : rules::Position{};
}

TEST(NetworkInputs, EachSideSeesItsOwnPiecesFromItsSideOfTheBoard) {
    // White's man on 46 and Black's king on 5: White sees its man on 46 and the other side's
    // king on 5; Black sees its king on 46 (= 51 - 5) and the other side's man on 5.
    const rules::Position p = position("W:W46:BK5");
    EXPECT_EQ(sorted_inputs(p, Color::White), (std::vector<int>{45, 3 * 50 + 4}));
    EXPECT_EQ(sorted_inputs(p, Color::Black), (std::vector<int>{1 * 50 + 45, 2 * 50 + 4}));
    EXPECT_EQ(network_inputs<International>(), 200);
}

TEST(NetworkInputs, AColourFlipSwapsThePerspectives) {
    const auto positions = test::random_game_positions(20, 120, 5);
    ASSERT_GT(positions.size(), 1000U);
    for (const rules::Position& p : positions) {
        const rules::Position q = test::colour_flipped(p);
        ASSERT_EQ(sorted_inputs(p, Color::White), sorted_inputs(q, Color::Black)) << to_fen(p);
        ASSERT_EQ(sorted_inputs(p, Color::Black), sorted_inputs(q, Color::White)) << to_fen(p);
    }
}

TEST(NetworkEvaluation, AColourFlipGivesTheSameScore) {
    const Network n = random_network(3);
    const auto positions = test::random_quiet_positions(20, 120, 6);
    ASSERT_GT(positions.size(), 500U);
    int differing_scores = 0;
    for (const rules::Position& p : positions) {
        const int score = evaluate_network(p, n);
        ASSERT_EQ(score, evaluate_network(test::colour_flipped(p), n)) << to_fen(p);
        differing_scores += score != evaluate_network(positions.front(), n);
    }
    EXPECT_GT(differing_scores, 100);  // the random network is not constant
}

// One path through the network, by hand: accumulator unit 0 of each perspective is its bias
// (a quarter) plus an eighth per own man; hidden unit 0 weighs the side to move's unit 0 by +1
// and the other's by -1; the output weighs hidden unit 0 by 1. With 3 men against 1 the
// activations are 5/8 and 3/8, the hidden unit 1/4, the output a quarter of a man: 250 units.
TEST(NetworkEvaluation, OnePathWorkedOutByHand) {
    constexpr int kQuarter = kNetworkActivationScale / 4;
    constexpr int kEighth = kNetworkActivationScale / 8;
    Network n = Network::zero(rules::Variant::International);
    n.feature_bias[0] = kQuarter;
    for (int square = 1; square <= 50; ++square)
        n.feature_weights[static_cast<std::size_t>(network_input<International>(
                              Color::White, Color::White, false, square)) *
                          kNetworkAccumulator] = kEighth;
    n.hidden_weights[0] = kNetworkWeightScale;
    n.hidden_weights[kNetworkAccumulator] = -kNetworkWeightScale;
    n.output_weights[0] = kNetworkOutputScale;
    const rules::Position white_to_move = position("W:W31,32,33:B20");
    EXPECT_EQ(evaluate_network(white_to_move, n), kScorePerMan / 4);
    // Black to move sees the same from the other side: the hidden sum is negative and clipped.
    EXPECT_EQ(evaluate_network(white_to_move.with_side_to_move(Color::Black), n), 0);
    // The first layer clips at 1: 10 men give 1/4 + 10/8, read as 1; the hidden unit 1 - 3/8.
    const rules::Position many = position("W:W31-40:B20");
    EXPECT_EQ(evaluate_network(many, n), kScorePerMan * 5 / 8);
    // A bias on the output alone: half a man, whoever is to move.
    Network bias_only = Network::zero(rules::Variant::International);
    bias_only.output_bias = kNetworkOutputUnit / 2;
    EXPECT_EQ(evaluate_network(many, bias_only), kScorePerMan / 2);
}

/// The output by the definition: each hidden sum in 64 bits, product by product.
std::int64_t output_by_definition(const NetworkAccumulator& us, const NetworkAccumulator& them,
                                  const Network& n) {
    const auto activation = [](std::int32_t a) {
        return std::clamp<std::int64_t>(a, 0, kNetworkActivationScale);
    };
    constexpr auto kWidth = static_cast<std::size_t>(kNetworkAccumulator);
    std::int64_t out = n.output_bias;
    for (std::size_t k = 0; k < static_cast<std::size_t>(kNetworkHidden); ++k) {
        std::int64_t sum = n.hidden_bias[k];
        for (std::size_t j = 0; j < kWidth; ++j) {
            sum += n.hidden_weights[k * 2 * kWidth + j] * activation(us[j]);
            sum += n.hidden_weights[(k * 2 + 1) * kWidth + j] * activation(them[j]);
        }
        out += n.output_weights[k] * std::clamp<std::int64_t>(sum, 0, kNetworkHiddenScale);
    }
    return out;
}

// The hidden layer sums in 32-bit lanes (in AVX2 registers where the build has them, and in the
// portable version): with every weight at the ends of int16 and every activation at its top, a
// unit's sum (256 x 1024 x 32767, about 2^33) does not fit 32 bits, yet the output must be the
// 64-bit sum exactly; so must it be for weights and activations drawn over their whole ranges.
TEST(NetworkEvaluation, HiddenSumsAreExactBeyond32Bits) {
    Network n = Network::zero(rules::Variant::International);
    NetworkAccumulator full;
    full.fill(kNetworkActivationScale);
    const auto row = static_cast<std::size_t>(2 * kNetworkAccumulator);
    for (std::size_t k = 0; k < static_cast<std::size_t>(kNetworkHidden); ++k)
        for (std::size_t j = 0; j < row; ++j)
            n.hidden_weights[k * row + j] = static_cast<std::int16_t>(k % 2 == 0 ? 32767 : -32768);
    std::fill(n.output_weights.begin(), n.output_weights.end(), std::int16_t{1});
    // The even units' sums are clipped at kNetworkHiddenScale, the odd ones' at 0.
    EXPECT_EQ(network_output(full, full, n), kNetworkHidden / 2 * kNetworkHiddenScale);
    EXPECT_EQ(network_output_portable(full, full, n), kNetworkHidden / 2 * kNetworkHiddenScale);

    std::mt19937 rng(5);
    std::uniform_int_distribution<int> any_weight(-32768, 32767);
    std::uniform_int_distribution<int> accumulator(-200, kNetworkActivationScale + 200);
    std::uniform_int_distribution<int> bias(-(1 << 30), 1 << 30);
    for (int trial = 0; trial < 200; ++trial) {
        for (auto& w : n.hidden_weights) w = static_cast<std::int16_t>(any_weight(rng));
        for (auto& w : n.output_weights) w = static_cast<std::int16_t>(any_weight(rng));
        for (auto& b : n.hidden_bias) b = bias(rng);
        NetworkAccumulator us, them;
        for (auto& a : us) a = accumulator(rng);
        for (auto& a : them) a = accumulator(rng);
        const std::int64_t expected = output_by_definition(us, them, n);
        ASSERT_EQ(network_output(us, them, n), expected) << trial;
        ASSERT_EQ(network_output_portable(us, them, n), expected) << trial;
    }
}

/// Follows random games of variant V and checks, ply by ply, that accumulators updated move by
/// move equal accumulators computed from scratch: quiet moves, captures of many pieces, crowning
/// (also during a capture, in Russian draughts), kings' moves.
template <typename V>
void check_updates_along_random_games(const rules::BasicPosition<V>& start, int games) {
    Network n = Network::zero(rules::variant_of<V>());
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> weight(-300, 300);
    for (auto& w : n.feature_weights) w = static_cast<std::int16_t>(weight(rng));
    int plies = 0, captures = 0, with_kings = 0;
    for (int game = 0; game < games; ++game) {
        rules::BasicPosition<V> p = start;
        NetworkAccumulators acc = network_accumulators(p, n);
        for (int ply = 0; ply < 200; ++ply) {
            rules::BasicMoveList<V> moves;
            generate_moves(p, moves);
            if (moves.empty()) break;
            const auto& m = moves[rng() % moves.size()];
            captures += m.is_capture();
            const rules::BasicPosition<V> next = p.after(m);
            update_network_accumulators(acc, p, next, n);
            ASSERT_EQ(acc, network_accumulators(next, n)) << V::kName << " " << to_fen(next);
            p = next;
            ++plies;
            with_kings += p.kings(Color::White) != 0 || p.kings(Color::Black) != 0;
        }
    }
    EXPECT_GT(plies, 30 * games) << V::kName;
    EXPECT_GT(captures, 5 * games) << V::kName;
    EXPECT_GT(with_kings, 2 * games) << V::kName;
}

TEST(NetworkAccumulators, UpdatedMoveByMoveEqualFreshInEveryBoardAndCaptureRule) {
    check_updates_along_random_games(rules::Position::initial(), 20);
    check_updates_along_random_games(rules::BasicPosition<rules::Russian>::initial(), 20);
    check_updates_along_random_games(rules::BasicPosition<rules::Frisian>::initial(), 10);
    check_updates_along_random_games(rules::BasicPosition<rules::English>::initial(), 20);
}

// The engine with a network: at depth 1 from the start every reply is quiet, so the score is the
// best of the children's network evaluations, which the search reaches through accumulators
// updated move by move; deeper searches repeat exactly and differ from the pattern evaluation.
TEST(NetworkSearch, TheEngineEvaluatesWithTheNetwork) {
    const auto network = std::make_shared<const Network>(random_network(3));
    EngineOptions options;
    options.network = network;
    Engine engine(options);
    ASSERT_EQ(engine.network(), network.get());
    SearchLimits depth1;
    depth1.depth = 1;
    const rules::Position start = rules::Position::initial();
    const auto result = engine.search(start, {}, depth1);
    rules::MoveList moves;
    generate_moves(start, moves);
    int best = -kMaxEvaluation;
    for (const rules::Move& m : moves)
        best = std::max(best, -evaluate_network(start.after(m), *network));
    EXPECT_EQ(result.score, best);

    SearchLimits depth6;
    depth6.depth = 6;
    engine.new_game();
    const auto first = engine.search(start, {}, depth6);
    engine.new_game();
    const auto again = engine.search(start, {}, depth6);
    EXPECT_EQ(first.best_move, again.best_move);
    EXPECT_EQ(first.nodes, again.nodes);
    EXPECT_EQ(first.score, again.score);
    EXPECT_THROW(
        engine.set_network(std::make_shared<const Network>(Network::zero(rules::Variant::Russian))),
        std::invalid_argument);
    engine.set_network(nullptr);
    EXPECT_EQ(engine.network(), nullptr);
    EXPECT_NE(engine.search(start, {}, depth6).nodes, first.nodes);
}

TEST(NetworkFile, RoundTrip) {
    const Network n = random_network(8);
    const auto back = parse_network(network_bytes(n), "net");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, n);
    const auto dir = std::filesystem::temp_directory_path() / "draughts_network_test";
    std::filesystem::create_directories(dir);
    ASSERT_TRUE(write_network(n, dir / "a.net"));
    const auto read = read_network(dir / "a.net", rules::Variant::International);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(*read, n);
    const auto other = read_network(dir / "a.net", rules::Variant::Brazilian);
    ASSERT_FALSE(other);
    EXPECT_NE(other.error().message.find("a network for international, not for brazilian"),
              std::string::npos)
        << other.error().message;
    std::filesystem::remove_all(dir);
}

struct DamagedFile {
    std::string name;
    std::string (*damage)(std::string);
    std::string message;
};

class NetworkFileErrors : public ::testing::TestWithParam<DamagedFile> {};

TEST_P(NetworkFileErrors, NameTheFileThePlaceAndTheFault) {
    const auto result = parse_network(GetParam().damage(network_bytes(random_network(9))), "x.net");
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find(GetParam().message), std::string::npos)
        << result.error().message;
}

/// Re-stamps the checksum, so that a deliberate change reaches the field it changes.
std::string restamped(std::string bytes) {
    std::string body = bytes.substr(0, bytes.size() - 8);
    const std::uint64_t h = network_checksum(body);
    for (int i = 0; i < 8; ++i) body.push_back(static_cast<char>((h >> (8 * i)) & 0xFF));
    return body;
}

INSTANTIATE_TEST_SUITE_P(
    Network, NetworkFileErrors,
    ::testing::Values(
        DamagedFile{"BadMagic", [](std::string b) { return "XRNN" + b.substr(4); },
                    "x.net: not a network file (bad magic)"},
        DamagedFile{"FlippedWeight",
                    [](std::string b) {
                        b[200] = static_cast<char>(b[200] ^ 1);
                        return b;
                    },
                    "checksum mismatch"},
        DamagedFile{"CutShort", [](std::string b) { return b.substr(0, b.size() / 2); },
                    "checksum mismatch"},
        DamagedFile{"OtherVersion",
                    [](std::string b) {
                        b[4] = 2;
                        return restamped(b);
                    },
                    "x.net: byte 4: format version 2, this build reads version 1"},
        DamagedFile{"OtherWidth",
                    [](std::string b) {
                        // magic 4, version 4, name length 1, "international" 13, squares 2.
                        b[24] = 64;
                        return restamped(b);
                    },
                    "x.net: byte 24: accumulator width 64, this build's network has 128"},
        DamagedFile{"OtherScale",
                    [](std::string b) {
                        b[28] = 1;  // the activation scale, low byte: 1025
                        return restamped(b);
                    },
                    "x.net: byte 28: activation scale 1025, this build's network has 1024"},
        DamagedFile{"UnknownVariant",
                    [](std::string b) {
                        b[9] = 'X';
                        return restamped(b);
                    },
                    "x.net: byte 9: unknown variant 'Xnternational'"},
        DamagedFile{"TrailingBytes",
                    [](std::string b) {
                        b.insert(b.size() - 8, "ab");
                        return restamped(b);
                    },
                    "2 bytes after the weights"}),
    [](const auto& test_param) { return test_param.param.name; });

}  // namespace
}  // namespace draughts::engine
