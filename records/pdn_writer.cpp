#include "records/pdn_writer.hpp"

#include <fmt/format.h>

#include <vector>

#include "rules/fen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

std::string time_control_text(const TimeControl& tc) {
    const std::string text = to_string(tc);
    return text.empty() ? "-" : text;
}

/// Movetext tokens: move numbers, moves, comments and the result, each kept whole on a line.
template <typename V>
std::vector<std::string> movetext_tokens(const BasicGameRecord<V>& record,
                                         const PdnWriteOptions& options) {
    std::vector<std::string> tokens;
    for (std::size_t i = 0; i < record.plies.size(); ++i) {
        if (std::string number =
                rules::move_number_token(i, record.start.side_to_move(), V::kFirstToMove);
            !number.empty())
            tokens.push_back(std::move(number));
        tokens.push_back(record.plies[i].notation);
        if (options.comments) {
            std::string comment = "{";
            comment += move_comment(record.plies[i]);
            comment += '}';
            tokens.push_back(std::move(comment));
        }
    }
    // The database's value that ended the game, whether or not moves carry comments.
    if (!record.egdb_value.empty()) tokens.push_back("{egdb " + record.egdb_value + "}");
    tokens.emplace_back(rules::pdn_result_token(record.end.result, V::kFirstToMove));
    return tokens;
}

}  // namespace

template <typename V>
std::string move_comment(const BasicPlyRecord<V>& ply) {
    std::string comment;
    if (ply.score) {
        comment = format_score(*ply.score);
        if (ply.depth) {
            comment += '/';
            comment += std::to_string(*ply.depth);
        }
        comment += ' ';
    }
    return comment + fmt::format("{:.3f}s", ply.seconds);
}

template <typename V>
std::string to_pdn(const BasicGameRecord<V>& record, const PdnWriteOptions& options) {
    std::string out;
    const GameInfo& info = record.info;
    rules::append_pdn_tag(out, "Event", info.event.empty() ? "?" : info.event);
    rules::append_pdn_tag(out, "Site", info.site.empty() ? "?" : info.site);
    rules::append_pdn_tag(out, "Date", info.date.empty() ? "????.??.??" : info.date);
    rules::append_pdn_tag(out, "Round", info.round.empty() ? "?" : info.round);
    rules::append_pdn_tag(out, "White", record.white);
    rules::append_pdn_tag(out, "Black", record.black);
    rules::append_pdn_tag(out, "Result",
                          rules::pdn_result_token(record.end.result, V::kFirstToMove));
    rules::append_pdn_tag(out, "GameType", std::to_string(V::kGameType));
    if (!(record.start == rules::BasicPosition<V>::initial())) {
        // PDN 3.0 (as PGN): SetUp "1" says that the game starts from the FEN tag's position;
        // readers that look for it would otherwise start from the initial position.
        rules::append_pdn_tag(out, "SetUp", "1");
        rules::append_pdn_tag(out, "FEN", rules::to_fen(record.start));
    }
    if (record.time_controls[0] == record.time_controls[1]) {
        rules::append_pdn_tag(out, "TimeControl", time_control_text(record.time_controls[0]));
    } else {
        rules::append_pdn_tag(out, "WhiteTimeControl", time_control_text(record.time_controls[0]));
        rules::append_pdn_tag(out, "BlackTimeControl", time_control_text(record.time_controls[1]));
    }
    rules::append_pdn_tag(out, "Termination", termination_code(record.end.termination));
    if (!info.opening.empty()) rules::append_pdn_tag(out, "Opening", info.opening);
    rules::append_pdn_tag(out, "PlyCount", std::to_string(record.plies.size()));
    out += '\n';

    return out + rules::wrap_movetext(movetext_tokens(record, options), options.line_width) + '\n';
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PDN_WRITER(V)                                                 \
    template std::string to_pdn(const BasicGameRecord<rules::V>&, const PdnWriteOptions&); \
    template std::string move_comment(const BasicPlyRecord<rules::V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PDN_WRITER)
#undef DRAUGHTS_INSTANTIATE_PDN_WRITER

}  // namespace draughts::harness
