// An example Hub engine, the one docs/testing-your-engine.md plays: the messages a Hub (version 2)
// engine must handle, around a small search (material only, to a depth set by `set-param`).
// Legal moves come from this repository's rules library; your engine brings its own and keeps
// the loop below. Built as build/release/examples/hub-engine.
#include <algorithm>
#include <bit>
#include <iostream>
#include <string>

#include "protocol/hub/hub_message.hpp"
#include "protocol/hub/hub_position.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"

namespace {

using namespace draughts;

/// Material from the side to move's point of view: a man 1, a king 3 (in men).
int material(const rules::Position& p) {
    const rules::Color us = p.side_to_move(), them = rules::opposite(us);
    return std::popcount(p.men(us)) - std::popcount(p.men(them)) +
           3 * (std::popcount(p.kings(us)) - std::popcount(p.kings(them)));
}

/// Negamax with alpha-beta; a side without a move has lost. Counts its nodes, for `info`.
int search(const rules::Position& p, int depth, int alpha, int beta, rules::Move* best,
           int& nodes) {
    ++nodes;
    rules::MoveList moves;
    rules::generate_moves(p, moves);
    if (moves.empty()) return -100;
    if (depth == 0) return material(p);
    for (const rules::Move& m : moves) {
        const int score = -search(p.after(m), depth - 1, -beta, -alpha, nullptr, nodes);
        if (score > alpha || (best != nullptr && best->is_null())) {
            alpha = std::max(alpha, score);
            if (best != nullptr) *best = m;
        }
        if (alpha >= beta) break;
    }
    return alpha;
}

}  // namespace

int main() {
    rules::Position position = rules::Position::initial();
    int depth = 2;
    for (std::string line; std::getline(std::cin, line);) {
        const auto message = protocol::parse_hub_message(line);
        if (!message) continue;  // Hub engines ignore what they cannot read
        const std::string& command = message->command;
        if (command == "hub") {
            std::cout << "id name=example version=1.0 author=\"draughts toolkit\"\n"
                      << "param name=depth value=2 type=int min=1 max=6\nwait\n";
        } else if (command == "set-param" && message->value("name") == "depth") {
            depth = std::stoi(std::string(message->value("value").value_or("2")));
        } else if (command == "init") {
            std::cout << "ready\n";
        } else if (command == "ping") {
            std::cout << "pong\n";
        } else if (command == "pos") {  // `pos start` or `pos pos=...`, then `moves="..."`
            const auto text = message->value("pos");
            const auto root = text ? protocol::parse_hub_position(*text)
                                   : Expected<rules::Position>(rules::Position::initial());
            if (!root) std::cout << "error message=\"bad position\"\n";
            position = root ? *root : position;
            const std::string moves(message->value("moves").value_or(""));
            for (std::size_t begin = 0, end; begin < moves.size(); begin = end + 1) {
                end = std::min(moves.find(' ', begin), moves.size());
                const auto move = rules::parse_move(position, moves.substr(begin, end - begin));
                if (move) position = position.after(*move);
            }
        } else if (command == "go") {  // `level` is ignored: this engine searches to `depth`
            rules::Move best;
            int nodes = 0;
            const int score = search(position, depth, -1000, 1000, &best, nodes);
            std::cout << "info depth=" << depth << " score=" << score << " nodes=" << nodes
                      << "\ndone move=" << rules::to_hub_notation(best) << "\n";
        } else if (command == "quit") {
            break;
        }  // new-game, level, stop: nothing to do for an engine that answers at once
        std::cout.flush();
    }
}
