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
        EXPECT_FALSE(is_valid_utf8(text)) << testing::PrintToString(text);
}

}  // namespace
}  // namespace draughts
