#include "records/time_control.hpp"

#include <gtest/gtest.h>

#include <ostream>
#include <string>

namespace draughts::harness {
namespace {

struct ValidCase {
    std::string text;
    TimeControl expected;
    std::string canonical;
};

TimeControl clock(double base, double increment = 0.0, int moves = 0) {
    TimeControl tc;
    tc.base = base;
    tc.increment = increment;
    tc.moves_per_period = moves;
    return tc;
}

TimeControl with(TimeControl tc, std::optional<double> move_time,
                 std::optional<std::uint64_t> nodes, std::optional<int> depth) {
    tc.move_time = move_time;
    tc.nodes = nodes;
    tc.depth = depth;
    return tc;
}

// Test names show the text, not the bytes of the case.
void PrintTo(const ValidCase& c, std::ostream* os) { *os << '"' << c.text << '"'; }

class ValidTimeControl : public ::testing::TestWithParam<ValidCase> {};

TEST_P(ValidTimeControl, ParsesToFieldsAndCanonicalText) {
    const ValidCase& c = GetParam();
    const auto tc = parse_time_control(c.text);
    ASSERT_TRUE(tc) << tc.error().message;
    EXPECT_EQ(*tc, c.expected);
    EXPECT_EQ(to_string(*tc), c.canonical);
    const auto again = parse_time_control(to_string(*tc));
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, *tc);
}

INSTANTIATE_TEST_SUITE_P(
    Syntax, ValidTimeControl,
    ::testing::Values(
        ValidCase{"1+0.01", clock(1, 0.01), "1+0.01"},
        ValidCase{"40/60+0.5", clock(60, 0.5, 40), "40/60+0.5"},
        ValidCase{"75/90:00", clock(5400, 0, 75), "75/5400"}, ValidCase{"300", clock(300), "300"},
        ValidCase{"5:00+3", clock(300, 3), "300+3"},
        ValidCase{" 0.5 + 0.005 ", clock(0.5, 0.005), "0.5+0.005"},
        ValidCase{"movetime=0.1", with({}, 0.1, {}, {}), "movetime=0.1"},
        ValidCase{"nodes=20000", with({}, {}, 20000, {}), "nodes=20000"},
        ValidCase{"depth=6", with({}, {}, {}, 6), "depth=6"},
        ValidCase{"depth=6, nodes=20000", with({}, {}, 20000, 6), "nodes=20000,depth=6"},
        ValidCase{"10+0.1,nodes=50000", with(clock(10, 0.1), {}, 50000, {}), "10+0.1,nodes=50000"},
        ValidCase{"0.0001", clock(0.0001), "0.0001"}));

struct InvalidCase {
    std::string text;
    std::string named_part;  // the error message must quote this
};

void PrintTo(const InvalidCase& c, std::ostream* os) { *os << '"' << c.text << '"'; }

class InvalidTimeControl : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(InvalidTimeControl, ErrorQuotesTextAndNamesBadPart) {
    const InvalidCase& c = GetParam();
    const auto tc = parse_time_control(c.text);
    ASSERT_FALSE(tc) << c.text;
    const std::string& message = tc.error().message;
    EXPECT_NE(message.find("time control \"" + c.text + "\""), std::string::npos) << message;
    EXPECT_NE(message.find(c.named_part), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(
    Syntax, InvalidTimeControl,
    ::testing::Values(InvalidCase{"", "empty"}, InvalidCase{"abc", "\"abc\""},
                      InvalidCase{"40/x+1", "base time \"x\""}, InvalidCase{"0/60", "moves"},
                      InvalidCase{"-5", "\"-5\""}, InvalidCase{"60+", "increment"},
                      InvalidCase{"60+-1", "increment"}, InvalidCase{"0", "positive base"},
                      InvalidCase{"1:75", "\"1:75\""}, InvalidCase{"movetime=0", "movetime=0"},
                      InvalidCase{"movetime=abc", "movetime=abc"},
                      InvalidCase{"nodes=-3", "nodes=-3"}, InvalidCase{"nodes=1.5", "nodes=1.5"},
                      InvalidCase{"depth=0", "depth=0"}, InvalidCase{"depth=6,depth=7", "repeats"},
                      InvalidCase{"speed=3", "unknown key"}, InvalidCase{"60,,nodes=5", "stray"},
                      InvalidCase{"60,30", "second game clock"},
                      InvalidCase{"60,movetime=1", "cannot be combined"},
                      InvalidCase{"1e3", "\"1e3\""}, InvalidCase{"99999999999", "year"}));

TEST(TimeControl, FormatSecondsNeverUsesExponents) {
    EXPECT_EQ(format_seconds(0.001), "0.001");
    EXPECT_EQ(format_seconds(1e-5), "0.00001");
    EXPECT_EQ(format_seconds(120.0), "120");
}

}  // namespace
}  // namespace draughts::harness
