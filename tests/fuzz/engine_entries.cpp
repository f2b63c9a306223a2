// Fuzz entry points for the engine library's readers: FEN, PDN, move text and the Hub protocol
// (line syntax and the engine-side session). See fuzz_entries.hpp.

#include <mutex>
#include <string>
#include <vector>

#include "protocol/hub/hub_message.hpp"
#include "protocol/hub/hub_session.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/pdn.hpp"
#include "tests/fuzz/fuzz_entries.hpp"

namespace draughts::fuzz {

namespace {

using rules::Move;
using rules::MoveList;
using rules::Position;

/// Positions the move-text target reads moves in: the start, a middle game, one with a choice
/// of king captures that share their short form, and one with promotions and king moves.
constexpr std::string_view kMovePositions[] = {
    rules::kInitialFen,
    "W:W27,28,31,32,33,34,36,37,38,41,42,43,44,45:B7,8,9,11,12,13,14,16,17,18,19,21,22,23",
    "W:WK35:B11,13,17,43",
    "B:W6,K47,21:BK3,15,K44,40",
};

/// Checks a position accepted by a reader: its hash is the recomputed one, and every legal move
/// can be made (move generation must cope with any position a reader accepts).
Finding check_position(const Position& position, std::string_view what) {
    if (position.hash() != position.compute_hash())
        return std::string(what) + ": hash differs from the recomputed hash";
    MoveList moves;
    rules::generate_moves(position, moves);
    for (const Move& move : moves) {
        const Position next = position.after(move);
        if (next.hash() != next.compute_hash())
            return std::string(what) + ": hash after " + rules::to_hub_notation(move) +
                   " differs from the recomputed hash";
    }
    return {};
}

/// Every written form of `move` reads back as `move` in `position`.
Finding check_move_forms(const Position& position, const Move& move) {
    const std::string forms[] = {rules::to_pdn_notation(position, move),
                                 rules::to_long_notation(position, move),
                                 rules::to_hub_notation(move)};
    for (const std::string& form : forms) {
        const auto again = rules::parse_move(position, form);
        if (!again) return "written move '" + form + "' is rejected: " + again.error().message;
        if (!(*again == move)) return "written move '" + form + "' reads back as another move";
    }
    return {};
}

}  // namespace

Finding fen(std::string_view input) {
    const auto position = rules::parse_fen(input);
    if (!position) return position.error().message.empty() ? "empty FEN error message" : "";
    if (Finding f = check_position(*position, "FEN"); !f.empty()) return f;
    const std::string written = rules::to_fen(*position);
    const auto again = rules::parse_fen(written);
    if (!again) return "written FEN '" + written + "' is rejected: " + again.error().message;
    if (!(*again == *position)) return "written FEN '" + written + "' reads back differently";
    return {};
}

Finding pdn(std::string_view input) {
    const rules::PdnReadResult read = rules::read_pdn(input, "fuzz.pdn");
    for (const Error& error : read.errors)
        if (error.message.find("fuzz.pdn") == std::string::npos)
            return "PDN error without the source name: " + error.message;
    for (const rules::PdnGame& game : read.games) {
        if (game.comments.size() != game.moves.size())
            return "PDN game with " + std::to_string(game.moves.size()) + " moves has " +
                   std::to_string(game.comments.size()) + " comments";
        if (rules::normalise_result(game.result).empty())
            return "PDN game result '" + game.result + "' is not a result";
        if (Finding f = check_position(game.start, "PDN start"); !f.empty()) return f;
        Position position = game.start;
        for (const Move& move : game.moves) {
            MoveList legal;
            rules::generate_moves(position, legal);
            if (!legal.contains(move)) return "PDN game holds an illegal move";
            if (Finding f = check_move_forms(position, move); !f.empty()) return f;
            position = position.after(move);
        }
        if (!(position == game.final_position())) return "PDN final position differs";
    }
    return {};
}

Finding move_text(std::string_view input) {
    for (const std::string_view fen_text : kMovePositions) {
        const auto position = rules::parse_fen(fen_text);
        if (!position) return "bad built-in position " + std::string(fen_text);
        const auto move = rules::parse_move(*position, input);
        if (!move) {
            if (move.error().message.empty()) return "empty move error message";
            continue;
        }
        MoveList legal;
        rules::generate_moves(*position, legal);
        if (!legal.contains(*move)) return "parse_move accepted an illegal move";
        if (Finding f = check_move_forms(*position, *move); !f.empty()) return f;
    }
    return {};
}

Finding hub_line(std::string_view input) {
    const auto message = protocol::parse_hub_message(input);
    if (!message) return message.error().message.empty() ? "empty Hub error message" : "";
    for (const protocol::HubField& field : message->fields)
        if (field.value && !protocol::is_sendable_hub_value(*field.value))
            return "parsed Hub value '" + *field.value + "' cannot be sent";
    const std::string written = protocol::format_hub_message(*message);
    const auto again = protocol::parse_hub_message(written);
    if (!again) return "written Hub line '" + written + "' is rejected: " + again.error().message;
    if (!(*again == *message)) return "written Hub line '" + written + "' reads back differently";
    if (protocol::format_hub_message(*again) != written) return "Hub line formatting is unstable";
    return {};
}

Finding hub_session(std::string_view input) {
    // Everything the session sends must be a well-formed Hub line.
    std::mutex mutex;
    Finding finding;
    const auto output = [&](const std::string& line) {
        const std::lock_guard lock(mutex);
        if (finding.empty() && !protocol::parse_hub_message(line))
            finding = "the session sent a malformed line: " + line;
    };
    protocol::HubSessionOptions options;
    options.hash_mb = 1;
    options.read_weights = [](const std::string& path) -> Expected<std::string> {
        return make_error("no weight files while fuzzing: " + path);
    };
    {
        protocol::HubSession session(std::move(options), output);
        std::size_t begin = 0;
        while (begin <= input.size()) {
            std::size_t end = input.find('\n', begin);
            if (end == std::string_view::npos) end = input.size();
            const std::string_view line = input.substr(begin, end - begin);
            begin = end + 1;
            // Hash tables the user may ask for (up to 64 GB) are not the fuzzer's to allocate:
            // its memory limit would report them. Larger values are still sent (and refused).
            const auto message = protocol::parse_hub_message(line);
            if (message && message->command == "set-param" && message->value("name") == "hash") {
                const std::string value(message->value("value").value_or(""));
                if (value.size() > 1 && value.size() <= 5 &&
                    value.find_first_not_of("0123456789") == std::string::npos)
                    continue;
            }
            if (!session.handle_line(line)) break;
        }
        session.finish();
    }
    return finding;
}

}  // namespace draughts::fuzz
