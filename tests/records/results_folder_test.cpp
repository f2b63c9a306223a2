// The results folder: pairs committed to games.pdn and games.jsonl, torn ends after a crash cut
// on reopening so both files agree game for game, damage before the end refused, one writer only.

#include "records/results_folder.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "records/game_line.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

class ResultsFolderTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("draughts-results-test-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    static std::array<std::string, 2> pdn_of(std::uint64_t pair) {
        return {"[Round \"" + std::to_string(2 * pair + 1) + "\"]\n\n1. 32-28 *\n\n",
                "[Round \"" + std::to_string(2 * pair + 2) + "\"]\n\n1. 33-29 *\n\n"};
    }
    static std::array<Json, 2> lines_of(std::uint64_t pair) {
        std::array<Json, 2> lines;
        for (int k = 0; k < 2; ++k)
            lines[static_cast<std::size_t>(k)] =
                Json{{line_key::kPair, pair}, {line_key::kPairGame, k}, {"result", "1-1"}};
        return lines;
    }
    void append(ResultsFolder& folder, std::uint64_t pair) {
        auto lines = lines_of(pair);
        ASSERT_TRUE(folder.append_pair(pdn_of(pair), lines));
    }
    void append_raw(const char* file, const std::string& text) {
        std::ofstream(dir_ / file, std::ios::app | std::ios::binary) << text;
    }
    std::string read(const char* file) {
        std::ifstream in(dir_ / file, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }
    /// Creates the folder with pairs 0..n-1 committed, then closes it.
    void make_folder(std::uint64_t n) {
        auto folder = ResultsFolder::create(dir_, "event: x\n");
        ASSERT_TRUE(folder) << folder.error().message;
        for (std::uint64_t p = 0; p < n; ++p) append(*folder, p);
    }
    void expect_pairs(const StoredRun& run, std::uint64_t n) {
        ASSERT_EQ(run.pairs.size(), n);
        std::string pdn;
        for (std::uint64_t p = 0; p < n; ++p) {
            for (std::size_t k = 0; k < 2; ++k) {
                EXPECT_EQ(run.pairs[p][k].pair, p);
                EXPECT_EQ(run.pairs[p][k].game, static_cast<int>(k));
                EXPECT_EQ(run.pairs[p][k].pdn, pdn_of(p)[k]);
                pdn += pdn_of(p)[k];
            }
        }
        EXPECT_EQ(run.pdn_bytes, pdn.size());
    }

    fs::path dir_;
};

TEST_F(ResultsFolderTest, CommittedPairsReadBack) {
    make_folder(3);
    const auto run = read_results(dir_);
    ASSERT_TRUE(run) << run.error().message;
    expect_pairs(*run, 3);
    EXPECT_EQ(run->dropped_lines, 0u);
    EXPECT_EQ(read(kConfigFile), "event: x\n");
    EXPECT_EQ(
        run->pairs[1][1].line.at(line_key::kPdnOffset).get<std::int64_t>(),
        static_cast<std::int64_t>(pdn_of(0)[0].size() + pdn_of(0)[1].size() + pdn_of(1)[0].size()));
}

