#include <algorithm>
#include <cmath>
#include <optional>

#include "engine/database_probe.hpp"
#include "engine/evaluate.hpp"
#include "engine/searcher.hpp"
#include "rules/draw_rules.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine::detail {

namespace {

/// Wins by distance (found by search or read from the endgame database) count their plies from
/// the root; the table keeps them from the node, so that they hold wherever it is reached.
bool counts_plies(int score) { return is_win_score(score) || is_database_score(score); }

int score_to_tt(int score, int ply) {
    if (!counts_plies(score)) return score;
    return score > 0 ? score + ply : score - ply;
}

int score_from_tt(int score, int ply) {
    if (!counts_plies(score)) return score;
    return score > 0 ? score - ply : score + ply;
}

/// The score of a position whose side to move has no legal move, `ply` plies from the root: a
/// loss [FMJD 7.2.2, 7.2.3] (breakthrough too: the opponent's king has won, or nothing moves
/// [BT 1]), a win in antidraughts [ANTI 1].
template <typename V>
constexpr int no_move_score(int ply) {
    return V::kGoal == rules::GameGoal::Losing ? kWinScore - ply : -kWinScore + ply;
}

/// The best score a node `ply` plies from the root can have: a win at the next ply at the
/// soonest, or at this very node in antidraughts, where having no move wins.
template <typename V>
constexpr int best_possible_score(int ply) {
    return V::kGoal == rules::GameGoal::Losing ? kWinScore - ply : kWinScore - ply - 1;
}

/// True when the side to move has a quiet move (callers know it has no capture).
template <typename V>
bool has_quiet_move(const rules::BasicPosition<V>& p) {
    if constexpr (V::kKingMoveLimit > 0) {
        // A king at the end of its run of quiet moves may not move: the generator knows.
        return rules::count_moves(p) > 0;
    }
    if constexpr (V::kGoal == rules::GameGoal::FirstKing) {
        if (p.kings() != 0) return false;  // the first king has won [BT 1]
    }
    using B = typename V::Board;
    const rules::Color us = p.side_to_move();
    const rules::Bitboard empty = p.empty();
    const rules::Bitboard men = p.men(us);
    const rules::Bitboard kings = p.kings(us);
    const rules::Bitboard man_targets =
        us == rules::Color::White
            ? rules::shift<B::kUpLeft>(men) | rules::shift<B::kUpRight>(men)
            : rules::shift<B::kDownLeft>(men) | rules::shift<B::kDownRight>(men);
    const rules::Bitboard king_targets =
        rules::shift<B::kUpLeft>(kings) | rules::shift<B::kUpRight>(kings) |
        rules::shift<B::kDownLeft>(kings) | rules::shift<B::kDownRight>(kings);
    return ((man_targets | king_targets) & empty) != 0;
}

/// ln(depth) x ln(move number + 1) x percent / 100, rounded down: the late-move reduction that
/// grows with both (SearchParameters::lmr_log_percent). Asked only of late moves that the fixed
/// steps already reduce, where two logarithms cost little beside the search they shorten.
int log_reduction(int depth, std::size_t move_number, int percent) {
    return static_cast<int>(std::log(static_cast<double>(std::max(depth, 1))) *
                            std::log(static_cast<double>(move_number + 1)) * percent / 100.0);
}

/// Ordering keys of the moves of one node; the search picks the best remaining move each time.
template <typename V>
class MovePicker {
  public:
    using MoveList = rules::BasicMoveList<V>;
    MovePicker(const MoveList& moves, std::array<int, MoveList::kCapacity>& keys)
        : moves_(moves), keys_(keys) {
        for (std::size_t i = 0; i < moves.size(); ++i) order_[i] = static_cast<std::uint8_t>(i);
    }

    /// Index (in generation order) of the i-th move to search; call with i = 0, 1, 2, ...
    std::size_t pick(std::size_t i) {
        std::size_t best = i;
        for (std::size_t j = i + 1; j < moves_.size(); ++j)
            if (keys_[order_[j]] > keys_[order_[best]]) best = j;
        std::swap(order_[i], order_[best]);
        return order_[i];
    }

  private:
    const MoveList& moves_;
    std::array<int, MoveList::kCapacity>& keys_;
    std::array<std::uint8_t, MoveList::kCapacity> order_{};
};

}  // namespace

