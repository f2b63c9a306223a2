#include "egdb/value.hpp"

namespace draughts::egdb {

const char* outcome_name(Outcome outcome) {
    switch (outcome) {
        case Outcome::Win:
            return "win";
        case Outcome::Loss:
            return "loss";
        case Outcome::Draw:
            break;
    }
    return "draw";
}

std::string Value::text() const {
    if (outcome == Outcome::Draw) return "draw";
    return std::string(outcome_name(outcome)) + " " + std::to_string(plies);
}

}  // namespace draughts::egdb
