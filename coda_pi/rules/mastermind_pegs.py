"""Mastermind's pegs: the colours, a code, and the key pegs a guess earns.

Pure. A code is a string of one letter per hole (``"RGBY"``), from the boxed game's six
colours; in the extra-challenge game an empty hole, ``"."``, is a seventh colour.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import product

from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import say

COLOURS = "BGKRWY"
BLANK = "."
COLOUR_NAMES = {
    "B": "blue",
    "G": "green",
    "K": "black",
    "R": "red",
    "W": "white",
    "Y": "yellow",
    BLANK: "empty",
}
MAX_PEGS = 8


def palette(blanks: bool) -> str:
    """The colours a code may use: six, plus the empty hole in the extra challenge."""
    return COLOURS + BLANK if blanks else COLOURS


def all_codes(pegs: int = 4, blanks: bool = False) -> list[str]:
    """Every possible code, in text order of the palette (``BBBB``, ``BBBG``, ...)."""
    return ["".join(p) for p in product(palette(blanks), repeat=pegs)]


@dataclass(frozen=True, slots=True)
class Feedback:
    """The key pegs for a row: ``black`` right colour and place, ``white`` right colour only."""

    black: int
    white: int

    def to_dict(self) -> dict[str, int]:
        return {"black": self.black, "white": self.white}

    def __str__(self) -> str:
        return f"{self.black} black, {self.white} white"


# One shared instance per (black, white), so feedback() allocates nothing.
_FEEDBACK = [[Feedback(b, w) for w in range(MAX_PEGS + 1)] for b in range(MAX_PEGS + 1)]
_eq = operator.eq


def feedback(code: str, guess: str) -> Feedback:
    """The key pegs for ``guess`` against the secret ``code`` (same length, any letters).

    ``black`` counts positions that match; ``white`` the colours in common (the smaller of
    the two counts, summed over colours) less ``black``: a repeated colour in the guess
    scores at most as often as it occurs in the code.
    """
    black = sum(map(_eq, code, guess))
    common = 0
    for colour in set(guess):
        a = code.count(colour)
        if a:
            b = guess.count(colour)
            common += a if a < b else b
    return _FEEDBACK[black][common - black]


def check_code(code: object, pegs: int, blanks: bool, what: str = "code") -> str:
    """``code`` if it is a code of this game, else a RuleError saying what is wrong."""
    thing = say("guess") if what == "guess" else say("code")
    if not isinstance(code, str):
        raise RuleError(say("the {what} must be a string of {pegs} colour letters", what=thing,
                            pegs=pegs))
    allowed = palette(blanks)
    for letter in code:
        if letter == BLANK and not blanks:
            raise RuleError(say("the {what} {code} has an empty hole, which only the "
                                "extra-challenge game (blanks) allows", what=thing,
                                code=repr(code)))
        if letter not in allowed:
            raise RuleError(say("the {what} {code} has {letter}, which is not a colour: "
                                "use {allowed}", what=thing, code=repr(code),
                                letter=repr(letter), allowed=" ".join(allowed)))
    if len(code) != pegs:
        raise RuleError(say("the {what} {code} has {count} pegs; this game uses {pegs}",
                            what=thing, code=repr(code), count=len(code), pegs=pegs))
    return code


def keys_placed(keys: object, pegs: int) -> Feedback:
    """The key pegs a line says were placed, or a RuleError when no row could show them."""
    if not isinstance(keys, Mapping):
        raise RuleError(say('the keys must look like {{"black": 1, "white": 2}}'))
    values = []
    for name in ("black", "white"):
        value = keys.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleError(say("the {colour} key pegs must be a whole number, not {value}",
                                colour=say("black") if name == "black" else say("white"),
                                value=repr(value)))
        values.append(value)
    if values[0] + values[1] > pegs:
        raise RuleError(say("{black} black and {white} white key pegs do not fit a row of {pegs}",
                            black=values[0], white=values[1], pegs=pegs))
    return _FEEDBACK[values[0]][values[1]]


def iter_feedbacks(pegs: int) -> Iterator[Feedback]:
    """Every key-peg placement a row can show, winning one included."""
    for black in range(pegs + 1):
        for white in range(pegs + 1 - black):
            yield _FEEDBACK[black][white]