// Rank 0 of a distributed run stores the lines its workers rendered as text: the stored line
// must be byte for byte what the JSON overload stores, and not-an-object text is refused.
TEST_F(ResultsFolderTest, LinesGivenAsTextAreStoredLikeJsonLines) {
    const fs::path json_dir = dir_.string() + "-json";
    fs::remove_all(json_dir);
    auto by_text = ResultsFolder::create(dir_, "event: x\n");
    auto by_json = ResultsFolder::create(json_dir, "event: x\n");
    ASSERT_TRUE(by_text && by_json);
    for (std::uint64_t p = 0; p < 3; ++p) {
        const auto lines = lines_of(p);
        std::array<std::string, 2> texts{dump_json(lines[0]), dump_json(lines[1])};
        ASSERT_TRUE(by_text->append_pair(pdn_of(p), texts));
        ASSERT_TRUE(by_json->append_pair(pdn_of(p), lines));
        // The texts are now the stored lines: with the PDN keys, which read back.
        const auto stored = parse_json(texts[1], "line");
        ASSERT_TRUE(stored) << texts[1];
        EXPECT_EQ(stored->at(line_key::kPdnBytes).get<std::size_t>(), pdn_of(p)[1].size());
    }
    std::ifstream json_file(json_dir / kJsonlFile, std::ios::binary);
    std::ostringstream expected;
    expected << json_file.rdbuf();
    EXPECT_EQ(read(kJsonlFile), expected.str());
    // An empty object gets the keys alone.
    std::array<std::string, 2> empty{"{}", "{}"};
    ASSERT_TRUE(by_text->append_pair(pdn_of(3), empty));
    EXPECT_EQ(empty[0].substr(0, 14), "{\"pdn_offset\":");
    for (const char* bad : {"", "[1]", "{\"a\":1", "x"}) {
        std::array<std::string, 2> lines{bad, "{}"};
        const auto ok = by_text->append_pair(pdn_of(4), lines);
        ASSERT_FALSE(ok) << bad;
        EXPECT_NE(ok.error().message.find("not a JSON object"), std::string::npos);
    }
    fs::remove_all(json_dir);
}

TEST_F(ResultsFolderTest, ReopeningCutsATornEndFromBothFiles) {
    make_folder(2);
    const std::string good_jsonl = read(kJsonlFile);
    const std::string good_pdn = read(kPdnFile);
    // A crash while committing pair 2: its PDN made it, its lines only partly.
    append_raw(kPdnFile, pdn_of(2)[0] + pdn_of(2)[1]);
    const std::string lines = dump_json(lines_of(2)[0]) + "\n" + dump_json(lines_of(2)[1]) + "\n";
    append_raw(kJsonlFile, lines.substr(0, lines.size() / 2 + 7));
    StoredRun stored;
    auto folder = ResultsFolder::open(dir_, stored);
    ASSERT_TRUE(folder) << folder.error().message;
    expect_pairs(stored, 2);
    EXPECT_EQ(stored.dropped_lines, 2u);  // game 0 without game 1, then a torn line
    EXPECT_EQ(read(kJsonlFile), good_jsonl);
    EXPECT_EQ(read(kPdnFile), good_pdn);
    // The run goes on from there.
    append(*folder, 2);
    const auto run = read_results(dir_);
    ASSERT_TRUE(run);
    expect_pairs(*run, 3);
}

TEST_F(ResultsFolderTest, ReopeningDropsPdnOfAPairWithoutLines) {
    make_folder(1);
    const std::string good_pdn = read(kPdnFile);
    append_raw(kPdnFile, pdn_of(1)[0].substr(0, 10));
    StoredRun stored;
    ASSERT_TRUE(ResultsFolder::open(dir_, stored));
    expect_pairs(stored, 1);
    EXPECT_EQ(read(kPdnFile), good_pdn);
}

TEST_F(ResultsFolderTest, EveryCutOfTheLastCommitLeavesTheCommittedPairs) {
    make_folder(2);
    const std::string jsonl = read(kJsonlFile);
    const std::string pdn = read(kPdnFile);
    const std::size_t jsonl_one = jsonl.find('\n', jsonl.find('\n') + 1) + 1;  // after pair 0
    for (std::size_t cut = jsonl_one; cut < jsonl.size(); cut += 9) {
        const auto run = scan_results(std::string_view(jsonl).substr(0, cut), pdn, "games.jsonl");
        ASSERT_TRUE(run) << cut << ": " << run.error().message;
        expect_pairs(*run, 1);
        EXPECT_EQ(run->jsonl_bytes, jsonl_one);
    }
}

TEST_F(ResultsFolderTest, DamageBeforeTheEndIsAnError) {
    make_folder(3);
    std::string jsonl = read(kJsonlFile);
    jsonl[jsonl.find('\n') + 3] = '#';  // inside the second line (pair 0, game 1)
    const auto run = scan_results(jsonl, read(kPdnFile), "games.jsonl");
    ASSERT_FALSE(run);
    EXPECT_NE(run.error().message.find("games.jsonl:2"), std::string::npos) << run.error().message;
}

