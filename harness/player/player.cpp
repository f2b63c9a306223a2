#include "harness/player/player.hpp"

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

}  // namespace draughts::harness
