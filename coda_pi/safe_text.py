"""Text from files (players' names in records and configs, file names) made safe to show.

A name is whatever a file says it is: a NUL, a lone surrogate, an ESC sequence that recolours
a terminal, a bidi override that reverses what follows, a newline that forges a second line
of output, ``=cmd|...`` that a spreadsheet would run. Each place that shows a name passes it
through the function for that place; the name itself is never changed in the record.
"""

from __future__ import annotations

# Format characters that change how the text after them looks (bidi embeddings, overrides
# and isolates, the Arabic letter mark): the ones that make a line lie about its content.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# A spreadsheet treats a cell starting with one of these as a formula (OWASP's list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _escape(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _category(ch: str) -> str:
    # unicodedata (a library of Unicode's tables: 0.3 ms of a start here) is imported for
    # the first text that is not plain: a start draws none.
    import unicodedata

    return unicodedata.category(ch)


def _unsafe(ch: str) -> bool:
    category = _category(ch)
    # Cc: C0 and C1 controls, ESC and newlines among them; Cs: a lone surrogate; Zl/Zp: the
    # Unicode line and paragraph separators, newlines by another name.
    return category in ("Cc", "Cs", "Zl", "Zp") or ch in _BIDI


def printable(text: str) -> str:
    """``text`` for a terminal or a log line: every control, lone surrogate, line separator
    and bidi control written as a visible escape (``\\x1b``), the rest as it is."""
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(ch) if _unsafe(ch) else ch for ch in text)


def drawable(text: str) -> str:
    """``text`` that a font can draw: a NUL or a lone surrogate makes pygame raise, a control
    character draws as nothing useful; each becomes U+FFFD."""
    if text.isprintable():
        return text
    return "".join("\ufffd" if _unsafe(ch) else ch for ch in text)


def csv_cell(text: str) -> str:
    """``text`` for a CSV cell: printable, and never read as a formula by a spreadsheet
    (a leading ``'`` is the usual guard, and shows the text as it was)."""
    shown = printable(text)
    return "'" + shown if shown.startswith(_FORMULA_START) else shown


def is_blank(text: str) -> bool:
    """True for text that shows nothing: only spaces, zero-width and format characters."""
    if text.isascii():  # no ASCII character is a format or combining one
        return all(ch.isspace() for ch in text)
    return all(ch.isspace() or _category(ch) in ("Cf", "Mn", "Me") for ch in text)
