#include "report/move_array_scanner.hpp"

#include <charconv>
#include <cmath>

#include "common/saturating_cast.hpp"
#include "records/game_line.hpp"

namespace draughts::report {

namespace {

/// A cursor over the text; every reader returns false on anything unexpected.
class Cursor {
  public:
    Cursor(std::string_view text, std::size_t at) : text_(text), at_(at) {}

    std::size_t at() const { return at_; }
    bool take(char c) {
        if (at_ >= text_.size() || text_[at_] != c) return false;
        ++at_;
        return true;
    }
    bool peek(char c) const { return at_ < text_.size() && text_[at_] == c; }

    /// A string without escapes; the view points into the text.
    bool string(std::string_view& out) {
        if (!take('"')) return false;
        // A plain loop: strings here are a few bytes long, where find_first_of's search per
        // character costs more than the bytes themselves.
        std::size_t end = at_;
        while (end < text_.size() && text_[end] != '"' && text_[end] != '\\') ++end;
        if (end >= text_.size() || text_[end] != '"') return false;
        out = text_.substr(at_, end - at_);
        at_ = end + 1;
        return true;
    }

    bool number(double& out, bool& integer) {
        const char* first = text_.data() + at_;
        const char* last = text_.data() + text_.size();
        const auto [end, ec] = std::from_chars(first, last, out);
        if (ec != std::errc() || !std::isfinite(out)) return false;
        integer =
            std::string_view(first, static_cast<std::size_t>(end - first)).find_first_of(".eE") ==
            std::string_view::npos;
        at_ += static_cast<std::size_t>(end - first);
        return true;
    }

    /// An array of strings (a principal variation), skipped.
    bool string_array() {
        if (!take('[')) return false;
        if (take(']')) return true;
        std::string_view ignored;
        do {
            if (!string(ignored)) return false;
        } while (take(','));
        return take(']');
    }

  private:
    std::string_view text_;
    std::size_t at_;
};

/// One value of a move object, stored when its key is one the report reads.
bool value(Cursor& c, std::string_view key, RecordedMove& move) {
    if (c.peek('"')) {
        std::string_view text;
        if (!c.string(text)) return false;
        if (key == harness::move_key::kMove) move.text = std::string(text);
        return true;
    }
    if (c.peek('[')) return c.string_array();
    double number = 0.0;
    bool integer = false;
    if (!c.number(number, integer)) return false;
    if (key == harness::move_key::kTime)
        move.time = number;
    else if (key == harness::move_key::kScore)
        move.score = integer ? number / 1000.0 : number;  // older files: units
    else if (key == harness::move_key::kWinIn)
        move.win_in = saturating_cast<int>(number);
    else if (key == harness::move_key::kDepth)
        move.depth = saturating_cast<int>(number);
    else if (key == harness::move_key::kNodes)
        move.nodes = saturating_cast<std::int64_t>(number);
    return true;
}

bool move_object(Cursor& c, RecordedMove& move) {
    if (!c.take('{')) return false;
    if (c.take('}')) return true;
    do {
        std::string_view key;
        if (!c.string(key) || !c.take(':') || !value(c, key, move)) return false;
    } while (c.take(','));
    return c.take('}');
}

}  // namespace

std::optional<std::size_t> scan_move_array(std::string_view text, std::size_t open,
                                           std::vector<RecordedMove>& moves) {
    Cursor c(text, open);
    if (!c.take('[')) return std::nullopt;
    if (c.take(']')) return c.at();
    do {
        if (!move_object(c, moves.emplace_back())) return std::nullopt;
    } while (c.take(','));
    if (!c.take(']')) return std::nullopt;
    return c.at();
}

}  // namespace draughts::report
