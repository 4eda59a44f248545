"""Mastermind's typed events (rules/mastermind_events.py): read from a record line and
written back to exactly the spec's line, whatever the event; refused with the same words as
the match refuses the line; registered with the game (rules/games.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.record import parse_record
from coda_pi.replay import journal_of
from coda_pi.rules.errors import RuleError
from coda_pi.rules.games import find_game
from coda_pi.rules.mastermind import Feedback, MastermindHeader, MastermindMatch, palette
from coda_pi.rules.mastermind_events import PlaceRow, SetCode, parse_event, to_dict
from coda_pi.rules.mastermind_game import mastermind_legal_events

RECORDS = Path(__file__).parent / "records" / "mastermind"


@st.composite
def events(draw: Any) -> tuple[SetCode | PlaceRow, int, bool]:
    """Any event of any board: (event, pegs, blanks)."""
    pegs = draw(st.integers(1, 8))
    blanks = draw(st.booleans())
    code = "".join(draw(st.lists(st.sampled_from(palette(blanks)), min_size=pegs,
                                 max_size=pegs)))
    if draw(st.booleans()):
        return SetCode(draw(st.integers(0, 1)), code), pegs, blanks
    black = draw(st.integers(0, pegs))
    white = draw(st.integers(0, pegs - black))
    keys = draw(st.sampled_from((None, Feedback(black, white))))
    return PlaceRow(code, keys), pegs, blanks


@settings(max_examples=300)
@given(events(), st.dictionaries(st.text(min_size=1).filter(
    lambda k: k not in ("event", "maker", "code", "keys")), st.integers(), max_size=3))
def test_every_event_is_written_as_the_spec_line_and_read_back_to_itself(
    drawn: tuple[SetCode | PlaceRow, int, bool], unnamed: dict[str, int]
) -> None:
    event, pegs, blanks = drawn
    line = to_dict(event)
    # The spec's keys, in the spec's order: a code names its maker; keys only when placed.
    if isinstance(event, SetCode):
        assert list(line) == ["event", "maker", "code"] and line["event"] == "code"
    else:
        assert list(line) == ["event", "code", *(["keys"] if event.keys else [])]
        assert line["event"] == "guess"
        if event.keys is not None:
            assert line["keys"] == {"black": event.keys.black, "white": event.keys.white}
    # Through JSON and back, with keys the spec does not name (ignored by readers).
    read = parse_event(json.loads(json.dumps(unnamed | line)), pegs, blanks)
    assert read == event
    assert to_dict(read) == line


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.jsonl")), ids=lambda p: p.stem)
def test_the_golden_records_lines_read_and_write_back_unchanged(path: Path) -> None:
    """Every event line of the golden records that the rules accept is the line written
    back from its event (less keys the spec does not name, like a time); the line a record
    breaks the rules with is refused by the parser or by the match, as the replay says."""
    lines = [line.obj for line in parse_record(path.read_bytes()).lines]
    header = MastermindHeader.from_dict(lines[0])
    rules = find_game("mastermind")
    journal = journal_of(rules.start(lines[0]))
    expected = json.loads(path.with_suffix("").with_suffix(".expected.json").read_text())
    for number, line in enumerate(lines[1:], 2):
        if line.get("event") == "undo":  # the record's own event: the journal takes it back
            journal.undo()
            continue
        match = journal.game
        try:
            event = match.read(line)
            journal.apply(event)
        except RuleError as err:
            assert expected["error"] == {"line": number, "message": err.message}
            return
        named = {k: v for k, v in line.items() if k in ("event", "maker", "code", "keys")}
        assert to_dict(event) == named  # what the spec names, nothing lost or added
        assert parse_event(line, header.pegs, header.blanks) == event
        assert rules.parse(match, line) == event and rules.line(event) == named
    assert expected["error"] is None
    assert journal.game.summary() == {k: v for k, v in expected.items() if k != "error"}


@pytest.mark.parametrize(("line", "words"), [
    ([], "must be a JSON object"),
    ({"event": "draw"}, "not a Mastermind event"),
    ({"event": "undo"}, "not a Mastermind event"),  # the record's, not the game's
    ({"event": ["code"]}, "not a Mastermind event"),
    ({"event": "code", "code": "RGBY"}, "seat 0 or 1"),
    ({"event": "code", "maker": True, "code": "RGBY"}, "seat 0 or 1"),
    ({"event": "code", "maker": 1, "code": "RGB"}, "has 3 pegs"),
    ({"event": "guess", "code": 7}, "must be a string of 4 colour letters"),
    ({"event": "guess", "code": "RG.Y"}, "empty hole"),
    ({"event": "guess", "code": "RGBY", "keys": {"black": 3, "white": 2}}, "do not fit"),
    ({"event": "guess", "code": "RGBY", "keys": {"black": "1"}}, "whole number"),
    ({"event": "guess", "code": "RGBY", "keys": "1b"}, "keys must look like"),
])
def test_a_malformed_line_is_refused_saying_what_is_wrong(line: Any, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        parse_event(line, 4, False)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), blanks=st.booleans())
def test_a_typed_event_and_its_line_do_the_same_to_a_match(seed: int, blanks: bool) -> None:
    """Random legal matches, key pegs placed by the codemaker (wrong ones void the game):
    the match fed typed events and the match fed their lines agree at every step."""
    rng = random.Random(seed)
    header = MastermindHeader(("Ann", "Ben"), pegs=2, rows=3, blanks=blanks, games=2)
    typed, lined = MastermindMatch(header), MastermindMatch(header)
    while not typed.finished:
        event = rng.choice(list(mastermind_legal_events(typed, keys=True)))
        typed.apply(event)
        lined.apply(to_dict(event))
        assert typed.summary() == lined.summary() and typed.rows == lined.rows
    with pytest.raises(RuleError, match="the match is over"):
        typed.apply(SetCode(0, "BB"))


def test_a_typed_event_the_match_does_not_expect_is_refused_and_changes_nothing() -> None:
    match = MastermindMatch(MastermindHeader(("Ann", "Ben")))
    with pytest.raises(RuleError, match="no code is set yet"):
        match.apply(PlaceRow("RGBY"))
    with pytest.raises(RuleError, match="seat 0 or 1"):
        match.apply(SetCode(2, "RGBY"))
    with pytest.raises(RuleError, match="which is not a colour"):
        match.apply(SetCode(0, "RGBQ"))
    match.apply(SetCode(0, "RGBY"))
    with pytest.raises(RuleError, match="already set"):
        match.apply(SetCode(0, "RGBY"))
    with pytest.raises(RuleError, match="do not fit"):
        match.apply(PlaceRow("RGBY", Feedback(4, 1)))
    assert match.rows == [] and match.code == "RGBY"
