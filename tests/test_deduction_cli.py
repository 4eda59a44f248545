"""`coda-pi analyze` on awkward records, and the review's claims checked against the truth."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from test_deduction_bruteforce import enumerate_deals
from test_rules_properties import legal_event

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.deduction_review import review
from coda_pi.rules.deduction_view import Witness

HEADER = {"game": "coda", "players": ["Ann", "Ben"], "hand": 3}
LINES = [
    HEADER,
    {"event": "round"},
    {"event": "deal", "seat": 0, "row": ["D1", "L4", "D9"]},
    {"event": "deal", "seat": 1, "row": ["D2", "L6", "L10"]},
    {"event": "draw", "seat": 0, "tile": "D7"},
]


def write(tmp_path: Path, lines: list[dict], name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(obj) + "\n" for obj in lines))
    return path


def analyze_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "coda_pi.cli", "analyze", *args],
                          capture_output=True, text=True, check=False)


def test_an_undone_guess_leaves_no_answer_behind(tmp_path: Path) -> None:
    wrong = {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "0"}
    undone = analyze_cli(str(write(tmp_path, [*LINES, wrong, {"event": "undo"}])), "--json")
    plain = analyze_cli(str(write(tmp_path, LINES, "plain.jsonl")), "--json")
    assert undone.returncode == plain.returncode == 0
    assert json.loads(undone.stdout) == json.loads(plain.stdout)
    kept = analyze_cli(str(write(tmp_path, [*LINES, wrong], "kept.jsonl")), "--json")
    out = json.loads(kept.stdout)
    assert "D0" not in out["seats"][1][0]["p"]
    assert out["worlds"] < json.loads(plain.stdout)["worlds"]


def test_a_record_that_breaks_a_rule_is_analysed_up_to_the_bad_line(tmp_path: Path) -> None:
    bad = {"event": "guess", "seat": 1, "target": 0, "slot": 0, "value": "1"}  # not Ben's turn
    run = analyze_cli(str(write(tmp_path, [*LINES, bad])), "--json")
    assert run.returncode == 2
    assert "line 6" in run.stderr and "Ann" in run.stderr
    good = analyze_cli(str(write(tmp_path, LINES, "good.jsonl")), "--json")
    assert json.loads(run.stdout) == json.loads(good.stdout)


def test_the_count_matches_the_enumerator_from_each_seat(tmp_path: Path) -> None:
    path = write(tmp_path, LINES)
    witness = Witness(CodaGame.from_header(HEADER))
    for obj in LINES[1:]:
        witness.apply(parse_event(obj))
    for seat in (0, 1):
        out = json.loads(analyze_cli(str(path), "--json", "--seat", str(seat)).stdout)
        assert out["view"] == seat
        assert out["worlds"] == enumerate_deals(witness.view(seat)).worlds
    out = json.loads(analyze_cli(str(path), "--json").stdout)
    assert out["drawn"]["seat"] == 0 and set(out["drawn"]["p"]) <= {f"D{n}" for n in range(12)}


def test_not_a_coda_record_and_a_missing_seat_are_refused(tmp_path: Path) -> None:
    mm = write(tmp_path, [{"game": "mastermind", "players": ["Ann", "Ben"]}], "mm.jsonl")
    run = analyze_cli(str(mm))
    assert run.returncode == 2 and "Coda" in run.stderr
    run = analyze_cli(str(write(tmp_path, LINES)), "--seat", "5")
    assert run.returncode == 1 and "no seat 5" in run.stderr
    run = analyze_cli(str(tmp_path / "absent.jsonl"))
    assert run.returncode == 1 and "cannot read" in run.stderr


def test_what_the_review_calls_sure_is_always_true() -> None:
    # Random device games: a "sure" guess must name the panel that really stands there, and
    # a guess that paid off cannot have had no chance.
    for seed in range(6):
        rng = random.Random(seed)
        header = {"game": "coda", "players": ["Ann", "Ben", "Cy"][: 2 + seed % 2],
                  "dashes": seed % 3 == 0}
        game = CodaGame.from_header(header)
        events = []
        truth_at: list[CodaGame] = []
        while not game.finished:
            line = legal_event(game, rng)
            truth_at.append(game.copy())
            game.apply(parse_event(line))
            events.append((len(events) + 2, line))
        result = review(header, events)
        for missed in result.missed:
            before = truth_at[missed.line - 2]
            for sure in missed.sure:
                assert before.rows[sure.target][sure.slot].tile == sure.tile
        assert all(h.chance > 0 for h in result.hits)
        assert [h.chance for h in result.hits] == sorted(h.chance for h in result.hits)


def test_a_wrong_answer_exposed_when_the_panel_falls_is_a_contradiction(tmp_path: Path) -> None:
    table = [
        HEADER,
        {"event": "round"},
        {"event": "deal", "seat": 0, "row": ["D?", "L?", "L?"]},
        {"event": "deal", "seat": 1, "row": ["D?", "D?", "D?"]},
        {"event": "draw", "seat": 0, "tile": "L?"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "3", "correct": False},
        {"event": "place", "seat": 0, "slot": 3, "tile": "L11"},
        {"event": "draw", "seat": 1, "tile": "D?"},
        {"event": "guess", "seat": 1, "target": 0, "slot": 0, "value": "0", "correct": False},
        {"event": "place", "seat": 1, "slot": 3, "tile": "D11"},
    ]
    honest = analyze_cli(str(write(tmp_path, table)), "--json")
    assert honest.returncode == 0
    assert "D3" not in json.loads(honest.stdout)["seats"][1][0]["p"]
    # Ann later names the same panel 3 and Ben now says right: his first answer was a lie.
    lie = {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "3", "correct": True}
    exposed = analyze_cli(str(write(tmp_path, [*table, {"event": "draw", "seat": 0,
                                                         "tile": "D?"}, lie], "lie.jsonl")),
                          "--json")
    out = json.loads(exposed.stdout)
    assert exposed.returncode == 2
    assert out["worlds"] == 0
    assert 'answered "wrong" to 3' in out["contradiction"] and "D3" in out["contradiction"]
    # The exit 2 says why where a script's user looks for it (issue 22, item 12).
    assert "impossible position" in exposed.stderr and "D3" in exposed.stderr
