#include "rules/pdn.hpp"

#include <system_error>

#include "common/file_io.hpp"
#include "common/utf8.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_mark(char c) { return c == '!' || c == '?' || c == '*' || c == '+' || c == '='; }

/// Reads one PDN text game by game. Errors abandon the current game and resume at the next one.
template <typename V>
class PdnParser {
  public:
    PdnParser(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    BasicPdnReadResult<V> run() {
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
    /// Skips spaces up to the end of the line, not beyond.
    void skip_blanks() {
        while (!at_end() && is_blank(peek())) advance();
    }
    /// Goes back to the end of line `line`, which starts at or after `from`: where reading
    /// resumes after a comment or variation that is never closed, so that it does not swallow
    /// the games after it.
    void rewind_to_end_of_line(std::size_t from, int line) {
        const std::size_t newline = text_.find('\n', from);
        pos_ = newline == std::string_view::npos ? text_.size() : newline;
        line_ = line;
    }
    std::string location(int line) const {
        return std::string(source_) + ":" + std::to_string(line);
    }

    // ---- games --------------------------------------------------------------------------
    /// State of the game being read.
    struct GameInProgress {
        BasicPdnGame<V> game;
        BasicPosition<V> position;
        int error_line = 0;
        std::string error;
        int fen_line = 0;        ///< line of the FEN tag, where a bad FEN is reported
        int game_type_line = 0;  ///< line of the GameType tag
        std::string terminator;  ///< the result token that ended the movetext, normalised
        int terminator_line = 0;
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
        warn_about(g);
        if (!g.error.empty()) {
            result_.errors.push_back(
                make_error(location(g.error_line) + ": " + label(g) + ": " + g.error));
            return;
        }
        result_.games.push_back(std::move(g.game));
    }

    /// "game starting at line N (Event "E")", to say which game a message is about.
    std::string label(const GameInProgress& g) const {
        const std::string event = g.game.tag("Event");
        return "game starting at line " + std::to_string(g.game.first_line) +
               (event.empty() ? "" : " (Event \"" + event + "\")");
    }

    /// Warnings: things the game says that do not stop it from being read, but that a user
    /// should know about because the game may not be what its tags claim.
    void warn_about(const GameInProgress& g) {
        const auto warn = [&](int line, const std::string& text) {
            result_.warnings.push_back(make_error(location(line) + ": " + label(g) + ": " + text));
        };
        const std::string tag_result = g.game.tag("Result");
        const std::string normalised = normalise_result(tag_result, V::kFirstToMove);
        if (!g.terminator.empty() && !normalised.empty() && normalised != g.terminator) {
            warn(g.terminator_line, "the Result tag \"" + tag_result +
                                        "\" disagrees with the result at the end of the moves \"" +
                                        g.terminator + "\"; the game counts as " + g.game.result);
        }
        const std::string game_type = g.game.tag("GameType");
        // The full form is "20,W,10,10,N2,0": the number before the first comma names the game.
        const std::string ours = std::to_string(V::kGameType);
        if (!game_type.empty() && game_type.substr(0, game_type.find(',')) != ours) {
            const std::string name(V::kName);
            warn(g.game_type_line, "GameType \"" + game_type + "\" is not " + name + " draughts (" +
                                       ours + "); the moves were read with the " + name + " rules");
        }
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
            // A tag pair stays on its line: a tag not closed there must not take the next line
            // (the moves and the result of its game, or the next game's tags) with it.
            skip_blanks();
            if (peek() == ']') {
                advance();
            } else {
                fail_at(g, tag_line, "tag [" + name + "] is not closed with ']'");
                while (!at_end() && peek() != '\n') advance();
            }
            if (name.empty()) fail_at(g, tag_line, "tag without a name");
            if (name == "FEN") g.fen_line = tag_line;
            if (name == "GameType") g.game_type_line = tag_line;
            g.game.tags.push_back({name, value});
            skip_space();
        }
    }

    void setup_start(GameInProgress& g) {
        g.position = BasicPosition<V>::initial();
        if (const std::string fen = g.game.tag("FEN"); !fen.empty()) {
            auto parsed = parse_fen<V>(fen);
            if (!parsed) {
                fail_at(g, g.fen_line, parsed.error().message);
                return;
            }
            g.position = *parsed;
        }
        g.game.start = g.position;
        const std::string tag_result = normalise_result(g.game.tag("Result"), V::kFirstToMove);
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
        const std::size_t start = pos_;
        advance();
        std::string comment;
        while (!at_end() && peek() != '}') {
            comment += peek();
            advance();
        }
        if (at_end()) {
            fail_at(g, start_line, "comment '{' is never closed");
            rewind_to_end_of_line(start, start_line);
            return {};
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
        const std::size_t start = pos_;
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
        rewind_to_end_of_line(start, start_line);
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
        if (const std::string result = normalise_result(word, V::kFirstToMove); !result.empty()) {
            if (result != "*" || g.game.result == "*") g.game.result = result;
            g.terminator = result;
            g.terminator_line = line_;
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
    BasicPdnReadResult<V> result_;
};

}  // namespace

template <typename V>
std::string BasicPdnGame<V>::tag(std::string_view name) const {
    for (const PdnTag& t : tags)
        if (t.name == name) return t.value;
    return {};
}

template <typename V>
BasicPosition<V> BasicPdnGame<V>::final_position() const {
    BasicPosition<V> p = start;
    for (const BasicMove<V>& m : moves) p = p.after(m);
    return p;
}

std::string normalise_result(std::string_view token, Color first) {
    const bool black_first = first == Color::Black;
    if (token == "2-0" || (token == "1-0" && !black_first) || (token == "0-1" && black_first))
        return "2-0";
    if (token == "0-2" || (token == "0-1" && !black_first) || (token == "1-0" && black_first))
        return "0-2";
    if (token == "1-1" || token == "1/2-1/2") return "1-1";
    // "0-0" marks a game without a known result in some databases (and a double forfeit in
    // others); either way neither side scored, so it reads as unfinished.
    if (token == "*" || token == "0-0") return "*";
    return {};
}

template <typename V>
BasicPdnReadResult<V> read_pdn(std::string_view text, std::string_view source) {
    const std::string utf8 = text_as_utf8(text);
    return PdnParser<V>(utf8, source).run();
}

template <typename V>
Expected<BasicPdnReadResult<V>> read_pdn_file(const std::filesystem::path& path) {
    const auto text = read_whole_file(path);
    if (!text) return text.error();
    return read_pdn<V>(*text, path.string());
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PDN(V)                                                 \
    template struct BasicPdnGame<V>;                                                \
    template BasicPdnReadResult<V> read_pdn<V>(std::string_view, std::string_view); \
    template Expected<BasicPdnReadResult<V>> read_pdn_file<V>(const std::filesystem::path&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PDN)
#undef DRAUGHTS_INSTANTIATE_PDN

}  // namespace draughts::rules
