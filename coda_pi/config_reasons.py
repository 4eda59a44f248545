"""Why a line of the config file is not TOML, as its reader would say it.

tomllib explains a broken line in its own English ("Invalid value", "Illegal character
'\\n'"), which a player at the table cannot act on and which a Spanish screen showed in the
middle of its sentence. The common mistakes (a word where true or false was meant, a quote
or a list left open, a missing =) are said plainly, in the screen's language; a reason not
known here is left out, and the sentence still names the line and the table.
"""

from __future__ import annotations

from coda_pi.rules.sentence import say

# tomllib's message (its start) -> the sentence. Order matters: the newline case of an
# illegal character is the quote left open, any other is a character out of place.
_QUOTE = say("a quote is not closed")
_CHARACTER = say("a character that is not allowed there")
_LINE = say("a line must be a setting (name = value) or a [table]")
_TWICE = say("a setting is given twice")
_PLAIN: tuple[tuple[str, str], ...] = (
    ("Invalid value", say("a value must be true, false, a number or text in quotes")),
    ("Illegal character '\\n'", _QUOTE),
    ("Unterminated string", _QUOTE),
    ("Illegal character", _CHARACTER),
    ("Found invalid character", _CHARACTER),
    ("Unclosed array", say("a list is not closed with ]")),
    ("Unclosed inline table", say("a {{ is not closed with }}")),
    ("Expected '=' after a key", say("a setting needs an = between its name and its value")),
    ("Expected newline or end of document", say("after the value the line must end")),
    ("Expected ']' at the end of a table", say("a [table] name is not closed with ]")),
    ("Invalid statement", _LINE),
    ("Invalid initial character for a key", _LINE),
    ("Cannot overwrite a value", _TWICE),
    ("Cannot declare", _TWICE),
)


def plain_reason(message: str) -> str | None:
    """The sentence (``coda_pi.rules.sentence``: translated where it is shown) for
    tomllib's ``message`` (its position already cut off), or None when it is not one of the
    mistakes known here."""
    for start, sentence in _PLAIN:
        if message.startswith(start):
            return sentence
    return None
