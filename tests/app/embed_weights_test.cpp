// The build tool that compiles the built-in weights into the program (tools/embed_weights.cpp),
// run as the build runs it: the C++ it writes holds each file's non-zero parameters, and a file
// that does not read stops the build with its file and line.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/eval_weights.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::engine {
namespace {

namespace fs = std::filesystem;
using draughts::testing::read_text;
using draughts::testing::shell_quote;
using draughts::testing::TempFolder;

struct ToolRun {
    int exit_code = -1;
    std::string output;  ///< the C++ it wrote
    std::string err;
};

/// Runs the tool in `folder` with `pairs` (VARIANT=FILE, relative to the folder).
ToolRun embed(const TempFolder& folder, const std::string& pairs) {
    const fs::path output = folder.path() / "builtin_weights.cpp";
    const std::string command =
        "cd " + shell_quote(folder.path().string()) + " && " +
        shell_quote((draughts::testing::build_dir() / "draughts_embed_weights").string()) + " " +
        shell_quote(output.string()) + " " + pairs + " 2> stderr.txt";
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(output),
            read_text(folder.path() / "stderr.txt")};
}

TEST(EmbedWeights, WritesTheNonZeroParametersOfEachFileWithItsLayout) {
    const TempFolder folder("embed_weights");
    folder.write("brazilian.yaml", read_text(draughts::testing::source_dir() /
                                             "configs/engines/brazilian-default.yaml"));
    std::string text = read_text(draughts::testing::source_dir() / "configs/engines/default.yaml");
    text.replace(text.find("pattern_band2: {}"), 17, "pattern_band2: {17: -40}");
    folder.write("mine.yaml", text);
    const ToolRun run = embed(folder, "international=mine.yaml brazilian=brazilian.yaml");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::string& out = run.output;
    EXPECT_NE(out.find("{0, 1000}, {1, 1000}, {2, 3000}, {3, 3000}"), std::string::npos) << out;
    const std::size_t band2_17 = ParameterLayout::table_index(EvalTable::PatternBand2, 17);
    EXPECT_NE(out.find("{" + std::to_string(band2_17) + ", -40}"), std::string::npos);
    const auto hash = [](std::uint64_t h) {
        char hex[32];
        std::snprintf(hex, sizeof hex, "0x%016llxULL", static_cast<unsigned long long>(h));
        return std::string(hex);
    };
    EXPECT_NE(out.find("if (variant == \"international\")\n        return EmbeddedWeights{"
                       "\"mine.yaml\", " +
                       hash(ParameterLayout::hash())),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("if (variant == \"brazilian\")\n        return EmbeddedWeights{"
                       "\"brazilian.yaml\", " +
                       hash(BasicParameterLayout<rules::Board8>::hash())),
              std::string::npos)
        << out;
}

TEST(EmbedWeights, AFileOfZerosCompilesToNoParameters) {
    // C++ has no arrays of size zero: a variant whose file holds only zeros gets an empty span.
    const TempFolder folder("embed_weights");
    std::string zeros;
    for (int t = 0; t < kNumEvalTerms; ++t)
        zeros += std::string(term_name(static_cast<EvalTerm>(t))) + ": 0\n";
    for (int band = 0; band < kNumEvalBands; ++band)
        zeros += std::string(table_name(band_table(band))) + ": {}\n";
    folder.write("zeros.yaml", zeros);
    const ToolRun run = embed(folder, "international=zeros.yaml");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.output.find("kParameters"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("EmbeddedWeights{\"zeros.yaml\", 0x"), std::string::npos);
    EXPECT_NE(run.output.find("ULL, {}};"), std::string::npos) << run.output;
}

TEST(EmbedWeights, RefusesWhatItCannotCompile) {
    const TempFolder folder("embed_weights");
    folder.write("bad.yaml", "man: 1000\nking: three\n");
    folder.write("brazilian.yaml", read_text(draughts::testing::source_dir() /
                                             "configs/engines/brazilian-default.yaml"));
    struct Case {
        std::string pairs;
        std::string message;
    };
    for (const Case& c : {
             Case{"international=bad.yaml", "bad.yaml:2:7: weight 'king'"},
             Case{"international=none.yaml", "none.yaml"},
             Case{"checkers=bad.yaml", "'checkers' is not a variant"},
             Case{"international", "'international' is not VARIANT=FILE"},
             Case{"international=brazilian.yaml", "brazilian"},
             Case{"brazilian=brazilian.yaml brazilian=brazilian.yaml", "two files for brazilian"},
         }) {
        const ToolRun run = embed(folder, c.pairs);
        EXPECT_EQ(run.exit_code, 1) << c.pairs;
        EXPECT_NE(run.err.find(c.message), std::string::npos) << c.pairs << "\n" << run.err;
    }
}

}  // namespace
}  // namespace draughts::engine
