#include "rules/pdn_writer.hpp"

#include "rules/fen.hpp"
#include "rules/game_result.hpp"
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

std::string move_number_token(std::size_t ply, Color to_move, Color first) {
    const std::size_t index = ply + (to_move == first ? 0U : 1U);
    const std::string number = std::to_string(index / 2 + 1);
    if (index % 2 == 0) return number + ".";
    return ply == 0 ? number + "..." : std::string();
}

std::string result_token(std::string_view result, Color first) {
    for (const GameResult r : {GameResult::WhiteWin, GameResult::BlackWin, GameResult::Draw})
        if (result == to_pdn_result(r)) return std::string(pdn_result_token(r, first));
    return std::string(result);
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
            append_pdn_tag(out, tag.name, result_token(game.result, V::kFirstToMove));
            continue;
        }
        has_game_type = has_game_type || tag.name == "GameType";
        has_fen = has_fen || tag.name == "FEN";
        append_pdn_tag(out, tag.name, tag.value);
    }
    if (!has_result) append_pdn_tag(out, "Result", result_token(game.result, V::kFirstToMove));
    if (!has_game_type && V::kGameType != International::kGameType)
        append_pdn_tag(out, "GameType", std::to_string(V::kGameType));
    if (!has_fen && !(game.start == BasicPosition<V>::initial())) {
        append_pdn_tag(out, "SetUp", "1");
        append_pdn_tag(out, "FEN", to_fen(game.start));
    }
    out += '\n';

    std::vector<std::string> tokens;
    BasicPosition<V> position = game.start;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        if (std::string number = move_number_token(i, game.start.side_to_move(), V::kFirstToMove);
            !number.empty())
            tokens.push_back(std::move(number));
        tokens.push_back(to_pdn_notation(position, game.moves[i]));
        if (i < game.comments.size() && !game.comments[i].empty()) {
            std::string comment = game.comments[i];
            for (char& c : comment)
                if (c == '}') c = ')';
            tokens.push_back("{" + comment + "}");
        }
        position = position.after(game.moves[i]);
    }
    tokens.push_back(result_token(game.result, V::kFirstToMove));
    return out + wrap_movetext(tokens, line_width) + '\n';
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PDN_WRITE(V) \
    template std::string write_pdn(const BasicPdnGame<V>&, int);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PDN_WRITE)
#undef DRAUGHTS_INSTANTIATE_PDN_WRITE

}  // namespace draughts::rules
