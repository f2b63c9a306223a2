// Data sets of every variant: text and binary round trips (the binary one with the coefficients
// of the variant's layout), the variant each file declares, and the error for a file of another
// variant, which names the file and both variants.

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include "common/file_io.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/variant_types.hpp"
#include "tuner/dataset.hpp"
#include "tuner/dataset_resolver.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;

/// Positions of random games of variant V, with varied labels, plies and scores.
template <typename V>
std::vector<BasicSample<V>> random_samples(int games, int plies, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<BasicSample<V>> out;
    for (int g = 0; g < games; ++g) {
        auto p = rules::BasicPosition<V>::initial();
        for (int ply = 0; ply < plies; ++ply) {
            const std::size_t i = out.size();
            out.push_back({p, static_cast<Outcome>(i % 3), std::nullopt, std::nullopt});
            if (i % 2 == 0) out.back().ply = ply;
            if (i % 5 == 0) out.back().score = static_cast<int>(i * 41) - 3000;
            rules::BasicMoveList<V> moves;
            rules::generate_moves(p, moves);
            if (moves.empty()) break;
            p = p.after(moves[rng() % moves.size()]);
        }
    }
    return out;
}

/// A variant other than V, for the mismatch tests.
template <typename V>
using OtherVariant = std::conditional_t<std::is_same_v<V, rules::International>, rules::Brazilian,
                                        rules::International>;

/// A scratch folder of each test's own (tests run in parallel processes).
template <typename V>
class VariantDataset : public ::testing::Test {
  protected:
    testing::TempFolder folder_{"draughts_variant_dataset"};
    const fs::path dir_ = folder_.path();
};

TYPED_TEST_SUITE(VariantDataset, testing::AllVariants, testing::VariantNames);

TYPED_TEST(VariantDataset, TextRoundTripsAndDeclaresTheVariant) {
    using V = TypeParam;
    BasicDataset<V> d;
    d.samples = random_samples<V>(4, 50, 3);
    const fs::path file = this->dir_ / "d.txt";
    ASSERT_TRUE(save_dataset(d, file, DatasetFormat::Text));
    const auto text = read_whole_file(file);
    ASSERT_TRUE(text);
    EXPECT_EQ(text->rfind(text_variant_line(variant_of<V>()), 0), 0u);
    EXPECT_EQ(*read_dataset_variant(file), variant_of<V>());
    const auto back = load_dataset<V>(file);
    ASSERT_TRUE(back) << back.error().message;
    // Positions are written as FEN, which cannot say how many quiet moves in a row a king has
    // made (Frisian [FRS 6]): they read back without those runs, otherwise equal.
    std::vector<BasicSample<V>> expected = d.samples;
    for (BasicSample<V>& s : expected) s.position = *rules::parse_fen<V>(rules::to_fen(s.position));
    EXPECT_EQ(back->samples, expected);
}

TYPED_TEST(VariantDataset, BinaryRoundTripsWithTheVariantsCoefficients) {
    using V = TypeParam;
    const auto resolved = resolve_dataset<V>(random_samples<V>(4, 50, 5), WeightsOf<V>{});
    ASSERT_TRUE(resolved) << resolved.error().message;
    const BasicDataset<V>& d = resolved->dataset;
    ASSERT_GT(d.samples.size(), 20u);
    EXPECT_EQ(d.coefficients->store.parameter_count(), LayoutOf<V>::count());
    ASSERT_TRUE(check_consistency<V>(d, WeightsOf<V>{}));
    const std::string bytes = format_binary_dataset(d);
    EXPECT_EQ(*binary_dataset_variant(bytes, "mem"), variant_of<V>());
    const auto back = parse_binary_dataset<V>(bytes, "mem");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->samples, d.samples);
    ASSERT_TRUE(back->coefficients);
    EXPECT_EQ(back->coefficients->leaves, d.coefficients->leaves);
    EXPECT_EQ(back->coefficients->store.fingerprint(), d.coefficients->store.fingerprint());
}

TYPED_TEST(VariantDataset, AnotherVariantsRunRefusesTheFileNamingBothVariants) {
    using V = TypeParam;
    using Other = OtherVariant<V>;
    BasicDataset<V> d;
    d.samples = random_samples<V>(1, 10, 9);
    for (const char* name : {"d.txt", "d.bin"}) {
        const fs::path file = this->dir_ / name;
        ASSERT_TRUE(save_dataset(d, file, format_for_path(file)));
        const auto refused = load_dataset<Other>(file);
        ASSERT_FALSE(refused) << name;
        const std::string& message = refused.error().message;
        EXPECT_NE(message.find(file.string()), std::string::npos) << message;
        EXPECT_NE(message.find("a data set of " + std::string(V::kName) + " draughts"),
                  std::string::npos)
            << message;
        EXPECT_NE(message.find("this run is of " + std::string(Other::kName) + " draughts"),
                  std::string::npos)
            << message;
    }
}

TEST(SmallBoardDataset, SquaresBeyondTheBoardAreRefused) {
    BasicDataset<rules::Brazilian> d;
    d.samples = random_samples<rules::Brazilian>(1, 3, 1);
    std::string bytes = format_binary_dataset(d);
    bytes[64 + 8 + 4] = 0x01;  // black squares: bit 32 = square 33
    const auto back = parse_binary_dataset<rules::Brazilian>(bytes, "b.bin");
    ASSERT_FALSE(back);
    EXPECT_NE(back.error().message.find("square bits beyond square 32"), std::string::npos)
        << back.error().message;
}

}  // namespace
}  // namespace draughts::tuner
