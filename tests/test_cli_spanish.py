"""The CLI speaks the language the environment asks for: its --help (argparse's own words
too), doctor's checklist frame, the past games' summaries."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coda_pi.app.records import result_rows
from coda_pi.cli import COMMAND_MODULES
from coda_pi.doctor import Check, format_text
from coda_pi.i18n import in_language

SPEC = Path(__file__).parent / "records" / "spec"
COMMANDS = [m.removeprefix("coda_pi.cli.") for m in COMMAND_MODULES]


def cli(*args: str, language: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANGUAGE": language, "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "coda_pi.cli", *args], capture_output=True,
                          text=True, check=False, env=env, timeout=120)


def test_the_main_help_is_spanish_to_the_last_word() -> None:
    out = cli("--help", language="es").stdout
    assert out.startswith("uso: coda-pi")
    assert "argumentos posicionales" in out and "opciones:" in out
    assert "mostrar esta ayuda y salir" in out
    assert "ver un torneo entero jugado por jugadores simulados" in out
    for english in ("usage:", "options:", "show this help", "watch a whole tournament"):
        assert english not in out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_spanish_help(command: str) -> None:
    english = cli(command, "--help", language="en")
    spanish = cli(command, "--help", language="es")
    assert english.returncode == spanish.returncode == 0, spanish.stderr
    assert english.stdout.startswith("usage: ") and spanish.stdout.startswith("uso: ")
    # Every line that explains something changed language (the option names do not).
    prose = [line for line in english.stdout.splitlines() if len(line.split()) > 3
             and not line.lstrip().startswith(("usage", "[", "-", command))]
    assert prose
    assert not [line for line in prose if line in spanish.stdout.splitlines()]


def test_a_mistyped_command_is_told_off_in_spanish() -> None:
    run = cli("results", "--bogus", language="es")
    assert run.returncode == 2
    assert "error: argumentos no reconocidos: --bogus" in run.stderr


def test_doctors_checklist_frame_is_spanish() -> None:
    checks = [Check("Python and packages", "OK", "pygame 2.6"),
              Check("Sound", "FAIL", "no sound device", "plug the buzzer in")]
    with in_language("es"):
        text = format_text(checks)
    assert "Python y paquetes" in text and "Sonido" in text
    assert "arreglo: plug the buzzer in" in text
    assert "1 OK, 0 WARN, 1 FAIL: NO está listo" in text
    with in_language("en"):
        assert "fix: plug the buzzer in" in format_text(checks)


def test_past_games_read_in_spanish(tmp_path: Path) -> None:
    shutil.copy(SPEC / "sweep.jsonl", tmp_path / "coda-2026-01-01T10-00-00.jsonl")
    shutil.copy(SPEC / "miss-place-undo.jsonl", tmp_path / "coda-2026-01-02T10-00-00.jsonl")
    with in_language("es"):
        rows = result_rows(tmp_path)
    finished = next(r for r in rows if r.note is None)
    unfinished = next(r for r in rows if r.note is not None)
    assert finished.rounds == "1 ronda"
    assert unfinished.note == "sin terminar"
    month = dt.datetime.fromtimestamp(
        (tmp_path / "coda-2026-01-01T10-00-00.jsonl").stat().st_mtime).month
    spanish_months = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct",
                      "nov", "dic"]
    assert spanish_months[month - 1] in finished.date
    with in_language("en"):
        assert result_rows(tmp_path)[-1].rounds == "1 round"
