#include "tests/support/endgame_oracle.hpp"

#include <algorithm>
#include <cassert>

namespace draughts::testing {

namespace {

constexpr int kReversibleLimit = 50;  // 25 moves each [6.2]
constexpr int kSixteenMoveLimit = 32;
constexpr int kFiveMoveLimit = 10;

/// The limit when one side is a lone king and the other has `pieces` pieces, `kings` of them
/// kings: three men against a king is no counted ending (rules.md).
int limit_against_lone_king(int pieces, int kings) {
    if (kings == 0) return 0;
    if (pieces == 3) return kSixteenMoveLimit;
    if (pieces <= 2) return kFiveMoveLimit;
    return 0;
}

}  // namespace

bool RefRuleCounters::is_draw() const {
    return reversible_plies >= kReversibleLimit ||
           (ending_limit != 0 && ending_plies >= ending_limit);
}

int ref_ending_limit(const RefBoard& board) {
    std::array<int, 2> pieces{};  // [0] White, [1] Black
    std::array<int, 2> kings{};
    for (int s = 1; s <= 50; ++s) {
        const RefPiece p = board.squares[static_cast<std::size_t>(s)];
        if (p == RefPiece::Empty) continue;
        const std::size_t side = is_white(p) ? 0 : 1;
        ++pieces[side];
        if (is_king(p)) ++kings[side];
    }
    for (std::size_t lone = 0; lone < 2; ++lone) {
        const std::size_t other = 1 - lone;
        if (pieces[lone] != 1 || kings[lone] != 1) continue;
        if (const int limit = limit_against_lone_king(pieces[other], kings[other]); limit != 0)
            return limit;
    }
    return 0;
}

RefRuleCounters ref_counters_at_start(const RefBoard& board) {
    return RefRuleCounters{0, ref_ending_limit(board), 0};
}

RefRuleCounters ref_counters_after(const RefRuleCounters& counters, const RefBoard& before,
                                   const RefMove& move, const RefBoard& after) {
    RefRuleCounters next;
    const bool king_moved = is_king(before.squares[static_cast<std::size_t>(move.from)]);
    next.reversible_plies = king_moved && move.captured.empty() ? counters.reversible_plies + 1 : 0;
    next.ending_limit = ref_ending_limit(after);
    // Counting goes on inside one class of ending and starts afresh on entering another.
    const bool same_class = next.ending_limit != 0 && next.ending_limit == counters.ending_limit;
    next.ending_plies = same_class ? counters.ending_plies + 1 : 0;
    return next;
}

std::size_t EndgameOracle::KeyHash::operator()(const Key& key) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (const std::uint64_t w : key.words) h = (h ^ w) * 0x100000001B3ULL + (h >> 29);
    return static_cast<std::size_t>(h);
}

EndgameOracle::Key EndgameOracle::key_of(const RefBoard& board, const RefRuleCounters& counters,
                                         int plies) const {
    Key key;
    for (int s = 1; s <= 50; ++s) {
        const auto piece = static_cast<std::uint64_t>(board.squares[static_cast<std::size_t>(s)]);
        key.words[static_cast<std::size_t>((s - 1) / 21)] |= piece << (3 * ((s - 1) % 21));
    }
    // Squares 43-50 use bits 0-23 of the last word; the state goes above them. A counter further
    // from its draw than the search can reach behaves the same at every value, so it is capped.
    const auto capped = [this](int plies_to_draw) {
        return static_cast<std::uint64_t>(std::min(plies_to_draw, counter_cap_));
    };
    const std::uint64_t ending_code = counters.ending_limit == 0                ? 0
                                      : counters.ending_limit == kFiveMoveLimit ? 1
                                                                                : 2;
    key.words[2] |= (board.white_to_move ? 1ULL : 0ULL) << 24;
    key.words[2] |= capped(kReversibleLimit - counters.reversible_plies) << 25;
    key.words[2] |= ending_code << 31;
    key.words[2] |= capped(counters.ending_limit - counters.ending_plies) << 33;
    key.words[2] |= static_cast<std::uint64_t>(plies) << 39;
    return key;
}

void EndgameOracle::prepare(bool attacker_white, bool open_lines_win, int plies) {
    assert(plies >= 0 && plies < 62);  // the capped counters and plies fit their key fields
    attacker_white_ = attacker_white;
    open_lines_win_ = open_lines_win;
    counter_cap_ = plies + 1;
    solved_.clear();
}

bool EndgameOracle::forces_win(const RefBoard& board, const RefRuleCounters& counters, int plies) {
    if (++nodes_ > node_limit_) return false;  // the caller sees gave_up()
    const Key key = key_of(board, counters, plies);
    if (const auto it = solved_.find(key); it != solved_.end()) return it->second;
    const std::vector<RefMove> moves = reference_moves(board);
    const bool attacker_to_move = board.white_to_move == attacker_white_;
    if (moves.empty()) return !attacker_to_move;  // the side to move has lost
    if (counters.is_draw()) return false;
    if (plies == 0) return open_lines_win_;
    bool result = !attacker_to_move;
    for (const RefMove& move : moves) {
        const RefBoard next = reference_after(board, move);
        const bool win =
            forces_win(next, ref_counters_after(counters, board, move, next), plies - 1);
        if (win == attacker_to_move) {
            result = win;
            break;
        }
    }
    if (!gave_up()) solved_.emplace(key, result);
    return result;
}

bool EndgameOracle::replay(const RefBoard& board, const RefRuleCounters& counters, int plies,
                           std::vector<RefBoard>& path) {
    if (++nodes_ > node_limit_) return false;
    const std::vector<RefMove> moves = reference_moves(board);
    const bool attacker_to_move = board.white_to_move == attacker_white_;
    if (moves.empty()) return !attacker_to_move;
    if (counters.is_draw() || plies == 0) return false;
    if (std::count(path.begin(), path.end(), board) >= 3) return false;  // threefold [6.1]
    for (const RefMove& move : moves) {
        const RefBoard next = reference_after(board, move);
        const RefRuleCounters after = ref_counters_after(counters, board, move, next);
        // The attacker only tries the moves the table proved; the defender tries them all.
        if (attacker_to_move && !forces_win(next, after, plies - 1)) continue;
        path.push_back(next);
        const bool win = replay(next, after, plies - 1, path);
        path.pop_back();
        if (win == attacker_to_move) return win;
    }
    return !attacker_to_move;
}

bool EndgameOracle::side_to_move_wins_within(const RefBoard& board, int plies) {
    prepare(board.white_to_move, false, plies);
    const RefRuleCounters start = ref_counters_at_start(board);
    if (!forces_win(board, start, plies)) return false;
    std::vector<RefBoard> path{board};
    return replay(board, start, plies, path);
}

bool EndgameOracle::drawn_by_rule_within(const RefBoard& board, int plies) {
    for (const bool attacker_white : {true, false}) {
        prepare(attacker_white, true, plies);
        if (forces_win(board, ref_counters_at_start(board), plies)) return false;
    }
    return true;
}

}  // namespace draughts::testing
