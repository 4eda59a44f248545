#!/usr/bin/env python3
"""The lock (requirements.lock beside pyproject.toml): reading it, choosing what one install
needs from it, installing that with hash checking, and checking an install against it.

The lock is a universal, hashed pip requirements file written by ``uv pip compile`` (run by
tools/refresh-lock): every package any set-up path installs, one exact version each, with the
sha256 of every file the registry serves for that version, and ``# via`` notes naming who
needs it. It holds the runtime, every extra (test, pi, pi-legacy) and the dependency groups
(build: what builds coda-pi and the Pi's source builds; lock: uv, for refreshing).

Standard library only, and Python 3.11: it runs before any virtual environment exists (from
tools/ensure-venv, and from firmware/install.sh with the Pi's own python3).

    tools/lockfile.py select [--extras test,pi] [--groups build]   the part chosen, for pip
    tools/lockfile.py install --python PY [--extras ..] [--groups ..] [--sync] [-- PIP..]
    tools/lockfile.py resolve --machine armv7l [--extras pi]       name==version there
    tools/lockfile.py freeze-diff --python PY [--extras ...]       that venv against the lock
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
PYPROJECT = ROOT / "pyproject.toml"
PROJECT = "coda-pi"
# What pip itself is and what it installs around it: never part of a lock's comparison.
NOT_LOCKED = frozenset({"pip", PROJECT})

_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*(.*?))?\s*\\?\s*$")
# "coda-pi (pyproject.toml)" for the project's own requirements, ":group" for a group's.
_FROM_PROJECT = re.compile(r"^" + re.escape(PROJECT) + r" \(pyproject\.toml(?::([\w.-]+))?\)$")


def normalize(name: str) -> str:
    """PEP 503: RPi.GPIO, rpi_gpio and rpi-gpio are one project."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    match = _NAME.match(requirement)
    if match is None:
        raise ValueError(f"not a requirement: {requirement!r}")
    return normalize(match.group(1))


@dataclass(frozen=True)
class Entry:
    """One locked package: its pin, the marker saying where it applies, its hashes, and the
    packages (or pyproject tables) that need it."""

    name: str
    version: str
    marker: str | None
    hashes: tuple[str, ...]
    via: tuple[str, ...]

    def requirement(self) -> str:
        """The entry as pip reads it in hash-checking mode."""
        head = f"{self.name}=={self.version}"
        if self.marker:
            head += f" ; {self.marker}"
        return " \\\n".join([head, *(f"    --hash={h}" for h in self.hashes)]) + "\n"


class LockError(ValueError):
    pass


@dataclass
class _Reading:
    """An entry while its lines are being read."""

    name: str
    version: str
    marker: str | None
    hashes: list[str] = field(default_factory=list)
    via: list[str] = field(default_factory=list)
    in_via: bool = False

    def done(self, path: Path) -> Entry:
        if not self.hashes:
            raise LockError(f"{path}: {self.name} has no --hash: the lock is not a hashed one; "
                            "run tools/refresh-lock")
        return Entry(self.name, self.version, self.marker, tuple(self.hashes), tuple(self.via))


def read_lock(path: Path = LOCK) -> list[Entry]:
    """The lock's entries, in its order (alphabetical, as uv writes it). Anything but exact
    pins, their hashes and comments (an index URL, an unpinned name) is refused."""
    if not path.is_file():
        raise LockError(f"there is no lock at {path}: run tools/refresh-lock")
    entries: list[Entry] = []
    current: _Reading | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if not raw[0].isspace() and not line.startswith("#"):
            if current is not None:
                entries.append(current.done(path))
            match = _PIN.match(line)
            if match is None:
                raise LockError(f"{path}:{number}: not an exact pin: {line!r}")
            current = _Reading(normalize(match.group(1)), match.group(2), match.group(3) or None)
        elif current is None:
            if not line.startswith("#"):
                raise LockError(f"{path}:{number}: {line!r} before any package")
        elif line.startswith("--hash="):
            current.hashes.append(line.removeprefix("--hash=").rstrip(" \\"))
        elif line.startswith("# via"):
            # "# via pytest" on one line, or "# via" and then one "#   name" a line.
            rest = line.removeprefix("# via").strip()
            current.in_via = not rest
            if rest:
                current.via.append(rest)
        elif current.in_via and line.startswith("#   "):
            current.via.append(line.removeprefix("#").strip())
        else:
            current.in_via = False
    if current is not None:
        entries.append(current.done(path))
    return entries


