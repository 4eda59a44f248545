"""coda_pi/start_typing.py: typing's names for the start's modules, without typing. Where
coda_pi uses them at run time they behave as typing's: a named tuple is the same class,
a generic or protocol base is a base, a cast is its value."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import typing

import pytest

from coda_pi import start_typing


def _pair(base: object) -> type:
    class Inked(base):  # type: ignore[misc, valid-type]
        """A text as drawn."""

        image: str
        left: int
        top: int = 0
        width: int = 5

        def right(self) -> int:
            return self.left + self.width

    return Inked


def test_a_named_tuple_is_made_as_typings_is():
    ours, theirs = _pair(start_typing.NamedTuple), _pair(typing.NamedTuple)
    for made in (ours, theirs):
        made.__module__ = __name__  # both as a module-level class
    mine, typings = ours("ink", 3), theirs("ink", 3)
    assert tuple(mine) == tuple(typings) == ("ink", 3, 0, 5)
    assert ours._fields == theirs._fields and ours._field_defaults == theirs._field_defaults
    assert ours.__doc__ == theirs.__doc__ and ours.__bases__ == theirs.__bases__ == (tuple,)
    assert repr(mine) == repr(typings) == "Inked(image='ink', left=3, top=0, width=5)"
    assert mine.right() == typings.right() == 8
    assert mine._replace(top=2) == typings._replace(top=2)
    assert list(ours.__annotations__) == list(theirs.__annotations__)
    assert ours.__qualname__ == theirs.__qualname__
    assert type(mine).__slots__ == type(typings).__slots__ == ()


def test_a_named_tuple_refuses_what_typings_refuses():
    for base in (start_typing.NamedTuple, typing.NamedTuple):
        with pytest.raises(TypeError, match="Non-default namedtuple field b"):
            exec("class Bad(base):\n a: int = 1\n b: int\n", {"base": base})
        with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _make"):
            exec("class Bad(base):\n a: int\n def _make(self): pass\n", {"base": base})


def test_a_named_tuple_pickles_by_its_module_and_name():
    from coda_pi.ui.kept import _Layer

    assert _Layer.__module__ == "coda_pi.ui.kept"
    made = _Layer(*range(len(_Layer._fields)))
    assert pickle.loads(pickle.dumps(made)) == made


def test_the_functional_named_tuple_is_the_callers():
    Point = start_typing.NamedTuple("Point", [("x", int), ("y", int)])  # noqa: UP014 - the form tested
    assert Point(1, 2).x == 1 and Point.__module__ == __name__


def test_generic_and_protocol_bases_and_the_rest():
    T = start_typing.TypeVar("T", bound=int)
    assert T.__name__ == "T" and T.__bound__ is int

    class Box(start_typing.Generic[T]):  # type: ignore[misc]
        def __init__(self, item: T) -> None:
            self.item = item

    class Sized(start_typing.Protocol[T]):  # type: ignore[misc]
        def size(self) -> int: ...

    class Sack(Sized[int]):  # an explicit subclass, as FakeClock of Clock
        def size(self) -> int:
            return 3

    assert Box[int] is Box and Box[int](4).item == 4
    assert Sack().size() == 3 and isinstance(Sack(), Sized)
    assert start_typing.cast("list[int]", "x") == "x"
    labels = start_typing.Literal["panels", "cards"]
    assert labels.__args__ == ("panels", "cards")
    assert (start_typing.Any | None) is not None  # an alias's union, at run time


def test_importing_it_imports_no_typing():
    done = subprocess.run(
        [sys.executable, "-c", "import sys\nimport coda_pi.start_typing\n"
         "print('typing' in sys.modules)"], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr



def test_no_class_variable_is_offered():
    """dataclasses knows a ClassVar only as typing's own (it looks the name up in the class's
    module): a stand-in would make a class variable a field."""
    assert not hasattr(start_typing, "ClassVar")


def test_every_module_imports_with_the_stand_ins():
    """typing's Protocol refuses a base that is a stand-in protocol (a protocol of a module
    the start imports, extended in one it does not): each extends the stand-in's."""
    walk = ("import importlib, pkgutil, coda_pi\n"
            "for m in pkgutil.walk_packages(coda_pi.__path__, 'coda_pi.'):\n"
            "    if not m.name.endswith('__main__'):\n"
            "        try:\n"
            "            importlib.import_module(m.name)\n"
            "        except ImportError:\n"
            "            pass  # an optional part not installed (paho, RPi.GPIO)\n")
    done = subprocess.run([sys.executable, "-c", walk], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-2000:]
