#pragma once
// A writer of inline SVG images: the report draws every chart and board with it, so the page
// needs no chart library. Coordinates are written with one decimal (deterministic text), every
// text is escaped, and each image carries a <title> (its text alternative for screen readers).
// Colours come from CSS classes of the page (a colour-blind safe palette), or an explicit fill
// for heat maps.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace draughts::report {

/// Horizontal alignment of a text at its anchor point.
enum class Anchor : unsigned char { Start, Middle, End };

/// Builds one <svg> element; see the top of the file.
class Svg {
  public:
    /// An image of width x height user units (it scales to its container's width).
    Svg(double width, double height, std::string_view title, std::string_view css_class = "chart");

    void rect(double x, double y, double w, double h, std::string_view css_class,
              std::string_view tooltip = {});
    /// A rectangle with an explicit fill colour ("#rrggbb"), for heat maps.
    void filled_rect(double x, double y, double w, double h, std::string_view fill,
                     std::string_view tooltip = {});
    void line(double x1, double y1, double x2, double y2, std::string_view css_class);
    void polyline(const std::vector<std::pair<double, double>>& points, std::string_view css_class);
    void circle(double cx, double cy, double r, std::string_view css_class,
                std::string_view tooltip = {});
    void text(double x, double y, std::string_view content, std::string_view css_class,
              Anchor anchor = Anchor::Start);
    /// A text turned 90 degrees counter-clockwise about its anchor (a y axis label).
    void vertical_text(double x, double y, std::string_view content, std::string_view css_class);
    /// A text turned `degrees` (negative: counter-clockwise) about its anchor point.
    void rotated_text(double x, double y, std::string_view content, std::string_view css_class,
                      double degrees, Anchor anchor);
    /// Opens a group (<g>) with a class and optional data attribute `data-NAME="VALUE"`.
    void open_group(std::string_view css_class, std::string_view data_name = {},
                    std::string_view data_value = {});
    void close_group();
    /// A <style> element with `css` (as CDATA): for an image shown outside the report's page.
    void style(std::string_view css);

    double width() const { return width_; }
    double height() const { return height_; }
    /// The finished element.
    std::string str() const;

  private:
    /// Ends an element: "/>", or its tooltip (a <title> child) and its end tag.
    void close_element(std::string_view element, std::string_view tooltip);

    double width_;
    double height_;
    std::string head_;
    std::string body_;
    int open_groups_ = 0;
};

/// A coordinate as written: one decimal, no "-0.0".
std::string coordinate(double value);

}  // namespace draughts::report
