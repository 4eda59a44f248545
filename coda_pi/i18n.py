"""The language of everything a person reads: gettext catalogs, English and Spanish.

The source strings are English. ``_`` looks the current language up at each call, so a
language chosen in the setup (or by ``--lang``) changes the next frame drawn, with no
restart. Catalogs live in ``coda_pi/locale/<lang>/LC_MESSAGES/coda_pi.po``; the compiled
``.mo`` files beside them are committed (the device needs no Babel to run) and a test checks
they match their ``.po`` files. ``tools/update-catalogs`` re-extracts and recompiles.

The Spanish words for the Rainbow-deck adaptation (cartas, mazo, bocabajo, bocarriba) are
those of its published Spanish rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import gettext

DOMAIN = "coda_pi"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES: tuple[str, ...] = ("en", "es")
"""Every language shipped, English (the source) first."""
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español"}
DEFAULT_LANGUAGE = "en"

_catalogs: dict[str, gettext.NullTranslations] = {}
_current: list[str] = [DEFAULT_LANGUAGE]
# Each message's translation, per language, once looked up: the screens ask for the same few
# hundred strings tens of thousands of times in a game, and the shipped catalogs never change
# while the process runs.
_translated: dict[str, dict[str, str]] = {language: {} for language in LANGUAGES}


def _catalog(language: str) -> gettext.NullTranslations:
    cached = _catalogs.get(language)
    if cached is None:
        # Here, not at the top: English, the source, draws its first frame with no catalog
        # (and, on the appliance's plain ``coda-pi run``, with no argparse, which imports it).
        import gettext

        cached = _catalogs[language] = gettext.translation(
            DOMAIN, localedir=LOCALE_DIR, languages=[language], fallback=True)
    return cached


def read_catalog() -> None:
    """Read the current language's catalog now (English's too, for its plural forms),
    rather than when a sentence first needs it."""
    _catalog(_current[0])


def set_language(language: str) -> None:
    """Make ``language`` ("en", "es") the one every later ``_`` call answers in."""
    if language not in LANGUAGES:
        raise ValueError(
            f"unknown language {language!r}: choose one of {', '.join(LANGUAGES)}")
    _current[0] = language


def language() -> str:
    """The language in use now."""
    return _current[0]


def _(message: str) -> str:
    """``message`` in the current language (itself when the catalog has no translation)."""
    language = _current[0]
    known = _translated[language]
    found = known.get(message)
    if found is None:
        # English is the source: its catalog holds plural forms only (tests/test_i18n.py
        # keeps it so), and reading it costs a start about 1.4 ms here, 20 on a Pi Zero.
        found = known[message] = (message if language == DEFAULT_LANGUAGE
                                  else _catalog(language).gettext(message))
    return found


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _catalog(_current[0]).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it now (tables built at import,
    translated with ``_`` when drawn)."""
    return message


class in_language:  # noqa: N801 - used like a function: ``with in_language("es"):``
    """Switches to ``language`` for a ``with`` block, then back (rendering both languages)."""

    def __init__(self, language: str) -> None:
        self._language = language
        self._before = _current[0]

    def __enter__(self) -> None:
        self._before = _current[0]
        set_language(self._language)

    def __exit__(self, *exc: object) -> None:
        _current[0] = self._before


def language_from_environment(env: dict[str, str] | None = None) -> str:
    """The language the environment asks for, the gettext way (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``: "es_ES.UTF-8" means Spanish), when it is one shipped; else
    English. For the CLI's output; the device itself follows its config and setup."""
    import os

    e = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = e.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".")[0].split("_")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":
            break  # the first locale variable set decides, as in gettext
    return DEFAULT_LANGUAGE


class TableWords(Protocol):
    """The words of a table's things for an engine's sentence: ``coda_pi.referee.shared.wording``'s
    ``Nouns`` ("panel", "the box"; "card", "the deck" with the Rainbow-deck labels)."""

    def fields(self) -> dict[str, str]:
        """``{"panel": ..., "panels": ..., "the_box": ..., "the_dash": ...}``, translated."""
        ...

    def tile(self, tile: object) -> str:
        """A panel as the table writes it ("D7"; "DQ" with cards)."""
        ...


def _panel_fields() -> dict[str, str]:
    return {"panel": _("panel"), "panels": _("panels"), "the_box": _("the box"),
            "the_dash": _("the dash")}


def spoken(text: str, words: TableWords | None = None) -> str:
    """An engine's sentence (``coda_pi.rules.sentence``) in the current language: its template
    translated, then filled with its parameters, each translated the same way, and with the
    table's ``words`` for its things (the boxed game's panels when not given). Any other text
    is returned as it is (the engine keeps English and no gettext; this is the edge)."""
    template = getattr(text, "template", None)
    params = getattr(text, "params", None)
    if template is None or params is None:
        return text
    filled: dict[str, object] = words.fields() if words is not None else _panel_fields()
    for key, value in params.items():
        if isinstance(value, str):
            filled[key] = spoken(value, words)
        elif isinstance(value, bool | int | float) or value is None:
            filled[key] = value
        else:  # a Tile: the only other thing the engine names
            filled[key] = words.tile(value) if words is not None else str(value)
    try:
        return _(template).format(**filled)
    except (KeyError, IndexError, ValueError):
        # A broken translation must not crash the table: the English sentence is right.
        return template.format(**filled)
