// The files an SPSA run keeps between sessions: state.json reads back exactly (17 digits), and
// spsa.csv keeps its header and the state's rows when a crash left more (or half a row).

#include "spsa/spsa_state.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/file_io.hpp"

namespace draughts::spsa {
namespace {

namespace fs = std::filesystem;

const std::vector<SpsaParameter> kParameters{{"x", true, 60, 0, 100, 4, 0.002},
                                             {"y", false, 0.5, -1, 1, 0.05, 0.002}};

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("spsa_state_test_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

TEST(SpsaState, ReadsBackExactly) {
    const fs::path file = scratch("state") / kStateFile;
    SpsaState state;
    state.applied = 12;
    state.recent = {{60.123456789012345, 0.1 + 0.2}, {59.98, -1.0 / 3.0}};
    state.wins = 5;
    state.draws = 11;
    state.losses = 8;
    state.seconds = 12.5;
    state.trajectory_sha256 = "abc";
    ASSERT_TRUE(write_state(file, state));
    const auto read = read_state(file);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(*read, state);
}

TEST(SpsaState, DamagedFilesAreNamed) {
    const fs::path file = scratch("damaged") / kStateFile;
    ASSERT_TRUE(write_file_atomically(file, "{\"version\": 1, \"applied\": 3}"));
    const auto read = read_state(file);
    ASSERT_FALSE(read);
    EXPECT_NE(read.error().message.find(file.string()), std::string::npos);
}

TEST(SpsaCsv, RowsReadBack) {
    CsvRow row{3, 1, 2, 1, {60.5, 0.25}, {4.2, 0.05}, {0.03, 0.0001}};
    const std::string text = csv_header(kParameters) + "\n" + csv_line(row) + "\n";
    EXPECT_EQ(csv_header(kParameters), "iteration,wins,draws,losses,x,x:c_k,x:a_k,y,y:c_k,y:a_k");
    std::vector<std::string> names;
    const auto rows = parse_csv(text, "spsa.csv", &names);
    ASSERT_TRUE(rows) << rows.error().message;
    ASSERT_EQ(rows->size(), 1u);
    EXPECT_EQ((*rows)[0].theta, row.theta);
    EXPECT_EQ((*rows)[0].a_k, row.a_k);
    EXPECT_EQ(names, (std::vector<std::string>{"x", "y"}));
    const auto bad = parse_csv(text + "4,1,2\n", "spsa.csv");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("spsa.csv:3: expected 10 fields, got 3"), std::string::npos)
        << bad.error().message;
}

TEST(SpsaCsv, OpeningKeepsTheRowsTheStateCounts) {
    const fs::path file = scratch("csv") / kCsvFile;
    {
        auto csv = CsvFile::open(file, kParameters, 0);
        ASSERT_TRUE(csv) << csv.error().message;
        for (int k = 1; k <= 3; ++k)
            ASSERT_TRUE(csv->append({k, 1, 0, 1, {60, 0.5}, {4, 0.05}, {0.1, 0.01}}));
    }
    {
        std::ofstream torn(file, std::ios::app);
        torn << "4,1,0";  // half a row, as a crash leaves it
    }
    auto reopened = CsvFile::open(file, kParameters, 2);
    ASSERT_TRUE(reopened) << reopened.error().message;
    const auto rows = parse_csv(*read_whole_file(file), "spsa.csv");
    ASSERT_TRUE(rows);
    EXPECT_EQ(rows->size(), 2u);
    // A state past the file's rows means the file was lost: refused.
    const auto refused = CsvFile::open(file, kParameters, 5);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("has 2 complete rows, the state 5"), std::string::npos)
        << refused.error().message;
    // Another run's header is refused too.
    const auto other = CsvFile::open(file, {kParameters[0]}, 1);
    ASSERT_FALSE(other);
    EXPECT_NE(other.error().message.find("header"), std::string::npos);
}

}  // namespace
}  // namespace draughts::spsa
