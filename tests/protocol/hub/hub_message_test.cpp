// Hub line syntax: parsing (flags, quoted and empty values, errors with columns) and formatting.

#include "protocol/hub/hub_message.hpp"

#include <gtest/gtest.h>

namespace draughts::protocol {
namespace {

struct ParseCase {
    const char* line;
    HubMessage expected;
};

TEST(HubMessage, ReadsCommandAndFields) {
    const std::vector<ParseCase> cases{
        ParseCase{"wait", {"wait", {}}},
        ParseCase{"go think", {"go", {{"think", std::nullopt}}}},
        ParseCase{"done move=32-28 ponder=19-23",
                  {"done", {{"move", "32-28"}, {"ponder", "19-23"}}}},
        ParseCase{"info depth=12 score=-0.25 pv=\"32-28 19-23\"",
                  {"info", {{"depth", "12"}, {"score", "-0.25"}, {"pv", "32-28 19-23"}}}},
        ParseCase{"  id   name=Scan\tversion=3.1  ",
                  {"id", {{"name", "Scan"}, {"version", "3.1"}}}},
        ParseCase{"param name=book value=\"\" type=string",
                  {"param", {{"name", "book"}, {"value", ""}, {"type", "string"}}}},
        ParseCase{"error message=\"a=b\"", {"error", {{"message", "a=b"}}}},
        ParseCase{"set-param name=x value=", {"set-param", {{"name", "x"}, {"value", ""}}}},
        ParseCase{"pos start moves=\"32-28\"",
                  {"pos", {{"start", std::nullopt}, {"moves", "32-28"}}}}};
    for (const ParseCase& c : cases) {
        const auto parsed = parse_hub_message(c.line);
        ASSERT_TRUE(parsed) << parsed.error().message;
        EXPECT_EQ(*parsed, c.expected) << c.line;
    }
}

TEST(HubMessage, ErrorsNameTheLineAndColumn) {
    const struct {
        const char* line;
        const char* expected;
    } cases[] = {
        {"", "column 1: empty message"},
        {"   ", "column 4: empty message"},
        {"=x", "column 1: expected a command"},
        {"info pv=\"32-28", "column 9: unterminated quoted value of 'pv'"},
        {"info pv=\"32-28\"x", "column 16: text right after a closing quote"},
        {"info =5", "column 6: '=' without a field name"},
        // A value that could not be sent back (found by the hub_line fuzz target).
        {"level moves=4\"0", "column 14: '\"' inside the unquoted value of 'moves'"},
        {"info pv=32-28\r18-23", "column 14: line break in the value of 'pv'"},
        {"info pv=\"32-28\r18-23\"", "column 15: line break in the value of 'pv'"},
    };
    for (const auto& c : cases) {
        const auto parsed = parse_hub_message(c.line);
        ASSERT_FALSE(parsed) << c.line;
        EXPECT_NE(parsed.error().message.find(c.expected), std::string::npos)
            << parsed.error().message;
        EXPECT_NE(parsed.error().message.find(std::string("\"") + c.line + "\""),
                  std::string::npos);
    }
}

TEST(HubMessage, FormatsAndQuotesWhereNeeded) {
    HubMessage message{"set-param", {}};
    message.add("name", "book").add("value", "").add("x", "a b").add("y", "k=v").add_flag("z");
    EXPECT_EQ(format_hub_message(message), "set-param name=book value=\"\" x=\"a b\" y=\"k=v\" z");
}

TEST(HubMessage, FormatThenParseIsTheIdentity) {
    HubMessage message{"pos", {}};
    message.add("pos", "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww")
        .add("moves", "32-28 19-23 28x19x23");
    const auto parsed = parse_hub_message(format_hub_message(message));
    ASSERT_TRUE(parsed);
    EXPECT_EQ(*parsed, message);
}

TEST(HubMessage, LooksUpValuesAndFlags) {
    const auto parsed = parse_hub_message("done move=32-28 extra");
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->value("move"), "32-28");
    EXPECT_FALSE(parsed->value("extra"));
    EXPECT_TRUE(parsed->has("extra"));
    EXPECT_FALSE(parsed->has("ponder"));
}

TEST(HubMessage, SendableValuesHaveNoQuotesOrLineBreaks) {
    EXPECT_TRUE(is_sendable_hub_value("a b=c"));
    EXPECT_FALSE(is_sendable_hub_value("say \"hi\""));
    EXPECT_FALSE(is_sendable_hub_value("two\nlines"));
}

}  // namespace
}  // namespace draughts::protocol
