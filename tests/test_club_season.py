"""The season's ratings read each kept game again only when its file changed
(club/season.py): what the hub appends after one request shows in the next."""

from __future__ import annotations

import json
from pathlib import Path

from club_parts import demo_lines

from coda_pi.club.export import ratings_csv


def _write(path: Path, lines: list[dict]) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def _rated(directory: Path) -> set[str]:
    return {row.split(",")[1] for row in ratings_csv(directory).splitlines()[1:]}


def test_a_game_finished_after_a_request_counts_in_the_next(tmp_path: Path) -> None:
    lines = demo_lines(1, 2)
    night = tmp_path / "night-1"
    night.mkdir()
    game = night / "table1-coda-2026-11-23T21-00-00.n1.jsonl"
    _write(game, lines[:-3])
    assert _rated(tmp_path) == set()  # not finished: not rated
    assert _rated(tmp_path) == set()  # asked again, the same
    with game.open("a") as f:  # the hub appends the end of the game
        f.write("".join(json.dumps(line) + "\n" for line in lines[-3:]))
    assert _rated(tmp_path) == {"Ann", "Ben"}
    other = night / "table2-coda-2026-11-23T21-00-00.n2.jsonl"
    _write(other, [{**lines[0], "players": ["Cy", "Dee"]}, *lines[1:]])
    assert _rated(tmp_path) == {"Ann", "Ben", "Cy", "Dee"}
    game.unlink()
    assert _rated(tmp_path) == {"Cy", "Dee"}
