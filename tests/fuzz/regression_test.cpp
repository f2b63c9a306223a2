// Replays every input kept for the fuzz targets through the same entry points as the libFuzzer
// programs: tests/fuzz/regressions/<target>/ holds the inputs that once crashed a front end or
// broke an invariant (each fixed since), tests/fuzz/corpus/<target>/ the hand-written seeds.
// Under the `asan` preset the sanitizers check these runs too.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_entries.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::fuzz {

/// Test names and messages show the target's name.
void PrintTo(const FuzzTarget& target, std::ostream* os) { *os << target.name; }

namespace {

namespace fs = std::filesystem;

fs::path fuzz_dir() { return testing::source_dir() / "tests" / "fuzz"; }

std::string read_bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The files of `dir` in name order (none when it does not exist).
std::vector<fs::path> files_in(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

class FuzzInputs : public ::testing::TestWithParam<FuzzTarget> {};

void replay_folder(const FuzzTarget& target, const fs::path& dir) {
    for (const fs::path& file : files_in(dir)) {
        SCOPED_TRACE(file.string());
        EXPECT_EQ(target.entry(read_bytes(file)), "");
    }
}

TEST_P(FuzzInputs, RegressionInputsHoldEveryInvariant) {
    replay_folder(GetParam(), fuzz_dir() / "regressions" / std::string(GetParam().name));
}

TEST_P(FuzzInputs, SeedInputsHoldEveryInvariant) {
    const fs::path dir = fuzz_dir() / "corpus" / std::string(GetParam().name);
    EXPECT_FALSE(files_in(dir).empty()) << "no seed inputs in " << dir;
    replay_folder(GetParam(), dir);
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzInputs,
                         ::testing::ValuesIn(fuzz_targets().begin(), fuzz_targets().end()),
                         [](const auto& test) { return std::string(test.param.name); });

TEST(FuzzInputs, EveryFolderNamesATarget) {
    std::set<std::string> names;
    for (const FuzzTarget& target : fuzz_targets()) names.insert(std::string(target.name));
    for (const char* kind : {"regressions", "corpus"}) {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(fuzz_dir() / kind, ec))
            EXPECT_TRUE(names.count(entry.path().filename().string()))
                << entry.path() << " is not the folder of a fuzz target";
    }
}

}  // namespace
}  // namespace draughts::fuzz