@dataclass(frozen=True)
class Declared:
    """What pyproject.toml asks for: requirement strings by table."""

    dependencies: tuple[str, ...]
    extras: dict[str, tuple[str, ...]]
    groups: dict[str, tuple[str, ...]]
    build_system: tuple[str, ...] = ()

    def names(self, extras: Iterable[str] = (), groups: Iterable[str] = (),
              project: bool = True) -> set[str]:
        """The names the chosen tables give: the project's own dependencies (unless
        ``project`` is false: a group alone), the extras' and the groups'."""
        chosen = list(self.dependencies) if project else []
        for extra in extras:
            if extra not in self.extras:
                raise LockError(f"pyproject.toml has no extra {extra!r} "
                                f"(it has {', '.join(sorted(self.extras))})")
            chosen += self.extras[extra]
        for group in groups:
            if group not in self.groups:
                raise LockError(f"pyproject.toml has no dependency group {group!r} "
                                f"(it has {', '.join(sorted(self.groups))})")
            chosen += self.groups[group]
        return {requirement_name(r) for r in chosen}


def read_pyproject(path: Path = PYPROJECT) -> Declared:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    project = data["project"]
    groups = {name: tuple(r for r in reqs if isinstance(r, str))  # no {include-group} here
              for name, reqs in data.get("dependency-groups", {}).items()}
    return Declared(tuple(project.get("dependencies", ())),
                    {k: tuple(v) for k, v in project.get("optional-dependencies", {}).items()},
                    groups, tuple(data.get("build-system", {}).get("requires", ())))


def select(entries: Sequence[Entry], declared: Declared, extras: Iterable[str] = (),
           groups: Iterable[str] = (), project: bool = True) -> list[Entry]:
    """The entries one install needs: what the chosen tables name, and everything those
    need in turn (read off the ``# via`` notes, which name each entry's dependents)."""
    wanted = declared.names(extras, groups, project)
    by_name = {e.name: e for e in entries}
    missing = sorted(wanted - by_name.keys())
    if missing:
        raise LockError(f"pyproject.toml names {', '.join(missing)}, which requirements.lock "
                        "lacks: run tools/refresh-lock --keep")
    needed: dict[str, bool] = {}

    def is_needed(name: str, seen: frozenset[str]) -> bool:
        if name in needed:
            return needed[name]
        if name in wanted:
            needed[name] = True
            return True
        entry = by_name.get(name)
        answer = False
        if entry is not None:
            for parent in entry.via:
                if _FROM_PROJECT.match(parent):
                    continue  # named by a table not chosen (a chosen one is in `wanted`)
                parent_name = requirement_name(parent)
                if parent_name not in seen and is_needed(parent_name, seen | {name}):
                    answer = True
                    break
        needed[name] = answer
        return answer

    return [e for e in entries if is_needed(e.name, frozenset())]


def drift(entries: Sequence[Entry], declared: Declared) -> list[str]:
    """Where pyproject.toml and the lock disagree, one sentence each (empty when they agree):
    a requirement the lock lacks or pins outside its range, or a locked package that pyproject
    no longer names. Needs ``packaging`` (the test environment has it) for the ranges."""
    from packaging.requirements import Requirement

    by_name = {e.name: e for e in entries}
    problems = []
    tables = [("dependencies", declared.dependencies)]
    tables += [(f"extra {k!r}", v) for k, v in declared.extras.items()]
    tables += [(f"group {k!r}", v) for k, v in declared.groups.items()]
    # Every install builds coda-pi without isolation, with the locked setuptools.
    tables += [("build-system", declared.build_system)]
    for table, requirements in tables:
        for text in requirements:
            requirement = Requirement(text)
            entry = by_name.get(normalize(requirement.name))
            if entry is None:
                problems.append(f"pyproject.toml ({table}) names {requirement.name}, which the "
                                "lock lacks")
            elif not requirement.specifier.contains(entry.version, prereleases=True):
                problems.append(f"the lock pins {entry.name}=={entry.version}, outside "
                                f"pyproject.toml's {text!r} ({table})")
    named = declared.names(declared.extras, declared.groups)
    for entry in entries:
        if entry.name not in named and entry.via and all(_FROM_PROJECT.match(v)
                                                         for v in entry.via):
            problems.append(f"the lock holds {entry.name} for coda-pi, which pyproject.toml "
                            "no longer names")
    return problems


def for_machine(entries: Sequence[Entry], machine: str,
                python: str = "3.11") -> list[Entry]:
    """The entries whose markers hold on a Linux machine of that kind (uname -m) and Python."""
    environment = {"platform_machine": machine, "sys_platform": "linux", "os_name": "posix",
                   "platform_system": "Linux", "python_version": python,
                   "python_full_version": f"{python}.0",
                   "implementation_name": "cpython",
                   "platform_python_implementation": "CPython"}
    return [e for e in entries if e.marker is None or marker_holds(e.marker, environment)]


_TOKEN = re.compile(r"""\s*(\(|\)|'[^']*'|"[^"]*"|===|==|!=|<=|>=|<|>|~=|not\s+in\b|in\b|"""
                    r"""and\b|or\b|[A-Za-z_][A-Za-z0-9_.]*)""")
