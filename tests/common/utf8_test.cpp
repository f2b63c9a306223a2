// UTF-8 validity of configuration text: every kind of malformed sequence is refused.

#include "common/utf8.hpp"

#include <gtest/gtest.h>

#include <string>

namespace draughts {
namespace {

TEST(Utf8, AcceptsWellFormedText) {
    for (const std::string text : {"", "plain ascii", "dag \xc3\xa9\xc3\xa9n",  // é
                                   "\xe2\x82\xac",                              // U+20AC euro sign
                                   "\xed\x9f\xbf",       // U+D7FF, just below the surrogates
                                   "\xf0\x9f\x8e\xb2",   // U+1F3B2
                                   "\xf4\x8f\xbf\xbf"})  // U+10FFFF, the last code point
        EXPECT_TRUE(is_valid_utf8(text)) << text;
}

TEST(Utf8, RefusesMalformedSequences) {
    for (const std::string text : {
             "\x80",              // continuation byte without a lead
             "a\xff",             // never valid
             "\xc3",              // truncated two-byte sequence
             "\xe2\x82",          // truncated three-byte sequence
             "\xc0\xaf",          // overlong '/'
             "\xe0\x80\xaf",      // overlong '/' in three bytes
             "\xed\xa0\x80",      // U+D800, a surrogate
             "\xf4\x90\x80\x80",  // above U+10FFFF
             "\xc3\x28",          // lead followed by a non-continuation byte
         })
        EXPECT_FALSE(is_valid_utf8(text)) << ::testing::PrintToString(text);
}

struct EncodingCase {
    const char* what;
    std::string bytes;
    std::string utf8;
};

class TextAsUtf8 : public ::testing::TestWithParam<EncodingCase> {};

TEST_P(TextAsUtf8, GivesTheTextInUtf8) {
    EXPECT_EQ(text_as_utf8(GetParam().bytes), GetParam().utf8);
}

INSTANTIATE_TEST_SUITE_P(
    Encodings, TextAsUtf8,
    ::testing::Values(
        EncodingCase{"ascii", "[Event \"x\"]", "[Event \"x\"]"},
        EncodingCase{"utf8", "Sij\xc3\xa9", "Sij\xc3\xa9"},
        EncodingCase{"bom", "\xef\xbb\xbf[Event \"x\"]", "[Event \"x\"]"},
        EncodingCase{"bom_utf8", "\xef\xbb\xbfSij\xc3\xa9", "Sij\xc3\xa9"},
        EncodingCase{"bom_only", "\xef\xbb\xbf", ""},
        // Latin-1: e acute (0xE9), the copyright sign (0xA9) and y diaeresis (0xFF).
        EncodingCase{"latin1", "Sij\xe9 \xa9\xff", "Sij\xc3\xa9 \xc2\xa9\xc3\xbf"},
        // One invalid byte makes the whole text Latin-1, valid-looking pairs included.
        EncodingCase{"mixed", "\xc3\xa9\xe9", "\xc3\x83\xc2\xa9\xc3\xa9"},
        // A BOM followed by Latin-1 bytes: the mark goes, the rest is converted.
        EncodingCase{"bom_latin1", "\xef\xbb\xbf\xe9", "\xc3\xa9"}),
    [](const ::testing::TestParamInfo<EncodingCase>& param) { return param.param.what; });

}  // namespace
}  // namespace draughts
