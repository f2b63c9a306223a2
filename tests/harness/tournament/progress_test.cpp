// The progress line: games done of planned, W-L-D, Elo, LLR, rate and ETA; printed in place on a
// terminal, and at most every interval as plain lines otherwise.

#include "harness/tournament/progress.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace draughts::harness {
namespace {

Standings head_to_head_after(int pairs) {
    Standings s({"new", "old"}, {{0, 1}});
    const Pairing pairing{0, 0, 0, 0, 1, 0};
    for (int p = 0; p < pairs; ++p)
        s.add_pair(pairing,
                   {CountedGame{GameResult::WhiteWin, Termination::NoPieces},
                    CountedGame{GameResult::Draw, Termination::ThreefoldRepetition}},
                   static_cast<std::uint64_t>(p));
    return s;
}

std::string contents(std::FILE* file) {
    std::rewind(file);
    std::string text;
    for (int c; (c = std::fgetc(file)) != EOF;) text += static_cast<char>(c);
    return text;
}

TEST(Progress, FormatsDurations) {
    EXPECT_EQ(format_duration(0), "0:00");
    EXPECT_EQ(format_duration(65.4), "1:05");
    EXPECT_EQ(format_duration(3723), "1:02:03");
}

TEST(Progress, LineShowsCountsEloLlrRateAndEta) {
    const Standings s = head_to_head_after(2);
    SprtStatus sprt;
    sprt.llr = 0.42;
    sprt.bounds = {-2.94, 2.94};
    const std::string line = progress_line(s, sprt, 10, 30.0);
    EXPECT_NE(line.find("Games 4/10: +2 -0 =2"), std::string::npos) << line;
    EXPECT_NE(line.find("Elo "), std::string::npos) << line;
    EXPECT_NE(line.find("LLR 0.42"), std::string::npos) << line;
    EXPECT_NE(line.find("30.0 games/min  ETA 0:12"), std::string::npos) << line;
}

TEST(Progress, GauntletLineShowsTheFirstEngine) {
    Standings s({"a", "b", "c"}, {{0, 1}, {0, 2}});
    s.add_pair({0, 0, 1, 0, 2, 0},
               {CountedGame{GameResult::BlackWin, Termination::Blocked},
                CountedGame{GameResult::BlackWin, Termination::Blocked}},
               1);
    const std::string line = progress_line(s, std::nullopt, 8, 0.0);
    EXPECT_EQ(line, "Games 2/8: a +1 -1 =0");
}

TEST(Progress, PlainLinesComeAtMostOncePerInterval) {
    std::FILE* out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    ProgressDisplay display(out, false, 3600.0, 10, 0);
    display.update(head_to_head_after(1), std::nullopt);
    display.update(head_to_head_after(2), std::nullopt);  // too soon: not shown
    display.update(head_to_head_after(3), std::nullopt, true);
    display.finish();
    const std::string text = contents(out);
    EXPECT_NE(text.find("Games 2/10"), std::string::npos) << text;
    EXPECT_EQ(text.find("Games 4/10"), std::string::npos) << text;
    EXPECT_NE(text.find("Games 6/10"), std::string::npos) << text;
    EXPECT_EQ(text.find('\r'), std::string::npos);
    std::fclose(out);
}

TEST(Progress, OnATerminalTheLineIsRewrittenInPlace) {
    std::FILE* out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    ProgressDisplay display(out, true, 10.0, 10, 0);
    display.update(head_to_head_after(1), std::nullopt, true);
    display.update(head_to_head_after(2), std::nullopt, true);
    display.finish();
    const std::string text = contents(out);
    EXPECT_EQ(text.rfind("\rGames 2/10", 0), 0u) << text;
    EXPECT_NE(text.find("\rGames 4/10"), std::string::npos) << text;
    EXPECT_EQ(text.back(), '\n');
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
    std::fclose(out);
}

}  // namespace
}  // namespace draughts::harness
