"""The dataclasses' generated methods, compiled once and kept beside the bytecode.

Python 3.11 and 3.12 write each dataclass's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and (frozen) ``__setattr__``/``__delattr__`` as source text and compile each
one at every start: about half a millisecond a class here, and ``coda-pi run`` defines
about a hundred before its first frame, a third of its start-up CPU (about 0.75 s on a Pi
Zero 2 W; bench/bench_startup.py). The compiled code depends on nothing but that text, so
it is kept as Python keeps bytecode: in ``coda_pi/__pycache__`` (marshal, this Python's
own tag), keyed by the exact text, and the next start executes it instead of compiling
it. Only the text is the key; the globals and defaults a method closes over are the live
ones, as when it is compiled: the classes behave exactly the same
(tests/test_dataclass_code.py).

The methods are kept by module, each module's packed on its own, behind an index of where
each lies in the file: a start reads the index, then only the modules it imports. The
installer keeps every module's (below), and a start needs a third of them: unpacking them
all cost it about 3 ms here, and reading them all (about 1 MB) 0.5-1 ms more.

Only coda_pi's own classes, and only where ``dataclasses._create_fn`` is the function of
3.11 and 3.12 this was written against (3.13 compiles a class's methods in one go): else
nothing is changed. A cache that cannot be read is compiled again; one that cannot be
written (a read-only install, ``PYTHONDONTWRITEBYTECODE``) is simply not kept. The
directory can be moved with ``CODA_PI_DATACLASS_CACHE`` (the tests).

The appliance runs as a user who cannot write its install (firmware/coda-pi.service), as
for bytecode: ``python -c "from coda_pi.dataclass_code import keep_all; keep_all()"``,
run by whoever installs (install.sh, after pip), imports every module of coda_pi and
keeps all their methods at once.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any, BinaryIO

from coda_pi.import_later import dataclasses_module

# The first import of dataclasses in a start: without inspect until it is needed.
dataclasses = dataclasses_module()

KEPT_MOST = 4000
"""Methods kept at most (a start of the device needs about 600): past it, a start keeps
only its own, so code that changed does not pile up."""


class Stats:
    """How many methods this process compiled, and how many it took from the cache. A plain
    class: a dataclass here is made before the cache is installed, so its methods were
    compiled at every start (0.3 ms here)."""

    __slots__ = ("compiled", "reused")

    def __init__(self) -> None:
        self.compiled = 0  # methods compiled in this process
        self.reused = 0  # ... and taken from the cache instead

    def __repr__(self) -> str:
        return f"Stats(compiled={self.compiled}, reused={self.reused})"


stats = Stats()
# module -> its methods' count and where they lie in the file, marshalled (not yet read)
_packed: dict[str, tuple[int, int, int]] = {}
_file: int | None = None  # the cache file, open while it has modules not yet read
MAGIC = b"coda-pi dataclass methods 2\n"
"""The file's first bytes; its index's length follows (8 bytes), the index, the modules."""
_codes: dict[str, dict[str, CodeType]] = {}  # module -> text -> code, once unpacked
_used: dict[str, set[str]] = {}  # module -> the texts this process used
_path: Path | None = None
_original: Any = None
_original_is_type: Any = None

MARKERS = ("ClassVar", "InitVar", "KW_ONLY")
"""The names a dataclass field's string annotation must contain to be one of these (coda_pi
binds them under no other name: tests/test_dataclass_code.py reads every module for it)."""


def install(directory: Path | None = None) -> None:
    """Compile coda_pi's dataclass methods once; the next start reuses them. Harmless to
    call twice, and does nothing on a Python it was not written for."""
    global _path, _original
    create = getattr(dataclasses, "_create_fn", None)
    if _original is not None or create is None or not _expected(create):
        return
    if directory is None:
        named = os.environ.get("CODA_PI_DATACLASS_CACHE")
        directory = Path(named) if named else Path(__file__).resolve().parent / "__pycache__"
    _path = directory / f"dataclass-code.{sys.implementation.cache_tag}.marshal"
    _packed.update(_read(_path))
    _original = create
    dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]
    _quick_is_type()
    atexit.register(_keep)


def _quick_is_type() -> None:
    """For coda_pi's classes, a field's string annotation is not ClassVar, InitVar or
    KW_ONLY when it does not contain the word: ``dataclasses._is_type`` (a regex and the
    module's namespace, asked three times a field) cost about 1.5 ms of a start's 66
    classes here, some 20 ms on a Pi Zero. Any other class, or an annotation with a marker
    in it, is asked as before."""
    global _original_is_type
    is_type = getattr(dataclasses, "_is_type", None)
    code = getattr(is_type, "__code__", None)
    if code is None or code.co_varnames[:code.co_argcount] != (
            "annotation", "cls", "a_module", "a_type", "is_type_predicate"):
        return
    _original_is_type = is_type

    def quick(annotation: str, cls: type, a_module: Any, a_type: Any,
              is_type_predicate: Any) -> bool:
        # The words spelt out, not a loop over MARKERS: this runs 1,000 times a start.
        if "ClassVar" in annotation or "InitVar" in annotation or "KW_ONLY" in annotation \
                or not cls.__module__.startswith("coda_pi"):
            return bool(is_type(annotation, cls, a_module, a_type, is_type_predicate))
        return False

    dataclasses._is_type = quick  # type: ignore[attr-defined]


def _expected(create: Any) -> bool:
    # Its parameters read from its code, not with inspect.signature: inspect is not
    # imported at a start (coda_pi/import_later.py).
    code = getattr(create, "__code__", None)
    if code is None:
        return False
    params = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    return list(params) == ["name", "args", "body", "globals", "locals", "return_type"]


def _read(path: Path) -> dict[str, tuple[int, int, int]]:
    """Each module's methods as kept: their count and where they lie in the file, which is
    left open to read them from (any other content: nothing)."""
    global _file
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return {}
    try:
        # One read for the index of most files (the start's modules only: a few KB).
        head = os.pread(fd, 16384, 0)
        if not head.startswith(MAGIC):
            raise ValueError("not a cache of this kind")
        start = len(MAGIC) + 8
        size = int.from_bytes(head[len(MAGIC):start], "little")
        if len(head) < start + size:
            head += os.pread(fd, start + size - len(head), len(head))
        index = marshal.loads(head[start:start + size])
    except (OSError, EOFError, ValueError, TypeError):
        os.close(fd)
        return {}
    if not isinstance(index, dict):
        os.close(fd)
        return {}
    _file = fd
    return {k: (v[0], start + size + v[1], v[2]) for k, v in index.items()
            if isinstance(k, str) and isinstance(v, tuple) and len(v) == 3
            and all(isinstance(n, int) and n >= 0 for n in v)}


def _packed_bytes(module: str) -> tuple[int, bytes]:
    """``module``'s methods' count and bytes as kept, read from the file (taken out of the
    index); nothing when the file cannot give them."""
    global _file
    count, offset, length = _packed.pop(module, (0, 0, 0))
    if _file is None or not length:
        return 0, b""
    try:
        packed = os.pread(_file, length, offset)
    except OSError:
        packed = b""
    if not _packed:  # all read: the file is no longer needed
        os.close(_file)
        _file = None
    return (count, packed) if len(packed) == length else (0, b"")


def _unpack(module: str) -> dict[str, CodeType]:
    """``module``'s kept methods, unpacked the first time one of its classes is made."""
    count, packed = _packed_bytes(module)
    if not packed:
        return {}
    # The collector paused meanwhile: the thousands of new tuples would set off passes that
    # find nothing to free (the command pauses it for the start, not for every import).
    collecting = gc.isenabled()
    gc.disable()
    try:
        codes = marshal.loads(packed)
    except (EOFError, ValueError, TypeError):
        return {}
    finally:
        if collecting:
            gc.enable()
    if not isinstance(codes, dict):
        return {}
    return {k: v for k, v in codes.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _create_fn(name: str, args: list[str], body: list[str], *, globals: Any = None,
               locals: Any = None, return_type: Any = dataclasses.MISSING) -> Any:
    """``dataclasses._create_fn`` of 3.11/3.12, line for line, but for where the code
    comes from."""
    module = globals.get("__name__", "") if isinstance(globals, dict) else ""
    if not (isinstance(module, str) and module.startswith("coda_pi")):
        return _original(name, args, body, globals=globals, locals=locals,
                         return_type=return_type)
    if locals is None:
        locals = {}
    return_annotation = ""
    if return_type is not dataclasses.MISSING:
        locals["_return_type"] = return_type
        return_annotation = "->_return_type"
    joined = ",".join(args)
    lines = "\n".join(f"  {b}" for b in body)
    txt = f" def {name}({joined}){return_annotation}:\n{lines}"
    local_vars = ", ".join(locals.keys())
    txt = f"def __create_fn__({local_vars}):\n{txt}\n return {name}"
    codes = _codes.get(module)
    if codes is None:
        codes = _codes[module] = _unpack(module)
        _used[module] = set()
    code = codes.get(txt)
    if code is None:
        code = codes[txt] = compile(txt, "<string>", "exec")
        stats.compiled += 1
    else:
        stats.reused += 1
    _used[module].add(txt)
    ns: dict[str, Any] = {}
    exec(code, globals, ns)  # noqa: S102 - dataclasses' own generated text, as it does
    return ns["__create_fn__"](**locals)


def _keep(*, always: bool = False) -> None:
    """At exit, when this process compiled anything: the cache, replaced atomically."""
    if _path is None or not stats.compiled or (sys.dont_write_bytecode and not always):
        return
    kept = sum(len(codes) for codes in _codes.values()) + sum(v[0] for v in _packed.values())
    if kept <= KEPT_MOST:
        # The modules this process did not import, as they were.
        packed = {m: _packed_bytes(m) for m in list(_packed)}
        packed.update({m: (len(c), marshal.dumps(c)) for m, c in _codes.items() if c})
    else:
        packed = {m: (len(used), marshal.dumps({t: _codes[m][t] for t in used}))
                  for m, used in _used.items() if used}
    temporary = _path.with_name(f"{_path.name}.{os.getpid()}.tmp")
    try:
        _path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as f:
            _write(f, {m: v for m, v in packed.items() if v[1]})
        os.replace(temporary, _path)
    except OSError:  # a read-only install: every start compiles, as without the cache
        with contextlib.suppress(OSError):
            temporary.unlink()


def _write(out: BinaryIO, packed: dict[str, tuple[int, bytes]]) -> None:
    """The file: ``MAGIC``, the index's length, the index (each module's count, and where
    its bytes lie after the index), then each module's bytes."""
    index: dict[str, tuple[int, int, int]] = {}
    offset = 0
    for module, (count, data) in packed.items():
        index[module] = (count, offset, len(data))
        offset += len(data)
    header = marshal.dumps(index)
    out.write(MAGIC + len(header).to_bytes(8, "little") + header)
    for _, data in packed.values():
        out.write(data)


def keep_all() -> int:
    """Import every module of coda_pi and keep every method its dataclasses need now (the
    installer's step, as pip compiles the bytecode); how many are kept."""
    import importlib
    import pkgutil

    # The package's folder, not ``import coda_pi``: this module is imported by it.
    for module in pkgutil.walk_packages([str(Path(__file__).resolve().parent)], "coda_pi."):
        if module.name.endswith(".__main__"):
            continue  # a command, not a module: importing it would run it
        try:
            importlib.import_module(module.name)
        except Exception:  # noqa: BLE001 - an optional part (paho, say) not installed
            continue
    _keep(always=True)
    return sum(len(codes) for codes in _codes.values())
