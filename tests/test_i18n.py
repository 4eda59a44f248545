"""The message catalogs: complete, in step with the code, compiled, and used."""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo

from coda_pi import __version__, i18n
from coda_pi.i18n_catalogs import (
    TEMPLATE,
    compiled_bytes,
    extract,
    mo_path,
    po_path,
    read_catalog,
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


def plain(value):
    # Babel reads a plural message's forms as a list from a .mo, a tuple from a .po.
    return tuple(value) if isinstance(value, list | tuple) else value


def what_it_says(mo: bytes) -> tuple[dict, dict]:
    """A compiled catalog's meaning: every message (plural forms and contexts included) and
    every header but the name of the tool that compiled it, which says nothing to a reader
    (a Babel release changed only it, and a fresh clone failed on that alone)."""
    catalog = read_mo(io.BytesIO(mo))
    messages = {(m.context, plain(m.id)): plain(m.string) for m in catalog if m.id}
    headers = {k: v for k, v in catalog.mime_headers if k != "Generated-By"}
    return messages, headers


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_committed_mo_files_are_compiled_from_the_po_files(language):
    # The device reads the .mo files (no Babel on it): they must say what the .po files say.
    committed = what_it_says(mo_path(language).read_bytes())
    assert committed == what_it_says(compiled_bytes(read_catalog(language))), \
        f"{mo_path(language).name} ({language}) is stale: run tools/update-catalogs"
    messages, headers = committed
    assert headers["Plural-Forms"] == read_catalog(language).plural_forms
    for message in read_catalog(language):
        translated = all(message.string) if isinstance(message.string, tuple) \
            else bool(message.string)
        if message.id and translated:
            assert messages[(message.context, plain(message.id))] == plain(message.string)


def test_the_comparison_sees_a_changed_translation_and_not_a_new_babel(monkeypatch):
    catalog = read_catalog("es")
    committed = what_it_says(mo_path("es").read_bytes())
    # Another Babel release stamps another "Generated-By": the same catalog all the same.
    monkeypatch.setattr("babel.messages.catalog.VERSION", "99.0.0")
    restamped = compiled_bytes(catalog)
    assert b"Babel 99.0.0" in restamped and restamped != mo_path("es").read_bytes()
    assert what_it_says(restamped) == committed
    # One translation changed in the .po and not compiled: a difference.
    catalog["New game"].string = "Juego nuevo"
    assert what_it_says(compiled_bytes(catalog)) != committed
    # A plural form changed: a difference too.
    plural = next(m for m in catalog if m.id and isinstance(m.id, tuple) and all(m.string))
    plural.string = (plural.string[0], plural.string[1] + "!")
    assert what_it_says(compiled_bytes(catalog))[0] != committed[0]


def test_the_catalog_headers_are_finished_not_babels_template():
    for path in [po_path(language) for language in i18n.LANGUAGES] + [TEMPLATE]:
        text = path.read_text(encoding="utf-8")
        head = text[:text.index('msgid "usage: "')]
        for placeholder in ("FIRST AUTHOR", "EMAIL@ADDRESS", "coda-pi VERSION", "#, fuzzy",
                            "YEAR-MO-DA", "LL@li.org", "ORGANIZATION"):
            assert placeholder not in head, (path.name, placeholder)
        assert f'"Project-Id-Version: coda-pi {__version__}\\n"' in head


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


def test_english_says_what_its_catalog_would_without_reading_it():
    # English is the source: `_` answers it without the catalog (a start reads none), which
    # is right only while the English catalog translates no single message (plurals only).
    with mo_path("en").open("rb") as f:
        english = gettext.GNUTranslations(f)
    singular = [m for m in english._catalog if isinstance(m, str) and m]  # "": the header
    assert singular == [], "the English catalog translates single messages: `_` skips it"
    messages = re.findall(r'^msgid "(.+)"$', po_path("en").read_text(), re.MULTILINE)
    assert len(messages) > 500
    assert [m for m in messages if i18n._(m) != english.gettext(m)] == []


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


def test_no_message_is_handed_over_where_the_extraction_cannot_see_it():
    """A message the catalogs never saw is said in English on a Spanish screen. The
    extraction finds ``_("...")``, ``say("...")`` and their kin called with a literal, not a
    ``partial(say, "...")``: the told pool's misfit sentence named its panel so for a while."""
    import ast

    seen: list[str] = []
    for path in sorted((Path(i18n.__file__).parent).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "partial"
                    and node.args and getattr(node.args[0], "id", None) in
                    {"_", "say", "N_", "ngettext", "sentence_say"}):
                seen.append(f"{path.name}:{node.lineno}")
    assert seen == []
