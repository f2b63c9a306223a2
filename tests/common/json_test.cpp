// Our JSON on top of nlohmann: key order as inserted, non-finite numbers and foreign bytes
// written without throwing, what dump_json writes reads back equal, and malformed, truncated or
// hostile text (a games.jsonl line cut by a crash) is an error naming the source, line and
// column, never an exception or a crash. The field readers check types before reading.

#include "common/json.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace draughts {
namespace {

Json sample_value() {
    Json value = Json::object();
    value["name"] = "a \"quoted\"\n\\ name\x01";
    value["int"] = -1234567890123LL;
    value["big"] = std::numeric_limits<std::uint64_t>::max();
    value["real"] = 0.125;
    value["flag"] = true;
    value["none"] = nullptr;
    value["list"] = Json::array({1, "two", Json::object(), Json::array()});
    return value;
}

TEST(Json, ObjectsKeepInsertionOrder) {
    Json value = Json::object();
    value["zebra"] = 1;
    value["apple"] = 2;
    value["mango"] = 3;
    value["apple"] = 4;  // replacing keeps the key's place
    EXPECT_EQ(dump_json(value), R"({"zebra":1,"apple":4,"mango":3})");
    EXPECT_EQ(dump_json(value, 2), "{\n  \"zebra\": 1,\n  \"apple\": 4,\n  \"mango\": 3\n}");
}

TEST(Json, ReadsBackWhatItWrites) {
    const Json value = sample_value();
    for (const int indent : {-1, 2}) {
        const auto parsed = parse_json(dump_json(value, indent), "test");
        ASSERT_TRUE(parsed) << parsed.error().message;
        EXPECT_EQ(*parsed, value);
        EXPECT_EQ(dump_json(*parsed, indent), dump_json(value, indent));
    }
}

TEST(Json, NonFiniteNumbersAreNull) {
    Json value = Json::array();
    for (const double d : {std::nan(""), std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity()})
        value.push_back(d);
    EXPECT_EQ(dump_json(value), "[null,null,null]");
}

TEST(Json, BytesThatAreNotUtf8AreReplacedNotThrown) {
    const Json value = {{"path", "caf\xe9.pdn"}};
    std::string text;
    EXPECT_NO_THROW(text = dump_json(value));
    EXPECT_EQ(text, "{\"path\":\"caf\xef\xbf\xbd.pdn\"}");  // U+FFFD
    EXPECT_TRUE(parse_json(text, "t"));
}

TEST(Json, DecodesEscapes) {
    const auto parsed = parse_json(R"( ["\u00e9\ud83d\ude00\/\b\f"] )", "t");
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ((*parsed)[0], "\xc3\xa9\xf0\x9f\x98\x80/\b\f");
}

TEST(Json, IntegersThatFitIn64BitsAreIntegersOthersReals) {
    const struct {
        const char* text;
        bool integer;
    } cases[] = {{"0", true},
                 {"-9223372036854775808", true},
                 {"18446744073709551615", true},
                 {"-9223372036854775809", false},
                 {"18446744073709551616", false},
                 {"1e3", false},
                 {"-0.5", false},
                 {"1.0", false}};
    for (const auto& c : cases) {
        const auto parsed = parse_json(c.text, "t");
        ASSERT_TRUE(parsed) << c.text;
        EXPECT_EQ(parsed->is_number_integer(), c.integer) << c.text;
        EXPECT_EQ(parsed->is_number_float(), !c.integer) << c.text;
    }
    EXPECT_EQ(parse_json("18446744073709551616", "t")->get<double>(), 18446744073709551616.0);
}

TEST(Json, ErrorsNameTheSourceLineAndColumn) {
    const struct {
        const char* text;
        const char* where;
    } cases[] = {{"", "line 1, column 1: "},
                 {"{", "line 1, column 2: "},
                 {"{\"a\":1", "line 1, column 7: "},
                 {"{\"a\" 1}", "line 1, column 6: "},
                 {"[1,]", "line 1, column 4: "},
                 {"[1 2]", "line 1, column 4: "},
                 {"\"abc", "line 1, column 5: "},
                 {"tru", "line 1, column 4: "},
                 {"01", "line 1, column 2: "},
                 {"1.", "line 1, column 3: "},
                 {"-", "line 1, column 2: "},
                 {"{\"a\":1}x", "line 1, column 8: "},
                 {"\"\\x\"", "line 1, column 3: "},
                 {"\"\\ud800\"", "line 1, column 8: "},
                 {"nul", "line 1, column 4: "},
                 {"{1:2}", "line 1, column 2: "},
                 {"\"a\nb\"", "line 1, column 3: "},
                 {"\"caf\xe9\"", "line 1, column 6: "},
                 {"{\n  \"a\": 1,\n  \"b\": [2, ]\n}", "line 3, column 12: "},
                 {"[1,\n 2,\n 1e999]", "line 3, column 2: number overflow"}};
    for (const auto& c : cases) {
        const auto parsed = parse_json(c.text, "games.jsonl:3");
        ASSERT_FALSE(parsed) << c.text;
        EXPECT_EQ(parsed.error().message.rfind(std::string("games.jsonl:3: ") + c.where, 0), 0U)
            << c.text << " gives " << parsed.error().message;
    }
}

TEST(Json, ErrorsQuoteAtMostAShortPieceOfTheText) {
    for (const std::string& text :
         {"\"" + std::string(100000, 'x'), "[\"" + std::string(100000, 'x') + "\"] x"}) {
        const auto parsed = parse_json(text, "t");
        ASSERT_FALSE(parsed);
        EXPECT_LT(parsed.error().message.size(), 200U) << parsed.error().message;
        EXPECT_NE(parsed.error().message.find("xxx...'"), std::string::npos)
            << parsed.error().message;
    }
}

TEST(Json, EveryTruncationOfALineIsAnError) {
    const std::string line =
        R"({"pair": 12, "result": "2-0", "moves": [{"m": "32-28", "t": 0.01}], "x": null})";
    for (std::size_t n = 0; n < line.size(); ++n)
        EXPECT_FALSE(parse_json(line.substr(0, n), "t")) << n;
    EXPECT_TRUE(parse_json(line, "t"));
}

TEST(Json, LimitsNesting) {
    const auto deepest = [](std::size_t n) { return std::string(n, '[') + std::string(n, ']'); };
    EXPECT_TRUE(parse_json(deepest(kJsonMaxDepth), "t"));
    const auto deeper = parse_json(deepest(kJsonMaxDepth + 1), "t");
    ASSERT_FALSE(deeper);
    EXPECT_EQ(deeper.error().message,
              "t: line 1, column 201: nesting deeper than 200 arrays and objects");
    // Brackets inside strings do not count; the 200th '[' after the key is the 201st level.
    const std::string head = R"({"a": "[[[[", "b": )";
    const auto hostile = parse_json(head + std::string(1000000, '['), "t");
    ASSERT_FALSE(hostile);
    EXPECT_EQ(hostile.error().message.rfind(
                  "t: line 1, column " + std::to_string(head.size() + 200) + ": nesting", 0),
              0U)
        << hostile.error().message;
}

TEST(Json, FieldReadersCheckTheType) {
    const auto parsed = parse_json(
        R"({"s": "text", "i": -3, "u": 7, "huge": 18446744073709551615, "r": 1.5, "n": null})",
        "t");
    ASSERT_TRUE(parsed);
    const Json& j = *parsed;
    EXPECT_EQ(*string_field(j, "s"), "text");
    EXPECT_EQ(string_field(j, "i"), nullptr);
    EXPECT_EQ(string_field(j, "missing"), nullptr);
    EXPECT_EQ(int_field(j, "i"), -3);
    EXPECT_EQ(int_field(j, "u"), 7);
    EXPECT_EQ(int_field(j, "huge"), std::nullopt);
    EXPECT_EQ(int_field(j, "r"), std::nullopt);
    EXPECT_EQ(int_field(j, "s"), std::nullopt);
    EXPECT_EQ(unsigned_field(j, "u"), 7U);
    EXPECT_EQ(unsigned_field(j, "huge"), std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(unsigned_field(j, "i"), std::nullopt);
    EXPECT_EQ(unsigned_field(j, "n"), std::nullopt);
    EXPECT_NE(json_field(j, "n"), nullptr);
    for (const Json& other : {Json(), Json(3), Json("s"), Json::array({"s", 1})}) {
        EXPECT_EQ(json_field(other, "s"), nullptr) << dump_json(other);
        EXPECT_EQ(string_field(other, "s"), nullptr);
        EXPECT_EQ(int_field(other, "s"), std::nullopt);
    }
}

}  // namespace
}  // namespace draughts
