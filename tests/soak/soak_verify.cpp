#include "tests/soak/soak_verify.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "common/json.hpp"
#include "records/termination.hpp"
#include "rules/fen.hpp"
#include "rules/pdn.hpp"

namespace draughts::soak {

namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string text_of(const Json& line, const char* key) {
    const std::string* value = string_field(line, key);
    return value != nullptr ? *value : "";
}

std::int64_t int_of(const Json& line, const char* key) { return int_field(line, key).value_or(-1); }

/// The result and termination of a game agree: a forfeit or a lost position [FMJD 7.2] is lost
/// by the side to move at the end (the side whose engine crashed, hung, sent garbage, or has no
/// piece or move left), and only `draughts hub` (no clock, a node limit) never forfeits.
void check_ending(const Json& line, const std::string& where) {
    const std::string code = text_of(line, "termination");
    const auto termination = harness::termination_from_code(code);
    ASSERT_TRUE(termination) << where << ": termination '" << code << "'";
    const std::string result = text_of(line, "result");
    const auto start = rules::parse_fen(text_of(line, "start_fen"));
    ASSERT_TRUE(start) << where;
    const std::int64_t plies = int_of(line, "plies");
    const bool white_to_move = (start->side_to_move() == rules::Color::White) == (plies % 2 == 0);
    const std::string loser = text_of(line, white_to_move ? "white" : "black");
    const std::string winner_result = white_to_move ? "0-2" : "2-0";
    switch (harness::category_of(*termination)) {
        case harness::TerminationCategory::Forfeit:
            EXPECT_EQ(result, winner_result) << where << ": " << code << " by " << loser;
            EXPECT_NE(loser, "hub") << where << ": draughts hub forfeited (" << code << ")";
            break;
        case harness::TerminationCategory::Rule:
            if (*termination == harness::Termination::NoPieces ||
                *termination == harness::Termination::Blocked ||
                *termination == harness::Termination::Resignation) {
                EXPECT_EQ(result, winner_result) << where << ": " << code;
            } else {
                EXPECT_EQ(result, "1-1") << where << ": " << code;
            }
            break;
        case harness::TerminationCategory::Adjudication:
            EXPECT_EQ(*termination, harness::Termination::MaxLength) << where;
            EXPECT_EQ(result, "1-1") << where << ": " << code;
            break;
        case harness::TerminationCategory::Aborted:
            ADD_FAILURE() << where << ": an aborted game was recorded";
            break;
    }
}

/// The game's PDN text (its slice of games.pdn) is one game that says the same as its line.
void check_pdn_slice(const Json& line, std::string_view pdn, const std::string& where) {
    const std::int64_t offset = int_of(line, "pdn_offset");
    const std::int64_t bytes = int_of(line, "pdn_bytes");
    ASSERT_TRUE(offset >= 0 && bytes > 0 && static_cast<std::size_t>(offset + bytes) <= pdn.size())
        << where << ": PDN slice " << offset << "+" << bytes << " of " << pdn.size();
    const rules::PdnReadResult read = rules::read_pdn(
        pdn.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(bytes)), where);
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 1U) << where;
    const rules::PdnGame& game = read.games.front();
    EXPECT_EQ(game.tag("White"), text_of(line, "white")) << where;
    EXPECT_EQ(game.tag("Black"), text_of(line, "black")) << where;
    EXPECT_EQ(game.result, text_of(line, "result")) << where;
    EXPECT_EQ(game.tag("Termination"), text_of(line, "termination")) << where;
    EXPECT_EQ(static_cast<std::int64_t>(game.moves.size()), int_of(line, "plies")) << where;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

