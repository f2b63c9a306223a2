// The shared trim and the strict whole-string number reader.

#include "common/text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

namespace draughts {
namespace {

TEST(Trim, RemovesBlanksAtBothEndsOnly) {
    const std::vector<std::pair<std::string_view, std::string_view>> cases{
        {"", ""},
        {" \t\r\n", ""},
        {"a", "a"},
        {"  a b  ", "a b"},
        {"\tW:W31-50\r\n", "W:W31-50"},
        {"\r\nx", "x"},
        {"x\v", "x\v"},  // only space, tab, CR and LF are blanks
    };
    for (const auto& [text, expected] : cases)
        EXPECT_EQ(trim(text), expected) << '"' << text << '"';
}

TEST(Trim, WorksAtCompileTime) { static_assert(trim("  40/60  ") == "40/60"); }

TEST(ParseNumber, ReadsWholeIntegers) {
    EXPECT_EQ(parse_number<int>("0"), 0);
    EXPECT_EQ(parse_number<int>("-17"), -17);
    EXPECT_EQ(parse_number<std::uint64_t>("18446744073709551615"),
              std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(parse_number<long long>("007"), 7);
}

TEST(ParseNumber, RejectsAnythingButTheNumber) {
    for (const std::string_view text : {"", " 1", "1 ", "+1", "1x", "x1", "1.5", "0x10", "--1"})
        EXPECT_FALSE(parse_number<int>(text)) << '"' << text << '"';
    EXPECT_FALSE(parse_number<unsigned>("-1"));
}

TEST(ParseNumber, RejectsIntegersThatDoNotFit) {
    EXPECT_FALSE(parse_number<int>("2147483648"));
    EXPECT_EQ(parse_number<int>("-2147483648"), std::numeric_limits<int>::min());
    EXPECT_FALSE(parse_number<std::uint8_t>("256"));
}

TEST(ParseNumber, ReadsWholeDecimals) {
    EXPECT_EQ(parse_number<double>("0.25"), 0.25);
    EXPECT_EQ(parse_number<double>("-3"), -3.0);
    EXPECT_EQ(parse_number<double>("1e3"), 1000.0);
    EXPECT_EQ(parse_number<double>("5."), 5.0);
    for (const std::string_view text : {"", " 1", "1 ", "+1", "1.5s", "1e", "1e400", ","})
        EXPECT_FALSE(parse_number<double>(text)) << '"' << text << '"';
}

TEST(ParseNumber, TakesALeadingPlusOnlyWhenAllowed) {
    EXPECT_FALSE(parse_number<int>("+5"));
    EXPECT_EQ(parse_number<int>("+5", PlusSign::Allowed), 5);
    EXPECT_EQ(parse_number<double>("+0.5", PlusSign::Allowed), 0.5);
    EXPECT_EQ(parse_number<int>("-5", PlusSign::Allowed), -5);
    for (const std::string_view text : {"+", "++5", "+-5", "+ 5"})
        EXPECT_FALSE(parse_number<int>(text, PlusSign::Allowed)) << '"' << text << '"';
}

TEST(ParseNumber, ReadsInfinityAndNanForCallersToReject) {
    EXPECT_TRUE(std::isinf(*parse_number<double>("inf")));
    EXPECT_TRUE(std::isnan(*parse_number<double>("nan")));
}

}  // namespace
}  // namespace draughts