_VERSION_VARIABLES = {"python_version", "python_full_version", "implementation_version"}


def marker_holds(marker: str, environment: dict[str, str]) -> bool:
    """Whether a PEP 508 environment marker holds (the subset a lock's markers use: the
    comparisons, 'in', 'and', 'or' and parentheses). Standard library only: a bare Pi's
    python3 has no ``packaging`` (the tests check this against it)."""
    tokens: list[str] = []
    position = 0
    while position < len(marker.rstrip()):
        match = _TOKEN.match(marker, position)
        if match is None:
            raise LockError(f"cannot read the marker {marker!r} at {marker[position:]!r}")
        tokens.append(re.sub(r"\s+", " ", match.group(1)))
        position = match.end()

    def value(token: str) -> tuple[str, bool]:
        if token[0] in "'\"":
            return token[1:-1], False
        if token not in environment:
            raise LockError(f"the marker {marker!r} names {token!r}, which is not known here")
        return environment[token], token in _VERSION_VARIABLES

    def compare(left: str, op: str, right: str, as_versions: bool) -> bool:
        if op in ("in", "not in"):
            return (left in right) == (op == "in")
        if as_versions and op not in ("===",):
            a, b = (tuple(int(x) for x in re.findall(r"\d+", v)) for v in (left, right))
            width = max(len(a), len(b))
            left_v, right_v = a + (0,) * (width - len(a)), b + (0,) * (width - len(b))
            return {"==": left_v == right_v, "!=": left_v != right_v, "<": left_v < right_v,
                    "<=": left_v <= right_v, ">": left_v > right_v,
                    ">=": left_v >= right_v}[op]
        if op in ("==", "==="):
            return left == right
        if op == "!=":
            return left != right
        raise LockError(f"the marker {marker!r} compares text with {op!r}")

    def atom(i: int) -> tuple[bool, int]:
        if tokens[i] == "(":
            result, i = either(i + 1)
            if i >= len(tokens) or tokens[i] != ")":
                raise LockError(f"unbalanced parentheses in the marker {marker!r}")
            return result, i + 1
        (left, left_is_version), op, (right, right_is_version) = \
            value(tokens[i]), tokens[i + 1], value(tokens[i + 2])
        return compare(left, op, right, left_is_version or right_is_version), i + 3

    def both(i: int) -> tuple[bool, int]:
        result, i = atom(i)
        while i < len(tokens) and tokens[i] == "and":
            right, i = atom(i + 1)
            result = result and right
        return result, i

    def either(i: int) -> tuple[bool, int]:
        result, i = both(i)
        while i < len(tokens) and tokens[i] == "or":
            right, i = both(i + 1)
            result = result or right
        return result, i

    try:
        result, end = either(0)
    except IndexError:
        raise LockError(f"the marker {marker!r} ends too soon") from None
    if end != len(tokens):
        raise LockError(f"cannot read the marker {marker!r} past {tokens[end]!r}")
    return result


def freeze_diff(entries: Sequence[Entry], freeze: str) -> list[str]:
    """What an installed set (``pip freeze --all``) has that the entries do not, and the
    other way round: one line per difference."""
    installed: dict[str, str] = {}
    for line in freeze.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "-e ")) or "==" not in line:
            continue
        name, _, version = line.partition("==")
        installed[normalize(name)] = version.strip()
    locked = {e.name: e.version for e in entries}
    lines = []
    for name in sorted(installed.keys() | locked.keys()):
        if name in NOT_LOCKED:
            continue
        have, want = installed.get(name), locked.get(name)
        if have != want:
            lines.append(f"{name}: installed {have or '-'}, locked {want or '-'}")
    return lines


def stale(entries: Sequence[Entry], freeze: str) -> list[str]:
    """What an environment (``pip freeze --all``) holds that these entries do not name: left
    by an older lock, or installed by hand."""
    keep = {e.name for e in entries} | NOT_LOCKED
    installed = [normalize(line.partition("==")[0]) for line in freeze.splitlines()
                 if "==" in line and not line.startswith(("#", "-e "))]
    return sorted(name for name in installed if name not in keep)


def _freeze(python: str) -> str:
    return subprocess.run([python, "-m", "pip", "freeze", "--all",
                           "--disable-pip-version-check"],
                          capture_output=True, text=True, check=True).stdout


