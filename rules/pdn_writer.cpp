#include "rules/pdn_writer.hpp"

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/variant_list.hpp"

namespace draughts::rules {

std::string pdn_tag_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '"') {
            out += "\\\"";
        } else if (c == '\\') {
            out += '/';
        } else if (c == '\n' || c == '\r' || c == '\t') {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

void append_pdn_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += pdn_tag_value(value);
    out += "\"]\n";
}

std::string wrap_movetext(const std::vector<std::string>& tokens, int line_width) {
    std::string out;
    std::string line;
    for (const std::string& token : tokens) {
        if (!line.empty() &&
            line.size() + 1 + token.size() > static_cast<std::size_t>(line_width)) {
            out += line + '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += token;
    }
    return out + line + '\n';
}

template <typename V>
std::string write_pdn(const BasicPdnGame<V>& game, int line_width) {
    std::string out;
    bool has_result = false;
    bool has_game_type = false;
    bool has_fen = false;
    for (const PdnTag& tag : game.tags) {
        if (tag.name == "Result") {
            has_result = true;
            append_pdn_tag(out, tag.name, game.result);
            continue;
        }
        has_game_type = has_game_type || tag.name == "GameType";
        has_fen = has_fen || tag.name == "FEN";
        append_pdn_tag(out, tag.name, tag.value);
    }
    if (!has_result) append_pdn_tag(out, "Result", game.result);
    if (!has_game_type && V::kGameType != International::kGameType)
        append_pdn_tag(out, "GameType", std::to_string(V::kGameType));
    if (!has_fen && !(game.start == BasicPosition<V>::initial())) {
        append_pdn_tag(out, "SetUp", "1");
        append_pdn_tag(out, "FEN", to_fen(game.start));
    }
    out += '\n';

    std::vector<std::string> tokens;
    BasicPosition<V> position = game.start;
    int number = 1;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        if (position.side_to_move() == Color::White) {
            tokens.push_back(std::to_string(number) + ".");
        } else if (i == 0) {
            tokens.push_back(std::to_string(number) + "...");
        }
        tokens.push_back(to_pdn_notation(position, game.moves[i]));
        if (i < game.comments.size() && !game.comments[i].empty()) {
            std::string comment = game.comments[i];
            for (char& c : comment)
                if (c == '}') c = ')';
            tokens.push_back("{" + comment + "}");
        }
        if (position.side_to_move() == Color::Black) ++number;
        position = position.after(game.moves[i]);
    }
    tokens.push_back(game.result);
    return out + wrap_movetext(tokens, line_width) + '\n';
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PDN_WRITE(V) \
    template std::string write_pdn(const BasicPdnGame<V>&, int);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PDN_WRITE)
#undef DRAUGHTS_INSTANTIATE_PDN_WRITE

}  // namespace draughts::rules
