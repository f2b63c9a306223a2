// PDN in Python: read files or text into games (with the reader's errors and warnings), make a
// game from a Board, and write games back.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <fstream>
#include <string>

#include "common/file_io.hpp"
#include "python/bindings.hpp"
#include "python/errors.hpp"
#include "python/pdn_game.hpp"

namespace draughts::python {

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

/// Text or bytes as the reader's input (bytes may be Latin-1: the reader converts them).
std::string input_text(const py::object& text) {
    if (py::isinstance<py::bytes>(text)) return text.cast<std::string>();
    if (py::isinstance<py::str>(text)) return text.cast<std::string>();
    throw py::type_error("PDN text must be str or bytes");
}

/// Raises InputError with the first error when `strict` and the reader found any.
PdnFile checked(PdnFile file, bool strict) {
    if (strict && !file.errors.empty()) throw InputError(file.errors.front());
    return file;
}

py::dict tag_dict(const PdnGame& game) {
    py::dict tags;
    for (const auto& [name, value] : game.tags) tags[py::str(name)] = value;
    return tags;
}

void set_tags(PdnGame& game, const py::dict& tags) {
    game.tags.clear();
    for (const auto& [name, value] : tags)
        game.tags.emplace_back(py::str(name).cast<std::string>(),
                               py::str(value).cast<std::string>());
}

}  // namespace

void bind_pdn(py::module_& m) {
    py::class_<PdnGame>(m, "PdnGame",
                        "A game of a PDN file (or made from a Board): tags, start, moves with "
                        "their comments, result.")
        .def_static(
            "from_board",
            [](const Board& board, const py::dict& tags, const std::optional<std::string>& result) {
                PdnGame game = PdnGame::from_board(board);
                set_tags(game, tags);
                if (result) game.result = *result;
                return game;
            },
            "board"_a, "tags"_a = py::dict(), "result"_a = py::none(),
            "The game played on `board` (its start and moves); the result defaults to the "
            "rules' verdict, else *.")
        .def_property_readonly("variant",
                               [](const PdnGame& g) { return rules::variant_name(g.variant); })
        .def_readonly("source", &PdnGame::source, "The file (or label) it was read from.")
        .def_readonly("first_line", &PdnGame::first_line, "Line where the game starts.")
        .def_property("tags", &tag_dict, &set_tags, "Tag pairs in file order (a copy).")
        .def(
            "tag",
            [](const PdnGame& g, const std::string& name) {
                for (const auto& [tag, value] : g.tags)
                    if (tag == name) return value;
                return std::string();
            },
            "name"_a, "The value of a tag, or an empty string.")
        .def_readonly("start_fen", &PdnGame::start_fen)
        .def_readonly("moves", &PdnGame::moves, "One move per ply.")
        .def_readwrite("comments", &PdnGame::comments, "The comment after each ply ('' when none).")
        .def_readwrite("result", &PdnGame::result, "2-0, 0-2, 1-1 or *.")
        .def("start_board", &PdnGame::start_board)
        .def("board", &PdnGame::final_board, "The board after every move.")
        .def("to_pdn", &PdnGame::to_pdn, "The game as PDN; reading it back gives the same game.")
        .def("__repr__", [](const PdnGame& g) {
            return "<PdnGame " + g.source + ":" + std::to_string(g.first_line) + ", " +
                   std::to_string(g.moves.size()) + " plies, " + g.result + ">";
        });

    py::class_<PdnFile>(m, "PdnFile", "What a PDN text held: valid games, and the others' errors.")
        .def_readonly("games", &PdnFile::games)
        .def_readonly("errors", &PdnFile::errors,
                      "One message per invalid game, naming the source, line and reason.")
        .def_readonly("warnings", &PdnFile::warnings)
        .def("__len__", [](const PdnFile& f) { return f.games.size(); })
        .def(
            "__iter__",
            [](const PdnFile& f) { return py::make_iterator(f.games.begin(), f.games.end()); },
            py::keep_alive<0, 1>());

    m.def(
        "read_pdn",
        [](const std::filesystem::path& path, const std::string& variant, bool strict) {
            const rules::Variant v = variant_or_throw(variant);
            py::gil_scoped_release release;
            return checked(read_pdn(path, v), strict);
        },
        "path"_a, "variant"_a = "international", "strict"_a = false,
        "Reads a PDN file: every valid game, and an error per invalid one (strict: raise "
        "InputError with the first). Raises FileError when the file cannot be read.");
    m.def(
        "parse_pdn",
        [](const py::object& text, const std::string& source, const std::string& variant,
           bool strict) {
            const rules::Variant v = variant_or_throw(variant);
            const std::string input = input_text(text);
            py::gil_scoped_release release;
            return checked(parse_pdn(input, source, v), strict);
        },
        "text"_a, "source"_a = "<string>", "variant"_a = "international", "strict"_a = false,
        "Reads PDN text (str, or bytes in UTF-8 or Latin-1) like read_pdn.");
    m.def(
        "write_pdn",
        [](const std::vector<PdnGame>& games, const std::filesystem::path& path) {
            std::string text;
            for (const PdnGame& game : games) text += game.to_pdn();
            if (auto ok = write_file_atomically(path, text); !ok)
                throw FileError(ok.error().message);
        },
        "games"_a, "path"_a, "Writes games to a PDN file (replacing it).");
}

}  // namespace draughts::python
