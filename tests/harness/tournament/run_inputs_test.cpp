// The input files of a match: the book, weights and programs are hashed with their real paths
// (symbolic links resolved, a program name found in PATH), and every kind of change is named.

#include "harness/tournament/run_inputs.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "common/sha256.hpp"
#include "egdb/database_digest.hpp"
#include "harness/openings/builtin_books.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/egdb_databases.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

/// Sets PATH for the life of the object.
class PathVariable {
  public:
    explicit PathVariable(const std::string& value) {
        const char* old = std::getenv("PATH");
        old_ = old != nullptr ? old : "";
        ::setenv("PATH", value.c_str(), 1);
    }
    ~PathVariable() { ::setenv("PATH", old_.c_str(), 1); }
    PathVariable(const PathVariable&) = delete;
    PathVariable& operator=(const PathVariable&) = delete;

  private:
    std::string old_;
};

TEST(RunInputs, HashesTheBookWeightsAndProgramsAtTheirRealPaths) {
    const testing::TempFolder folder("draughts-inputs");
    const fs::path book = folder.write("book.fen", "W:W31-50:B1-20\n");
    fs::create_symlink(book, folder.path() / "link.fen");
    const fs::path weights = testing::source_dir() / "configs" / "engines" / "default.yaml";
    const PathVariable path(testing::mock_binary("hub_normal").parent_path().string() + ":" +
                            (std::getenv("PATH") != nullptr ? std::getenv("PATH") : ""));
    const std::string yaml =
        "openings: {file: link.fen}\nengines:\n  - {name: a, weights: " + weights.string() +
        "}\n  - {name: b, kind: hub, command: hub_normal}\n";
    const auto config = parse_match_config(yaml, "m.yaml", folder.path(), {});
    ASSERT_TRUE(config) << config.error().message;
    const auto inputs = hash_inputs(*config);
    ASSERT_TRUE(inputs) << inputs.error().message;
    const fs::path self = fs::canonical("/proc/self/exe");
    const fs::path mock = fs::canonical(testing::mock_binary("hub_normal"));
    const std::vector<std::pair<std::string, fs::path>> expected{
        {"openings", fs::canonical(book)},
        {"engine 'a' program", self},
        {"engine 'a' weights", fs::canonical(weights)},
        {"engine 'b' program", mock}};
    ASSERT_EQ(inputs->size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ((*inputs)[i].what, expected[i].first);
        EXPECT_EQ((*inputs)[i].path, expected[i].second.string());
        EXPECT_EQ((*inputs)[i].sha256, *sha256_file(expected[i].second));
    }
}

TEST(RunInputs, ABuiltInBookIsHashedByItsText) {
    const auto config =
        parse_match_config("engines: [{name: a}, {name: b}]\n", "m.yaml", fs::current_path(), {});
    ASSERT_TRUE(config) << config.error().message;
    ASSERT_EQ(config->openings.file, std::string(kDefaultBook));
    const auto inputs = hash_inputs(*config);
    ASSERT_TRUE(inputs) << inputs.error().message;
    ASSERT_EQ(inputs->size(), 3u);  // the book and each engine's program
    EXPECT_EQ((*inputs)[0].what, "openings");
    EXPECT_EQ((*inputs)[0].path, std::string(kDefaultBook));
    EXPECT_EQ((*inputs)[0].sha256, sha256_hex(*builtin_book_text(kDefaultBook)));
}

TEST(RunInputs, EndgameDatabasesAreHashedByTheirSlicesChecksums) {
    // A built-in engine's `egdb:` and the adjudication's database are inputs too, hashed by
    // egdb::database_digest (the slices' checksums, not the bytes of a folder).
    const fs::path db = fs::canonical(testing::test_database(2));
    const std::string yaml = "adjudication: {egdb: {path: " + db.string() +
                             "}}\nengines:\n  - {name: a, egdb: " + db.string() +
                             "}\n  - {name: b}\n";
    const auto config = parse_match_config(yaml, "m.yaml", fs::current_path(), {});
    ASSERT_TRUE(config) << config.error().message;
    const auto inputs = hash_inputs(*config);
    ASSERT_TRUE(inputs) << inputs.error().message;
    const auto digest = egdb::database_digest(db);
    ASSERT_TRUE(digest) << digest.error().message;
    std::vector<std::string> with_digest;
    for (const InputFile& input : *inputs)
        if (input.path == db.string()) {
            EXPECT_EQ(input.sha256, *digest) << input.what;
            with_digest.push_back(input.what);
        }
    EXPECT_EQ(with_digest, (std::vector<std::string>{"adjudication egdb", "engine 'a' egdb"}));
}

TEST(RunInputs, NamesEveryKindOfChange) {
    const std::string a(64, 'a');
    const std::string b(64, 'b');
    const std::vector<InputFile> recorded{{"openings", "/b.fen", a},
                                          {"engine 'x' program", "/x1", a},
                                          {"engine 'y' weights", "/y", a}};
    EXPECT_TRUE(input_changes(recorded, recorded).empty());
    // Moved with the same content: no change.
    EXPECT_TRUE(input_changes(recorded, {{"openings", "/c.fen", a},
                                         {"engine 'x' program", "/x1", a},
                                         {"engine 'y' weights", "/y", a}})
                    .empty());
    const auto changes = input_changes(
        recorded, {{"openings", "/b.fen", b}, {"engine 'x' program", "/x2", b}, {"new", "/n", a}});
    const std::vector<std::string> expected{
        "openings /b.fen: SHA-256 was " + a + ", is now " + b,
        "engine 'x' program: was /x1 (SHA-256 " + a + "), is now /x2 (SHA-256 " + b + ")",
        "new /n: not recorded when the run started (SHA-256 now " + a + ")",
        "engine 'y' weights /y: recorded when the run started, no longer an input"};
    EXPECT_EQ(changes, expected);
}

TEST(RunInputs, AnUnreadableInputIsAnErrorNamingIt) {
    const testing::TempFolder folder("draughts-inputs");
    const fs::path book = folder.write("book.fen", "W:W31-50:B1-20\n");
    const auto config =
        parse_match_config("openings: {file: book.fen}\nengines: [{name: a}, {name: b}]\n",
                           "m.yaml", folder.path(), {});
    ASSERT_TRUE(config) << config.error().message;
    fs::remove(book);
    const auto inputs = hash_inputs(*config);
    ASSERT_FALSE(inputs);
    EXPECT_NE(inputs.error().message.find("openings: " + book.string()), std::string::npos)
        << inputs.error().message;
}

}  // namespace
}  // namespace draughts::harness
