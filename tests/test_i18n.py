"""The message catalogs: complete, in step with the code, compiled, and used."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest

from coda_pi import i18n
from coda_pi.i18n_catalogs import (
    compiled_bytes,
    extract,
    mo_path,
    po_path,
    read_catalog,
    read_compiled,
)

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def test_every_marked_message_has_a_spanish_translation():
    spanish = read_catalog("es")
    missing = []
    for message in spanish:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            missing.append(message.id)
    assert not missing, f"untranslated or fuzzy in es: {missing}"


def test_the_catalogs_hold_exactly_the_messages_in_the_code():
    # A message added to the code and not to the catalogs would show in English on a Spanish
    # screen: tools/update-catalogs brings them in step.
    in_code = _ids(extract())
    for language in i18n.LANGUAGES:
        in_catalog = _ids(read_catalog(language))
        assert in_code - in_catalog == set(), f"{language}: run tools/update-catalogs"
        assert in_catalog - in_code == set(), f"{language}: stale messages"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_committed_mo_files_are_compiled_from_the_po_files(language):
    # The device reads the .mo files (no Babel on it): they must say what the .po files say.
    assert mo_path(language).read_bytes() == compiled_bytes(read_catalog(language))
    def plain(value):
        return tuple(value) if isinstance(value, list | tuple) else value

    compiled = {plain(m.id): plain(m.string) for m in read_compiled(language) if m.id}
    for message in read_catalog(language):
        string = plain(message.string)
        translated = all(string) if isinstance(string, tuple) else bool(string)
        if message.id and translated:
            assert compiled[plain(message.id)] == plain(message.string)


def test_translations_keep_every_placeholder():
    for message in read_catalog("es"):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for text in strings:
            # A singular may name the count in words ("tu ficha"), never invent a name.
            assert set(PLACEHOLDER.findall(text)) <= wanted, (message.id, text)
            assert set(PLACEHOLDER.findall(text)) >= wanted - {"{count}"}, (message.id, text)


def test_the_language_changes_what_underscore_answers_and_back():
    assert i18n._("New game") == "New game"
    with i18n.in_language("es"):
        assert i18n._("New game") == "Partida nueva"
        assert i18n.ngettext("{count} point", "{count} points", 1) == "{count} punto"
        assert i18n.ngettext("{count} point", "{count} points", 2) == "{count} puntos"
    assert i18n.language() == "en"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.set_language("fr")


def test_the_standard_library_reads_the_shipped_catalogs():
    spanish = gettext.translation(i18n.DOMAIN, localedir=i18n.LOCALE_DIR, languages=["es"])
    assert spanish.gettext("Final standings") == "Clasificación final"
    assert po_path("es").is_file() and mo_path("en").is_file()


@pytest.mark.parametrize(("env", "language"), [
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANGUAGE": "fr:es", "LANG": "fr_FR.UTF-8"}, "es"),
    ({"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),  # LC_ALL wins, and C is English
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_cli_follows_the_gettext_environment(env, language):
    assert i18n.language_from_environment(env) == language


def test_the_cli_speaks_spanish_when_the_environment_asks(tmp_path):
    env = {"LANGUAGE": "es", "PATH": "/usr/bin:/bin", "CODA_PI_DATA": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "coda_pi.cli", "results", str(tmp_path)],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Aún no hay partidas registradas en")


def test_the_config_chooses_the_language_and_names_a_bad_one():
    from coda_pi.config import parse_config

    config, problems = parse_config('[screen]\nlanguage = "es"\n', env={})
    assert problems == [] and config.screen.language == "es"
    config, problems = parse_config('[screen]\nlanguage = "fr"\n', env={})
    assert [p.key for p in problems] == ["screen.language"]
    assert "'fr' is out of range: it must be 'en' or 'es'" in problems[0].message
    assert config.screen.language == "en"
    assert parse_config("", env={})[0].screen.language == "en"
