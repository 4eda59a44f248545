"""typing's names for the modules ``coda-pi run`` imports before its first frame, without
importing ``typing``: about 2 ms of a start here (some 30 ms on a Pi Zero 2 W), and the
first frame uses nothing of it but names in annotations, which ``from __future__ import
annotations`` never evaluates.

A type checker reads the real ones (the ``TYPE_CHECKING`` branch below). At run time the
names are stand-ins that behave as typing's do where coda_pi uses them: ``Protocol`` and
``Generic`` are plain bases (coda_pi checks no protocol at run time, and ``Memo[Inked]`` is
the class itself), ``TypeVar`` keeps its name, ``Literal[...]`` is a subscriptable marker,
``cast`` returns its value, and ``NamedTuple`` makes the same ``collections.namedtuple``
class typing's does (tests/test_start_typing.py holds the two equal). There is no
``ClassVar`` here: dataclasses tells a class variable from a field only by typing's own,
looked up in the class's module (a module names it from typing, under ``TYPE_CHECKING``
where no dataclass needs it).

A module the start imports names these from here; any other module imports typing as
ever (tests/test_start_imports.py checks that the start imports no typing).
"""

from __future__ import annotations

import collections
import sys
from collections.abc import Iterable

TYPE_CHECKING = False
"""False at run time; a type checker takes any ``if TYPE_CHECKING:`` as true."""

if TYPE_CHECKING:
    from typing import Any as Any
    from typing import BinaryIO as BinaryIO
    from typing import Generic as Generic
    from typing import Literal as Literal
    from typing import NamedTuple as NamedTuple
    from typing import Protocol as Protocol
    from typing import TextIO as TextIO
    from typing import TypeVar as TypeVar
    from typing import cast as cast
else:
    class Any:
        """typing.Any in an annotation; never made."""

    class TextIO:
        """typing.TextIO in an annotation."""

    class BinaryIO:
        """typing.BinaryIO in an annotation."""

    class _Marker:
        """``Literal[...]``: the subscripted marker keeps what it was
        given, as typing's does (``__args__``)."""

        __slots__ = ("_name", "__args__")

        def __init__(self, name: str, args: tuple[object, ...] = ()) -> None:
            self._name, self.__args__ = name, args

        def __getitem__(self, args: object) -> _Marker:
            return _Marker(self._name, args if isinstance(args, tuple) else (args,))

        def __repr__(self) -> str:
            inside = ", ".join(map(repr, self.__args__))
            return f"typing.{self._name}[{inside}]" if self.__args__ else f"typing.{self._name}"

    Literal = _Marker("Literal")

    class Generic:
        """A plain base: ``Memo[Inked]`` is ``Memo``, as nothing asks it for its types."""

        __slots__ = ()

        def __class_getitem__(cls, params: object) -> type:
            return cls

    class Protocol(Generic):
        """A plain base: coda_pi checks no protocol at run time (no runtime_checkable)."""

        __slots__ = ()

    class TypeVar:
        """A type variable's name (and bound), for ``Generic[T]`` and ``Protocol[T]``."""

        __slots__ = ("__name__", "__bound__", "__constraints__")

        def __init__(self, name: str, *constraints: object, bound: object = None,
                     covariant: bool = False, contravariant: bool = False) -> None:
            self.__name__, self.__bound__, self.__constraints__ = name, bound, constraints

        def __repr__(self) -> str:
            return f"~{self.__name__}"

    def cast(typ: object, val: Any) -> Any:
        """typing.cast: the value, unchanged."""
        return val

    # typing's NamedTuple, made as typing makes it: ``collections.namedtuple`` with the
    # annotated fields and their defaults, then the class body's other names (methods, the
    # docstring) set on it; the names a named tuple's machinery owns may not be set.
    _PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields",
                             "_field_defaults", "_make", "_replace", "_asdict", "_source"})
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})

    def _named_tuple(name: str, fields: Iterable[tuple[str, object]], defaults: list[Any],
                     namespace: dict[str, Any]) -> type:
        annotations = dict(fields)
        made = collections.namedtuple(name, list(annotations), defaults=defaults,
                                      module=namespace.get("__module__"))
        made.__annotations__ = made.__new__.__annotations__ = annotations
        for key, value in namespace.items():
            if key in _PROHIBITED:
                raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
            if key not in _SPECIAL and key not in made._fields:
                setattr(made, key, value)
        return made

    class _NamedTupleMeta(type):
        def __new__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]
                    ) -> type:
            annotations = namespace.get("__annotations__", {})
            defaults: list[Any] = []
            for field in annotations:
                if field in namespace:
                    defaults.append(namespace[field])
                elif defaults:
                    raise TypeError(f"Non-default namedtuple field {field} cannot follow "
                                    f"default field{'s' if len(defaults) > 1 else ''} "
                                    f"{', '.join(annotations)}")
            return _named_tuple(name, annotations.items(), defaults, namespace)

    _NamedTupleBase = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})

    def NamedTuple(name: str, fields: Iterable[tuple[str, object]] = (), /) -> type:  # noqa: N802 - typing's name
        """``NamedTuple("Name", [("field", type), ...])``, or a base of a class body."""
        return _named_tuple(name, fields, [], {"__module__": sys._getframe(1).f_globals.get(
            "__name__", "__main__")})

    NamedTuple.__mro_entries__ = lambda bases: (_NamedTupleBase,)  # type: ignore[attr-defined]
