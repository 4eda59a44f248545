"""Table-pool play end to end: golden records replay to hand-derived objects, `coda-pi analyze`
gives hand-counted odds, and the review finds the sure guess a player left untaken."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from test_deduction_bruteforce import enumerate_deals

from coda_pi.record import read_record
from coda_pi.replay import replay_file
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.deduction import analyze
from coda_pi.rules.deduction_review import review
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.tiles import Tile

RECORDS = Path(__file__).resolve().parent / "records" / "table-pool"
GOLDEN = sorted(RECORDS.glob("*.jsonl"))


def analyze_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "coda_pi.cli", "analyze", *args],
                          capture_output=True, text=True, check=False)


def test_the_golden_records_are_there() -> None:
    assert len(GOLDEN) >= 5


@pytest.mark.parametrize("record", GOLDEN, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_expected_object(record: Path) -> None:
    expected = json.loads(record.with_suffix(".expected.json").read_text())
    replay = replay_file(record)
    assert replay.summary() == expected
    assert replay.exit_code == (2 if expected["error"] else 0)


def test_the_bonus_counts_the_entered_panels_and_the_unplaced_drawn_one() -> None:
    # Ann: 2 right guesses + 3 for Ben's last panel + 5 for the round + D5, L6, drawn L10.
    replay = replay_file(RECORDS / "bonus.jsonl")
    assert replay.summary()["totals"] == [2 + 3 + 5 + 5 + 6 + 10, 0]


def test_a_revealed_panel_must_be_named_in_its_own_colour() -> None:
    # Fixed in coda.py: a dark panel knocked down as "L1" used to become D1 silently.
    replay = replay_file(RECORDS / "reveal-wrong-colour.jsonl")
    assert replay.error is not None and replay.error.line == 6
    assert "dark" in replay.error.message


def test_bonus_panels_must_be_named_in_their_own_colours() -> None:
    replay = replay_file(RECORDS / "bonus-wrong-colour.jsonl")
    assert replay.error is not None and replay.error.line == 14
    assert replay.game.finished is False


def test_analyze_json_gives_hand_counted_odds() -> None:
    # Ben's row is D3 [dark] D5: only D4. Ann's row is [dark] [light] [light] [light]
    # rising: a dark d of D0-D2 or D6-D9 (D3, D4, D5 are Ben's) and three lights numbered
    # d or more: sum of C(12 - d, 3) = 220 + 165 + 120 + 20 + 10 + 4 + 1 = 540 deals.
    run = analyze_cli(str(RECORDS / "sure-guess.jsonl"), "--json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["worlds"] == 540
    assert out["seats"][1] == [{"slot": 1, "p": {"D4": 1.0}, "exact": {"D4": "1"}}]
    ann = out["seats"][0]
    assert [s["slot"] for s in ann] == [0, 1, 2, 3]
    assert Fraction(ann[0]["exact"]["D0"]) == Fraction(220, 540)
    assert ann[0]["p"]["D0"] == pytest.approx(220 / 540)
    # L11 last: C(11 - d, 2) for the same darks = 55 + 45 + 36 + 10 + 6 + 3 + 1.
    assert Fraction(ann[3]["exact"]["L11"]) == Fraction(156, 540)
    for slot in ann:
        assert sum(Fraction(f) for f in slot["exact"].values()) == 1
    assert out["drawn"] is None and out["contradiction"] is None


def test_analyze_readable_names_the_players_and_the_certain_panel() -> None:
    run = analyze_cli(str(RECORDS / "sure-guess.jsonl"))
    assert run.returncode == 0
    assert "540 consistent deals" in run.stdout
    assert "Ben:" in run.stdout and "D4 100%" in run.stdout


def test_analyze_names_a_wrong_answer_that_must_have_been_right() -> None:
    run = analyze_cli(str(RECORDS / "wrong-but-right.jsonl"), "--json")
    assert run.returncode == 2
    # Replay refuses the line as the device does (issue 24), and the position before it is
    # analysed: there D4 is the only panel that can stand at Ben's panel 2.
    assert ('line 8: Ben answered "wrong" to D4 at panel 2, but D4 is the only panel that can '
            'stand there') in run.stderr
    out = json.loads(run.stdout)
    assert out["contradiction"] is None
    assert out["seats"][1] == [{"slot": 1, "p": {"D4": 1.0}, "exact": {"D4": "1"}}]


def test_review_finds_the_untaken_sure_guess_and_ranks_the_bold_ones() -> None:
    run = analyze_cli(str(RECORDS / "sure-guess.jsonl"), "--review", "--json")
    assert run.returncode == 0
    out = json.loads(run.stdout)
    assert out["missed_certainties"] == [{
        "line": 8, "round": 1, "seat": 0, "ended_by": "stop",
        "sure": [{"target": 1, "slot": 1, "tile": "D4"}],
    }]
    # The chances, from the public view before each guess, by the brute-force enumerator.
    text = read_record(RECORDS / "sure-guess.jsonl")
    witness = Witness(CodaGame.from_header(text.lines[0].obj))
    chances = {}
    for line in text.lines[1:]:
        event = parse_event(line.obj)
        if line.number in (6, 7):
            brute = enumerate_deals(witness.view(0))
            tile = Tile.parse("D" + line.obj["value"])
            chances[line.number] = brute.probs((1, line.obj["slot"]))[tile]
        witness.apply(event)
    hits = out["risky_hits"]
    assert [h["line"] for h in hits] == sorted(chances, key=lambda n: chances[n])
    for h in hits:
        assert Fraction(h["exact"]) == chances[h["line"]]


def test_review_of_a_device_game_sees_with_each_players_own_panels() -> None:
    # Device-pool: the record knows every panel, but each player sees only their own.
    lines = [
        {"game": "coda", "players": ["Ann", "Ben"], "hand": 2},
        {"event": "round"},
        {"event": "deal", "seat": 0, "row": ["D3", "D5"]},
        {"event": "deal", "seat": 1, "row": ["D4", "L4"]},
        {"event": "draw", "seat": 0, "tile": "L0"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 1, "value": "9"},
        {"event": "place", "seat": 0, "slot": 0},
    ]
    result = review(lines[0], list(enumerate(lines[1:], 2)))
    assert result.hits == []
    assert result.missed == []  # nothing was certain for Ann
    witness = Witness(CodaGame.from_header(lines[0]))
    for obj in lines[1:]:
        witness.apply(parse_event(obj))
    ann, public = analyze(witness.view(0)), analyze(witness.view(None))
    assert ann.worlds == enumerate_deals(witness.view(0)).worlds
    assert public.worlds == enumerate_deals(witness.view(None)).worlds
    assert ann.worlds < public.worlds  # her own panels are knowledge


def witness_of(record: Path, *, through_error: bool = False) -> Witness:
    """The table as it stood after the record's last good line (``through_error``: after
    the line replay refuses too, such as the one after which no deal fits)."""
    text = read_record(record)
    replay = replay_file(record)
    stop = replay.error.line + through_error if replay.error else None
    witness = Witness(CodaGame.from_header(text.lines[0].obj))
    for line in text.lines[1:]:
        if stop is not None and line.number >= stop:
            break
        witness.apply(parse_event(line.obj))
    return witness


@pytest.mark.parametrize("name", ["bonus", "bonus-wrong-colour", "reveal-empty-pool",
                                  "sure-guess", "wrong-but-right"])
def test_golden_positions_have_the_enumerators_count(name: str) -> None:
    # (reveal-wrong-colour leaves 24 panels standing: too many deals to list in a test.)
    view = witness_of(RECORDS / f"{name}.jsonl", through_error=name == "wrong-but-right").view()
    result = analyze(view)
    brute = enumerate_deals(view)
    assert result.worlds == brute.worlds
    # Every record but the one with the lie is a table that could really have been dealt.
    assert (result.contradiction is None) == (name != "wrong-but-right")
