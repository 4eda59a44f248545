"""A fallen panel whose claim was wrong, corrected in a record of claims (issue 31).

``rules/correction.py`` corrects a record whose deals name real panels; in entered-pool play
the deals and draws name colours, and the claims ride beside them (``claims.py``). The
procedure is the same (take back to the entry, write it again with the real panel and a
``fix`` key, write the later events again judged anew), with one difference that matters:
the corrected claim is checked against the owner's own row and what the table has seen,
never against another seat's claims. Whether a fix can be written tells its owner nothing
about anybody else's panels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from coda_pi.referee.pools.entered.claims import (
    ENTERED_KEY,
    ClaimsGame,
    Line,
    claim_line,
    claimed_event,
    record_lines,
)
from coda_pi.rules.coda_events import CodaEvent, Deal, Draw, Guess, Place, Reveal
from coda_pi.rules.correction import FIX_KEY, Correction, PanelFix, origin_of
from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import say
from coda_pi.rules.tiles import Tile


def replay_claims(header: Mapping[str, Any], events: Sequence[Line]) -> ClaimsGame:
    game = ClaimsGame.from_header(header)
    for line in events:
        game.apply_line(line)
    return game


def decision(line: Line) -> CodaEvent | None:
    """What the referee decided on a line, without the answers it wrote from the claims
    (a guess's ``correct``, a fallen panel's ``tile``); None for a bonus line, which
    follows from the claims."""
    if line.get("event") == "bonus":
        return None
    event = claimed_event(line)
    match event:
        case Guess(correct=bool()):
            return replace(event, correct=None)
        case Place(tile=Tile()) | Reveal(tile=Tile()):
            return replace(event, tile=None)
    return event


def _corrected(original: Line, event: Deal | Draw, place: int | None,
               tile: Tile) -> tuple[Line, Tile]:
    """The entry's line written again with the real panel, and what it claimed."""
    extra = {k: v for k, v in original.items() if k not in ("row", "tile", ENTERED_KEY)}
    if isinstance(event, Deal):
        assert place is not None
        was = event.row[place]
        row = list(event.row)
        row[place] = tile
        line = claim_line(Deal(event.seat, tuple(row)))
        return {**extra, **line, FIX_KEY: {"slot": place, "was": str(was)}}, was
    was = event.tile
    line = claim_line(Draw(event.seat, tile))
    return {**extra, **line, FIX_KEY: {"was": str(was)}}, was


def correct_claim(header: Mapping[str, Any], events: Sequence[Line],
                  fix: PanelFix) -> Correction:
    """The lines that put ``fix.tile`` in place of the claim the device had, and what that
    changes. A RuleError only when the owner's own row cannot hold it (or it is the claim
    already): nothing here looks at another seat's claims."""
    index, place = origin_of(header, events, fix.seat, fix.slot)
    game = replay_claims(header, events[:index])
    original = events[index]
    event = claimed_event(original)
    assert isinstance(event, Deal | Draw)
    corrected, was = _corrected(original, event, place, fix.tile)
    if was == fix.tile:
        raise RuleError(say("the device already has {tile} there", tile=str(fix.tile)))
    try:
        game.apply_line(corrected)
    except RuleError as err:
        raise RuleError(say("{tile} cannot be there: {why}", tile=str(fix.tile),
                            why=err.message)) from err
    result = Correction(lines=[{"event": "undo"}] * (len(events) - index) + [corrected],
                        index=index, was=was, kept=0)
    for at in range(index + 1, len(events)):
        old = events[at]
        decided = decision(old)
        if decided is None:
            continue
        trial = game.copy()
        assert isinstance(trial, ClaimsGame)
        try:
            lines = record_lines(trial, decided)
            for line in lines:
                trial.apply_line(line)
        except RuleError as err:
            result.refused = err.message
            result.dropped = list(events[at:])
            break
        game = trial
        result.lines.extend(lines)
        result.kept += 1
        line = lines[0]
        if line["event"] == "guess" and old.get("correct") != line.get("correct"):
            result.flipped = line
            result.now_right = bool(line.get("correct"))
            result.dropped = list(events[at + 1:])
            break
    result.game = game
    return result


def is_claims_record(events: Sequence[Line]) -> bool:
    """Whether the record's deals carry claims (else ``rules/correction.py`` applies)."""
    return any(ENTERED_KEY in line for line in events if isinstance(line, dict))

