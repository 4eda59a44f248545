"""Which game a record is, by what happened in it: the hub counts each game once.

A record's name, its seed and its timestamps are whatever the table that sent it wrote, so
the same game published again under another name and seed is still the same game. What
cannot be changed without playing another game is the play itself: who sat where, the
deals, and every draw, guess and placing in force (an undone event is as if absent).

A game is known by one mark per ended round: the players (their names folded as
names.skeleton folds them) and that round's events, with only the keys that say what was
played. Two records that share any ended round are one game (a game that grows shares its
earlier rounds with itself; a copy shares them with the original). Two games dealt alike but
played differently share no round, so both count: a club's duplicate round stays two games.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from coda_pi.club.names import skeleton

# What an event says about the play. The spec's optional keys that only repeat what the
# game already knows (``first`` of a round, ``correct`` of a guess on a known panel, the
# ``tile`` of a place) are left out, so writing or omitting them makes no new game; a
# deal's row and a draw's tile are the deal itself.
_PLAY_KEYS = ("event", "seat", "row", "target", "slot", "value", "tiles")
_TILE_EVENTS = ("draw",)

G = TypeVar("G")


def _played(event: Any) -> list[Any]:
    if not isinstance(event, dict):
        return [repr(event)]
    keys = _PLAY_KEYS + (("tile",) if event.get("event") in _TILE_EVENTS else ())
    return [[k, event[k]] for k in keys if k in event]


def round_marks(players: Sequence[str], events: Sequence[Any], ended: int) -> list[str]:
    """One mark per ended round of a game whose events in force are ``events``."""
    who = [skeleton(p) for p in players]
    rounds: list[list[Any]] = []
    for event in events:
        if isinstance(event, dict) and event.get("event") == "round":
            rounds.append([])
        if rounds:
            rounds[-1].append(_played(event))
    marks = []
    for played in rounds[:ended]:
        text = json.dumps([who, played], ensure_ascii=False, sort_keys=True)
        marks.append(hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())
    return marks


def first_of_each(games: Iterable[tuple[G, Sequence[str]]]) -> tuple[list[G], list[tuple[G, G]]]:
    """Games in the order met, each with its round marks: (the games that count, and each
    other one with the earlier game it repeats)."""
    owner: dict[str, G] = {}
    counted: list[G] = []
    repeats: list[tuple[G, G]] = []
    for game, marks in games:
        first = next((owner[m] for m in marks if m in owner), None)
        if first is None:
            counted.append(game)
            first = game
        else:
            repeats.append((game, first))
        for mark in marks:
            # A repeat's own rounds are the first game's too: a copy of the copy is caught.
            owner.setdefault(mark, first)
    return counted, repeats
