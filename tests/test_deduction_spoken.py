"""The engine's sentences reach people in their language: the rules keep English (and no
gettext); the screen and `analyze` translate each sentence, its phrases and colour words."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from coda_pi.i18n import in_language, spoken
from coda_pi.i18n_catalogs import read_catalog
from coda_pi.rules.deduction import Panel, View, analyze
from coda_pi.rules.sentence import Sentence, say
from coda_pi.rules.tiles import Color, Tile

D, L = Color.DARK, Color.LIGHT
NAMES = ("Ann", "Ben")
RECORDS = Path(__file__).parent / "records" / "table-pool"


def up(text: str) -> Panel:
    tile = Tile.parse(text)
    return Panel(tile.color, tile, revealed=True)


def hid(color: Color, *missed: str) -> Panel:
    return Panel(color, missed=frozenset(missed))


def why(*rows: tuple[Panel, ...], drawn: Panel | None = None) -> str:
    result = analyze(View(tuple(rows), False, drawn, 0 if drawn else None, NAMES))
    assert result.contradiction is not None
    return result.contradiction


# One position for every sentence the engine can say (and each of its phrases).
POSITIONS = {
    "out of order": lambda: why((up("D8"), up("L7"))),
    "only one": lambda: why((up("D8"), up("D8"))),
    "two places": lambda: why((up("D5"),), (hid(L), up("D5"))),
    "short colour": lambda: why(tuple(hid(D) for _ in range(13))),
    "short with drawn": lambda: why(tuple(hid(D) for _ in range(12)), drawn=Panel(D)),
    "nothing fits between": lambda: why((up("D3"), hid(D), up("D4"))),
    "nothing fits left": lambda: why((hid(L), up("L0"))),
    "only panel": lambda: why((), (up("D3"), hid(D, "4"), up("D5"))),
    "all answered": lambda: why((up("D2"), hid(D, "3", "4"), up("D5"))),
    "whole row": lambda: why((up("D2"), hid(D, "3"), hid(D, "5"), up("D6"))),
    "stretch": lambda: why((up("D2"), hid(D), hid(D), up("D4"))),
    "two rows": lambda: why((up("D2"), hid(D), up("L3")), (up("L2"), hid(D), up("D4"))),
    "answers": lambda: why((up("D2"), hid(D, "4"), up("D5")), (up("L2"), hid(D, "4"), up("L4"))),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_sentence_is_english_for_the_rules_and_spanish_for_people(name: str) -> None:
    sentence = POSITIONS[name]()
    assert isinstance(sentence, Sentence)
    with in_language("en"):
        assert spoken(sentence) == sentence  # English is the rules' own text
    with in_language("es"):
        spanish = spoken(sentence)
    assert spanish != sentence
    # Every English word of the engine is gone; names and panels stay.
    for word in ("panel", "answered", "wrong", "dark", "light", "row ", "between", "cannot"):
        assert word not in spanish, (word, spanish)
    assert "{" not in spanish


def test_a_spanish_sentence_reads_as_spanish() -> None:
    with in_language("es"):
        assert spoken(why((up("D3"), hid(D), up("D4")))) == (
            "la ficha 2 de Ann es oscura, pero ninguna ficha oscura sin ver cabe entre D3 y D4")
        assert spoken(why((up("D2"), hid(D), hid(D), up("D4")))) == (
            "la fila de Ann no puede estar en orden: las fichas 2 a 3 (oscura, oscura) van "
            "entre D2 y D4, y no caben suficientes fichas sin ver")
        assert spoken(why(tuple(hid(D) for _ in range(13)))) == (
            "hay 13 fichas oscuras ocultas, pero solo 12 fichas oscuras sin ver")


def test_every_template_of_the_engine_has_a_spanish_translation() -> None:
    catalog = read_catalog("es")
    sources = {m.id: m for m in catalog if m.id}
    for name in POSITIONS:
        stack: list[object] = [POSITIONS[name]()]
        while stack:
            item = stack.pop()
            if isinstance(item, Sentence):
                stack.extend(item.params.values())
                if item.template.strip("{}").isidentifier() or item.template.startswith("{i0}"):
                    continue  # a bare name or a list: nothing to translate
                assert item.template in sources, item.template
                assert sources[item.template].string, item.template


def test_a_sentence_survives_copies_and_pickles() -> None:
    sentence = say("{tile} at {name}'s {panel} {n}", tile="D3", name="Ann", n=2)
    for again in (copy.deepcopy(sentence), pickle.loads(pickle.dumps(sentence))):
        assert again == sentence == "D3 at Ann's panel 2"
        with in_language("es"):
            assert spoken(again) == "D3 en la ficha 2 de Ann"


def test_plain_text_is_spoken_as_it_is() -> None:
    with in_language("es"):
        assert spoken("Ann") == "Ann"


def test_analyze_says_the_contradiction_in_spanish() -> None:
    env = {**os.environ, "LANGUAGE": "es"}
    run = subprocess.run(
        [sys.executable, "-m", "coda_pi.cli", "analyze", str(RECORDS / "wrong-but-right.jsonl")],
        capture_output=True, text=True, check=False, env=env)
    assert run.returncode == 2, run.stderr
    assert ("Ben respondió «fallo» a D4 en la ficha 2, pero D4 es la única ficha que puede "
            "ir ahí") in run.stdout + run.stderr  # replay refuses the line (issue 24)


def test_mastermind_contradictions_are_spoken_in_spanish_too() -> None:
    from coda_pi.rules.mastermind_deduction import Contradiction

    assert Contradiction(3, (1,)).message == "row 3's answer contradicts row 1's"
    with in_language("es"):
        assert spoken(Contradiction(3, (1,)).message) == (
            "la respuesta a la fila 3 contradice la de la fila 1")
        assert spoken(Contradiction(4, (1, 2)).message) == (
            "la respuesta a la fila 4 contradice las de las filas 1 y 2 juntas")
        assert "ningún código" in spoken(Contradiction(2, ()).message)
