"""The dataclasses' generated methods are compiled once, kept beside the bytecode, and the
next start uses them: a start compiles none, and the classes behave exactly the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

START = """
import json
from coda_pi.app import build_app  # what `coda-pi run` imports before its first frame
from coda_pi.referee.shared.views import Banner, BannerKind, TimerView
from coda_pi import dataclass_code
import dataclasses

b = Banner("Ann wins", BannerKind.GOOD)
t = TimerView(30, 10, True, False, False)
try:
    b.text = "x"
    frozen = "not frozen"
except dataclasses.FrozenInstanceError as error:
    frozen = repr(error)
print(json.dumps({
    "compiled": dataclass_code.stats.compiled, "reused": dataclass_code.stats.reused,
    # The modules kept whose methods this start did not unpack (it never imported them).
    "still_packed": len(dataclass_code._packed),
    "behaviour": [repr(b), repr(t), b == Banner("Ann wins", BannerKind.GOOD),
                  b == Banner("Ann wins"), hash(b) == hash(Banner("Ann wins", BannerKind.GOOD)),
                  t.seconds_left, frozen, Banner("x").kind.value],
}))
"""


def start(cache: Path, *, writes: bool = True) -> dict:
    env = dict(os.environ, CODA_PI_DATACLASS_CACHE=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not writes:  # the appliance's user, who cannot write the install
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    out = subprocess.run([sys.executable, "-c", START], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="3.13 compiles a class's methods at "
                    "once; nothing is kept")
def test_a_second_start_compiles_no_dataclass_method_and_the_classes_behave_the_same(
        tmp_path):
    first = start(tmp_path)
    assert first["compiled"] > 100  # every method of every dataclass the start needs
    assert list(tmp_path.iterdir())  # kept for the next start
    second = start(tmp_path)
    assert second["compiled"] == 0
    # (Two classes of the same fields share a method's text: compiled once even then.)
    assert second["reused"] == first["compiled"] + first["reused"]
    assert second["behaviour"] == first["behaviour"]
    assert second["behaviour"][2:5] == [True, False, True]


def test_a_cache_that_cannot_be_read_is_compiled_again(tmp_path):
    first = start(tmp_path)
    for kept in tmp_path.iterdir():
        kept.write_bytes(b"\x00torn")  # a power cut while it was written, say
    again = start(tmp_path)
    assert again["behaviour"] == first["behaviour"]
    assert again["compiled"] == first["compiled"] > 100


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="nothing is kept on 3.13")
def test_the_installer_keeps_what_a_start_needs_for_a_user_who_cannot_write(tmp_path):
    env = dict(os.environ, CODA_PI_DATACLASS_CACHE=str(tmp_path))
    subprocess.run([sys.executable, "-c", "from coda_pi.dataclass_code import keep_all; "
                    "assert keep_all() > 500"], env=env, cwd=ROOT, check=True,
                   capture_output=True)
    kept = {p: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    started = start(tmp_path, writes=False)
    assert started["compiled"] == 0 and started["reused"] > 100
    # The installer kept every module's; a start unpacks those it imports, not the others.
    assert started["still_packed"] > 20
    assert {p: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == kept


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="nothing is kept on 3.13")
def test_a_start_reads_only_the_methods_of_the_modules_it_imports(tmp_path):
    """The installer keeps every module's methods (about 1 MB): a start reads the index and
    the third it needs, not the whole file (0.5-1 ms here, more on a Zero)."""
    env = dict(os.environ, CODA_PI_DATACLASS_CACHE=str(tmp_path))
    subprocess.run([sys.executable, "-c", "from coda_pi.dataclass_code import keep_all; "
                    "keep_all()"], env=env, cwd=ROOT, check=True, capture_output=True)
    [kept] = tmp_path.iterdir()
    # What the process reads (/proc/self/io's rchar) while the package's import installs
    # the cache; then a module with a dozen classes takes its methods from it.
    # typing is imported first: its bytecode is not the cache file's bytes.
    probe = ("import typing\n"
             "def read():\n"
             "    with open('/proc/self/io') as io:\n"
             "        return int(io.read().split('rchar: ')[1].split()[0])\n"
             "before = read()\n"
             "from coda_pi import dataclass_code\n"
             "installed = read() - before\n"
             "import coda_pi.config\n"
             "print(installed, dataclass_code.stats.reused)\n")
    done = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, check=True,
                          capture_output=True, text=True)
    read, reused = (int(n) for n in done.stdout.split())
    assert reused > 20, "the config's methods came from the cache"
    assert read < kept.stat().st_size / 4, f"read {read} bytes of a {kept.stat().st_size}"


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="nothing is kept on 3.13")
def test_the_package_compiles_no_method_text_before_its_cache_is_installed(tmp_path):
    """A dataclass made before ``install`` (dataclass_code's own, once) had its methods'
    text compiled at every start: dataclasses executes that text with ``exec``."""
    probe = ("import builtins\n"
             "texts = []\n"
             "real = builtins.exec\n"
             "def counting(source, *args, **kwargs):\n"
             "    if isinstance(source, str):\n"
             "        texts.append(source.split('(')[0])\n"
             "    return real(source, *args, **kwargs)\n"
             "builtins.exec = counting\n"
             "import coda_pi\n"
             "builtins.exec = real\n"
             "print(texts)\n")
    env = dict(os.environ, CODA_PI_DATACLASS_CACHE=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, check=True,
                          capture_output=True, text=True)
    assert done.stdout.strip() == "[]"


PROBE = """
from __future__ import annotations

import dataclasses
import typing
from dataclasses import KW_ONLY, InitVar, dataclass
from typing import ClassVar


@dataclass
class Probe:
    seats: int
    made: ClassVar[int] = 0
    counted: typing.ClassVar[int] = 0
    doubled: InitVar[bool] = False
    also: dataclasses.InitVar[int] = 0
    _: KW_ONLY
    name: str = "Ann"

    def __post_init__(self, doubled: bool, also: int) -> None:
        if doubled:
            self.seats *= 2
"""


def test_a_coda_pi_dataclass_still_sees_its_classvars_initvars_and_kw_only():
    """The quick answer for coda_pi's classes (a field's annotation without the word is not
    one of them) leaves every one that has the word to dataclasses' own check."""
    import types

    module = types.ModuleType("coda_pi.probe_of_markers")
    sys.modules[module.__name__] = module
    try:
        exec(PROBE, module.__dict__)  # noqa: S102 - a fixed text
    finally:
        del sys.modules[module.__name__]
    Probe = module.Probe
    import dataclasses

    assert [f.name for f in dataclasses.fields(Probe)] == ["seats", "name"]
    probe = Probe(3, doubled=True, name="Ben")
    assert (probe.seats, probe.name) == (6, "Ben")
    with pytest.raises(TypeError):
        Probe(3, False, 0, "Ben")  # name is keyword-only


MARKED = {"ClassVar", "InitVar", "KW_ONLY"}


def test_coda_pi_never_binds_classvar_initvar_or_kw_only_under_another_name():
    """What the quick answer relies on (coda_pi/dataclass_code.py, MARKERS): an annotation
    naming one of them by an alias would be taken for an ordinary field."""
    import ast

    aliased = []
    for path in sorted((ROOT / "coda_pi").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom | ast.Import):
                aliased += [f"{path}: {a.name} as {a.asname}" for a in node.names
                            if a.asname and (a.name.rsplit(".", 1)[-1] in MARKED
                                             or a.name in ("typing", "dataclasses"))]
            elif isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(
                    node.value, ast.Name | ast.Attribute):
                value = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
                if value in MARKED:
                    aliased.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    assert aliased == []
