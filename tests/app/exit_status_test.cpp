// Every subcommand of the real `draughts` program answers usage and input errors the same way:
// exit status 2, one message on stderr that starts with the command's name and says what was
// wrong, and nothing on stdout (docs/exit-statuses.md).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/command_runner.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;

using testing::RunResult;

/// One mistake: the command line (in a scratch folder holding the files below) and a part of
/// the message it must print.
struct Mistake {
    const char* name;
    std::vector<std::string> args;
    std::string message;
    bool reports = false;  ///< the command's report still goes to stdout (pdn's summary)
};

void PrintTo(const Mistake& m, std::ostream* os) { *os << m.name; }

/// Files the mistakes refer to, written into each test's folder.
constexpr const char* kBadGame = "[Event \"x\"]\n1. 32-29 *\n";
constexpr const char* kPositions = "W:W31-50:B1-20 0.5\n";

class ExitStatus : public ::testing::TestWithParam<Mistake> {
  protected:
    void SetUp() override {
        folder_.write("bad.pdn", kBadGame);
        folder_.write("positions.txt", kPositions);
        fs::create_directory(folder_.path() / "folder");
    }
    testing::TempFolder folder_{"draughts_exit"};
};

TEST_P(ExitStatus, IsTwoWithAMessage) {
    const RunResult r = testing::run_draughts(folder_.path(), GetParam().args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(GetParam().message), std::string::npos) << r.err;
    if (!GetParam().reports) {
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    // One clear message, not CLI11's help text.
    EXPECT_EQ(r.err.find("Subcommands:"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("Options:"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    EveryCommand, ExitStatus,
    ::testing::Values(
        Mistake{"no_subcommand", {}, "draughts: no subcommand given; the subcommands are: perft"},
        Mistake{"unknown_subcommand",
                {"frobnicate"},
                "draughts: unknown subcommand 'frobnicate'; the subcommands are: perft, match"},
        Mistake{"misspelt_subcommand", {"perf", "x"}, "(did you mean 'perft'?)"},
        Mistake{"wrong_case", {"Match"}, "unknown subcommand 'Match' (did you mean 'match'?)"},
        Mistake{"unknown_dataset_subcommand",
                {"dataset", "frob"},
                "draughts dataset: unknown subcommand 'frob'; the subcommands are: convert, info"},
        Mistake{"unknown_option", {"sprt", "--frob", "1"}, "--frob"},
        Mistake{"perft_bad_fen", {"perft", "W:W31-50:B1-20,55", "3"}, "draughts perft: "},
        Mistake{"perft_no_depth", {"perft", "W:W31-50:B1-20"}, "depth is required"},
        Mistake{"match_missing_config", {"match", "missing.yaml"}, "draughts match: "},
        Mistake{"merge_missing_folder", {"merge", "missing"}, "draughts merge: "},
        Mistake{"report_not_a_results_folder",
                {"report", "folder"},
                "draughts report: folder: not a results folder"},
        Mistake{"game_bad_fen", {"game", "--fen", "W:W:B1"}, "draughts game: "},
        Mistake{"pdn_missing_file", {"pdn", "missing.pdn"}, "missing.pdn: cannot open", true},
        Mistake{"pdn_bad_game", {"pdn", "bad.pdn"}, "error: bad.pdn:2: game starting", true},
        Mistake{"pdn_folder", {"pdn", "folder"}, "error: folder: is a directory", true},
        Mistake{"sprt_bad_counts", {"sprt", "--wdl", "x"}, "draughts sprt: --wdl"},
        Mistake{"book_bad_root", {"book", "--from", "W:W55"}, "draughts book: --from"},
        Mistake{"book_unwritable_output",
                {"book", "--plies", "1", "--output", "folder/missing/book.fen"},
                "draughts book: cannot write folder/missing/book.fen"},
        Mistake{"hub_missing_weights",
                {"hub", "--weights", "missing.yaml"},
                "draughts hub: --weights: missing.yaml"},
        Mistake{"dxp_no_peer", {"dxp"}, "draughts dxp: give exactly one of --connect"},
        Mistake{"dxp_nobody_listens",
                {"dxp", "--connect", "127.0.0.1:1", "--connect-timeout", "0.2"},
                "draughts dxp: "},
        Mistake{
            "bench_missing_weights", {"bench", "--weights", "missing.yaml"}, "draughts bench: "},
        Mistake{"dataset_missing_input",
                {"dataset", "convert", "missing.txt", "out.bin"},
                "draughts dataset: "},
        Mistake{"dataset_convert_onto_itself",
                {"dataset", "convert", "positions.txt", "./positions.txt"},
                "draughts dataset: ./positions.txt is the input file"},
        Mistake{"dataset_info_missing", {"dataset", "info", "missing.bin"}, "draughts dataset: "},
        Mistake{"tune_missing_config", {"tune", "missing.yaml"}, "draughts tune: "},
        Mistake{"datagen_missing_config", {"datagen", "missing.yaml"}, "draughts datagen: "},
        Mistake{"train_network_missing_data",
                {"train-network", "missing.txt", "--output", "net"},
                "draughts train-network: "},
        Mistake{"train_network_unwritable_output",
                {"train-network", "positions.txt", "--output", "positions.txt/net"},
                "draughts train-network: positions.txt/net: cannot create"},
        // The endgame database follows the contract too: 2, not 1, for input and output errors.
        Mistake{
            "egdb_verify_missing_folder", {"egdb", "verify", "missing"}, "draughts egdb verify: "},
        Mistake{"egdb_probe_missing_folder",
                {"egdb", "probe", "missing", "W:WK1:BK50"},
                "draughts egdb probe: "},
        Mistake{"egdb_build_unwritable_output",
                {"egdb", "build", "--pieces", "2", "--output", "positions.txt/db"},
                "draughts egdb build: "}),
    [](const ::testing::TestParamInfo<Mistake>& param) { return param.param.name; });

TEST(ExitStatusConvert, TheInputIsLeftAsItWas) {
    testing::TempFolder folder("draughts_exit");
    const fs::path input = folder.write("positions.txt", kPositions);
    const RunResult r = testing::run_draughts(
        folder.path(), {"dataset", "convert", "positions.txt", "positions.txt"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(testing::read_text(input), kPositions);
}

}  // namespace
}  // namespace draughts::app