int recorded_games(const fs::path& results) {
    const std::string text = read_text(results / "games.jsonl");
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

bool has_torn_end(const fs::path& results) {
    const std::string jsonl = read_text(results / "games.jsonl");
    if (jsonl.empty()) return fs::file_size(results / "games.pdn") > 0;
    if (jsonl.back() != '\n') return true;
    const std::vector<std::string> lines = lines_of(jsonl);
    if (lines.size() % 2 != 0) return true;
    const auto last = parse_json(lines.back(), "games.jsonl");
    if (!last) return true;
    const std::int64_t end = int_of(*last, "pdn_offset") + int_of(*last, "pdn_bytes");
    return static_cast<std::int64_t>(fs::file_size(results / "games.pdn")) != end;
}

bool has_torn_ledger(const fs::path& results) {
    const std::string jsonl = read_text(results / "games.jsonl");
    return !jsonl.empty() && (jsonl.back() != '\n' || lines_of(jsonl).size() % 2 != 0);
}

bool tear_end(const fs::path& results) {
    if (!fs::exists(results / "games.jsonl") || !fs::exists(results / "games.pdn")) return false;
    std::ofstream(results / "games.jsonl", std::ios::binary | std::ios::app)
        << "{\"pair\":0,\"pair_game\":0,\"white\":\"torn";
    std::ofstream(results / "games.pdn", std::ios::binary | std::ios::app)
        << "[Event \"torn\"]\n1. 32-28 19-";
    return true;
}

/// summary.json counts every game and every ending that games.jsonl holds.
void check_summary(const fs::path& results, const ResultFigures& figures) {
    const auto summary = parse_json(read_text(results / "summary.json"), "summary.json");
    if (!summary) {
        ADD_FAILURE() << summary.error().message;
        return;
    }
    EXPECT_EQ(text_of(*summary, "state"), "completed") << dump_json(*summary);
    EXPECT_EQ(int_of(*summary, "games"), figures.games) << dump_json(*summary);
    std::map<std::string, int> counted;
    if (const Json* terminations = json_field(*summary, "terminations");
        terminations != nullptr && terminations->is_object())
        for (const auto& [code, count] : terminations->items()) counted[code] = count.get<int>();
    EXPECT_EQ(counted, figures.terminations) << "summary.json's endings";
}

ResultFigures verify_results(const fs::path& results, int games) {
    ResultFigures figures;
    const std::string jsonl = read_text(results / "games.jsonl");
    const std::string pdn = read_text(results / "games.pdn");
    EXPECT_TRUE(jsonl.empty() || jsonl.back() == '\n') << "games.jsonl ends in a torn line";
    std::set<std::pair<std::int64_t, std::int64_t>> seen;  // (pair, pair_game)
    std::vector<std::pair<std::int64_t, std::int64_t>> slices;
    const std::vector<std::string> lines = lines_of(jsonl);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string where = "games.jsonl:" + std::to_string(i + 1);
        const auto line = parse_json(lines[i], where);
        if (!line) {
            ADD_FAILURE() << line.error().message;
            continue;
        }
        const auto key = std::make_pair(int_of(*line, "pair"), int_of(*line, "pair_game"));
        EXPECT_TRUE(seen.insert(key).second)
            << where << ": pair " << key.first << " game " << key.second << " again";
        check_ending(*line, where);
        check_pdn_slice(*line, pdn, where);
        slices.emplace_back(int_of(*line, "pdn_offset"), int_of(*line, "pdn_bytes"));
        ++figures.terminations[text_of(*line, "termination")];
    }
    figures.games = static_cast<int>(lines.size());
    EXPECT_EQ(figures.games, games) << "games in games.jsonl";
    for (std::int64_t pair = 0; pair < games / 2; ++pair)
        for (std::int64_t game = 0; game < 2; ++game)
            EXPECT_TRUE(seen.count({pair, game}))
                << "pair " << pair << " game " << game << " is missing";
    // The games' texts tile games.pdn: nothing in it belongs to no game or to two.
    std::sort(slices.begin(), slices.end());
    std::int64_t end = 0;
    for (const auto& [offset, bytes] : slices) {
        EXPECT_EQ(offset, end) << "games.pdn has a gap or an overlap at byte " << end;
        end = offset + bytes;
    }
    EXPECT_EQ(end, static_cast<std::int64_t>(pdn.size())) << "games.pdn has text after the games";
    const rules::PdnReadResult all = rules::read_pdn(pdn, "games.pdn");
    EXPECT_TRUE(all.errors.empty()) << all.errors.front().message;
    EXPECT_EQ(static_cast<int>(all.games.size()), games) << "games in games.pdn";
    int counted = 0;
    for (const auto& [code, count] : figures.terminations) counted += count;
    EXPECT_EQ(counted, figures.games) << "every game has one ending";
    check_summary(results, figures);
    return figures;
}

}  // namespace draughts::soak