template <typename V>
bool Searcher<V>::count_node() {
    if (aborted_) return true;
    ++nodes_;
    if (nodes_ >= node_limit_) {
        aborted_ = true;
    } else if ((nodes_ & 255) == 0) {
        if (stop_.load(std::memory_order_relaxed) ||
            (limits_.stop_flag != nullptr && limits_.stop_flag->load(std::memory_order_relaxed)))
            aborted_ = true;
        else if ((nodes_ & 1023) == 0 && budget_.limited() && elapsed() >= budget_.hard)
            aborted_ = true;
    }
    return aborted_;
}

template <typename V>
bool Searcher<V>::is_repetition(int ply) const {
    // Only positions since the last irreversible move can repeat; the same side is to move
    // every second ply.
    const int reversible = plies_[static_cast<std::size_t>(ply)].counters.reversible_plies;
    const auto n = static_cast<int>(keys_.size());
    const std::uint64_t key = keys_.back();
    for (int i = n - 3; i >= 0 && i >= n - 1 - reversible; i -= 2)
        if (keys_[static_cast<std::size_t>(i)] == key) return true;
    return false;
}

template <typename V>
std::optional<int> Searcher<V>::probe_database(const Position& pos, int ply) const {
    if constexpr (!kHasEndgameDatabase<V>) {
        return {};
    } else {
        // The root is judged by run(); below it the database ends the line where it can.
        if (!state_.egdb || ply == 0 || rules::popcount(pos.occupied()) > egdb_pieces_) return {};
        return database_score(*state_.egdb, pos, plies_[static_cast<std::size_t>(ply)].counters,
                              ply);
    }
}

template <typename V>
void Searcher<V>::update_pv(int ply, const Move& move) {
    PvLine<V>& line = pv_[static_cast<std::size_t>(ply)];
    const PvLine<V>& child = pv_[static_cast<std::size_t>(ply + 1)];
    line.moves[0] = move;
    std::copy(child.moves.begin(), child.moves.begin() + child.length, line.moves.begin() + 1);
    line.length = child.length + 1;
}

template <typename V>
void Searcher<V>::order_moves(const Position& pos, const MoveList& moves, int ply, int hash_index,
                              std::array<int, MoveList::kCapacity>& keys) {
    const PlyData<V>& data = plies_[static_cast<std::size_t>(ply)];
    const int side = index_of(pos.side_to_move());
    const rules::Bitboard promotion = V::Board::promotion_row(pos.side_to_move());
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Move& m = moves[i];
        int key = 0;
        if (static_cast<int>(i) == hash_index) {
            key = 1 << 30;
        } else if (m.is_capture()) {
            key = (1 << 28) + 16 * rules::popcount(m.captured() & pos.kings());
        } else if (m == data.killers[0]) {
            key = (1 << 27) + 1;
        } else if (m == data.killers[1]) {
            key = 1 << 27;
        } else {
            key = state_.history_at(side, m.from_index(), m.to_index());
        }
        const bool is_man = (pos.kings() & (rules::Bitboard{1} << m.from_index())) == 0;
        if (is_man && ((rules::Bitboard{1} << m.to_index()) & promotion) != 0) key += 1 << 26;
        keys[i] = key;
    }
}

template <typename V>
void Searcher<V>::reward_quiet_move(const Position& pos, const Move& move, int depth, int ply,
                                    const MoveList& moves,
                                    std::span<const std::uint8_t> earlier_quiets) {
    PlyData<V>& data = plies_[static_cast<std::size_t>(ply)];
    if (data.killers[0] != move) {
        data.killers[1] = data.killers[0];
        data.killers[0] = move;
    }
    const int side = index_of(pos.side_to_move());
    const int bonus = depth * depth;
    std::int32_t& h = state_.history_at(side, move.from_index(), move.to_index());
    h += bonus;
    bool overflow = h > kHistoryLimit;
    if (const int malus = bonus * state_.search.history_malus / 100; malus > 0) {
        for (const std::uint8_t i : earlier_quiets) {
            std::int32_t& e = state_.history_at(side, moves[i].from_index(), moves[i].to_index());
            e -= malus;
            overflow = overflow || e < -kHistoryLimit;
        }
    }
    if (overflow)
        for (std::int32_t& v : state_.history) v /= 2;
}

