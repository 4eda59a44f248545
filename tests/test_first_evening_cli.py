"""The first evening's command-line snags (issue 33, items 8 and 9): each mistake a newcomer
made gets one clear sentence, from the command that was mistyped, in the user's language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: str, cwd: Path, language: str = "en") -> subprocess.CompletedProcess[str]:
    (cwd / "none.toml").touch()  # an empty config: the defaults, nothing said about it
    env = {**os.environ, "LANGUAGE": language, "COLUMNS": "100", "PYTHONPATH": str(ROOT),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CODA_PI_CONFIG": str(cwd / "none.toml"), "XDG_DATA_HOME": str(cwd / "data")}
    return subprocess.run([sys.executable, "-m", "coda_pi.cli", *args], capture_output=True,
                          text=True, check=False, env=env, timeout=120, cwd=cwd)


@pytest.mark.parametrize("language", ["en", "es"])
def test_screenshots_into_an_existing_file_is_a_clear_error_not_a_bug(tmp_path, language
                                                                      ) -> None:
    (tmp_path / "shot.png").write_bytes(b"")
    done = cli("demo", "--screenshots", "shot.png", "--headless", cwd=tmp_path,
               language=language)
    assert done.returncode == 2, done.stderr
    assert "bug" not in done.stderr and "Traceback" not in done.stderr
    assert "shot.png" in done.stderr
    said = done.stderr.strip().splitlines()
    assert len(said) == 1, said
    if language == "es":
        assert "no es un directorio" in said[0], said  # the cause in Spanish
    else:
        assert "not a directory" in said[0], said


def test_standings_of_a_file_that_is_no_record_prints_only_its_error(tmp_path) -> None:
    (tmp_path / "notrec.txt").write_text("not a record\n")
    done = cli("standings", "notrec.txt", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == "", done.stdout
    assert "notrec.txt" in done.stderr and "is not a game record" in done.stderr


@pytest.mark.parametrize("command", ["standings", "analyze", "replay"])
def test_a_directory_is_called_a_directory(tmp_path, command) -> None:
    (tmp_path / "games").mkdir()
    done = cli(command, "games", cwd=tmp_path)
    assert done.returncode == 1
    assert "games is a directory, not a game record" in done.stderr, done.stderr
    assert "regular file" not in done.stderr


@pytest.mark.parametrize("argv, usage", [
    (("results", "--bogus"), "usage: coda-pi results"),
    (("mastermind", "solve", "--bogus"), "usage: coda-pi mastermind solve"),
])
def test_a_mistyped_option_shows_the_usage_of_its_own_command(tmp_path, argv, usage) -> None:
    done = cli(*argv, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(usage), done.stderr
    assert "unrecognized arguments: --bogus" in done.stderr


def test_a_bad_value_is_one_short_error_not_the_whole_usage(tmp_path) -> None:
    done = cli("demo", "--seed", "abc", cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert any("argument --seed: invalid int value: 'abc'" in line for line in lines), lines
    assert len(lines) <= 2, lines  # the error, and where the options are listed
    assert "--table-pool" not in done.stderr


@pytest.mark.parametrize("argv", [("--lang", "es", "--help"), ("run", "--lang=es", "--help"),
                                  ("demo", "--lang", "es", "--help")])
def test_lang_es_makes_the_help_spanish(tmp_path, argv) -> None:
    done = cli(*argv, cwd=tmp_path, language="en")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("uso: coda-pi"), done.stdout[:200]
    assert "opciones:" in done.stdout and "show this help" not in done.stdout


def test_an_os_error_inside_a_spanish_sentence_is_said_in_spanish(tmp_path) -> None:
    done = cli("replay", "nothere.jsonl", cwd=tmp_path, language="es")
    assert done.returncode == 1
    said = done.stderr.strip()
    assert said.startswith("coda-pi replay: no se puede leer nothere.jsonl: no existe"), said


def test_a_config_that_cannot_be_read_is_told_in_the_readers_language(tmp_path) -> None:
    from coda_pi.config import load_config
    from coda_pi.i18n import in_language, spoken

    (tmp_path / "config.toml").symlink_to("config.toml")  # a link to itself: ELOOP
    _config, problems = load_config(tmp_path / "config.toml")
    [problem] = problems
    assert "symbolic links" in problem.sentence  # the log and doctor --json: English
    with in_language("es"):
        said = spoken(problem.sentence)
    assert "demasiados enlaces simbólicos" in said and "symbolic" not in said, said


def test_a_full_card_is_said_in_spanish_with_the_systems_words_as_a_detail() -> None:
    import errno

    from coda_pi.i18n import in_language
    from coda_pi.os_words import said

    full = OSError(errno.ENOSPC, "No space left on device")
    with in_language("es"):
        assert said(full) == "no queda espacio en el disco (No space left on device)"
    with in_language("en"):
        assert said(full) == "no space left on the disk"  # the same reason, said once
    assert said(ValueError("a bad value")) == "a bad value"
