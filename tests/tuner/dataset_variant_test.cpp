// Data sets record their rules variant: the text form's `# variant:` line, the binary header's
// GameType word (0 for international, so files written before variants were recorded still
// load), and the error for a data set of another variant than the run's, naming the file and
// both variants.

#include <gtest/gtest.h>

#include <string>

#include "rules/fen.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/test_positions.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {
namespace {

Dataset international_samples() {
    Dataset d;
    for (const auto& p : engine::test::random_game_positions(2, 30, 11))
        d.samples.push_back({p, Outcome::Draw, std::nullopt, std::nullopt});
    return d;
}

void store_u32(std::string& b, std::size_t offset, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[offset + static_cast<std::size_t>(i)] = static_cast<char>(v >> (8 * i));
}

void expect_mentions(const std::string& message, std::initializer_list<const char*> words) {
    for (const char* word : words)
        EXPECT_NE(message.find(word), std::string::npos) << word << " in: " << message;
}

TEST(DatasetVariant, TextLineIsWrittenForOtherVariantsOnly) {
    EXPECT_EQ(text_variant_line(rules::Variant::International), "");
    EXPECT_EQ(text_variant_line(rules::Variant::Brazilian), "# variant: brazilian\n");
    EXPECT_EQ(text_variant_line(rules::Variant::Russian), "# variant: russian\n");
}

TEST(DatasetVariant, TextDeclaresItsVariantBeforeTheSamples) {
    EXPECT_EQ(*text_dataset_variant("W:W31-50:B1-20 1\n", "mem"), rules::Variant::International);
    EXPECT_EQ(*text_dataset_variant("# a comment\n#variant:  Russian \nW:W21-32:B1-12 1\n", "mem"),
              rules::Variant::Russian);
    const auto explicit_international =
        parse_text_dataset("# variant: international\nW:W31-50:B1-20 1\n", "mem");
    ASSERT_TRUE(explicit_international) << explicit_international.error().message;
    EXPECT_EQ(explicit_international->size(), 1u);
}

TEST(DatasetVariant, TextOfAnotherVariantIsRefusedNamingFileAndBothVariants) {
    const auto d = parse_text_dataset("# variant: brazilian\nW:W21-32:B1-12 1\n", "set.txt");
    ASSERT_FALSE(d);
    expect_mentions(d.error().message, {"set.txt", "brazilian", "international"});
}

TEST(DatasetVariant, BadVariantLinesNameFileAndLine) {
    const auto unknown = parse_text_dataset("\n# variant: chinese\n", "set.txt");
    ASSERT_FALSE(unknown);
    expect_mentions(unknown.error().message, {"set.txt:2: ", "unknown variant 'chinese'"});
    const auto twice =
        parse_text_dataset("# variant: international\n# variant: russian\n", "set.txt");
    ASSERT_FALSE(twice);
    expect_mentions(twice.error().message, {"set.txt:2: ", "declared twice"});
    const auto late = parse_text_dataset("W:W31-50:B1-20 1\n# variant: international\n", "s.txt");
    ASSERT_FALSE(late);
    expect_mentions(late.error().message, {"s.txt:2: ", "before the first sample"});
}

TEST(DatasetVariant, InternationalBinaryHeaderKeepsTheOldReservedZeros) {
    const std::string bytes = format_binary_dataset(international_samples());
    EXPECT_EQ(bytes.substr(48, 16), std::string(16, '\0'));
    EXPECT_EQ(*binary_dataset_variant(bytes, "mem"), rules::Variant::International);
}

TEST(DatasetVariant, BinaryOfAnotherVariantIsRefusedNamingFileAndBothVariants) {
    std::string bytes = format_binary_dataset(international_samples());
    store_u32(bytes, 48, 26);
    EXPECT_EQ(*dataset_variant(bytes, "mem"), rules::Variant::Brazilian);
    const auto d = parse_binary_dataset(bytes, "set.bin");
    ASSERT_FALSE(d);
    expect_mentions(d.error().message, {"set.bin", "brazilian", "international"});
}

TEST(DatasetVariant, UnknownBinaryVariantNamesTheOffset) {
    std::string bytes = format_binary_dataset(international_samples());
    store_u32(bytes, 48, 99);
    const auto d = parse_binary_dataset(bytes, "set.bin");
    ASSERT_FALSE(d);
    expect_mentions(d.error().message, {"set.bin: byte 48: ", "GameType 99"});
}

TEST(DatasetVariant, FileVariantIsReadWithoutTheSamples) {
    const testing::TempFolder folder("draughts_dataset_variant");
    const auto file = folder.path() / "a.bin";
    ASSERT_TRUE(save_dataset(international_samples(), file, DatasetFormat::Binary));
    EXPECT_EQ(*read_dataset_variant(file), rules::Variant::International);
}

}  // namespace
}  // namespace draughts::tuner