template <typename V>
int Searcher<V>::quiesce(const Position& pos, int alpha, int beta, int ply, int threats) {
    pv_[static_cast<std::size_t>(ply)].length = 0;
    if (count_node()) return 0;
    selective_depth_ = std::max(selective_depth_, ply);
    if (const auto known = probe_database(pos, ply)) return *known;
    if (!has_capture(pos)) {
        // A side without a move has lost [FMJD 7.2.2, 7.2.3] (won, in antidraughts).
        if (!has_quiet_move(pos)) return no_move_score<V>(ply);
        // A threatened side cannot pass (there is no standing pat in draughts): its score is that
        // of its best move, which must meet the threat.
        if (threats == 0 || ply >= kMaxPly || !rules::opponent_has_capture(pos))
            return static_evaluation(pos, ply);
        --threats;
    }
    // Captures are compulsory, so a position with one is never scored statically; the ply limit
    // is a safety net only (a capture sequence ends when the material does).
    if (ply >= kMaxPly) return static_evaluation(pos, ply);
    MoveList moves;
    generate_moves(pos, moves);
    int best = -kInfinity;
    for (const Move& m : moves) {
        const int score = -quiesce(play(pos, m, ply), -beta, -alpha, ply + 1, threats);
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(ply, m);
                if (score >= beta) break;
            }
        }
    }
    return best;
}

/// Probes the hash table: returns a score when the stored result settles this node, and sets
/// `hash_index` to the stored best move's index (or -1).
template <typename V>
std::optional<int> Searcher<V>::probe_tt(const Position& pos, int alpha, int beta, int depth,
                                         int ply, bool pv_node, int& hash_index) const {
    hash_index = -1;
    const TtEntry* e = state_.tt.probe(pos.hash());
    if (e == nullptr) return std::nullopt;
    if (e->move_index != TtEntry::kNoMove) hash_index = e->move_index;
    if (pv_node || ply == 0 || e->depth < depth) return std::nullopt;
    const int s = score_from_tt(e->score, ply);
    if (e->bound() == Bound::Exact || (e->bound() == Bound::Lower && s >= beta) ||
        (e->bound() == Bound::Upper && s <= alpha))
        return s;
    return std::nullopt;
}

/// Where a node may be cut on a guess (ProbCut, static pruning): outside the principal variation
/// and the root, away from won or database scores, which count plies exactly, and with men on the
/// board: kings alone play by long manoeuvres and counted draws that a guess misjudges.
template <typename V>
bool may_prune(const rules::BasicPosition<V>& pos, int beta, int ply, bool pv_node) {
    return !pv_node && ply != 0 && !counts_plies(beta) && pos.men() != 0;
}

/// ProbCut: when a search `probcut_reduction` plies shallower, with its window raised by
/// `probcut_margin`, still beats beta, the full search would almost surely do so too. Only outside
/// the principal variation, with a choice of moves and men on the board, away from won or
/// database scores, and where the hash table and the static evaluation do not already say that it
/// would fail.
template <typename V>
std::optional<int> Searcher<V>::probcut(const Position& pos, int beta, int depth, int ply,
                                        bool pv_node, std::size_t move_count) {
    const SearchParameters& p = state_.search;
    // Kings alone play by long manoeuvres and counted draws that a shallow search misjudges
    // (with it, three kings no longer proved their win against one within 3,000,000 nodes).
    if (p.probcut_depth == 0 || depth < p.probcut_depth || move_count < 2 ||
        !may_prune(pos, beta, ply, pv_node))
        return std::nullopt;
    const int raised = beta + p.probcut_margin;
    if (counts_plies(raised)) return std::nullopt;
    const int shallow = depth - p.probcut_reduction;
    // Not worth its nodes where it would fail: a stored search at least as deep as the shallow
    // one already scored below the raised beta, or a quiet position evaluates below beta.
    const TtEntry* stored = state_.tt.probe(pos.hash());
    if (stored != nullptr && stored->depth >= shallow && stored->bound() != Bound::Lower &&
        score_from_tt(stored->score, ply) < raised)
        return std::nullopt;
    if (!has_capture(pos) && static_evaluation(pos, ply) < beta) return std::nullopt;
    const int score = search(pos, raised - 1, raised, shallow, ply);
    if (aborted_ || score < raised) return std::nullopt;
    return score;
}

/// Static pruning: a node near the leaves whose static evaluation beats beta by a margin that
/// grows with the depth left is cut without a search. Only outside the principal variation, away
/// from won or database scores, with men on the board (kings alone are judged by long lines), and
/// where neither side has a capture: a pending capture is the one thing the evaluation cannot see.
template <typename V>
std::optional<int> Searcher<V>::static_cut(const Position& pos, int beta, int depth, int ply,
                                           bool pv_node, const MoveList& moves) {
    const SearchParameters& p = state_.search;
    if (depth > p.static_depth || !may_prune(pos, beta, ply, pv_node) || moves[0].is_capture() ||
        rules::opponent_has_capture(pos))
        return std::nullopt;
    const int score = static_evaluation(pos, ply);
    if (score - p.static_margin * depth < beta) return std::nullopt;
    return score;
}