TEST_F(ResultsFolderTest, HostileLinesAreErrorsNamingTheLine) {
    make_folder(2);
    const std::string jsonl = read(kJsonlFile);
    const std::size_t second = jsonl.find('\n') + 1;
    const std::size_t third = jsonl.find('\n', second) + 1;
    const std::string huge = "18446744073709551615";
    for (const std::string& line :
         {std::string("[1, 2]"), std::string("\"text\""), std::string("null"),
          std::string(100000, '['), std::string(R"({"pair": 1e999})"),
          std::string(R"({"pair": "0", "pair_game": 1, "pdn_offset": 0, "pdn_bytes": 1})"),
          std::string(R"({"pair": -1, "pair_game": 1, "pdn_offset": 0, "pdn_bytes": 1})"),
          std::string(R"({"pair": 0, "pair_game": 1.0, "pdn_offset": 0, "pdn_bytes": 1})"),
          std::string(R"({"pair": 0, "pair_game": 2, "pdn_offset": 0, "pdn_bytes": 1})"),
          R"({"pair": 0, "pair_game": 1, "pdn_offset": )" + huge + R"(, "pdn_bytes": )" + huge +
              "}"}) {
        const std::string damaged = jsonl.substr(0, second) + line + "\n" + jsonl.substr(third);
        const auto run = scan_results(damaged, read(kPdnFile), "games.jsonl");
        ASSERT_FALSE(run) << line.substr(0, 80);
        EXPECT_EQ(run.error().message.rfind("games.jsonl:2: ", 0), 0U) << run.error().message;
    }
}

TEST_F(ResultsFolderTest, APairRecordedTwiceIsAnError) {
    make_folder(1);
    StoredRun stored;
    auto folder = ResultsFolder::open(dir_, stored);
    ASSERT_TRUE(folder);
    append(*folder, 0);
    const auto run = read_results(dir_);
    ASSERT_FALSE(run);
    EXPECT_NE(run.error().message.find("recorded twice"), std::string::npos);
}

TEST_F(ResultsFolderTest, RefusesToCreateOverAnotherRun) {
    make_folder(1);
    const auto again = ResultsFolder::create(dir_, "event: y\n");
    ASSERT_FALSE(again);
    EXPECT_NE(again.error().message.find("--resume"), std::string::npos);
}

TEST_F(ResultsFolderTest, OnlyOneRunWritesToAFolder) {
    auto first = ResultsFolder::create(dir_, "event: x\n");
    ASSERT_TRUE(first);
    StoredRun stored;
    const auto second = ResultsFolder::open(dir_, stored);
    ASSERT_FALSE(second);
    EXPECT_NE(second.error().message.find("another run"), std::string::npos);
}

TEST_F(ResultsFolderTest, TheLockHoldsWhenConfigYamlIsReplaced) {
    auto first = ResultsFolder::create(dir_, "event: x\n");
    ASSERT_TRUE(first);
    ASSERT_TRUE(first->write_config("event: y\n"));
    EXPECT_EQ(read(kConfigFile), "event: y\n");
    StoredRun stored;
    const auto second = ResultsFolder::open(dir_, stored);
    ASSERT_FALSE(second);
    EXPECT_NE(second.error().message.find("another run"), std::string::npos);
}

TEST_F(ResultsFolderTest, OpensOnlyAResultsFolder) {
    fs::create_directories(dir_);
    StoredRun stored;
    const auto opened = ResultsFolder::open(dir_, stored);
    ASSERT_FALSE(opened);
    EXPECT_NE(opened.error().message.find("not a results folder"), std::string::npos);
    EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(ResultsFolderTest, SummaryIsReplacedWhole) {
    auto folder = ResultsFolder::create(dir_, "event: x\n");
    ASSERT_TRUE(folder);
    ASSERT_TRUE(folder->write_summary(Json{{"games", 10}}));
    ASSERT_TRUE(folder->write_summary(Json{{"games", 12}}));
    EXPECT_EQ(read(kSummaryFile), "{\n  \"games\": 12\n}\n");
    EXPECT_FALSE(fs::exists(dir_ / (std::string(kSummaryFile) + ".tmp")));
}

}  // namespace
}  // namespace draughts::harness
