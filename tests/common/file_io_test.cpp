// Whole-file reads and the atomic, durable replacement of files.

#include "common/file_io.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <string>

#include "common/unique_fd.hpp"
#include "tests/support/command_runner.hpp"

namespace draughts {
namespace {

namespace fs = std::filesystem;

TEST(FileIo, AtomicWriteThenReadGivesTheSameBytes) {
    const testing::TempFolder folder("file-io");
    const fs::path path = folder.path() / "data.bin";
    const std::string bytes = std::string("line 1\n\0binary\xff", 15);
    ASSERT_TRUE(write_file_atomically(path, bytes));
    const auto read = read_whole_file(path);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(*read, bytes);
}

TEST(FileIo, AtomicWriteReplacesTheFileAndLeavesNoTemporary) {
    const testing::TempFolder folder("file-io");
    const fs::path path = folder.write("summary.json", "old, longer content");
    ASSERT_TRUE(write_file_atomically(path, "new"));
    EXPECT_EQ(*read_whole_file(path), "new");
    EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
}

TEST(FileIo, AtomicWriteIntoAMissingFolderNamesTheFile) {
    const testing::TempFolder folder("file-io");
    const fs::path path = folder.path() / "missing" / "out.txt";
    const auto written = write_file_atomically(path, "x");
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().message.find(path.string() + ".tmp: cannot create: "),
              std::string::npos)
        << written.error().message;
}

TEST(FileIo, AFailedRenameLeavesNoTemporaryFile) {
    // A folder (not empty) where the file should go: the rename over it fails.
    const testing::TempFolder folder("file-io");
    const fs::path path = folder.path() / "summary.json";
    fs::create_directory(path);
    folder.write("summary.json/inside", "x");
    const auto written = write_file_atomically(path, "new");
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().message.find("summary.json: rename failed"), std::string::npos)
        << written.error().message;
    EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
}

/// Limits the size of files this process writes (RLIMIT_FSIZE) while it lives: a write beyond it
/// fails with EFBIG (SIGXFSZ ignored), as on a full disk.
class FileSizeLimit {
  public:
    explicit FileSizeLimit(rlim_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &saved_);
        previous_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = saved_;
        limit.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &saved_);
        std::signal(SIGXFSZ, previous_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

  private:
    rlimit saved_{};
    void (*previous_)(int) = nullptr;
};

TEST(FileIo, AFailedWriteLeavesNoTemporaryFileAndTheOldContent) {
    const testing::TempFolder folder("file-io");
    const fs::path path = folder.write("summary.json", "old");
    Expected<void> written;
    {
        const FileSizeLimit limit(1000);
        written = write_file_atomically(path, std::string(5000, 'x'));
    }
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().message.find("summary.json.tmp: write failed: "), std::string::npos)
        << written.error().message;
    EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
    EXPECT_EQ(*read_whole_file(path), "old");
}

TEST(FileIo, ReadingAMissingFileNamesIt) {
    const auto read = read_whole_file("/nonexistent/file.txt");
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().message,
              "/nonexistent/file.txt: cannot open for reading: No such file or directory");
}

TEST(FileIo, ReadingAFolderIsAnErrorNotAnException) {
    // libstdc++'s streams throw from the failed read of a folder; the reader returns an error.
    const testing::TempFolder folder("file-io");
    const auto read = read_whole_file(folder.path());
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().message, folder.path().string() + ": is a directory, not a file");
}

TEST(FileIo, WriteAllAppendsEverything) {
    const testing::TempFolder folder("file-io");
    const fs::path path = folder.write("log.txt", "a");
    const UniqueFd fd(::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC));
    ASSERT_TRUE(fd);
    const std::string big(1 << 20, 'b');
    ASSERT_TRUE(write_all(fd.get(), big, path));
    EXPECT_EQ(read_whole_file(path)->size(), big.size() + 1);
}

TEST(FileIo, WriteAllToAClosedDescriptorNamesTheFile) {
    const auto written = write_all(-1, "x", "somewhere.txt");
    ASSERT_FALSE(written);
    EXPECT_EQ(written.error().message.rfind("somewhere.txt: write failed: ", 0), 0u)
        << written.error().message;
}

}  // namespace
}  // namespace draughts
