"""Opening Results must not replay every past record each time (issue 12, item 10): each
record's summary is kept while the file is unchanged, and losing the cache loses nothing."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest

from coda_pi import replay
from coda_pi.datadir import new_record_path, results
from coda_pi.results_cache import CACHE_NAME

SPEC = Path(__file__).parent / "records" / "spec"


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """How many records were replayed (not taken from the cache)."""
    count = [0]
    real = replay.replay_bytes  # the cache imports it when it replays (not at a start)

    def counting(data: bytes):
        count[0] += 1
        return real(data)

    monkeypatch.setattr(replay, "replay_bytes", counting)
    return count


def listing(data: Path) -> list[dict]:
    return [r.to_dict() for r in results(data)]


def fill(data: Path, n: int) -> list[Path]:
    paths = []
    for i in range(n):
        path = new_record_path(data, "coda")
        shutil.copy(SPEC / ("sweep.jsonl" if i % 2 else "miss-place-undo.jsonl"), path)
        paths.append(path)
    return paths


def test_a_second_look_replays_nothing_and_shows_the_same(tmp_path, replays):
    fill(tmp_path, 6)
    first = listing(tmp_path)
    assert replays[0] == 6 and (tmp_path / CACHE_NAME).is_file()
    assert listing(tmp_path) == first
    assert replays[0] == 6  # all from the cache


def test_a_record_that_changed_is_replayed_again(tmp_path, replays):
    paths = fill(tmp_path, 3)
    listing(tmp_path)
    unfinished = paths[0]  # miss-place-undo: unfinished
    with open(unfinished, "a") as f:
        f.write('{"event": "undo"}\n')
    after = {r["file"]: r for r in listing(tmp_path)}
    assert replays[0] == 4
    # What the list shows is the record as it is now.
    from coda_pi.replay import replay_file

    expected = replay_file(unfinished).summary()
    assert after[unfinished.name]["totals"] == expected["totals"]


def test_a_record_swapped_for_another_of_the_same_name_is_not_taken_from_the_cache(
        tmp_path, replays):
    paths = fill(tmp_path, 2)
    listing(tmp_path)
    swapped = tmp_path / "tmp.jsonl.new"
    shutil.copy(SPEC / "empty-pool.jsonl", swapped)
    swapped.replace(paths[1])
    after = {r["file"]: r for r in listing(tmp_path)}
    assert replays[0] == 3
    assert after[paths[1].name]["players"] == json.loads(
        (SPEC / "empty-pool.jsonl").read_text().splitlines()[0])["players"]


@pytest.mark.parametrize("damage", [b"", b"{", b"[]", b'{"version": 1, "records": []}',
                                    b'{"version": 1, "records": {"x": {"key": [1, 2, 3, 4], '
                                    b'"summary": {"players": 5}}}}', b"\xff" * 100])
def test_a_lost_or_damaged_cache_loses_nothing(tmp_path, replays, damage):
    fill(tmp_path, 4)
    before = listing(tmp_path)
    (tmp_path / CACHE_NAME).write_bytes(damage)
    assert listing(tmp_path) == before
    (tmp_path / CACHE_NAME).unlink()
    assert listing(tmp_path) == before


def test_a_cache_that_lies_about_a_record_is_not_believed_once_the_file_differs(tmp_path):
    paths = fill(tmp_path, 1)
    listing(tmp_path)
    doc = json.loads((tmp_path / CACHE_NAME).read_text())
    doc["records"][paths[0].name]["summary"]["players"] = ["Mallory", "Eve"]
    doc["records"][paths[0].name]["key"][2] += 1  # a size the file does not have
    (tmp_path / CACHE_NAME).write_text(json.dumps(doc))
    assert "Mallory" not in listing(tmp_path)[0]["players"]


def test_a_data_directory_where_the_cache_cannot_be_saved_still_lists_its_games(
        tmp_path, replays, monkeypatch):
    fill(tmp_path, 2)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", full)  # the cache imports it when saving
    tmp_path.chmod(0o555)
    try:
        assert len(listing(tmp_path)) == 2
    finally:
        tmp_path.chmod(0o755)


@pytest.mark.parametrize("error", [
    {"say": "{0} {a.b}", "with": {}}, {"say": "{panel}", "with": {"panel": [1]}},
    {"say": 3, "with": {}}, {"say": "{x}", "with": {"x": [1]}}, ["line", 3],
])
def test_a_cached_reason_that_is_no_sentence_replays_the_record(tmp_path, replays, error):
    # The reason a record is broken is cached as a sentence (so it can be said in Spanish);
    # a damaged one must neither crash the list nor make the broken record look whole.
    broken = new_record_path(tmp_path, "coda")
    shutil.copy(Path(__file__).parent / "records" / "errors" / "wrong-turn.jsonl", broken)
    first = listing(tmp_path)
    assert first[0]["error"]
    doc = json.loads((tmp_path / CACHE_NAME).read_text())
    doc["records"][broken.name]["summary"]["error"] = error
    (tmp_path / CACHE_NAME).write_text(json.dumps(doc))
    replays[0] = 0
    assert listing(tmp_path) == first
    assert replays[0] == 1


def test_a_broken_records_reason_is_said_in_spanish_from_the_cache(tmp_path):
    from coda_pi.app.records import result_rows
    from coda_pi.i18n import in_language

    broken = new_record_path(tmp_path, "coda")
    shutil.copy(Path(__file__).parent / "records" / "errors" / "wrong-turn.jsonl", broken)
    listing(tmp_path)  # now cached
    with in_language("es"):
        notes = [row.note for row in result_rows(tmp_path)]
    assert notes and notes[0].startswith("registro roto en línea ") and "turno" in notes[0]


@pytest.mark.parametrize("lie", [
    {"totals": [1, 2, 3, 4, 5]},  # more points than players
    {"players": ["Solo"]},  # fewer players than points
])
def test_a_cache_whose_lists_do_not_fit_its_players_is_rebuilt(tmp_path, replays, lie):
    """`coda-pi results` exited 70 on a cache whose lists did not match its players
    (issue 22, item 12): such an entry is not believed, the record is replayed, and the cache
    is written again as the record says."""
    import os
    import subprocess
    import sys

    fill(tmp_path, 2)
    first = listing(tmp_path)
    cache = tmp_path / CACHE_NAME
    doc = json.loads(cache.read_text())
    for entry in doc["records"].values():
        entry["summary"].update(lie)
    cache.write_text(json.dumps(doc))
    done = subprocess.run(
        [sys.executable, "-m", "coda_pi.cli", "results", str(tmp_path), "--json"],
        capture_output=True, text=True, timeout=120,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == first
    rebuilt = json.loads(cache.read_text())["records"]
    assert all(len(e["summary"]["totals"]) == len(e["summary"]["players"])
               for e in rebuilt.values())
