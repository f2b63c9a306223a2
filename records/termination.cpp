#include "records/termination.hpp"

#include <array>
#include <cstddef>
#include <ostream>

namespace draughts::harness {

namespace {

struct TerminationInfo {
    Termination termination;
    std::string_view code;
    TerminationCategory category;
};

constexpr std::array<TerminationInfo, 25> kTerminations = {{
    {Termination::NoPieces, "no_pieces", TerminationCategory::Rule},
    {Termination::Blocked, "blocked", TerminationCategory::Rule},
    {Termination::ThreefoldRepetition, "threefold_repetition", TerminationCategory::Rule},
    {Termination::TwentyFiveMoveRule, "25_move_rule", TerminationCategory::Rule},
    {Termination::SixteenMoveRule, "16_move_rule", TerminationCategory::Rule},
    {Termination::FiveMoveRule, "5_move_rule", TerminationCategory::Rule},
    {Termination::KingsOnlyRule, "kings_only_rule", TerminationCategory::Rule},
    {Termination::CountedEnding, "counted_ending", TerminationCategory::Rule},
    {Termination::FirstKing, "first_king", TerminationCategory::Rule},
    {Termination::Resignation, "resignation", TerminationCategory::Rule},
    {Termination::DrawClaim, "draw_claim", TerminationCategory::Rule},
    {Termination::TimeForfeit, "time_forfeit", TerminationCategory::Forfeit},
    {Termination::IllegalMove, "illegal_move", TerminationCategory::Forfeit},
    {Termination::AmbiguousMove, "ambiguous_move", TerminationCategory::Forfeit},
    {Termination::MalformedReply, "malformed_reply", TerminationCategory::Forfeit},
    {Termination::NoMove, "no_move", TerminationCategory::Forfeit},
    {Termination::Crash, "crash", TerminationCategory::Forfeit},
    {Termination::Disconnect, "disconnect", TerminationCategory::Forfeit},
    {Termination::InvalidDrawClaim, "invalid_draw_claim", TerminationCategory::Forfeit},
    {Termination::MaxLength, "max_length", TerminationCategory::Adjudication},
    {Termination::ScoreDraw, "score_draw", TerminationCategory::Adjudication},
    {Termination::ScoreResign, "score_resign", TerminationCategory::Adjudication},
    {Termination::EgdbWin, "egdb_win", TerminationCategory::Adjudication},
    {Termination::EgdbDraw, "egdb_draw", TerminationCategory::Adjudication},
    {Termination::Aborted, "aborted", TerminationCategory::Aborted},
}};

// info_of indexes the table by enum value.
constexpr bool table_in_enum_order() {
    for (std::size_t i = 0; i < kTerminations.size(); ++i)
        if (static_cast<std::size_t>(kTerminations[i].termination) != i) return false;
    return true;
}
static_assert(table_in_enum_order());

const TerminationInfo& info_of(Termination termination) {
    return kTerminations[static_cast<std::size_t>(termination)];
}

}  // namespace

std::string_view termination_code(Termination termination) { return info_of(termination).code; }

std::optional<Termination> termination_from_code(std::string_view code) {
    for (const TerminationInfo& info : kTerminations)
        if (info.code == code) return info.termination;
    return std::nullopt;
}

TerminationCategory category_of(Termination termination) { return info_of(termination).category; }

std::string_view category_name(TerminationCategory category) {
    switch (category) {
        case TerminationCategory::Rule:
            return "rule";
        case TerminationCategory::Forfeit:
            return "forfeit";
        case TerminationCategory::Adjudication:
            return "adjudication";
        case TerminationCategory::Aborted:
            break;
    }
    return "aborted";
}

std::ostream& operator<<(std::ostream& os, Termination termination) {
    return os << termination_code(termination);
}

Termination termination_of(rules::RuleEnding rule) {
    switch (rule) {
        case rules::RuleEnding::NoPieces:
            return Termination::NoPieces;
        case rules::RuleEnding::Blocked:
            return Termination::Blocked;
        case rules::RuleEnding::ThreefoldRepetition:
            return Termination::ThreefoldRepetition;
        case rules::RuleEnding::TwentyFiveMoveRule:
            return Termination::TwentyFiveMoveRule;
        case rules::RuleEnding::SixteenMoveRule:
            return Termination::SixteenMoveRule;
        case rules::RuleEnding::FiveMoveRule:
            return Termination::FiveMoveRule;
        case rules::RuleEnding::KingsOnlyRule:
            return Termination::KingsOnlyRule;
        case rules::RuleEnding::FirstKing:
            return Termination::FirstKing;
        case rules::RuleEnding::CountedEnding:
            break;
    }
    return Termination::CountedEnding;
}

GameEnd game_end_of(const rules::RulesVerdict& verdict) {
    return GameEnd{verdict.result, termination_of(verdict.rule), verdict.text};
}

}  // namespace draughts::harness
