// `{NAME}` placeholders in an engine program's arguments (harness/player/engine_program.hpp):
// which names they hold and how values fill them.

#include <gtest/gtest.h>

#include "harness/player/engine_program.hpp"

namespace draughts::harness {
namespace {

TEST(Placeholders, NamesInOrderOfFirstAppearance) {
    EXPECT_EQ(placeholder_names({"--a={alpha}", "{beta}x{alpha}", "{not one", "{}", "{a b}",
                                 "{w[3]}", "{time.hard_factor}"}),
              (std::vector<std::string>{"alpha", "beta", "w[3]", "time.hard_factor"}));
    EXPECT_TRUE(placeholder_names({"--hash", "64"}).empty());
}

TEST(Placeholders, ValuesFillTheirPlaceholdersAndNothingElse) {
    const struct {
        std::vector<std::string> args;
        std::vector<std::pair<std::string, std::string>> values;
        std::vector<std::string> expected;
    } table[] = {
        {{"--x={x}", "{y}"}, {{"x", "12"}, {"y", "-0.5"}}, {"--x=12", "-0.5"}},
        {{"{x}{x}", "{{x}}"}, {{"x", "7"}}, {"77", "{7}"}},
        {{"{x}", "{z}"}, {{"x", "1"}}, {"1", "{z}"}},  // no value: left as it is
        {{"{x}"}, {{"x", "1"}, {"x", "2"}}, {"2"}},    // the last value counts
        {{"plain", "{ x }"}, {{"x", "1"}}, {"plain", "{ x }"}},
    };
    for (const auto& row : table)
        EXPECT_EQ(substitute_placeholders(row.args, row.values), row.expected);
}

}  // namespace
}  // namespace draughts::harness
