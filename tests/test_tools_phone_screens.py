"""tools/phone-screens, the screenshots of the seat page that docs/screens/ is picked from:
it starts, and shoots every walk of tests/phone_screens.py in both languages. The walks
themselves (a real device and chromium) are tests/test_phones_page_checked.py's; here they
are stood in for, so that what is checked is the tool's own wiring, which once called a
function the walks no longer had and stopped at its first line."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "phone-screens"


def _load() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("phone_screens_tool", str(SCRIPT))
    spec = importlib.util.spec_from_loader("phone_screens_tool", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class _Browser:
    def __init__(self, profile: Path, width: int, height: int) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_the_tool_shoots_every_walk_in_both_languages(tmp_path, monkeypatch) -> None:
    tool = _load()
    walked: list[tuple[str, str]] = []
    browsers: list[_Browser] = []

    def browser(profile: Path, width: int, height: int) -> _Browser:
        browsers.append(_Browser(profile, width, height))
        return browsers[-1]

    def run_walk(tmp: Path, language: str, visit, walk: str, used: _Browser) -> None:
        assert used in browsers and not used.closed
        walked.append((language, walk))

    monkeypatch.setattr(tool, "Browser", browser)
    monkeypatch.setattr(tool, "run_walk", run_walk)
    monkeypatch.setattr(tool, "warning", lambda out, tmp: None)
    monkeypatch.setattr(tool, "refused", lambda out, tmp, language: None)
    monkeypatch.setattr(sys, "argv", ["phone-screens", str(tmp_path / "out")])

    assert tool.main() == 0
    assert walked == [(language, walk) for language in ("en", "es")
                      for walk in ("coda", "entry", "mastermind")]
    assert browsers and all(b.closed for b in browsers)


def test_without_the_test_tools_it_says_what_to_run(tmp_path) -> None:
    # The venv `./coda-pi` builds has no pytest (the walks use it): the tool says how to get
    # it in one sentence instead of a traceback.
    blocker = tmp_path / "pytest.py"
    blocker.write_text("raise ImportError('not installed here')\n")
    done = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin",
                               "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "tools/ensure-venv test" in done.stderr