/// Late-move pruning: near the leaves, outside the principal variation, a quiet node searches
/// only its first moves in order (hash move, killers, then by history) and skips the rest, which
/// seldom hold a refutation there; the number grows with the depth left. Every move of the root,
/// of a principal-variation node, of a capture or of a node away from the leaves is searched.
template <typename V>
std::size_t Searcher<V>::late_move_limit(int depth, int ply, bool pv_node,
                                         const MoveList& moves) const {
    const SearchParameters& p = state_.search;
    if (depth > p.late_move_depth || pv_node || ply == 0 || moves[0].is_capture())
        return moves.size();
    return static_cast<std::size_t>(p.late_move_count * depth);
}

/// Singular extension: is the hash move the only move that holds this node? Asked where the hash
/// table says the move reached at least its stored score (a lower bound or an exact score, from a
/// search at most three plies shallower, not a counted score): every other move is searched to
/// half the depth with a null window at that score less `singular_margin` per ply, and the hash
/// move is singular when none reaches it. The other moves' searches are the node's children's
/// own, so nothing is stored for this node under the exclusion.
template <typename V>
bool Searcher<V>::is_singular(const Position& pos, const MoveList& moves, int hash_index, int depth,
                              int ply) {
    const SearchParameters& p = state_.search;
    if (p.singular_depth == 0 || depth < p.singular_depth || ply == 0 || hash_index < 0 ||
        moves.size() < 2 || ply >= 2 * root_depth_)
        return false;
    const TtEntry* e = state_.tt.probe(pos.hash());
    if (e == nullptr || e->bound() == Bound::Upper || e->depth < depth - 3) return false;
    const int stored = score_from_tt(e->score, ply);
    const int singular_beta = stored - p.singular_margin * depth;
    if (counts_plies(stored) || counts_plies(singular_beta)) return false;
    const PlyData<V>& here = plies_[static_cast<std::size_t>(ply)];
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (static_cast<int>(i) == hash_index) continue;
        const Position child = play(pos, moves[i], ply);
        plies_[static_cast<std::size_t>(ply + 1)].counters = here.counters.next(pos, child);
        keys_.push_back(child.hash());
        const int score =
            -search(child, -singular_beta, -singular_beta + 1, (depth - 1) / 2, ply + 1);
        keys_.pop_back();
        if (aborted_ || score >= singular_beta) return false;
    }
    return true;
}

/// Principal-variation search of one child: the first move with the full window, later ones with
/// a null window (late quiet moves also shallower) and again in full when they beat alpha.
template <typename V>
int Searcher<V>::search_child(const Position& child, const ChildSearch& c, int alpha, int beta,
                              int ply) {
    if (c.move_number == 0) return -search(child, -beta, -alpha, c.depth, ply + 1);
    const SearchParameters& p = state_.search;
    int reduction = 0;
    if (c.reducible && c.parent_depth >= p.lmr_min_depth &&
        c.move_number >= static_cast<std::size_t>(p.lmr_min_move)) {
        const bool deep = !c.pv_node && c.parent_depth >= p.lmr_deep_depth &&
                          c.move_number >= static_cast<std::size_t>(p.lmr_deep_move);
        reduction = deep ? p.lmr_deep_reduction : p.lmr_reduction;
        if (reduction > 0 && !c.pv_node && p.lmr_log_percent > 0)
            reduction = std::max(reduction,
                                 log_reduction(c.parent_depth, c.move_number, p.lmr_log_percent));
    }
    int score = -search(child, -alpha - 1, -alpha, c.depth - reduction, ply + 1);
    if (score > alpha && reduction > 0)
        score = -search(child, -alpha - 1, -alpha, c.depth, ply + 1);
    if (score > alpha && score < beta) score = -search(child, -beta, -alpha, c.depth, ply + 1);
    return score;
}

template <typename V>
void Searcher<V>::record_root_move(const Move& move, int score) {
    root_best_ = move;
    root_score_ = score;
    root_has_result_ = true;
    const PvLine<V>& line = pv_[0];
    root_pv_.assign(line.moves.begin(), line.moves.begin() + line.length);
}

