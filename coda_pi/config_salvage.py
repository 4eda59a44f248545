"""Reading what a broken config file still says, table by table, and knowing when that is
safe to use.

A TOML file with one bad line does not parse at all; tomllib then says nothing of its other
tables. The file is cut at its table headers and each piece read on its own: a mistake in
``[players]`` costs ``[players]``. Which pieces may be trusted for the pins is the careful
part (:meth:`Salvaged.pins_in_doubt`): a header inside a multi-line string left open, a
second ``[pins]``, a ``[pins.x]`` or a top-level ``pins`` key make the pins the builder
meant unknown, and coda_pi/config.py then keeps only what is safe on any wiring.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from coda_pi.config_reasons import plain_reason
from coda_pi.rules.sentence import say


def decode_config(raw: bytes) -> tuple[str, frozenset[int]]:
    """The text, and the numbers (from 1) of the lines that are not UTF-8. Such a line
    (a name typed in Latin-1) costs only its own table: decoded with replacement
    characters it would parse, so the caller sets its table aside by number."""
    try:
        return raw.decode("utf-8"), frozenset()
    except UnicodeDecodeError:
        pass
    bad: set[int] = set()
    for number, line in enumerate(raw.split(b"\n"), start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            bad.add(number)
    return raw.decode("utf-8", errors="replace"), frozenset(bad)


# Patterns as text, compiled (by re, which keeps them) when a config file is first salvaged:
# a good file, as at nearly every start, needs none of them.
_TOML_WHERE = r"\s*\(at line (\d+), column (\d+)\)$"
_TOML_END = r"\s*\(at end of document\)$"
_TABLE_LINE = r"^\s*\[\[?\s*([A-Za-z0-9_.\-\"' ]*?)\s*\]\]?\s*(#.*)?$"
# Any line that may be about the pins: a [pins] or [pins.x] header (even one left unclosed),
# or a key "pins" / pins.x at the top of the file, quoted or not.
_MENTIONS_PINS = r"""^\s*\[*\s*["']?pins["']?\s*[.=\]]|^\s*\[+\s*["']?pins["']?\s*$"""


@dataclass(slots=True)
class Salvaged:
    """What a broken file still says, and enough of its shape to know whether its [pins]
    table can be trusted."""

    lines: list[str]
    doc: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, tuple[int, int]] = field(default_factory=dict)  # table: its lines
    left_open: set[int] = field(default_factory=set)  # chunks' ends inside a string

    def pins_in_doubt(self) -> bool:
        """Whether the pins the builder meant are unknown. A [pins] table is trusted only
        when it read on its own, nothing else in the file is about pins (a second [pins], a
        [pins.x], a top-level pins key, a broken header), and the table before it did not
        end inside a multi-line string (which could have swallowed its header)."""
        start, end = self.origin.get("pins", (0, 0))
        elsewhere = any(re.match(_MENTIONS_PINS, line)
                        for i, line in enumerate(self.lines) if not start <= i < end)
        if elsewhere:
            return True
        return "pins" in self.origin and start in self.left_open


def salvage(text: str, error: Callable[[str, str], None],
            bad_lines: frozenset[int] = frozenset()) -> Salvaged:
    """The tables of a broken TOML file that read on their own; each one that does not is
    a problem naming its table (or the top of the file) and the line."""
    import tomllib  # only for a broken file: the config module says why (_toml_or_none)

    # Split on newlines only, as TOML and decode_config count lines (not on U+2028 & co.).
    lines = re.findall(r"[^\n]*\n|[^\n]+$", text)
    salvaged = Salvaged(lines)
    starts = [i for i, line in enumerate(lines) if re.match(_TABLE_LINE, line)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        head = re.match(_TABLE_LINE, lines[start]) if lines else None
        table = head.group(1).strip().strip("\"'") if head else ""
        chunk = "".join(lines[start:end])
        bad = sorted(i for i in bad_lines if start < i <= end)
        try:
            if bad:
                raise ValueError(say("not UTF-8 text: save the file as UTF-8"))
            part = tomllib.loads(chunk)
        except (tomllib.TOMLDecodeError, ValueError) as exc:
            message = str(exc)
            where = re.search(_TOML_WHERE, message)
            if bad:
                line = bad[0]
            elif where:
                line = start + int(where.group(1))
            else:  # "(at end of document)": an array or string left open; its last line
                line = start + max((i + 1 for i, text in enumerate(lines[start:end])
                                    if text.strip()), default=1)
                if message.startswith("Unterminated string"):
                    # A multi-line string left open may have been meant to run on past the
                    # next header (an array cannot: a header is no value).
                    salvaged.left_open.add(end)
            reason = plain_reason(re.sub(_TOML_END, "", re.sub(_TOML_WHERE, "", message)))
            if bad:
                reason = say("not UTF-8 text: save the file as UTF-8")
            kept = None if bad or end in salvaged.left_open else _line_by_line(
                table, lines, start, end, error)
            if kept is None:
                error(table, _not_toml(table, line, reason))
                continue
            part = kept
        for key, value in part.items():
            if key in salvaged.doc:
                error(key, say("[{key}] is given twice (line {line}); the first one "
                                       "is used", key=key, line=start + 1))
            else:
                salvaged.doc[key] = value
                salvaged.origin[key] = (start, end)
    return salvaged


# A line that is one setting alone: a name, "=", and a value that opens and closes on it.
_ONE_SETTING = r"^\s*([A-Za-z0-9_\-]+)\s*="


def _line_by_line(table: str, lines: list[str], start: int, end: int,
                  error: Callable[[str, str], None]) -> dict[str, Any] | None:
    """A broken table whose every line is one setting (``hotspot = ture`` beside
    ``enabled = true``), read a line at a time: the typo costs its own setting, not the
    table. An appliance has no keyboard, and the table's other settings may be the only way
    to its phones. None (the whole table set aside, as before) for [pins], which is trusted
    only whole (Salvaged.pins_in_doubt), for the top of the file, and for a table with
    anything more than one-line settings: a value over several lines cannot be cut safely."""
    import tomllib

    if not table or table == "pins" or "." in table or lines[start].lstrip().startswith("[["):
        return None
    body = [(i, text) for i, text in enumerate(lines[start + 1:end], start=start + 1)
            if text.strip() and not text.lstrip().startswith("#")]
    if not body or any(not re.match(_ONE_SETTING, text) or '"""' in text or "'''" in text
                       for _, text in body):
        return None
    kept: dict[str, Any] = {}
    lost: list[str] = []
    for i, text in body:
        try:
            one = tomllib.loads(text).items()
        except tomllib.TOMLDecodeError as exc:
            key = re.match(_ONE_SETTING, text)
            reason = plain_reason(re.sub(_TOML_END, "", re.sub(_TOML_WHERE, "", str(exc))))
            what = (say("line {line} is not valid TOML ({reason})", line=i + 1, reason=reason)
                    if reason is not None else say("line {line} is not valid TOML", line=i + 1))
            lost.append(say("{what}; [{table}] {key} is ignored and its default used; the "
                            "table's other settings are read",
                            what=what, table=table, key=key.group(1) if key else "?"))
            continue
        for key, value in one:
            if key in kept:
                return None  # given twice: tomllib would refuse the table; so does this
            kept[key] = value
    if not kept:
        return None  # nothing read: the table's own sentence says what losing it means
    for message in lost:
        error(table, message)
    return {table: kept}


def _not_toml(table: str, line: int, reason: str | None) -> str:
    """The sentence for a table (or the top of the file) that does not read; ``reason`` is
    left out when it is only tomllib's English (coda_pi/config_reasons.py)."""
    what = (say("line {line} is not valid TOML ({reason})", line=line, reason=reason)
            if reason is not None else say("line {line} is not valid TOML", line=line))
    if not table:
        then = say("the lines before the first [table] are ignored and the defaults used")
    elif table in _LOST:
        then = say("[{table}] is ignored: {means}", table=table, means=_LOST[table])
    else:
        then = say("the whole [{table}] table is ignored and its defaults are used",
                   table=table)
    return say("{what}; {then}", what=what, then=then)


# What losing a table means at the table, where "its defaults" would not tell a player, and
# the way back with the buttons alone (an appliance has no keyboard to edit the file with).
_LOST: dict[str, str] = {
    "phones": say("phones are off (the setup's Turn phones on turns them on)"),
    "players": say("the seats are Seat 1, Seat 2... (the setup's Names renames them)"),
}
