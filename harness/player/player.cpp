#include "harness/player/player.hpp"

#include <utility>

namespace draughts::harness {

Termination termination_for(FailureKind kind) {
    switch (kind) {
        case FailureKind::Crash:
            return Termination::Crash;
        case FailureKind::Timeout:
            return Termination::TimeForfeit;
        case FailureKind::MalformedReply:
            return Termination::MalformedReply;
        case FailureKind::Disconnect:
            break;
    }
    return Termination::Disconnect;
}

engine::SearchHistory ThinkRequest::history() const {
    engine::SearchHistory history;
    rules::Position p = start;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i >= reversible_from) history.previous.push_back(p);
        p = p.after(moves[i]);
    }
    return history;
}

ThinkReply ThinkReply::with_move(const rules::Move& m) {
    ThinkReply reply;
    reply.move = m;
    return reply;
}

ThinkReply ThinkReply::with_text(std::string text) {
    ThinkReply reply;
    reply.move_text = std::move(text);
    return reply;
}

ThinkReply ThinkReply::failed(FailureKind kind, std::string reason) {
    ThinkReply reply;
    reply.failure = PlayerFailure{kind, std::move(reason)};
    return reply;
}

ThinkReply ThinkReply::claiming(GameClaim claim) {
    ThinkReply reply;
    reply.claim = claim;
    return reply;
}

}  // namespace draughts::harness
