// Slice files: what is written is read back, and a damaged file gives an error that names the
// file and what is wrong (never a crash); `verify` finds a value that does not follow from the
// moves even when the file's checksum is intact.

#include "egdb/slice_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <iterator>

#include "egdb/database.hpp"
#include "egdb/verifier.hpp"
#include "rules/fen.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::egdb {
namespace {

namespace fs = std::filesystem;

/// A fresh copy of the 3-piece test database, to damage.
fs::path copy_of_test_database(const std::string& name) {
    // The process id keeps two test runs at once (two builds, or a build and its sanitizer
    // build) out of each other's copies.
    const fs::path folder = fs::temp_directory_path() /
                            ("draughts-egdb-damage-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::copy(testing::test_database(3), folder);
    return folder;
}

std::string bytes_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

TEST(SliceFile, WrittenValuesReadBack) {
    const auto file = SliceFile::load(testing::test_database(3) / "KKvK.egdb", true);
    ASSERT_TRUE(file) << file.error().message;
    EXPECT_EQ(file->info().material, *Material::parse("KKvK"));
    EXPECT_EQ(file->info().positions, 117'600u);
    const auto bytes = file->decode_all();
    ASSERT_TRUE(bytes);
    EXPECT_EQ(bytes->size(), 117'600u);
}

TEST(SliceFile, AFailedWriteLeavesNoTemporaryFile) {
    const auto file = SliceFile::load(testing::test_database(3) / "KvK.egdb", true);
    ASSERT_TRUE(file) << file.error().message;
    const auto bytes = file->decode_all();
    ASSERT_TRUE(bytes);
    // The slice's name is taken by a folder with a file in it: the rename into place fails.
    const fs::path folder =
        fs::temp_directory_path() / ("draughts-egdb-write-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder / "KvK.egdb");
    write_bytes(folder / "KvK.egdb" / "inside", "x");
    const auto written = write_slice_file(folder / "KvK.egdb", file->info().material, *bytes);
    EXPECT_FALSE(written);
    EXPECT_FALSE(fs::exists(folder / "KvK.egdb.tmp"));
    fs::remove_all(folder);
}

struct Damage {
    const char* what;
    std::size_t offset;  ///< byte to change (from the start, or from the end when negative)
    bool from_end;
    const char* message;  ///< part of the expected error
};

TEST(SliceFile, DamagedFilesAreRefusedWithTheFileNamed) {
    const Damage damages[] = {
        {"magic", 0, false, "not an endgame database slice"},
        {"version", 8, false, "format version"},
        {"rules", 12, false, "not the FMJD counting rules"},
        {"material", 21, false, "no slice this program knows"},
        {"positions", 25, false, "do not fit slice"},
        {"block table", 130, false, "block table"},
        {"a compressed byte", 40, true, "checksum mismatch"},
    };
    for (const Damage& d : damages) {
        const fs::path folder = copy_of_test_database(d.what);
        const fs::path path = folder / "KKvK.egdb";
        std::string bytes = bytes_of(path);
        bytes[d.from_end ? bytes.size() - d.offset : d.offset] ^= 0x5a;
        write_bytes(path, bytes);
        const auto file = SliceFile::load(path, true);
        ASSERT_FALSE(file) << d.what;
        EXPECT_NE(file.error().message.find(path.string()), std::string::npos) << d.what;
        EXPECT_NE(file.error().message.find(d.message), std::string::npos)
            << d.what << ": " << file.error().message;
        const auto db = Database::open(folder);
        EXPECT_FALSE(db) << d.what;
        fs::remove_all(folder);
    }
}

TEST(SliceFile, TruncatedAndEmptyFilesAreRefused) {
    const fs::path folder = copy_of_test_database("truncated");
    const fs::path path = folder / "KMvK.egdb";
    const std::string bytes = bytes_of(path);
    for (const std::size_t size : {std::size_t{0}, std::size_t{100}, bytes.size() - 1}) {
        write_bytes(path, bytes.substr(0, size));
        const auto file = SliceFile::load(path, false);
        ASSERT_FALSE(file) << size;
        EXPECT_NE(file.error().message.find("KMvK.egdb"), std::string::npos);
    }
    fs::remove_all(folder);
}

TEST(SliceFile, AProbeOfADamagedBlockIsAnErrorNotACrash) {
    const fs::path folder = copy_of_test_database("block");
    const fs::path path = folder / "KKvK.egdb";
    std::string bytes = bytes_of(path);
    bytes[bytes.size() - 40] ^= 0x5a;  // inside the last block's zstd frame
    write_bytes(path, bytes);
    OpenOptions options;
    options.check_sums = false;
    const auto db = Database::open(folder, options);
    ASSERT_TRUE(db) << db.error().message;
    int errors = 0;
    for (const char* fen : {"W:WK1,K2:BK50", "B:WK44,K49:BK50", "W:WK45,K49:BK50"}) {
        const auto value = (*db)->probe(*rules::parse_fen(fen));
        if (!value) {
            ++errors;
            EXPECT_NE(value.error().message.find("KKvK.egdb"), std::string::npos);
        }
    }
    EXPECT_GT(errors, 0);
    fs::remove_all(folder);
}

TEST(Verify, AnIntactDatabaseIsConsistent) {
    const auto report = verify_database(testing::test_database(3), {});
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_TRUE(report->ok());
    EXPECT_EQ(report->slices.size(), 9u);
}

TEST(Verify, AValueChangedUnderAValidChecksumIsFound) {
    const fs::path folder = copy_of_test_database("inconsistent");
    const fs::path path = folder / "KMvK.egdb";
    auto file = SliceFile::load(path, true);
    ASSERT_TRUE(file);
    auto bytes = file->decode_all();
    // A win in 1 plies (a capture of the lone king) turned into a draw.
    const auto it = std::find(bytes->begin(), bytes->end(), Value::win(1).byte());
    ASSERT_NE(it, bytes->end());
    *it = Value::draw().byte();
    ASSERT_TRUE(write_slice_file(path, file->info().material, *bytes));
    const auto report = verify_database(folder, {});
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_FALSE(report->ok());
    const auto kmvk = std::find_if(report->slices.begin(), report->slices.end(),
                                   [](const SliceCheck& c) { return c.material.name() == "KMvK"; });
    ASSERT_NE(kmvk, report->slices.end());
    const SliceCheck& check = *kmvk;
    // The changed position, and positions whose values rest on it.
    EXPECT_GE(check.inconsistent, 1u);
    ASSERT_FALSE(check.examples.empty());
    EXPECT_NE(check.examples.front().find("stored draw"), std::string::npos)
        << check.examples.front();
    fs::remove_all(folder);
}

TEST(Verify, AMissingSliceIsNamed) {
    const fs::path folder = copy_of_test_database("missing");
    fs::remove(folder / "KvK.egdb");
    const auto report = verify_database(folder, {});
    ASSERT_FALSE(report);
    EXPECT_NE(report.error().message.find("needs slice KvK"), std::string::npos)
        << report.error().message;
    fs::remove_all(folder);
}

}  // namespace
}  // namespace draughts::egdb
