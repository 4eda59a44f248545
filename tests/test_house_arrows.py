"""The arrows of the house point inward (README, "The house"): the rules import nothing
above them; the screen and the edges know the referee's view models, never the rules."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "coda_pi"


@cache
def parsed(path: Path) -> ast.Module:
    """``path``'s syntax tree, read once for the tests of a process (each of them read every
    module of the package again: half a second of CPU a test)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imported(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize(("package", "forbidden"), [
    ("rules", ("coda_pi.referee", "coda_pi.ui", "coda_pi.devices", "coda_pi.app",
               "coda_pi.record", "coda_pi.replay", "pygame", "gpiozero")),
    ("ui", ("coda_pi.rules", "coda_pi.app", "coda_pi.devices")),
    ("devices", ("coda_pi.rules", "coda_pi.ui", "coda_pi.app")),
    ("referee", ("coda_pi.ui", "coda_pi.devices", "coda_pi.app", "coda_pi.sim", "pygame",
                 "gpiozero")),
])
def test_a_package_imports_nothing_its_arrows_forbid(
    package: str, forbidden: tuple[str, ...]
) -> None:
    wrong = sorted(
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in (PACKAGE / package).rglob("*.py")
        for name in imported(path)
        if any(name == f or name.startswith(f + ".") for f in forbidden)
    )
    assert not wrong, wrong


# The house's layers (README, "The house"): each group of modules and the groups just below
# it that it may import; everything below those is allowed too. A group's modules may import
# each other, but never in a circle.
GROUPS: dict[str, str] = {
    "coda_pi": "base", "coda_pi.i18n": "base", "coda_pi.i18n_catalogs": "base",
    "coda_pi.safe_text": "base", "coda_pi.lazy_types": "base", "coda_pi.argparse_words": "base",
    "coda_pi.rules": "rules",
    "coda_pi.record": "record", "coda_pi.replay": "record", "coda_pi.results_cache": "record",
    "coda_pi.file_kind": "record",
    "coda_pi.referee.shared": "referee.shared",
    "coda_pi.referee.pools": "referee.pools",
    "coda_pi.referee.mastermind": "referee.mastermind",
    "coda_pi.referee.coda": "referee.coda",
    "coda_pi.referee": "referee",
    "coda_pi.config": "config", "coda_pi.config_salvage": "config",
    "coda_pi.config_reasons": "config",
    "coda_pi.remembered": "config", "coda_pi.remembered_phones": "config",
    "coda_pi.wiring": "config",
    "coda_pi.datadir": "config",
    "coda_pi.ui": "ui", "coda_pi.devices": "devices", "coda_pi.club": "club",
    "coda_pi.app": "app", "coda_pi.sim": "sim", "coda_pi.demo": "demo",
    "coda_pi.doctor": "doctor", "coda_pi.cli": "cli", "coda_pi.phones": "phones",
    # The seat pods: an edge like the phones; their config table is read with the config.
    # (bus.py imports nothing of coda_pi: the addresses the config checks live there.)
    "coda_pi.pods": "pods", "coda_pi.pods.settings": "config", "coda_pi.pods.bus": "config",
}
BELOW: dict[str, set[str]] = {
    "base": set(),
    "rules": {"base"},
    "record": {"rules"},
    "referee.shared": {"record"},
    # The pool modes and Mastermind know the shared machinery, never Coda's screens or
    # each other; Coda's referee holds a pool mode; the switch holds either game.
    "referee.pools": {"referee.shared"},
    "referee.mastermind": {"referee.shared"},
    "referee.coda": {"referee.pools"},
    "referee": {"referee.coda", "referee.mastermind"},
    "config": {"referee"},
    "ui": {"referee"},
    "devices": {"referee"},
    "club": {"config"},
    # The seat pages on phones: an edge like the buttons, putting intents on the loop's
    # queue and serving views the loop has made.
    "phones": {"config", "devices"},
    "pods": {"config", "devices"},
    "app": {"config", "ui", "devices", "club", "phones", "pods"},
    # The simulated players and test helpers: above the referee, beside the device, so the
    # device never imports them; only the demo, the commands, the tests and benches do.
    "sim": {"referee", "pods"},
    "demo": {"app", "sim"},
    "doctor": {"phones", "pods"},
    "cli": {"demo", "doctor"},
}
DEVICE = ("app", "ui", "devices", "referee", "referee.coda", "referee.pools",
          "referee.mastermind", "referee.shared", "rules", "record", "config", "club",
          "phones", "pods")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def group_of(module: str) -> str:
    name = module
    while name not in GROUPS:
        name, _, _ = name.rpartition(".")
        assert name, f"{module} belongs to no group of GROUPS: add it"
    return GROUPS[name]


def module_arrows() -> dict[str, set[str]]:
    """Each coda_pi module and the coda_pi modules it imports (at the top, inside a
    function or for type checking alike: each is an arrow a reader follows); the caller's
    own copy, to draw more arrows on."""
    return {module: set(targets) for module, targets in _module_arrows().items()}


@cache
def _module_arrows() -> dict[str, frozenset[str]]:
    arrows: dict[str, frozenset[str]] = {}
    for module, path in MODULES.items():
        targets = set()
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                # `from package import module` points at the module.
                names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}"
                         in MODULES else node.module for alias in node.names]
            else:
                continue
            for name in names:
                while name and name not in MODULES:
                    name = name.rpartition(".")[0]
                if name and name != module:
                    targets.add(name)
        arrows[module] = frozenset(targets)
    return arrows


def below(group: str) -> set[str]:
    seen: set[str] = set()
    todo = list(BELOW[group])
    while todo:
        g = todo.pop()
        if g not in seen:
            seen.add(g)
            todo.extend(BELOW[g])
    return seen


def test_the_layers_themselves_form_no_circle() -> None:
    assert not [g for g in BELOW if g in below(g)]
    assert set(GROUPS.values()) == set(BELOW)


def test_every_import_points_inward_to_a_layer_below() -> None:
    wrong = sorted(
        f"{module} ({group_of(module)}) imports {target} ({group_of(target)})"
        for module, targets in module_arrows().items()
        for target in targets
        if group_of(target) != group_of(module) and group_of(target) not in below(
            group_of(module))
    )
    assert not wrong, wrong


def test_the_device_never_imports_the_simulated_players() -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in module_arrows().items()
        if group_of(module) in DEVICE
        for target in targets if group_of(target) == "sim"
    )
    assert not wrong, wrong


def circles(arrows: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected sets of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in arrows[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            circle = []
            while (w := stack.pop()) != v:
                circle.append(w)
            if circle:
                found.append(sorted([v, *circle]))

    for v in sorted(arrows):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_back_through_others() -> None:
    assert not circles(module_arrows())


def test_a_circle_is_found_when_there_is_one() -> None:
    # The check itself: any real arrow, drawn back the other way too, closes a circle.
    arrows = module_arrows()
    module, target = next((m, t) for m in sorted(arrows) for t in sorted(arrows[m]))
    arrows[target] = arrows[target] | {module}
    assert [sorted({module, target})] == [c for c in circles(arrows) if module in c]
