// The binary form of data sets: lossless round trips (with and without coefficients) and clear
// errors for damaged files: bad magic, unknown version, other weight layouts, truncation at every
// section, trailing bytes and invalid records, each naming the file and byte offset.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "common/byte_io.hpp"
#include "rules/fen.hpp"
#include "tests/support/test_positions.hpp"
#include "tuner/dataset.hpp"
#include "tuner/dataset_resolver.hpp"

namespace draughts::tuner {
namespace {

std::vector<Sample> some_samples() {
    std::vector<Sample> out;
    const auto positions = engine::test::random_game_positions(6, 60, 7);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        Sample s;
        s.position = positions[i];
        s.result = static_cast<Outcome>(i % 3);
        if (i % 2 == 0) s.ply = static_cast<int>(i % 60);
        if (i % 3 == 0) s.score = static_cast<int>(i * 37) - 2000;
        out.push_back(s);
    }
    return out;
}

Dataset resolved_samples() {
    return resolve_dataset(some_samples(), engine::EvalWeights{})->dataset;
}

void expect_same(const Dataset& a, const Dataset& b) {
    EXPECT_EQ(a.samples, b.samples);
    ASSERT_EQ(a.coefficients.has_value(), b.coefficients.has_value());
    if (!a.coefficients) return;
    EXPECT_EQ(a.coefficients->leaves, b.coefficients->leaves);
    EXPECT_EQ(a.coefficients->store.fingerprint(), b.coefficients->store.fingerprint());
}

TEST(BinaryDataset, RoundTripsSamples) {
    Dataset d;
    d.samples = some_samples();
    const std::string bytes = format_binary_dataset(d);
    EXPECT_EQ(bytes.size(), 64 + 32 * d.samples.size());
    const auto back = parse_binary_dataset(bytes, "mem");
    ASSERT_TRUE(back) << back.error().message;
    expect_same(*back, d);
}

TEST(BinaryDataset, RoundTripsCoefficients) {
    const Dataset d = resolved_samples();
    ASSERT_TRUE(d.coefficients);
    const auto back = parse_binary_dataset(format_binary_dataset(d), "mem");
    ASSERT_TRUE(back) << back.error().message;
    expect_same(*back, d);
    EXPECT_TRUE(check_consistency(*back, engine::EvalWeights{}));
}

TEST(BinaryDataset, FilesRoundTripInBothFormsAndAreRecognisedByMagic) {
    const auto dir = std::filesystem::temp_directory_path() / "draughts_dataset_files_test";
    std::filesystem::create_directories(dir);
    const Dataset d = resolved_samples();
    ASSERT_TRUE(save_dataset(d, dir / "a.bin", format_for_path(dir / "a.bin")));
    ASSERT_TRUE(save_dataset(d, dir / "a.txt", format_for_path(dir / "a.txt")));
    // A binary file under a text name is still read as binary.
    ASSERT_TRUE(save_dataset(d, dir / "b.txt", DatasetFormat::Binary));
    const auto binary = load_dataset(dir / "a.bin");
    const auto text = load_dataset(dir / "a.txt");
    const auto renamed = load_dataset(dir / "b.txt");
    ASSERT_TRUE(binary && text && renamed);
    expect_same(*binary, d);
    expect_same(*renamed, d);
    EXPECT_EQ(text->samples, d.samples);
    EXPECT_FALSE(text->coefficients);
    EXPECT_FALSE(std::filesystem::exists(dir / "a.bin.tmp"));
    std::filesystem::remove_all(dir);
}

TEST(BinaryDataset, MissingFileIsAnError) {
    const auto d = load_dataset("/nonexistent/data.bin");
    ASSERT_FALSE(d);
    EXPECT_NE(d.error().message.find("/nonexistent/data.bin"), std::string::npos);
}

struct Damage {
    const char* name;
    std::function<void(std::string&)> apply;
    const char* message;
};

class BinaryDatasetErrors : public ::testing::TestWithParam<Damage> {};

TEST_P(BinaryDatasetErrors, NameFileOffsetAndProblem) {
    const Dataset d = resolved_samples();
    std::string bytes = format_binary_dataset(d);
    GetParam().apply(bytes);
    const auto back = parse_binary_dataset(bytes, "set.bin");
    ASSERT_FALSE(back) << GetParam().name;
    EXPECT_EQ(back.error().message.rfind("set.bin: ", 0), 0u) << back.error().message;
    EXPECT_NE(back.error().message.find(GetParam().message), std::string::npos)
        << back.error().message;
}

void put_u32(std::string& b, std::size_t offset, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[offset + static_cast<std::size_t>(i)] = static_cast<char>(v >> (8 * i));
}

// Computed on first use inside a test, not by a static initialiser: resolving runs TBB tasks,
// which should not run before main (test discovery runs the program, too).
std::size_t resolved_count() {
    static const std::size_t count = resolved_samples().samples.size();
    return count;
}

INSTANTIATE_TEST_SUITE_P(
    Files, BinaryDatasetErrors,
    ::testing::Values(
        Damage{"magic", [](std::string& b) { b[1] = 'X'; }, "bad magic"},
        Damage{"header", [](std::string& b) { b.resize(40); }, "byte 40: truncated header"},
        Damage{"version", [](std::string& b) { put_u32(b, 8, 2); }, "version 2"},
        Damage{"flags", [](std::string& b) { put_u32(b, 12, 5); }, "unknown flags"},
        Damage{"layout", [](std::string& b) { b[32] = static_cast<char>(b[32] ^ 1); },
               "another weight layout"},
        Damage{"in samples", [](std::string& b) { b.resize(64 + 32 * 5 + 7); },
               "data ends in sample record 5"},
        Damage{"in leaves", [](std::string& b) { b.resize(64 + 32 * resolved_count() + 32 * 3); },
               "data ends in leaf record 3"},
        Damage{"in entries", [](std::string& b) { b.resize(b.size() - 6); },
               "data ends in coefficient entry"},
        Damage{"trailing", [](std::string& b) { b += "xyz"; }, "3 unexpected bytes"},
        Damage{"overlap",
               [](std::string& b) {
                   // Sample 2's black word gets a square of its white word.
                   b[64 + 64 + 8] = static_cast<char>(b[64 + 64 + 8] | b[64 + 64]);
                   b[64 + 64] = static_cast<char>(b[64 + 64] | 1);
                   b[64 + 64 + 8] = static_cast<char>(b[64 + 64 + 8] | 1);
               },
               "byte 128: sample 2: a square holds a white and a black piece"},
        Damage{"result", [](std::string& b) { b[64 + 32 + 30] = 3; }, "sample 1: result code 3"},
        Damage{"square 51", [](std::string& b) { b[64 + 6] = static_cast<char>(b[64 + 6] | 0x04); },
               "beyond square 50"},
        Damage{"leaf count",
               [](std::string& b) { put_u32(b, 64 + 32 * resolved_count() + 24, 1u << 30); },
               "leaf 0: its 1073741824 entries run past"}),
    [](const auto& p) {
        std::string name = p.param.name;
        for (char& c : name)
            if (c == ' ') c = '_';
        return name;
    });

}  // namespace
}  // namespace draughts::tuner
