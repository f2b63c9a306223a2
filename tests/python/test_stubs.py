"""The type stubs (_core.pyi) name exactly what the compiled module has: every public function,
class, constant and member, so that editors complete and type checkers check the real API."""

import ast
import inspect
import pathlib

import draughts_toolkit
from draughts_toolkit import _core

STUB = pathlib.Path(_core.__file__).with_name("_core.pyi")
IGNORED_MEMBERS = {"__init__", "__repr__", "__str__", "__ne__", "__getstate__", "__setstate__"}


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


def module_members(cls):
    """The members a class defines itself (not those of object or of enum machinery)."""
    own = set()
    for name, _ in inspect.getmembers(cls):
        if name in IGNORED_MEMBERS or (name.startswith("_") and not name.startswith("__")):
            continue
        if any(name in vars(base) for base in cls.__mro__[1:] if base.__module__ == "builtins"):
            if name not in vars(cls):
                continue
        if name.startswith("__") and name not in vars(cls):
            continue
        own.add(name)
    return own


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
        if hasattr(cls, "__members__"):  # pybind11 enums: their values and name/value
            real = {m for m in real if not m.startswith("__")} | {"__invert__"} & real
        stub = {m for m in members if m not in IGNORED_MEMBERS}
        assert stub == real, name


def test_the_package_exports_what_it_lists():
    public_names = {name for name in vars(draughts_toolkit) if not name.startswith("_")}
    assert set(draughts_toolkit.__all__) == public_names
