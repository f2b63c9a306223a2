// Command lines written as one string (`args: "--hash 64"`, `--engine args=...`) are split the way
// a POSIX shell splits them, braces of {port}/{host} placeholders included, and quoting a word
// for a message gives text that splits back into that word.

#include "system/process/shell_words.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>
#include <vector>

namespace draughts::harness {
namespace {

struct SplitCase {
    std::string text;
    std::vector<std::string> words;
};

class ShellWordsSplit : public ::testing::TestWithParam<SplitCase> {};

TEST_P(ShellWordsSplit, GivesTheWordsAShellWould) {
    ::setenv("DRAUGHTS_TEST_BOOK", "/books/my book.fen", 1);
    const auto words = split_shell_words(GetParam().text);
    ASSERT_TRUE(words) << words.error().message;
    EXPECT_EQ(*words, GetParam().words) << GetParam().text;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ShellWordsSplit,
    ::testing::Values(SplitCase{"--hash 64", {"--hash", "64"}},
                      SplitCase{"  spaced\tout  ", {"spaced", "out"}},
                      SplitCase{"--book 'my book.fen' \"a b\" c\\ d",
                                {"--book", "my book.fen", "a b", "c d"}},
                      SplitCase{"--book \"$DRAUGHTS_TEST_BOOK\"", {"--book", "/books/my book.fen"}},
                      SplitCase{"--port {port} --connect {host}:{port}",
                                {"--port", "{port}", "--connect", "{host}:{port}"}},
                      SplitCase{"'{port}' \"{host}\"", {"{port}", "{host}"}}, SplitCase{"", {}}));

TEST(ShellWords, WhatAShellWouldNotTakeIsAnErrorSayingWhy) {
    const struct {
        const char* text;
        const char* reason;
    } cases[] = {{"'unbalanced", "syntax error"},
                 {"a | b", "unquoted |"},
                 {"a; b", "unquoted"},
                 {"$(date)", "command substitution"},
                 {"`date`", "command substitution"},
                 {"$DRAUGHTS_NO_SUCH_VARIABLE_XYZ", "undefined variable"}};
    for (const auto& c : cases) {
        const auto words = split_shell_words(c.text);
        ASSERT_FALSE(words) << c.text;
        EXPECT_NE(words.error().message.find(c.reason), std::string::npos)
            << c.text << ": " << words.error().message;
        EXPECT_NE(words.error().message.find(c.text), std::string::npos) << "names the text";
    }
}

TEST(ShellWords, QuotedWordsSplitBackIntoThemselves) {
    for (const std::string word : {"plain", "with space", "it's", "", "$HOME", "{port}", "a\"b"}) {
        const auto back = split_shell_words(shell_quote(word));
        ASSERT_TRUE(back) << shell_quote(word);
        EXPECT_EQ(*back, std::vector<std::string>{word}) << shell_quote(word);
    }
    EXPECT_EQ(shell_quote("--hash"), "--hash");
    EXPECT_EQ(shell_quote("my book"), "'my book'");
}

}  // namespace
}  // namespace draughts::harness
