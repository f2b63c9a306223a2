// Board and its vocabulary in Python, shaped after python-chess: a Board with push and pop, a
// legal-move list, the rules' outcome, notation in and out, and perft.

#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "python/bindings.hpp"
#include "python/board.hpp"
#include "python/errors.hpp"
#include "report/board_code.hpp"
#include "report/board_diagram.hpp"

namespace draughts::python {

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

/// The legal moves of a position, generated in one call; moves become Python objects only when
/// they are looked at.
struct MoveList {
    std::vector<AnyMove> moves;
};

Notation notation_named(const std::string& name) {
    if (name == "pdn") return Notation::Pdn;
    if (name == "short") return Notation::Short;
    if (name == "long") return Notation::Long;
    if (name == "hub") return Notation::Hub;
    throw InputError("unknown notation \"" + name + "\" (pdn, short, long, hub)");
}

std::string move_repr(const AnyMove& move) {
    std::string out = "Move(\"" + move.hub_notation() + "\"";
    if (move.variant() != rules::Variant::International)
        out += ", variant=\"" + std::string(rules::variant_name(move.variant())) + "\"";
    return out + ")";
}

/// The board as the report draws it (report/board_diagram.hpp), carrying its own style.
std::string board_svg(const Board& board, double size) {
    if (!(size > 0.0)) throw InputError("svg size must be positive");
    const auto code = report::board_of_fen(board.variant(), board.fen());
    if (!code) throw InputError("svg: the position has no diagram: " + board.fen());
    return report::board_svg(*code, board.fen(), size, report::DiagramStyle::Embedded);
}

std::unique_ptr<Board> make_board(const std::optional<std::string>& fen,
                                  const std::string& variant) {
    return Board::create(variant_or_throw(variant),
                         fen ? std::optional<std::string_view>(*fen) : std::nullopt);
}

void bind_vocabulary(py::module_& m) {
    py::enum_<rules::Color>(m, "Color", "Side in a game; White moves first.")
        .value("WHITE", rules::Color::White)
        .value("BLACK", rules::Color::Black)
        .export_values()
        .def("__invert__", [](rules::Color c) { return rules::opposite(c); });
    py::enum_<rules::Piece>(m, "Piece", "Content of a square.")
        .value("NONE", rules::Piece::None)
        .value("WHITE_MAN", rules::Piece::WhiteMan)
        .value("BLACK_MAN", rules::Piece::BlackMan)
        .value("WHITE_KING", rules::Piece::WhiteKing)
        .value("BLACK_KING", rules::Piece::BlackKing);

    std::vector<std::string> variants;
    for (const rules::Variant v : rules::kAllVariants)
        variants.emplace_back(rules::variant_name(v));
    m.attr("VARIANTS") = py::tuple(py::cast(variants));

    py::class_<Outcome>(m, "Outcome", "How the rules ended a game.")
        .def_readonly("termination", &Outcome::termination,
                      "Stable code of game records: no_pieces, blocked, threefold_repetition, "
                      "25_move_rule, 16_move_rule, 5_move_rule, kings_only_rule, counted_ending.")
        .def_readonly("result", &Outcome::result, "2-0, 0-2 or 1-1.")
        .def_readonly("winner", &Outcome::winner, "The winner's colour, None for a draw.")
        .def_readonly("text", &Outcome::text, "The rule in words, with its article.")
        .def("__repr__", [](const Outcome& o) {
            return "Outcome(termination=\"" + o.termination + "\", result=\"" + o.result + "\")";
        });
    py::class_<DrawState>(m, "DrawState", "Counters of the draw rules at the current position.")
        .def_readonly("reversible_plies", &DrawState::reversible_plies,
                      "Plies since the last man move or capture.")
        .def_readonly("kings_only_limit", &DrawState::kings_only_limit,
                      "Reversible plies that draw (50: the 25-move rule [FMJD 6.2]).")
        .def_readonly("ending", &DrawState::ending,
                      "The counted ending the position is in (\"16-move rule\"), or None.")
        .def_readonly("ending_plies", &DrawState::ending_plies, "Plies counted in the ending.")
        .def_readonly("ending_limit", &DrawState::ending_limit, "Plies that draw the ending.")
        .def_readonly("repetitions", &DrawState::repetitions,
                      "Occurrences of the position since the last irreversible ply.")
        .def("__repr__", [](const DrawState& d) {
            std::string out = "DrawState(reversible_plies=" + std::to_string(d.reversible_plies);
            if (d.ending)
                out += ", ending=\"" + *d.ending +
                       "\", ending_plies=" + std::to_string(d.ending_plies);
            return out + ", repetitions=" + std::to_string(d.repetitions) + ")";
        });
}

void bind_move(py::module_& m) {
    py::class_<AnyMove>(m, "Move",
                        "A legal move: origin, destination and captured squares. Two capture "
                        "routes with the same origin, destination and captured set are one move "
                        "(the FMJD move identity).")
        .def_property_readonly("from_square", &AnyMove::from_square)
        .def_property_readonly("to_square", &AnyMove::to_square)
        .def_property_readonly("captured", &AnyMove::captured_squares,
                               "The captured squares, in increasing order.")
        .def_property_readonly("is_capture", &AnyMove::is_capture)
        .def_property_readonly("crowns_in_capture", &AnyMove::crowns_in_capture,
                               "A man crowned on the way of its capture (Russian draughts).")
        .def_property_readonly(
            "variant", [](const AnyMove& move) { return rules::variant_name(move.variant()); })
        .def("hub", &AnyMove::hub_notation,
             "Hub form: a capture lists every captured square (28x19x23).")
        .def("__str__", &AnyMove::short_notation)
        .def("__repr__", &move_repr)
        .def("__hash__", &AnyMove::hash)
        .def(py::self == py::self)
        .def(py::self != py::self);

    py::class_<MoveList>(m, "MoveList", "The legal moves of a position, in generation order.")
        .def("__len__", [](const MoveList& list) { return list.moves.size(); })
        .def("__getitem__",
             [](const MoveList& list, std::ptrdiff_t i) {
                 const auto size = static_cast<std::ptrdiff_t>(list.moves.size());
                 if (i < 0) i += size;
                 if (i < 0 || i >= size) throw py::index_error("move index out of range");
                 return list.moves[static_cast<std::size_t>(i)];
             })
        .def("__iter__",
             [](const MoveList& list) {
                 // A list of the moves and its iterator: cheaper than a C++ iterator object.
                 py::list moves(list.moves.size());
                 for (std::size_t i = 0; i < list.moves.size(); ++i)
                     moves[i] = py::cast(list.moves[i]);
                 return py::iter(moves);
             })
        .def("__contains__",
             [](const MoveList& list, const AnyMove& move) {
                 return std::find(list.moves.begin(), list.moves.end(), move) != list.moves.end();
             })
        .def("__bool__", [](const MoveList& list) { return !list.moves.empty(); })
        .def("__repr__", [](const MoveList& list) {
            std::string out = "MoveList([";
            for (std::size_t i = 0; i < list.moves.size(); ++i)
                out += (i ? ", " : "") + list.moves[i].short_notation();
            return out + "])";
        });
}

void bind_board_class(py::module_& m) {
    py::class_<Board>(m, "Board",
                      "A game of draughts under the rules of its variant, from a start position: "
                      "the current position, the moves played, the draw counters and the "
                      "rules' verdict.")
        .def(py::init(&make_board), "fen"_a = py::none(), "variant"_a = "international",
             "A game from `fen` (PDN FEN such as W:W31-50:B1-20), or from the variant's "
             "initial position. Raises InputError for a bad FEN or an unknown variant.")
        .def_property_readonly("variant",
                               [](const Board& b) { return rules::variant_name(b.variant()); })
        .def_property_readonly("square_count", &Board::square_count,
                               "50, or 32 on the 64-square board.")
        .def("fen", &Board::fen, "The current position as FEN.")
        .def("start_fen", &Board::start_fen, "The position the game started from.")
        .def_property_readonly("turn", &Board::turn, "The side to move.")
        .def("piece_at", &Board::piece_at, "square"_a)
        .def("squares", &Board::squares_of, "piece"_a,
             "The squares holding `piece`, in increasing order.")
        .def_property_readonly(
            "legal_moves", [](const Board& b) { return MoveList{b.legal_moves()}; },
            "The legal moves: captures only when there is one, and then the longest where the "
            "variant has the majority rule.")
        .def("legal_move_count", &Board::legal_move_count,
             "The number of legal moves, counted without listing them.")
        .def("is_legal", &Board::is_legal, "move"_a)
        .def("parse_move", &Board::parse_move, "text"_a,
             "The legal move `text` names (32-28, 28x19, 26x37x48x30, or a Hub capture "
             "28x19x23; c3-d4 on 64 squares). Raises IllegalMoveError.")
        .def("push", &Board::push, "move"_a, "Plays a legal move. Raises IllegalMoveError.")
        .def(
            "push_move",
            [](Board& b, const std::string& text) {
                const AnyMove move = b.parse_move(text);
                b.push(move);
                return move;
            },
            "text"_a, "Plays the move `text` names and returns it. Raises IllegalMoveError.")
        .def(
            "pop",
            [](Board& b) {
                try {
                    return b.pop();
                } catch (const std::out_of_range& e) {
                    throw py::index_error(e.what());
                }
            },
            "Takes back the last move and returns it. Raises IndexError when there is none.")
        .def_property_readonly("move_stack", &Board::move_stack,
                               "The moves played since the start, oldest first.")
        .def_property_readonly("ply", &Board::ply, "Plies played since the start.")
        .def(
            "notation",
            [](const Board& b, const AnyMove& move, const std::string& form) {
                return b.notation(move, notation_named(form));
            },
            "move"_a, "form"_a = "pdn",
            "A legal move as text: pdn (short, long where the short one is ambiguous), short, "
            "long or hub.")
        .def("outcome", &Board::outcome,
             "How the rules end the game here, or None while it goes on.")
        .def("is_game_over", [](const Board& b) { return b.outcome().has_value(); })
        .def(
            "result",
            [](const Board& b) {
                const auto outcome = b.outcome();
                return outcome ? outcome->result : std::string("*");
            },
            "2-0, 0-2, 1-1, or * while the game goes on.")
        .def_property_readonly("draw_state", &Board::draw_state)
        .def(
            "perft",
            [](const Board& b, int depth, bool keep_duplicates, int threads) {
                if (depth < 0) throw InputError("perft depth must be at least 0");
                if (threads < 1) throw InputError("perft threads must be at least 1");
                py::gil_scoped_release release;
                return b.perft(depth, keep_duplicates, threads);
            },
            "depth"_a, "keep_duplicates"_a = false, "threads"_a = 1,
            "Leaves of the legal move tree at `depth` (the last ply counted in bulk), by the "
            "same code as `draughts perft`. keep_duplicates counts every capture route.")
        .def(
            "perft_divide",
            [](const Board& b, int depth, bool keep_duplicates) {
                if (depth < 1) throw InputError("perft_divide depth must be at least 1");
                py::gil_scoped_release release;
                return b.perft_divide(depth, keep_duplicates);
            },
            "depth"_a, "keep_duplicates"_a = false,
            "Each legal move with the leaves of its subtree at `depth` - 1.")
        .def("copy", [](const Board& b) { return b.copy(); })
        .def("__copy__", [](const Board& b) { return b.copy(); })
        .def(
            "__deepcopy__", [](const Board& b, py::dict) { return b.copy(); }, "memo"_a)
        .def("__eq__",
             [](const Board& a, py::object other) {
                 return py::isinstance<Board>(other) && a.same_position(other.cast<const Board&>());
             })
        .def("__hash__", &Board::position_hash)
        .def("__str__", &Board::diagram)
        .def("svg", &board_svg, "size"_a = 320.0,
             "The position as an SVG image `size` units wide, drawn by the HTML report's code "
             "(White at the bottom, squares numbered), with its style inside; titled by the FEN.")
        .def(
            "_repr_svg_", [](const Board& b) { return board_svg(b, 320.0); },
            "The SVG image, for Jupyter.")
        .def("__repr__", [](const Board& b) {
            std::string out = "Board(\"" + b.fen() + "\"";
            if (b.variant() != rules::Variant::International)
                out += ", variant=\"" + std::string(rules::variant_name(b.variant())) + "\"";
            return out + ")";
        });
}

}  // namespace

void bind_board(py::module_& m) {
    bind_vocabulary(m);
    bind_move(m);
    bind_board_class(m);
}

}  // namespace draughts::python
