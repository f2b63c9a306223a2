#include "rules/fen.hpp"

#include <optional>

#include "common/text.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

/// A square number of at most three characters, blanks around it allowed.
std::optional<int> square_number(std::string_view s) {
    s = trim(s);
    if (s.size() > 3) return std::nullopt;
    return parse_number<int>(s);
}

/// Pieces of one colour being read from a FEN section.
struct ColourSection {
    Bitboard men = 0;
    Bitboard kings = 0;
};

template <typename V>
class FenReader {
    using B = typename V::Board;

  public:
    explicit FenReader(std::string_view fen) : fen_(fen) {}

    Expected<BasicPosition<V>> read() {
        std::string_view text = trim(fen_);
        if (!text.empty() && text.back() == '.') text = trim(text.substr(0, text.size() - 1));
        if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
            text = trim(text.substr(1, text.size() - 2));
        const auto first_colon = text.find(':');
        if (first_colon == std::string_view::npos)
            return fail("expected '<side>:<colour><squares>:<colour><squares>'");
        const std::string_view side = trim(text.substr(0, first_colon));
        Color to_move;
        if (side == "W") {
            to_move = Color::White;
        } else if (side == "B") {
            to_move = Color::Black;
        } else {
            return fail("side to move must be W or B, found \"" + std::string(side) + "\"");
        }
        std::string_view rest = text.substr(first_colon + 1);
        bool seen[2] = {false, false};
        ColourSection sections[2];
        while (true) {
            const auto colon = rest.find(':');
            const std::string_view part = trim(rest.substr(0, colon));
            if (auto ok = read_section(part, seen, sections); !ok) return ok.error();
            if (colon == std::string_view::npos) break;
            rest = rest.substr(colon + 1);
        }
        const ColourSection& w = sections[0];
        const ColourSection& b = sections[1];
        if (const Bitboard both = (w.men | w.kings) & (b.men | b.kings); both != 0)
            return fail("square " + std::to_string(B::square_of_bit_index(lsb_index(both))) +
                        " is given to both colours");
        return BasicPosition<V>::from_bitboards(w.men | w.kings, b.men | b.kings, w.kings | b.kings,
                                                to_move);
    }

  private:
    Error fail(const std::string& what) const {
        return make_error("FEN \"" + std::string(fen_) + "\": " + what);
    }

    Expected<void> read_section(std::string_view part, bool seen[2], ColourSection sections[2]) {
        if (part.empty()) return fail("empty colour section (expected W or B then squares)");
        int colour;
        if (part.front() == 'W') {
            colour = 0;
        } else if (part.front() == 'B') {
            colour = 1;
        } else {
            return fail("colour must be W or B, found \"" + std::string(part) + "\"");
        }
        if (seen[colour]) return fail(std::string("colour ") + part.front() + " is listed twice");
        seen[colour] = true;
        std::string_view items = trim(part.substr(1));
        while (!items.empty()) {
            const auto comma = items.find(',');
            if (auto ok = read_item(trim(items.substr(0, comma)), colour, sections[colour]); !ok)
                return ok;
            if (comma == std::string_view::npos) break;
            items = items.substr(comma + 1);
            if (trim(items).empty()) return fail("empty item after ','");
        }
        return {};
    }

    Expected<void> read_item(std::string_view item, int colour, ColourSection& section) {
        const std::string quoted = "item \"" + std::string(item) + "\"";
        if (item.empty()) return fail("empty item");
        bool king = false;
        std::string_view body = item;
        if (body.front() == 'K') {
            king = true;
            body = trim(body.substr(1));
        }
        const auto dash = body.find('-');
        const auto first = square_number(body.substr(0, dash));
        const auto last =
            dash == std::string_view::npos ? first : square_number(body.substr(dash + 1));
        if (!first || !last) return fail(quoted + " is not a square number or a range a-b");
        if (!B::is_valid_square(*first) || !B::is_valid_square(*last))
            return fail(quoted + ": squares must be between 1 and " +
                        std::to_string(B::kNumSquares));
        if (*first > *last) return fail(quoted + ": range runs backwards");
        for (Square s = *first; s <= *last; ++s) {
            const Bitboard bit = B::square_bit(s);
            if ((placed_ & bit) != 0)
                return fail(quoted + ": square " + std::to_string(s) + " is listed twice");
            placed_ |= bit;
            const Bitboard promotion = B::promotion_row(colour == 0 ? Color::White : Color::Black);
            if (!king && (promotion & bit) != 0)
                return fail(quoted + ": a " + (colour == 0 ? "white" : "black") +
                            " man on square " + std::to_string(s) +
                            " would already have been promoted");
            (king ? section.kings : section.men) |= bit;
        }
        return {};
    }

    std::string_view fen_;
    Bitboard placed_ = 0;
};

template <typename B>
void append_colour(std::string& out, Bitboard men, Bitboard kings) {
    bool first_item = true;
    Square s = 1;
    while (s <= B::kNumSquares) {
        const Bitboard bit = B::square_bit(s);
        if (((men | kings) & bit) == 0) {
            ++s;
            continue;
        }
        const bool king = (kings & bit) != 0;
        const Bitboard same_kind = king ? kings : men;
        Square end = s;
        while (end < B::kNumSquares && (same_kind & B::square_bit(end + 1)) != 0) ++end;
        if (!first_item) out += ',';
        first_item = false;
        if (king) out += 'K';
        out += std::to_string(s);
        if (end > s) out += '-' + std::to_string(end);
        s = end + 1;
    }
}

}  // namespace

template <typename V>
Expected<BasicPosition<V>> parse_fen(std::string_view fen) {
    return FenReader<V>(fen).read();
}

template <typename V>
std::string to_fen(const BasicPosition<V>& position) {
    using B = typename V::Board;
    std::string out;
    out += color_letter(position.side_to_move());
    out += ":W";
    append_colour<B>(out, position.men(Color::White), position.kings(Color::White));
    out += ":B";
    append_colour<B>(out, position.men(Color::Black), position.kings(Color::Black));
    return out;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_FEN(V)                                     \
    template Expected<BasicPosition<V>> parse_fen<V>(std::string_view); \
    template std::string to_fen(const BasicPosition<V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_FEN)
#undef DRAUGHTS_INSTANTIATE_FEN

}  // namespace draughts::rules