template <typename V>
int Searcher<V>::search(const Position& pos, int alpha, int beta, int depth, int ply) {
    pv_[static_cast<std::size_t>(ply)].length = 0;
    const PlyData<V>& here = plies_[static_cast<std::size_t>(ply)];
    if (ply > 0) {
        if (counted_draw(here.counters) || is_repetition(ply)) return 0;
        if (const auto known = probe_database(pos, ply)) return *known;
        // Mate-distance pruning: no line from here can beat a shorter win already found.
        alpha = std::max(alpha, -kWinScore + ply);
        beta = std::min(beta, best_possible_score<V>(ply));
        if (alpha >= beta) return alpha;
    }
    if (depth <= 0 || ply >= kMaxPly)
        return quiesce(pos, alpha, beta, ply, state_.search.quiescence_threats);
    if (count_node()) return 0;
    const bool pv_node = beta - alpha > 1;
    int hash_index = -1;
    if (const auto settled = probe_tt(pos, alpha, beta, depth, ply, pv_node, hash_index))
        return *settled;
    MoveList moves;
    generate_moves(pos, moves);
    if (moves.empty()) return no_move_score<V>(ply);  // [FMJD 7.2.2, 7.2.3; ANTI 1]
    if (hash_index >= static_cast<int>(moves.size())) hash_index = -1;
    if (const auto cut = static_cut(pos, beta, depth, ply, pv_node, moves)) return *cut;
    if (const auto cut = probcut(pos, beta, depth, ply, pv_node, moves.size())) return *cut;
    // Internal iterative reduction: with a choice of moves and no hash move to try first, a ply
    // less (the next iteration comes back with the move this search stores). Not with kings
    // alone, whose long manoeuvres it misjudges (three kings no longer won against one).
    if (hash_index < 0 && ply > 0 && moves.size() > 1 && pos.men() != 0 &&
        state_.search.iir_depth > 0 && depth >= state_.search.iir_depth)
        --depth;

    // A forced reply costs no choice, so look one ply further (bounded to avoid runaway lines).
    const int extension =
        moves.size() == 1 && ply < 2 * root_depth_ ? state_.search.single_reply_extension : 0;
    const int singular = is_singular(pos, moves, hash_index, depth, ply) ? 1 : 0;
    if (aborted_) return 0;
    std::array<int, MoveList::kCapacity> keys;
    order_moves(pos, moves, ply, hash_index, keys);
    MovePicker<V> picker(moves, keys);
    const int original_alpha = alpha;
    int best = -kInfinity;
    int best_index = -1;
    // The quiet moves searched before the current one, kept only for the history malus.
    std::array<std::uint8_t, MoveList::kCapacity> quiets;
    std::size_t quiet_count = 0;
    const std::size_t late_moves = late_move_limit(depth, ply, pv_node, moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::size_t index = picker.pick(i);
        const Move& m = moves[index];
        if (i >= late_moves && m != here.killers[0] && m != here.killers[1]) continue;
        const Position child = play(pos, m, ply);
        state_.tt.prefetch(child.hash());
        plies_[static_cast<std::size_t>(ply + 1)].counters = here.counters.next(pos, child);
        keys_.push_back(child.hash());
        const int child_extension =
            static_cast<int>(index) == hash_index ? std::max(extension, singular) : extension;
        const ChildSearch c{depth - 1 + child_extension, depth, i, pv_node,
                            !m.is_capture() && m != here.killers[0] && m != here.killers[1]};
        const int score = search_child(child, c, alpha, beta, ply);
        keys_.pop_back();
        if (aborted_) return 0;
        if (state_.search.history_malus > 0 && score < beta && !m.is_capture())
            quiets[quiet_count++] = static_cast<std::uint8_t>(index);
        if (score <= best) continue;
        best = score;
        best_index = static_cast<int>(index);
        if (score <= alpha) continue;
        alpha = score;
        update_pv(ply, m);
        if (ply == 0) record_root_move(m, score);
        if (score >= beta) {
            if (!m.is_capture())
                reward_quiet_move(pos, m, depth, ply, moves,
                                  std::span<const std::uint8_t>(quiets.data(), quiet_count));
            break;
        }
    }
    const Bound bound = best >= beta            ? Bound::Lower
                        : best > original_alpha ? Bound::Exact
                                                : Bound::Upper;
    const auto move_index =
        bound == Bound::Upper ? TtEntry::kNoMove : static_cast<std::uint8_t>(best_index);
    state_.tt.store(pos.hash(), score_to_tt(best, ply), depth, bound, move_index);
    return best;
}

#define DRAUGHTS_INSTANTIATE(Policy) template class Searcher<rules::Policy>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine::detail
