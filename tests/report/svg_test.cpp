// The SVG writer: coordinates, escaping of user text (engine names, PDN tags), structure.

#include "report/svg.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "report/markup.hpp"

namespace draughts::report {
namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(Coordinate, OneDecimalNoNegativeZeroAndNoNonFiniteNumbers) {
    EXPECT_EQ(coordinate(12.345), "12.3");
    EXPECT_EQ(coordinate(-0.04), "0.0");
    EXPECT_EQ(coordinate(7.0), "7.0");
    EXPECT_EQ(coordinate(std::nan("")), "0.0");
}

TEST(EscapeMarkup, EscapesTheFiveSpecialCharacters) {
    EXPECT_EQ(escape_markup("<b>\"Kingsrow\" & 'Scan'</b>"),
              "&lt;b&gt;&quot;Kingsrow&quot; &amp; &#39;Scan&#39;&lt;/b&gt;");
}

TEST(EscapeMarkup, DropsControlCharactersAndReadsLatin1) {
    EXPECT_EQ(escape_markup(std::string("a\x01"
                                        "b\tc\nd\x1b")),
              "ab\tc\nd");
    EXPECT_EQ(escape_markup("Sij\xe9"), "Sij\xc3\xa9");      // Latin-1 é as in old PDN files
    EXPECT_EQ(escape_markup("Sij\xc3\xa9"), "Sij\xc3\xa9");  // UTF-8 kept
}

TEST(EscapeScript, NoTextCanEndTheScriptElement) {
    const std::string json = escape_script(R"({"name":"</script><script>alert(1)</script><!--"})");
    EXPECT_FALSE(contains(json, "<"));
    EXPECT_TRUE(contains(json, R"(\u003c/script>)"));
}

TEST(Svg, HasATitleAndEscapesEveryText) {
    Svg svg(200.0, 100.0, "Elo of <new> & \"old\"");
    svg.text(10.0, 20.0, "[Event \"A & B\"] {<comment>}", "label");
    svg.rect(0.0, 0.0, 10.0, 10.0, "bar", "engine 'x<y'");
    const std::string out = svg.str();
    EXPECT_TRUE(contains(out, "<title>Elo of &lt;new&gt; &amp; &quot;old&quot;</title>"));
    EXPECT_TRUE(contains(out, "aria-label=\"Elo of &lt;new&gt; &amp; &quot;old&quot;\""));
    EXPECT_TRUE(contains(out, ">[Event &quot;A &amp; B&quot;] {&lt;comment&gt;}</text>"));
    EXPECT_TRUE(contains(out, "<title>engine &#39;x&lt;y&#39;</title></rect>"));
    EXPECT_FALSE(contains(out, "<new>"));
    EXPECT_TRUE(contains(out, "viewBox=\"0 0 200.0 100.0\""));
}

TEST(Svg, ElementsCarryTheirCoordinatesAndClasses) {
    Svg svg(100.0, 100.0, "t");
    svg.line(1.0, 2.0, 3.0, 4.0, "axis");
    svg.polyline({{0.0, 1.0}, {2.5, 3.25}}, "line");
    svg.circle(5.0, 6.0, 2.0, "dot");
    svg.rect(1.0, 1.0, -5.0, 2.0, "bar");  // a negative width is drawn as nothing
    const std::string out = svg.str();
    EXPECT_TRUE(
        contains(out, "<line x1=\"1.0\" y1=\"2.0\" x2=\"3.0\" y2=\"4.0\" class=\"axis\"/>"));
    EXPECT_TRUE(contains(out, "<polyline points=\"0.0,1.0 2.5,3.3\" class=\"line\"/>"));
    EXPECT_TRUE(contains(out, "<circle cx=\"5.0\" cy=\"6.0\" r=\"2.0\" class=\"dot\"/>"));
    EXPECT_TRUE(contains(out, "width=\"0.0\""));
}

TEST(Svg, OpenGroupsAreClosedAndDataAttributesEscaped) {
    Svg svg(10.0, 10.0, "t");
    svg.open_group("series s0", "series", "a\"b");
    svg.open_group("inner");
    svg.close_group();
    const std::string out = svg.str();
    EXPECT_TRUE(contains(out, "<g class=\"series s0\" data-series=\"a&quot;b\">"));
    EXPECT_TRUE(out.ends_with("</g></g></svg>"));
}

TEST(Svg, VerticalTextIsRotatedAboutItsAnchor) {
    Svg svg(10.0, 10.0, "t");
    svg.vertical_text(14.0, 50.0, "Elo", "label");
    svg.rotated_text(20.0, 30.0, "win: <x>", "tick", -35.0, Anchor::End);
    EXPECT_TRUE(contains(
        svg.str(), "text-anchor=\"middle\" transform=\"rotate(-90.0 14.0 50.0)\">Elo</text>"));
    EXPECT_TRUE(contains(
        svg.str(),
        "text-anchor=\"end\" transform=\"rotate(-35.0 20.0 30.0)\">win: &lt;x&gt;</text>"));
}

}  // namespace
}  // namespace draughts::report
