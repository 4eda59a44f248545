"""The plain TOML of a config file, read without ``tomllib``.

``tomllib`` (with ``datetime`` and ``string``, which it imports, and the regular
expressions it compiles) costs the appliance's start about 3 ms of CPU here, some 45 ms on
a Pi Zero, for a file of tables, keys and plain values (firmware/config.example.toml).
``read_plain`` reads that plain part of TOML only:

- ``[table]`` headers naming one bare key, each once;
- ``key = value`` lines with a bare key (letters, digits, ``_`` and ``-``), each once;
- values: basic strings without escapes (``"..."``), decimal integers, decimal floats
  with a fraction (``-1.5``), ``true`` and ``false``, and one-line arrays of those;
- blank lines and comments.

Anything else (escapes, literal or multi-line strings, dotted keys, inline tables, dates,
exponents, underscores in numbers, arrays over several lines, a file TOML refuses) is
answered None, and ``tomllib`` reads it (or says what is wrong) as ever. What it reads, it
reads as ``tomllib`` does: tests/test_plain_toml.py holds the two side by side.
"""

from __future__ import annotations

from typing import Any

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_DIGITS = frozenset("0123456789")
_TOKEN_END = " \t,]#"
_LONGEST_INTEGER = 18  # digits: within TOML's 64 bits, whatever the digits


class _NotPlain(Exception):
    """The text is more than plain TOML (or no TOML at all): tomllib's to read."""


def read_plain(text: str) -> dict[str, Any] | None:
    """The document ``text`` holds, as ``tomllib.loads`` gives it, when it is plain TOML
    (see the module's words); else None."""
    text = text.replace("\r\n", "\n")
    if "\r" in text:
        return None  # a carriage return alone: TOML refuses it
    doc: dict[str, Any] = {}
    table = doc
    try:
        for line in text.split("\n"):
            stripped = line.strip(" \t")
            if not stripped or stripped[0] == "#":
                _comment(stripped)
            elif stripped[0] == "[":
                close = stripped.find("]")
                if close < 0:
                    raise _NotPlain
                name = stripped[1:close].strip(" \t")
                _comment(stripped[close + 1:].lstrip(" \t"))
                if not _bare(name) or name in doc:
                    raise _NotPlain  # [[array of tables]], dotted, quoted, twice
                table = doc[name] = {}
            else:
                equals = stripped.find("=")
                key = stripped[:equals].rstrip(" \t")
                if equals < 0 or not _bare(key) or key in table:
                    raise _NotPlain
                value, rest = _value(stripped[equals + 1:].lstrip(" \t"))
                _comment(rest.lstrip(" \t"))
                table[key] = value
    except _NotPlain:
        return None
    return doc


def _bare(key: str) -> bool:
    return bool(key) and all(c in _BARE for c in key)


def _comment(rest: str) -> None:
    """``rest`` is nothing, or a comment TOML allows (no control character but tab)."""
    if rest and (rest[0] != "#" or any(
            (c < " " and c != "\t") or c == "\x7f" for c in rest)):
        raise _NotPlain


def _value(text: str) -> tuple[Any, str]:
    """The value ``text`` starts with, and the text after it."""
    if text.startswith('"'):
        end = text.find('"', 1)
        found = text[1:end]
        if end < 0 or "\\" in found or any(
                (c < " " and c != "\t") or c == "\x7f" for c in found):
            raise _NotPlain  # unclosed, escapes, a control character
        return found, text[end + 1:]
    if text.startswith("["):
        return _array(text[1:])
    end = len(text)
    for stop in _TOKEN_END:
        at = text.find(stop)
        if 0 <= at < end:
            end = at
    return _scalar(text[:end]), text[end:]


def _array(text: str) -> tuple[list[Any], str]:
    """The items of a one-line array (``text`` after its ``[``), and what follows it."""
    items: list[Any] = []
    rest = text.lstrip(" \t")
    while not rest.startswith("]"):
        if rest.startswith("["):
            raise _NotPlain  # an array in an array
        item, rest = _value(rest)
        items.append(item)
        rest = rest.lstrip(" \t")
        if rest.startswith(","):
            rest = rest[1:].lstrip(" \t")
        elif not rest.startswith("]"):
            raise _NotPlain  # no comma, or the array goes on on the next line
    return items, rest[1:]


def _scalar(token: str) -> Any:
    if token == "true":
        return True
    if token == "false":
        return False
    digits = token[1:] if token.startswith("-") else token
    whole, dot, fraction = digits.partition(".")
    if not _decimal(whole) or (dot and not (fraction and set(fraction) <= _DIGITS)):
        raise _NotPlain
    return float(token) if dot else int(token)


def _decimal(whole: str) -> bool:
    """A TOML decimal integer's digits: no leading zero, no sign, no underscore."""
    return (0 < len(whole) <= _LONGEST_INTEGER and set(whole) <= _DIGITS
            and (whole == "0" or whole[0] != "0"))
