#include "common/json_reader.hpp"

#include <charconv>
#include <cstdint>
#include <string>

namespace draughts {

namespace {

constexpr int kMaxDepth = 200;

/// Recursive-descent parser over one text; the first error stops it.
class JsonParser {
  public:
    JsonParser(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    Expected<Json> parse() {
        Json value = parse_value(0);
        skip_space();
        if (error_.empty() && pos_ != text_.size()) fail("unexpected text after the value");
        if (!error_.empty()) return make_error(error_);
        return value;
    }

  private:
    void fail(std::string_view what) {
        if (!error_.empty()) return;
        error_ = std::string(source_) + ": column " + std::to_string(pos_ + 1) + ": " +
                 std::string(what);
    }
    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }
    void skip_space() {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++pos_;
    }
    bool consume_word(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    Json parse_value(int depth) {
        skip_space();
        if (depth > kMaxDepth) {
            fail("nesting too deep");
            return {};
        }
        switch (peek()) {
            case '{':
                return parse_object(depth);
            case '[':
                return parse_array(depth);
            case '"':
                return Json(parse_string());
            case 't':
                if (consume_word("true")) return Json(true);
                break;
            case 'f':
                if (consume_word("false")) return Json(false);
                break;
            case 'n':
                if (consume_word("null")) return Json();
                break;
            default:
                if (peek() == '-' || (peek() >= '0' && peek() <= '9')) return parse_number();
        }
        fail(at_end() ? "unexpected end of text" : "expected a JSON value");
        return {};
    }

    Json parse_object(int depth) {
        ++pos_;  // '{'
        Json object = Json::object();
        skip_space();
        if (peek() == '}') {
            ++pos_;
            return object;
        }
        while (error_.empty()) {
            skip_space();
            if (peek() != '"') {
                fail("expected a quoted key");
                break;
            }
            const std::string key = parse_string();
            skip_space();
            if (peek() != ':') {
                fail("expected ':' after a key");
                break;
            }
            ++pos_;
            object.set(key, parse_value(depth + 1));
            skip_space();
            if (peek() == ',') {
                ++pos_;
            } else if (peek() == '}') {
                ++pos_;
                break;
            } else {
                fail("expected ',' or '}' in an object");
            }
        }
        return object;
    }

    Json parse_array(int depth) {
        ++pos_;  // '['
        Json array = Json::array();
        skip_space();
        if (peek() == ']') {
            ++pos_;
            return array;
        }
        while (error_.empty()) {
            array.push(parse_value(depth + 1));
            skip_space();
            if (peek() == ',') {
                ++pos_;
            } else if (peek() == ']') {
                ++pos_;
                break;
            } else {
                fail("expected ',' or ']' in an array");
            }
        }
        return array;
    }

    /// Four hex digits of a \u escape; -1 on error.
    long parse_hex4() {
        if (text_.size() - pos_ < 4) return -1;
        unsigned value = 0;
        const auto [end, ec] =
            std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, value, 16);
        if (ec != std::errc() || end != text_.data() + pos_ + 4) return -1;
        pos_ += 4;
        return static_cast<long>(value);
    }

    static void append_utf8(std::string& out, std::uint32_t code) {
        if (code < 0x80) {
            out += static_cast<char>(code);
        } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (code >> 18));
            out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        }
    }

    bool parse_escape(std::string& out) {
        const char c = peek();
        ++pos_;
        switch (c) {
            case '"':
                out += '"';
                return true;
            case '\\':
                out += '\\';
                return true;
            case '/':
                out += '/';
                return true;
            case 'b':
                out += '\b';
                return true;
            case 'f':
                out += '\f';
                return true;
            case 'n':
                out += '\n';
                return true;
            case 'r':
                out += '\r';
                return true;
            case 't':
                out += '\t';
                return true;
            case 'u':
                break;
            default:
                return false;
        }
        long code = parse_hex4();
        if (code < 0) return false;
        if (code >= 0xD800 && code < 0xDC00) {  // a surrogate pair encodes one code point
            if (!consume_word("\\u")) return false;
            const long low = parse_hex4();
            if (low < 0xDC00 || low >= 0xE000) return false;
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        } else if (code >= 0xDC00 && code < 0xE000) {
            return false;
        }
        append_utf8(out, static_cast<std::uint32_t>(code));
        return true;
    }

    std::string parse_string() {
        ++pos_;  // opening quote
        std::string out;
        while (error_.empty()) {
            if (at_end()) {
                fail("unterminated string");
                break;
            }
            const char c = text_[pos_];
            if (c == '"') {
                ++pos_;
                break;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail("control character in a string");
                break;
            }
            ++pos_;
            if (c != '\\') {
                out += c;
            } else if (!parse_escape(out)) {
                fail("bad escape in a string");
            }
        }
        return out;
    }

    Json parse_number() {
        const std::size_t start = pos_;
        if (peek() == '-') ++pos_;
        if (peek() == '0') {
            ++pos_;
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9') ++pos_;
        } else {
            fail("bad number");
            return {};
        }
        bool integral = true;
        if (peek() == '.') {
            integral = false;
            ++pos_;
            if (!(peek() >= '0' && peek() <= '9')) fail("bad number: digits expected after '.'");
            while (peek() >= '0' && peek() <= '9') ++pos_;
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            ++pos_;
            if (peek() == '+' || peek() == '-') ++pos_;
            if (!(peek() >= '0' && peek() <= '9')) fail("bad number: digits expected in exponent");
            while (peek() >= '0' && peek() <= '9') ++pos_;
        }
        if (!error_.empty()) return {};
        const char* first = text_.data() + start;
        const char* last = text_.data() + pos_;
        if (integral) {
            std::int64_t value = 0;
            const auto [end, ec] = std::from_chars(first, last, value);
            if (ec == std::errc() && end == last) return Json(static_cast<long long>(value));
        }
        double value = 0.0;
        const auto [end, ec] = std::from_chars(first, last, value);
        if (ec != std::errc() || end != last) {
            fail("number out of range");
            return {};
        }
        return Json(value);
    }

    std::string_view text_;
    std::string_view source_;
    std::size_t pos_ = 0;
    std::string error_;
};

}  // namespace

Expected<Json> parse_json(std::string_view text, std::string_view source) {
    return JsonParser(text, source).parse();
}

}  // namespace draughts
