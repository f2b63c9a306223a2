#pragma once
// Checks that a game record written as PDN reads back, through rules::read_pdn, as the same game:
// same start, moves, comments, result, and the same tags as written in the text.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "records/pdn_writer.hpp"
#include "rules/pdn.hpp"

namespace draughts::testing {

using Tags = std::vector<std::pair<std::string, std::string>>;

/// Reads one game from `pdn`, expecting no errors.
inline rules::PdnGame read_back(const std::string& pdn) {
    const rules::PdnReadResult read = rules::read_pdn(pdn, "written");
    EXPECT_TRUE(read.errors.empty()) << read.errors.front().message << "\n" << pdn;
    EXPECT_EQ(read.games.size(), 1u) << pdn;
    return read.games.empty() ? rules::PdnGame{} : read.games.front();
}

/// The tags of a game read back, as (name, value) pairs in order.
inline Tags tags_of(const rules::PdnGame& game) {
    Tags tags;
    for (const auto& t : game.tags) tags.emplace_back(t.name, t.value);
    return tags;
}

/// The tag lines of a written game, taken straight from the text (`[Name "value"]`, with \"
/// standing for a quote), independently of the reader.
inline Tags tags_in_text(const std::string& pdn) {
    Tags tags;
    std::istringstream in(pdn);
    std::string line;
    while (std::getline(in, line) && !line.empty() && line.front() == '[') {
        const std::size_t space = line.find(' ');
        std::string value = line.substr(space + 2, line.size() - space - 4);
        for (std::size_t i = value.find("\\\""); i != std::string::npos;
             i = value.find("\\\"", i + 1))
            value.erase(i, 1);
        tags.emplace_back(line.substr(1, space - 1), value);
    }
    return tags;
}

/// Writes `record`, reads it back and compares everything.
inline void expect_round_trip(const harness::GameRecord& record,
                              const harness::PdnWriteOptions& options = {}) {
    const std::string pdn = harness::to_pdn(record, options);
    const rules::PdnGame game = read_back(pdn);
    EXPECT_EQ(tags_of(game), tags_in_text(pdn));
    EXPECT_EQ(game.start, record.start);
    ASSERT_EQ(game.moves.size(), record.plies.size()) << pdn;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        EXPECT_EQ(game.moves[i], record.plies[i].move) << "ply " << i + 1;
        EXPECT_EQ(game.comments[i], options.comments ? harness::move_comment(record.plies[i]) : "");
    }
    EXPECT_EQ(game.result, harness::to_pdn_result(record.end.result));
    EXPECT_EQ(game.tag("Result"), harness::to_pdn_result(record.end.result));
    EXPECT_EQ(game.tag("White"), record.white);  // names here carry quotes, never backslashes
    EXPECT_EQ(game.tag("Black"), record.black);
    EXPECT_EQ(game.tag("PlyCount"), std::to_string(record.plies.size()));
    EXPECT_EQ(game.tag("Termination"), harness::termination_code(record.end.termination));
}

}  // namespace draughts::testing
