"""Names that used to crash the device at every start, or reach a terminal or a spreadsheet
raw (issue 12, item 4): the config check refuses them by key, records are drawn whatever
their names hold, and the CLI escapes them."""

from __future__ import annotations

import csv
import io
import json
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.cli import main
from coda_pi.config import DEFAULT_NAMES, Config, PinConfig, parse_config
from coda_pi.referee.shared.results import ResultsView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import SetupView
from coda_pi.safe_text import csv_cell, drawable, is_blank, printable
from coda_pi.ui.screens import ScreenRenderer

SPEC = Path(__file__).parent / "records" / "spec"

# What a damaged card or a prankster can put in a name.
HOSTILE_PIECES = ["\x00", "\x1b[31m", "\x1b]0;owned\x07", "\n", "\r", "\u202e", "\u2066",
                  "\u200b", "\u200c", "\ufeff", "\u2028", "\x7f", "\x85", "=cmd|' /C calc'!A0",
                  "+1", "-2", "@SUM(A1)", "\U0001f600", "Ann", " "]
hostile_names = st.lists(st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(max_size=3)),
                         min_size=1, max_size=4).map("".join)
# Records are JSON: a lone surrogate is possible there (as an escape), never in TOML.
record_names = st.one_of(hostile_names, st.sampled_from(["\ud800", "a\udfffb", "\udc80"]))


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def toml_string(text: str) -> str:
    body = json.dumps(text, ensure_ascii=False)[1:-1].replace("\x7f", "\\u007F")
    return f'"{body}"'


@settings(max_examples=300, deadline=None)
@given(st.lists(hostile_names.filter(lambda s: not any(0xD800 <= ord(c) <= 0xDFFF for c in s)),
                min_size=1, max_size=4))
def test_the_config_check_refuses_every_name_no_screen_can_show_by_its_key(names):
    text = "[players]\nnames = [" + ", ".join(toml_string(n) for n in names) + "]\n"
    config, problems = parse_config(text, env={"HOME": "/nonexistent"})
    refused = {p.key for p in problems if p.severity == "error"}
    for i, name in enumerate(names):
        shown = config.players.names[i]
        assert printable(shown) == shown  # no control, separator or bidi override
        assert shown.strip() and drawable(shown) == shown
        if shown != name.strip()[:20]:
            assert f"players.names[{i}]" in refused
        if name.strip() and "\x00" in name:
            assert shown == DEFAULT_NAMES[i] and f"players.names[{i}]" in refused


def test_a_name_of_only_zero_width_characters_is_refused():
    config, problems = parse_config('[players]\nnames = ["\\u200b\\u200c", "Ben"]\n')
    assert config.players.names[:2] == ("Seat 1", "Ben")
    assert [p.key for p in problems] == ["players.names[0]"]
    assert "nothing" in problems[0].message


def header(names: list[str]) -> str:
    return json.dumps({"game": "coda", "version": 1, "players": names, "rounds": 1})


def start(data: Path, resume: bool) -> App:
    clock = FakeClock()
    opts = DeviceOptions(config=Config(data_dir=data, pins=PinConfig(gpio_enabled=False)),
                         size=(320, 240), fullscreen=False, sound=False, resume=resume,
                         setup=SetupDefaults(players=2))
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(3),
                    explain=lambda text: None)
    app.update()
    return app


def tap(app: App, button: Button) -> None:
    app.queue.put(Press(button))
    app.queue.put(Release(button))
    app.update()


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(record_names, min_size=2, max_size=2))
def test_a_record_with_any_names_is_resumed_drawn_and_listed_in_results(tmp_path_factory, names):
    data = tmp_path_factory.mktemp("data")
    events = (SPEC / "miss-place-undo.jsonl").read_text().splitlines()[1:4]
    # One unfinished record with these names (resumed) and a finished one (listed).
    (data / "coda-2026-01-01T10-00-00.jsonl").write_text(
        "\n".join([header(names), *(SPEC / "sweep.jsonl").read_text().splitlines()[1:]]) + "\n")
    app = start(data, resume=False)
    screen = app.scene.view.screen
    assert isinstance(screen, SetupView)
    for _ in range(40):
        screen = app.scene.view.screen
        if isinstance(screen, SetupView) and screen.items[screen.cursor].label == "Results":
            break
        tap(app, Button.PREV)
    tap(app, Button.OK)
    results = app.scene.view.screen
    assert isinstance(results, ResultsView) and results.rows  # drawn: update() drew it
    assert tuple(results.rows[0].players) == tuple(names)
    assert app.errors == []
    app.close()
    pygame.quit()
    (data / "coda-2026-01-02T10-00-00.jsonl").write_text(
        "\n".join([header(names), *events]) + "\n")
    app = start(data, resume=True)
    assert app.errors == [] and app.stats.frames >= 1
    surface = pygame.Surface((480, 320))
    ScreenRenderer().draw(surface, app.scene)  # every name on this screen drawn again
    app.close()


def test_names_reach_neither_a_terminal_raw_nor_a_spreadsheet_as_a_formula(tmp_path, capsys):
    names = ["=HYPERLINK(\"http://x\")", "Eve\x1b[2J\u202e\ud800\nforged line"]
    record = tmp_path / "coda-2026-01-01T10-00-00.jsonl"
    record.write_text("\n".join([header(names), *(SPEC / "sweep.jsonl").read_text()
                                 .splitlines()[1:]]) + "\n")
    for argv in (["replay", str(record)], ["results", str(tmp_path)],
                 ["standings", str(record)]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\u202e" not in out and "\nforged line" not in out
        assert "Eve\\x1b[2J" in out
    assert main(["results", str(tmp_path), "--csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert "\x1b" not in "".join(rows[1])
    players = rows[1][2]
    assert not players.startswith(("=", "+", "-", "@"))
    assert main(["standings", str(record), "--csv"]) == 0
    cells = [c for row in csv.reader(io.StringIO(capsys.readouterr().out)) for c in row]
    assert all(not c.startswith(("=", "+", "-", "@")) for c in cells)
    assert "'=HYPERLINK(\"http://x\")" in cells


def test_csv_cells_and_terminal_text():
    assert csv_cell("-3 points") == "'-3 points"
    assert csv_cell("Ann") == "Ann"
    assert printable("a\x00b\u2028") == "a\\x00b\\u2028"
    assert drawable("a\x00\ud800") == "a\ufffd\ufffd"


@given(st.text(alphabet=st.characters(codec=None), max_size=6))
def test_blank_is_only_spaces_zero_width_and_format_characters(text):
    # The rule as written before ASCII text was answered without unicodedata (a start
    # imports it for no plain name): the same answer for every text.
    import unicodedata

    rule = all(ch.isspace() or unicodedata.category(ch) in ("Cf", "Mn", "Me") for ch in text)
    assert is_blank(text) == rule
