// The text form of data sets: round trips, optional fields, and errors that name file and line.

#include <gtest/gtest.h>

#include <string>

#include "rules/fen.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {
namespace {

rules::Position fen(const char* text) { return *rules::parse_fen(text); }

TEST(TextDataset, ReadsResultsPlyAndScore) {
    const auto samples = parse_text_dataset(
        "# comment\n"
        "\n"
        "W:W31-50:B1-20 0.5\n"
        "B:W28,32:B19,K23 1 ply=12 score=-250\r\n"
        "  W:W33:B18 0-2 score=40 ply=7\n",
        "mem");
    ASSERT_TRUE(samples) << samples.error().message;
    ASSERT_EQ(samples->size(), 3u);
    EXPECT_EQ((*samples)[0].position, rules::Position::initial());
    EXPECT_EQ((*samples)[0].result, Outcome::Draw);
    EXPECT_FALSE((*samples)[0].ply);
    EXPECT_FALSE((*samples)[0].score);
    EXPECT_EQ((*samples)[1].position, fen("B:W28,32:B19,K23"));
    EXPECT_EQ((*samples)[1].result, Outcome::WhiteWin);
    EXPECT_EQ((*samples)[1].ply, 12);
    EXPECT_EQ((*samples)[1].score, -250);
    EXPECT_EQ((*samples)[2].result, Outcome::BlackWin);
    EXPECT_EQ((*samples)[2].ply, 7);
    EXPECT_EQ((*samples)[2].score, 40);
}

TEST(TextDataset, FormatRoundTrips) {
    std::vector<Sample> samples = {
        {rules::Position::initial(), Outcome::WhiteWin, std::nullopt, std::nullopt},
        {fen("B:WK3,28,32:B19,K23,45"), Outcome::Draw, 61, std::nullopt},
        {fen("W:W33:B18"), Outcome::BlackWin, 0, -123456},
    };
    std::string text;
    for (const Sample& s : samples) text += format_text_sample(s) + "\n";
    const auto back = parse_text_dataset(text, "mem");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, samples);
}

TEST(TextDataset, AcceptsEveryResultSpelling) {
    const std::pair<const char*, Outcome> cases[] = {
        {"1", Outcome::WhiteWin}, {"2-0", Outcome::WhiteWin}, {"1-0", Outcome::WhiteWin},
        {"0.5", Outcome::Draw},   {"1-1", Outcome::Draw},     {"1/2-1/2", Outcome::Draw},
        {"0", Outcome::BlackWin}, {"0-2", Outcome::BlackWin}, {"0-1", Outcome::BlackWin},
    };
    for (const auto& [token, outcome] : cases) {
        const auto samples = parse_text_dataset(std::string("W:W31-50:B1-20 ") + token, "mem");
        ASSERT_TRUE(samples) << token;
        EXPECT_EQ(samples->front().result, outcome) << token;
    }
}

struct BadLine {
    const char* text;
    const char* message;  ///< expected part of the error
};

class TextDatasetErrors : public ::testing::TestWithParam<BadLine> {};

TEST_P(TextDatasetErrors, NameFileLineAndProblem) {
    const std::string text = std::string("W:W31-50:B1-20 1\n# fine\n") + GetParam().text + "\n";
    const auto samples = parse_text_dataset(text, "data.txt");
    ASSERT_FALSE(samples);
    EXPECT_NE(samples.error().message.find("data.txt:3: "), std::string::npos)
        << samples.error().message;
    EXPECT_NE(samples.error().message.find(GetParam().message), std::string::npos)
        << samples.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Lines, TextDatasetErrors,
    ::testing::Values(BadLine{"W:W31-50:B1-20", "missing result"},
                      BadLine{"W:W31-50:B1-20 1.5", "unknown result '1.5'"},
                      BadLine{"W:W31-51:B1-20 1", "51"}, BadLine{"X:W31-50:B1-20 1", "FEN"},
                      BadLine{"W:W31-50:B1-20 1 ply=-1", "ply"},
                      BadLine{"W:W31-50:B1-20 1 ply=3 ply=4", "ply given twice"},
                      BadLine{"W:W31-50:B1-20 1 score=12x", "score: '12x' is not an integer"},
                      BadLine{"W:W31-50:B1-20 1 depth=3", "unknown field 'depth'"},
                      BadLine{"W:W31-50:B1-20 1 extra", "unexpected field 'extra'"}));

}  // namespace
}  // namespace draughts::tuner
