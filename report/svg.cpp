#include "report/svg.hpp"

#include <fmt/format.h>

#include <cassert>
#include <cmath>

#include "report/markup.hpp"

namespace draughts::report {

std::string coordinate(double value) {
    if (!std::isfinite(value)) value = 0.0;
    const double rounded = std::round(value * 10.0) / 10.0;
    return fmt::format("{:.1f}", rounded == 0.0 ? 0.0 : rounded);
}

Svg::Svg(double width, double height, std::string_view title, std::string_view css_class)
    : width_(width), height_(height) {
    head_ = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{}\" viewBox=\"0 0 {} {}\" "
        "role=\"img\" aria-label=\"{}\"><title>{}</title>",
        escape_markup(css_class), coordinate(width), coordinate(height), escape_markup(title),
        escape_markup(title));
}

void Svg::close_element(std::string_view element, std::string_view tooltip) {
    if (tooltip.empty()) {
        body_ += "/>";
    } else {
        body_ += fmt::format("><title>{}</title></{}>", escape_markup(tooltip), element);
    }
}

void Svg::rect(double x, double y, double w, double h, std::string_view css_class,
               std::string_view tooltip) {
    body_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{}\"",
                         coordinate(x), coordinate(y), coordinate(std::max(0.0, w)),
                         coordinate(std::max(0.0, h)), escape_markup(css_class));
    close_element("rect", tooltip);
}

void Svg::filled_rect(double x, double y, double w, double h, std::string_view fill,
                      std::string_view tooltip) {
    body_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"",
                         coordinate(x), coordinate(y), coordinate(std::max(0.0, w)),
                         coordinate(std::max(0.0, h)), escape_markup(fill));
    close_element("rect", tooltip);
}

void Svg::line(double x1, double y1, double x2, double y2, std::string_view css_class) {
    body_ +=
        fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"{}\"/>", coordinate(x1),
                    coordinate(y1), coordinate(x2), coordinate(y2), escape_markup(css_class));
}

void Svg::polyline(const std::vector<std::pair<double, double>>& points,
                   std::string_view css_class) {
    if (points.empty()) return;
    body_ += "<polyline points=\"";
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (i > 0) body_ += ' ';
        body_ += coordinate(points[i].first);
        body_ += ',';
        body_ += coordinate(points[i].second);
    }
    body_ += fmt::format("\" class=\"{}\"/>", escape_markup(css_class));
}

void Svg::circle(double cx, double cy, double r, std::string_view css_class,
                 std::string_view tooltip) {
    body_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"{}\"", coordinate(cx),
                         coordinate(cy), coordinate(r), escape_markup(css_class));
    close_element("circle", tooltip);
}

namespace {

std::string_view anchor_name(Anchor anchor) {
    switch (anchor) {
        case Anchor::Middle:
            return "middle";
        case Anchor::End:
            return "end";
        case Anchor::Start:
            break;
    }
    return "start";
}

}  // namespace

void Svg::text(double x, double y, std::string_view content, std::string_view css_class,
               Anchor anchor) {
    body_ += fmt::format("<text x=\"{}\" y=\"{}\" class=\"{}\" text-anchor=\"{}\">{}</text>",
                         coordinate(x), coordinate(y), escape_markup(css_class),
                         anchor_name(anchor), escape_markup(content));
}

void Svg::vertical_text(double x, double y, std::string_view content, std::string_view css_class) {
    rotated_text(x, y, content, css_class, -90.0, Anchor::Middle);
}

void Svg::rotated_text(double x, double y, std::string_view content, std::string_view css_class,
                       double degrees, Anchor anchor) {
    body_ += fmt::format(
        "<text x=\"{0}\" y=\"{1}\" class=\"{2}\" text-anchor=\"{3}\" "
        "transform=\"rotate({4} {0} {1})\">{5}</text>",
        coordinate(x), coordinate(y), escape_markup(css_class), anchor_name(anchor),
        coordinate(degrees), escape_markup(content));
}

void Svg::open_group(std::string_view css_class, std::string_view data_name,
                     std::string_view data_value) {
    body_ += fmt::format("<g class=\"{}\"", escape_markup(css_class));
    if (!data_name.empty())
        body_ +=
            fmt::format(" data-{}=\"{}\"", escape_markup(data_name), escape_markup(data_value));
    body_ += '>';
    ++open_groups_;
}

void Svg::close_group() {
    assert(open_groups_ > 0);
    body_ += "</g>";
    --open_groups_;
}

void Svg::style(std::string_view css) {
    // "]]>" would end the CDATA section early; no style sheet of ours contains it.
    assert(css.find("]]>") == std::string_view::npos);
    body_ += fmt::format("<style><![CDATA[{}]]></style>", css);
}

std::string Svg::str() const {
    std::string out = head_ + body_;
    for (int i = 0; i < open_groups_; ++i) out += "</g>";
    out += "</svg>";
    return out;
}

}  // namespace draughts::report
