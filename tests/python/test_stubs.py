"""The type stubs (_core.pyi) name exactly what the compiled module has: every public function,
class, constant and member, so that editors complete and type checkers check the real API."""

import ast
import pathlib

import draughts_toolkit
from draughts_toolkit import _core

STUB = pathlib.Path(_core.__file__).with_name("_core.pyi")
IGNORED_MEMBERS = {"__init__", "__repr__", "__str__", "_repr_svg_", "__ne__", "__getstate__", "__setstate__"}


def stub_names():
    """{name: set of member names} for classes, {name: None} for functions and constants."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members.add(item.target.id)
            names[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = None
    return names


def public(names):
    return {n for n in names if not n.startswith("_")}


PROTOCOL = {
    "__len__", "__getitem__", "__setitem__", "__iter__", "__contains__", "__bool__", "__eq__",
    "__hash__", "__copy__", "__deepcopy__", "__invert__",
}


def module_members(cls):
    """The public members and protocol methods a class defines itself."""
    members = set()
    for name in dir(cls):
        if name.startswith("_") and name not in PROTOCOL:
            continue
        if name in PROTOCOL and vars(cls).get(name) is None:
            continue  # inherited from object, or __hash__ = None beside __eq__
        members.add(name)
    return members


def test_the_stubs_name_every_public_name_of_the_module_and_no_other():
    assert public(stub_names()) == public(vars(_core))


def test_the_stubs_name_every_member_of_every_class():
    stubs = stub_names()
    for name, members in stubs.items():
        if members is None:
            continue
        cls = getattr(_core, name)
        if issubclass(cls, BaseException):
            continue
        real = module_members(cls)
        if hasattr(cls, "__members__"):  # pybind11 enums compare and hash by value
            real -= {"__eq__", "__hash__"}
        stub = {m for m in members if m not in IGNORED_MEMBERS}
        assert stub == real, name


def test_the_package_exports_what_it_lists():
    public_names = {name for name in vars(draughts_toolkit) if not name.startswith("_")}
    assert set(draughts_toolkit.__all__) == public_names
