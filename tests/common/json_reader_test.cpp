// Reading JSON back: what Json::dump writes reads back equal, and malformed or truncated text
// (a games.jsonl line cut by a crash) is an error naming the source and column, never a crash.

#include "common/json_reader.hpp"

#include <gtest/gtest.h>

namespace draughts {
namespace {

TEST(JsonReader, ReadsBackWhatTheWriterWrites) {
    Json value = Json::object();
    value.set("name", "a \"quoted\"\n\\ name\x01")
        .set("int", -1234567890123LL)
        .set("real", 0.125)
        .set("flag", true)
        .set("none", nullptr)
        .set("list", Json::array().push(1).push("two").push(Json::object()));
    const auto parsed = parse_json(value.dump(), "test");
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(parsed->dump(), value.dump());
    EXPECT_EQ(*parsed->find("int")->as_int(), -1234567890123LL);
    EXPECT_EQ(parsed->find("real")->as_double(), 0.125);
    EXPECT_EQ(*parsed->find("name")->as_string(), "a \"quoted\"\n\\ name\x01");
    EXPECT_TRUE(parsed->find("none")->is_null());
    EXPECT_EQ(parsed->find("missing"), nullptr);
}

TEST(JsonReader, DecodesEscapesAndNumbers) {
    const auto parsed =
        parse_json(R"( ["\u00e9\ud83d\ude00\/", 1e3, -0.5, 18446744073709551616] )", "t");
    ASSERT_TRUE(parsed) << parsed.error().message;
    const auto& items = *parsed->as_array();
    EXPECT_EQ(*items[0].as_string(), "\xc3\xa9\xf0\x9f\x98\x80/");
    EXPECT_EQ(items[1].as_double(), 1000.0);
    EXPECT_EQ(items[1].as_int(), nullptr);
    EXPECT_EQ(items[2].as_double(), -0.5);
    EXPECT_EQ(items[3].as_double(), 18446744073709551616.0);
}

TEST(JsonReader, RejectsMalformedText) {
    for (const char* text :
         {"", "{", "{\"a\":1", "{\"a\" 1}", "[1,]", "[1 2]", "\"abc", "tru", "01", "1.", "-",
          "{\"a\":1}x", "\"\\x\"", "\"\\ud800\"", "nul", "{1:2}", "\"a\nb\""}) {
        const auto parsed = parse_json(text, "games.jsonl:3");
        EXPECT_FALSE(parsed) << text;
        if (!parsed) {
            EXPECT_EQ(parsed.error().message.rfind("games.jsonl:3: column ", 0), 0u);
        }
    }
}

TEST(JsonReader, EveryTruncationOfALineIsAnError) {
    const std::string line =
        R"({"pair": 12, "result": "2-0", "moves": [{"m": "32-28", "t": 0.01}], "x": null})";
    for (std::size_t n = 0; n < line.size(); ++n)
        EXPECT_FALSE(parse_json(line.substr(0, n), "t")) << n;
    EXPECT_TRUE(parse_json(line, "t"));
}

TEST(JsonReader, LimitsNesting) {
    EXPECT_FALSE(parse_json(std::string(100000, '['), "t"));
    EXPECT_TRUE(parse_json(std::string(100, '[') + std::string(100, ']'), "t"));
}

}  // namespace
}  // namespace draughts
