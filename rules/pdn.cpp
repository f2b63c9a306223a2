#include "rules/pdn.hpp"

#include <fstream>
#include <sstream>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"

namespace draughts::rules {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_mark(char c) { return c == '!' || c == '?' || c == '*' || c == '+' || c == '='; }

/// Reads one PDN text game by game. Errors abandon the current game and resume at the next one.
class PdnParser {
  public:
    PdnParser(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    PdnReadResult run() {
        skip_space();
        while (pos_ < text_.size()) {
            const std::size_t before = pos_;
            read_game();
            if (pos_ == before) ++pos_;  // never loop on input the game reader did not consume
            skip_space();
        }
        return std::move(result_);
    }

  private:
    // ---- low-level scanning -------------------------------------------------------------
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    bool at_end() const { return pos_ >= text_.size(); }
    void advance() {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
    }
    void skip_space() {
        while (!at_end() && is_space(peek())) advance();
    }
    std::string location(int line) const {
        return std::string(source_) + ":" + std::to_string(line);
    }

    // ---- games --------------------------------------------------------------------------
    /// State of the game being read.
    struct GameInProgress {
        PdnGame game;
        Position position;
        int error_line = 0;
        std::string error;
        int fen_line = 0;  ///< line of the FEN tag, where a bad FEN is reported
        bool has_content = false;
    };

    void read_game() {
        GameInProgress g;
        g.game.source = std::string(source_);
        g.game.first_line = line_;
        read_tags(g);
        if (g.error.empty()) setup_start(g);
        read_movetext(g);
        if (!g.has_content) return;
        if (!g.error.empty()) {
            std::string label = g.game.tag("Event");
            result_.errors.push_back(
                make_error(location(g.error_line) + ": game starting at line " +
                           std::to_string(g.game.first_line) +
                           (label.empty() ? "" : " (Event \"" + label + "\")") + ": " + g.error));
            return;
        }
        result_.games.push_back(std::move(g.game));
    }

    /// Records the first error of a game (later ones are consequences of it) and its line.
    void fail_at(GameInProgress& g, int line, const std::string& message) {
        if (g.error.empty()) {
            g.error = message;
            g.error_line = line;
        }
    }
    void fail(GameInProgress& g, const std::string& message) { fail_at(g, line_, message); }

    void read_tags(GameInProgress& g) {
        while (peek() == '[') {
            g.has_content = true;
            const int tag_line = line_;
            advance();
            std::string name;
            while (!at_end() && !is_space(peek()) && peek() != '"' && peek() != ']') {
                name += peek();
                advance();
            }
            skip_space();
            std::string value;
            if (peek() == '"') {
                advance();
                while (!at_end() && peek() != '"' && peek() != '\n') {
                    if (peek() == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '"')
                        advance();
                    value += peek();
                    advance();
                }
                if (peek() == '"') advance();
            } else {
                fail_at(g, tag_line, "tag [" + name + "] has no quoted value");
            }
            skip_space();
            if (peek() == ']') {
                advance();
            } else {
                fail_at(g, tag_line, "tag [" + name + "] is not closed with ']'");
                while (!at_end() && peek() != '\n') advance();
            }
            if (name.empty()) fail_at(g, tag_line, "tag without a name");
            if (name == "FEN") g.fen_line = tag_line;
            g.game.tags.push_back({name, value});
            skip_space();
        }
    }

    void setup_start(GameInProgress& g) {
        g.position = Position::initial();
        if (const std::string fen = g.game.tag("FEN"); !fen.empty()) {
            auto parsed = parse_fen(fen);
            if (!parsed) {
                fail_at(g, g.fen_line, parsed.error().message);
                return;
            }
            g.position = *parsed;
        }
        g.game.start = g.position;
        const std::string tag_result = normalise_result(g.game.tag("Result"));
        if (!tag_result.empty()) g.game.result = tag_result;
    }

    /// Reads movetext up to and including the result token, or up to the next tag section.
    void read_movetext(GameInProgress& g) {
        while (true) {
            skip_space();
            if (at_end() || peek() == '[') return;
            g.has_content = true;
            const char c = peek();
            if (c == '{') {
                attach_comment(g, read_braced_comment(g));
            } else if (c == ';') {
                std::string comment;
                while (!at_end() && peek() != '\n') {
                    comment += peek();
                    advance();
                }
                attach_comment(g, comment.substr(1));
            } else if (c == '(') {
                skip_variation(g);
            } else if (c == ')') {
                fail(g, "')' without a matching '('");
                advance();
            } else if (c == '$') {
                advance();
                while (is_digit(peek())) advance();
            } else {
                if (read_word(g)) return;
            }
        }
    }

    std::string read_braced_comment(GameInProgress& g) {
        const int start_line = line_;
        advance();
        std::string comment;
        while (!at_end() && peek() != '}') {
            comment += peek();
            advance();
        }
        if (at_end()) {
            fail_at(g, start_line, "comment '{' is never closed");
            return comment;
        }
        advance();
        return comment;
    }

    void attach_comment(GameInProgress& g, const std::string& comment) {
        if (g.game.comments.empty()) return;  // comments before the first move are dropped
        std::string& slot = g.game.comments.back();
        if (!slot.empty()) slot += ' ';
        slot += comment;
    }

    void skip_variation(GameInProgress& g) {
        const int start_line = line_;
        int depth = 0;
        while (!at_end()) {
            const char c = peek();
            if (c == '{') {
                read_braced_comment(g);
                continue;
            }
            advance();
            if (c == '(') ++depth;
            if (c == ')' && --depth == 0) return;
        }
        fail_at(g, start_line, "variation '(' is never closed");
    }

    /// Reads one whitespace-delimited word: a move number, a move or a result. Returns true when
    /// the word ended the game (a result).
    bool read_word(GameInProgress& g) {
        std::string word;
        while (!at_end() && !is_space(peek()) && peek() != '{' && peek() != '(' && peek() != ')' &&
               peek() != ';' && peek() != '[') {
            word += peek();
            advance();
        }
        if (const std::string result = normalise_result(word); !result.empty()) {
            if (result != "*" || g.game.result == "*") g.game.result = result;
            return true;
        }
        // A move number, possibly glued to the move: "20." "20..." "20.32-28".
        std::size_t i = 0;
        while (i < word.size() && is_digit(word[i])) ++i;
        if (i > 0 && i < word.size() && word[i] == '.') {
            while (i < word.size() && word[i] == '.') ++i;
            word.erase(0, i);
            if (word.empty()) return false;
        }
        while (!word.empty() && is_mark(word.back())) word.pop_back();
        if (word.empty()) return false;  // a lone comment mark such as "!" or "*"-free "?"
        play(g, word);
        return false;
    }

    void play(GameInProgress& g, const std::string& text) {
        if (!g.error.empty()) return;
        auto move = parse_move(g.position, text);
        if (!move) {
            fail(g, "ply " + std::to_string(g.game.moves.size() + 1) + ": " + move.error().message);
            return;
        }
        g.game.moves.push_back(*move);
        g.game.comments.emplace_back();
        g.position = g.position.after(*move);
    }

    std::string_view text_;
    std::string_view source_;
    std::size_t pos_ = 0;
    int line_ = 1;
    PdnReadResult result_;
};

}  // namespace

std::string PdnGame::tag(std::string_view name) const {
    for (const PdnTag& t : tags)
        if (t.name == name) return t.value;
    return {};
}

Position PdnGame::final_position() const {
    Position p = start;
    for (const Move& m : moves) p = p.after(m);
    return p;
}

std::string normalise_result(std::string_view token) {
    if (token == "2-0" || token == "1-0") return "2-0";
    if (token == "0-2" || token == "0-1") return "0-2";
    if (token == "1-1" || token == "1/2-1/2") return "1-1";
    // "0-0" marks a game without a known result in some databases (and a double forfeit in
    // others); either way neither side scored, so it reads as unfinished.
    if (token == "*" || token == "0-0") return "*";
    return {};
}

PdnReadResult read_pdn(std::string_view text, std::string_view source) {
    return PdnParser(text, source).run();
}

Expected<PdnReadResult> read_pdn_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(path.string() + ": cannot open file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return make_error(path.string() + ": read error");
    const std::string text = buffer.str();
    return read_pdn(text, path.string());
}

}  // namespace draughts::rules
