"""What the CLI says to people: panels counted from 1 (the JSON keeps the spec's 0-based
slots), no "None" or "1 rows", and Spanish when asked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HEADER = {"game": "coda", "players": ["Ann", "Ben"], "hand": 3}
LINES = [
    HEADER,
    {"event": "round"},
    {"event": "deal", "seat": 0, "row": ["D1", "L4", "D9"]},
    {"event": "deal", "seat": 1, "row": ["D2", "L6", "L10"]},
    {"event": "draw", "seat": 0, "tile": "D7"},
]


def write(tmp_path: Path, lines: list, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join((json.dumps(obj) if not isinstance(obj, str) else obj) + "\n"
                            for obj in lines))
    return path


def cli(*args: str, language: str = "en", timeout: float = 120
        ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANGUAGE": language}
    return subprocess.run([sys.executable, "-m", "coda_pi.cli", *args], capture_output=True,
                          text=True, check=False, env=env, timeout=timeout)


def test_analyze_counts_panels_from_one_and_its_json_from_zero(tmp_path: Path) -> None:
    record = str(write(tmp_path, LINES))
    text = cli("analyze", record, "--seat", "0")
    assert text.returncode == 0, text.stderr
    # Ben's row has three standing panels: people read them as panels 1, 2 and 3.
    bens = text.stdout.split("Ben:")[1]
    assert "panel 1:" in bens and "panel 3:" in bens and "panel 0" not in bens
    assert "slot" not in text.stdout
    data = json.loads(cli("analyze", record, "--seat", "0", "--json").stdout)
    assert [s["slot"] for s in data["seats"][1]] == [0, 1, 2]


def test_analyze_review_counts_panels_from_one(tmp_path: Path) -> None:
    # Ann names Ben's middle panel (slot 1 in the record) right: a risky hit on his panel 2.
    lines = [*LINES,
             {"event": "guess", "seat": 0, "target": 1, "slot": 1, "value": "6",
              "correct": True}]
    record = str(write(tmp_path, lines))
    review = cli("analyze", record, "--review")
    assert review.returncode == 0, review.stderr
    assert "Ann named L6 at Ben's panel 2, a 16.4% chance" in review.stdout
    assert "slot" not in review.stdout
    as_json = json.loads(cli("analyze", record, "--review", "--json").stdout)
    assert as_json["risky_hits"][0]["slot"] == 1


def test_replay_says_one_row_not_one_rows(tmp_path: Path) -> None:
    record = write(tmp_path, [
        {"game": "mastermind", "version": 1, "players": ["Ann", "Ben"], "games": 2},
        {"event": "code", "maker": 0, "code": "RGBY"},
        {"event": "guess", "code": "RGBY", "keys": {"black": 4, "white": 0}},
    ])
    out = cli("replay", str(record))
    assert "broken in 1 row;" in out.stdout, out.stdout + out.stderr


def test_results_names_an_unreadable_game_instead_of_none(tmp_path: Path) -> None:
    write(tmp_path, ['{"game": ', '{"event": "round"}'], "2026-11-20-1200.jsonl")
    out = cli("results", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert "None" not in out.stdout
    assert "unknown" in out.stdout


def test_replay_speaks_spanish_when_asked(tmp_path: Path) -> None:
    record = str(write(tmp_path, LINES))
    english = cli("replay", record)
    spanish = cli("replay", record, language="es")
    assert "not finished: Ann to play" in english.stdout
    assert "sin terminar: le toca a Ann" in spanish.stdout


def test_a_whole_demo_tournament_runs_in_spanish_with_the_same_record(tmp_path: Path) -> None:
    records = {}
    for language in ("en", "es"):
        record = tmp_path / f"{language}.jsonl"
        # A whole tournament takes some 10 s of CPU here, minutes under arm64 emulation or
        # on a loaded machine: the timeout only guards against a hang.
        # No frames: the Spanish screens are drawn and read by test_i18n_leaks.py.
        run = cli("demo", "--headless", "--no-frames", "--seed", "5", "--lang", language,
                  "--rounds", "3",
                  "--players", "3", "--record", str(record), timeout=1800)
        assert run.returncode == 0, run.stderr
        records[language] = record.read_text()
        if language == "es":
            assert "pantalla final:" in run.stdout and "el registro da:" in run.stdout
        else:
            assert "final screen:" in run.stdout
    # The language is the screen's business: the record is the same, line for line.
    assert records["es"] == records["en"]
    lines = [json.loads(line) for line in records["es"].splitlines()]
    assert lines[0]["game"] == "coda" and lines[-1].get("event") is not None


def test_lang_is_refused_unless_shipped() -> None:
    run = cli("demo", "--headless", "--lang", "fr")
    assert run.returncode == 2
    assert "invalid choice: 'fr'" in run.stderr