def explain_pip_failure(output: str, lock: Path) -> str:
    """pip's long report of a failed install, as one sentence a person can act on."""
    if "DO NOT MATCH THE HASHES" in output:
        culprits = re.findall(r"^\s+(\S+==\S+) from (\S+?)(?:#\S*)?(?: \(from .*\))?:?\s*$",
                              output, re.M)
        what = ", ".join(f"{pin} ({url.rsplit('/', 1)[-1]})" for pin, url in culprits) \
            or "a downloaded file"
        return (f"Install stopped: {what} does not match the sha256 hash that {lock.name} "
                "holds for it, so nothing was installed (the file the registry served is "
                "not the one that was locked; if the lock was edited by hand, run "
                "tools/refresh-lock).")
    if "Hashes are required in --require-hashes mode" in output:
        return (f"Install stopped: {lock.name} has a package without a hash: run "
                "tools/refresh-lock to write the lock again.")
    tail = [ln for ln in output.strip().splitlines() if ln.strip()][-1:] or ["(no output)"]
    return f"Installing from {lock.name} failed: {tail[0].strip()}"


def install(python: str, entries: Sequence[Entry], lock: Path,
            pip_args: Sequence[str] = (), sync: bool = False) -> int:
    """pip installs exactly these entries, each checked against its hashes; their own
    dependencies are in the lock already (--no-deps), and a source build uses what is
    installed (--no-build-isolation: its build requirements are locked too). With ``sync``
    it then uninstalls whatever else the environment holds, so that a venv kept across
    locks (the Pi's, whose pygame took minutes to build) ends as one built afresh would."""
    if not entries:
        return 0  # pip refuses an install of nothing
    with tempfile.NamedTemporaryFile("w", suffix=".txt", prefix="coda-pi-lock-",
                                     delete=False) as chosen:
        chosen.write("".join(e.requirement() for e in entries))
    try:
        done = subprocess.run(
            [python, "-m", "pip", "install", "--disable-pip-version-check", "--quiet",
             "--require-hashes", "--no-deps", "--no-build-isolation", "-r", chosen.name,
             *pip_args],
            capture_output=True, text=True, env={**os.environ, "PIP_NO_INPUT": "1"})
    finally:
        os.unlink(chosen.name)
    if done.returncode != 0:
        said = explain_pip_failure(done.stdout + done.stderr, lock)
        if not said.startswith("Install stopped"):
            # Not the lock's doing (no network, a failed source build): pip's own words.
            sys.stderr.write(done.stdout + done.stderr)
        print(said, file=sys.stderr)
        return 1
    if sync:
        extra = stale(entries, _freeze(python))
        if extra:
            print(f"Removing what {lock.name} no longer has: {', '.join(extra)}",
                  file=sys.stderr)
            subprocess.run([python, "-m", "pip", "uninstall", "--disable-pip-version-check",
                            "-y", "--quiet", *extra], check=True)
    return 0


def _names(text: str) -> list[str]:
    return [part for part in (p.strip() for p in text.split(",")) if part]


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/lockfile.py", description=__doc__.split("\n")[0])
    parser.add_argument("--lock", type=Path, default=LOCK)
    parser.add_argument("--pyproject", type=Path, default=PYPROJECT)
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("select", "install", "resolve", "freeze-diff"):
        sub = commands.add_parser(name)
        sub.add_argument("--extras", type=_names, default=[])
        sub.add_argument("--groups", type=_names, default=[])
        sub.add_argument("--groups-only", action="store_true",
                         help="the groups alone, without the project's own dependencies")
        if name in ("install", "freeze-diff"):
            sub.add_argument("--python", required=True)
        if name == "resolve":
            sub.add_argument("--machine", required=True)
            sub.add_argument("--python-version", default="3.11")
        if name == "install":
            sub.add_argument("--sync", action="store_true",
                             help="then uninstall what the chosen part of the lock lacks")
            sub.add_argument("pip_args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    try:
        entries = read_lock(args.lock)
        declared = read_pyproject(args.pyproject)
        chosen = select(entries, declared, args.extras, args.groups, not args.groups_only)
    except LockError as err:
        print(f"coda-pi: {err}", file=sys.stderr)
        return 1
    if args.command == "select":
        sys.stdout.write("".join(e.requirement() for e in chosen))
    elif args.command == "resolve":
        for entry in for_machine(chosen, args.machine, args.python_version):
            print(f"{entry.name}=={entry.version}")
    elif args.command == "install":
        extra = args.pip_args[1:] if args.pip_args[:1] == ["--"] else args.pip_args
        return install(args.python, chosen, args.lock, extra, args.sync)
    elif args.command == "freeze-diff":
        freeze = _freeze(args.python)
        machine, version = subprocess.run(
            [args.python, "-c", "import platform, sys; "
             "print(platform.machine(), '%d.%d' % sys.version_info[:2])"],
            capture_output=True, text=True, check=True).stdout.split()
        differences = freeze_diff(for_machine(chosen, machine, version), freeze)
        for line in differences:
            print(line)
        print(f"{len(differences)} differences between the installed set and the lock",
              file=sys.stderr)
        return 1 if differences else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
