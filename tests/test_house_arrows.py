"""The arrows of the house point inward (README, "The house"): the rules import nothing
above them; the screen and the edges know the referee's view models, never the rules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "coda_pi"


def imported(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
    ("referee", ("coda_pi.ui", "coda_pi.devices", "coda_pi.app", "pygame", "gpiozero")),
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
