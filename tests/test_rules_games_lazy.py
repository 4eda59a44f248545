"""Mastermind's rules are imported when a record, a referee or an observer first needs them
(rules/games.py, rules/mastermind_game.py): a Coda game needs none of them, and each module
costs start-up time. Each test is a fresh process, where nothing has imported them yet."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = Path(__file__).parent / "records" / "mastermind"


def run(code: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def mastermind_modules() -> str:
    return "sorted(m for m in sys.modules if 'mastermind' in m)"


def test_a_coda_record_replays_without_mastermind_and_a_mastermind_one_with_it():
    coda = next(p for p in sorted((ROOT / "tests" / "records").glob("*.jsonl")))
    mastermind = RECORDS / "blanks.jsonl"
    report = run(f"""
import json, sys
from pathlib import Path
from coda_pi.replay import GAMES, replay_file
coda = replay_file(Path(sys.argv[1]))
before = {mastermind_modules()}
match = replay_file(Path(sys.argv[2]))
print(json.dumps({{"games": list(GAMES), "before": before, "coda": coda.header["game"],
                  "match": match.header["game"], "error": match.error is not None,
                  "totals": list(match.journal.game.totals),
                  "after": {mastermind_modules()}}}))
""", str(coda), str(mastermind))
    assert report["games"] == ["coda", "mastermind"]  # both known all along
    assert report["before"] == [] and report["coda"] == "coda"
    assert report["match"] == "mastermind" and not report["error"]
    assert report["totals"] == [0, 2]  # as tests/records/mastermind/blanks.expected.json
    assert "coda_pi.rules.mastermind_game" in report["after"]


def test_a_match_made_directly_is_observed_and_found_by_its_rules():
    report = run("""
import json
from coda_pi.rules.games import rules_of
from coda_pi.rules.mastermind import MastermindHeader, MastermindMatch
from coda_pi.rules.mastermind_events import SetCode
from coda_pi.rules.observe import observe
match = MastermindMatch(MastermindHeader(("Ann", "Ben"), pegs=2, rows=3, games=2))
match.apply(SetCode(0, "RG"))
maker, public = observe(match, 0), observe(match)
print(json.dumps({"rules": rules_of(match).name, "maker": maker.code, "public": public.code,
                  "players": list(public.players)}))
""")
    assert report == {"rules": "mastermind", "maker": "RG", "public": None,
                      "players": ["Ann", "Ben"]}
