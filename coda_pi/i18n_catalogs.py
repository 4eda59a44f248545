"""Keeping the message catalogs in step with the code (a developer's tool, and the tests').

Uses Babel, a test/dev dependency only: the device reads the committed ``.mo`` files with the
standard library's gettext and never imports this module.

- ``extract()``: every message marked in ``coda_pi/`` (``_``, ``N_``, ``ngettext``,
  and ``say``: the rules' sentences).
- ``update()``: writes ``coda_pi.pot``, merges it into each language's ``.po`` (new messages
  untranslated, gone ones dropped) and compiles each ``.mo``.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from coda_pi import __version__
from coda_pi.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "say": None}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extract() -> Catalog:
    """The template: every marked message of the package's Python files."""
    catalog = Catalog(project="coda-pi", domain=DOMAIN, charset="utf-8")
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalog(language: str) -> Catalog:
    with po_path(language).open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def read_compiled(language: str) -> Catalog:
    with mo_path(language).open("rb") as f:
        return read_mo(f)


def compiled_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _dateless(data: bytes) -> bytes:
    return b"\n".join(line for line in data.splitlines()
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Writes ``data`` unless the file already says the same but for its dates (running the
    tool twice changes nothing)."""
    if path.exists() and _dateless(path.read_bytes()) == _dateless(data):
        return False
    path.write_bytes(data)
    return True


def _tidy_header(catalog: Catalog, language: str | None) -> None:
    """The header says what the file is and who keeps it, instead of Babel's template
    placeholders (FIRST AUTHOR, VERSION, LL@li.org), and is not fuzzy: it is finished."""
    what = f"{Locale.parse(language).english_name} messages" if language else "Message template"
    catalog.header_comment = (
        f"# {what} of coda-pi (its screens, command line and the rules' sentences).\n"
        "# Kept in step with the code by tools/update-catalogs; translations go in the .po.\n"
        "# Distributed under the same license as coda-pi (MIT).\n#")
    catalog.project = "coda-pi"
    catalog.version = __version__
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "coda-pi maintainers"
    catalog.language_team = Locale.parse(language).english_name if language else ""
    if not isinstance(catalog.revision_date, datetime):
        catalog.revision_date = catalog.creation_date
    catalog.fuzzy = False


def _po_bytes(catalog: Catalog, **options: object) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, no_location=True, width=96, **options)  # type: ignore[arg-type]
    return out.getvalue()


def update() -> list[Path]:
    """Re-extract, merge into every language's catalog and compile; the files written."""
    template = extract()
    _tidy_header(template, None)
    written = []
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    if _write_if_changed(TEMPLATE, _po_bytes(template, omit_header=False)):
        written.append(TEMPLATE)
    for language in LANGUAGES:
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            catalog = read_catalog(language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="coda-pi", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _tidy_header(catalog, language)
        catalog.revision_date = datetime.now(UTC)  # kept unless the rest changed too
        if _write_if_changed(path, _po_bytes(catalog, ignore_obsolete=True)):
            written.append(path)
        # Compiled from the file as it stands, so the .mo always matches the .po.
        if _write_if_changed(mo_path(language), compiled_bytes(read_catalog(language))):
            written.append(mo_path(language))
    return written
