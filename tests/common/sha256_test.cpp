// SHA-256 of text and files: the FIPS 180-2 test vectors, a file read in several blocks equals
// the hash of its bytes, and unreadable paths are errors naming the file.

#include "common/sha256.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace draughts {
namespace {

namespace fs = std::filesystem;

TEST(Sha256, MatchesThePublishedTestVectors) {
    const struct {
        std::string input;
        std::string hash;
    } cases[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    };
    for (const auto& c : cases) EXPECT_EQ(sha256_hex(c.input), c.hash) << c.input;
}

TEST(Sha256, AFileHashesLikeItsBytes) {
    const fs::path file =
        fs::temp_directory_path() / ("draughts-sha256-" + std::to_string(::getpid()));
    std::string bytes;
    for (int i = 0; i < 200000; ++i) bytes += static_cast<char>(i * 7 % 256);  // several blocks
    std::ofstream(file, std::ios::binary) << bytes;
    const auto hash = sha256_file(file);
    fs::remove(file);
    ASSERT_TRUE(hash) << hash.error().message;
    EXPECT_EQ(*hash, sha256_hex(bytes));
}

TEST(Sha256, UnreadablePathsAreErrorsNamingThem) {
    const auto missing = sha256_file("/nonexistent/book.fen");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("/nonexistent/book.fen: cannot read"), std::string::npos)
        << missing.error().message;
    const auto folder = sha256_file(fs::temp_directory_path());
    ASSERT_FALSE(folder);
    EXPECT_NE(folder.error().message.find("is a directory"), std::string::npos);
}

}  // namespace
}  // namespace draughts
