"""Small readability fixes found by looking at the screens (issue 14):

- the banner after an undo fits the header beside the name of whose turn it is, at every
  size, in both languages and every pool mode's words, and its Spanish agrees;
- the BACK menu speaks the table's words (cards with the Rainbow deck);
- table-pool play's colour choice says the pool lies face down, not "in the box";
- the fix dial's arrows are as readable as the words.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from coda_pi.i18n import LANGUAGES, in_language
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.overlays import MENU_TEXT, Menu, overlay_view
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import Banner, BannerKind, DealView, TurnStep, TurnView
from coda_pi.rules.panel_entry import keys_to_enter
from coda_pi.rules.tiles import Tile
from coda_pi.sim.table_pool_hands import HiddenTable
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table
from coda_pi.ui import entry_screens
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.samples import sample_scenes, undone_banners
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import DrawnText, cap_floor, recording_text

SMALL = ((320, 240), (480, 320))
KEY_BUTTON = {"prev": Button.PREV, "next": Button.NEXT, "ok": Button.OK, "back": Button.BACK}


def _drawn(scene: Scene, size: tuple[int, int]) -> list[DrawnText]:
    if not pygame.font.get_init():
        pygame.font.init()
    with recording_text() as log:
        draw_scene(pygame.Surface(size), scene)
    return log


def _faults(drawn: list[DrawnText], height: int) -> list[str]:
    return [d.text for d in drawn
            if d.overflows or d.text.endswith("…") or d.cap < cap_floor(height, d.role)]


# -- the banner after an undo ---------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("labels", ["panels", "cards"])
def test_every_undo_banner_fits_the_header_whole(language: str, labels: str) -> None:
    with in_language(language):
        scenes = sample_scenes()
        banners = undone_banners(labels)
        # Each kind on the screen play comes back to: a turn (the name "Ann" beside it), a
        # deal in each pool mode (Benedict's), or the round's end for the start of a round.
        back_to = {"round": "round-end", "deal": "deal", "table-deal": "tp-deal",
                   "entered-deal": "entry-deal"}
        assert {"guess", "draw", "deal", "stop", "place", "reveal", "timeout", "round",
                "table-deal", "table-draw", "entered-deal", "entered-draw"} <= set(banners)
        for kind, text in banners.items():
            base = scenes[back_to.get(kind, "turn-guess")]
            scene = Scene(replace(base.view, labels=labels,
                                  banner=Banner(text, BannerKind.INFO)), leds=base.leds)
            for size in SIZES:
                drawn = _drawn(scene, size)
                faults = _faults(drawn, size[1])
                assert not faults, f"{kind} at {size}: {faults}"
                # Every word of the banner is on the screen (nothing dropped).
                shown = " ".join(d.text for d in drawn)
                assert all(word in shown for word in text.split()), (kind, size, shown)


def test_the_undo_banner_says_in_few_words_what_was_taken_back() -> None:
    banners = undone_banners()
    assert banners["guess"] == "Took back the guess. Dmitri: if panel 3 fell, stand it up."
    assert banners["draw"] == "Took back the draw. Put the drawn panel back in the box."
    assert banners["table-draw"] == "Took back the draw. Put it back face down."
    assert banners["round"] == "Took back the start of the round."
    cards = undone_banners("cards")
    assert cards["draw"] == "Took back the draw. Put the drawn card back in the deck."
    assert all("panel" not in text and "box" not in text for text in cards.values())
    # The draw says nothing of which panel it was: the table must not learn it.
    assert "5" not in banners["draw"] and "light" not in banners["draw"]


def test_the_spanish_undo_banners_agree() -> None:
    with in_language("es"):
        banners = undone_banners() | {f"cards {k}": v for k, v in
                                      undone_banners("cards").items()}
    # One thing taken back, its word agreeing: "Parada deshecha", never "Se deshizo las
    # fichas".
    assert banners["deal"] == "Reparto deshecho. Guárdalas."
    assert banners["stop"].startswith("Parada deshecha. ")
    assert banners["cards draw"] == "Robo deshecho. Mete la carta robada en el mazo."
    assert not any("deshizo" in text or " a el " in text or " de el " in text
                   for text in banners.values())


def test_an_undo_in_play_shows_the_short_banner() -> None:
    clock = FakeClock()
    ref = Referee(clock=clock, rng=random.Random(2), record=MemoryRecord(),
                  setup=SetupDefaults(names=("Ann", "Ben"), players=2, timer=False))
    table = Table(ref, clock)
    table.tap(Button.OK)  # Start
    while isinstance(screen := ref.view().screen, DealView):
        table.press(table.seat(screen.seat))
        table.tap(Button.OK)
        table.release(table.seat(screen.seat))
    screen = ref.view().screen
    assert isinstance(screen, TurnView) and screen.step is TurnStep.CHOOSE_COLOR
    table.tap(Button.OK)  # draw
    table.tap(Button.BACK)  # the menu
    items = ref.view().overlay.items
    table.tap(Button.NEXT, items.index("Undo the last action"))
    table.tap(Button.OK)
    table.tap(Button.OK)  # yes
    assert ref.view().banner.text == "Took back the draw. Put the drawn panel back in the box."


# -- the BACK menu in the table's words -------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_menu_line_says_panel_with_the_cards(language: str) -> None:
    every = Menu(tuple(MENU_TEXT))
    with in_language(language):
        cards = overlay_view(every, "cards").items
        panels = overlay_view(every, "panels").items
    assert not any(word in item for item in cards for word in ("panel", "ficha"))
    fix = {"en": ("Fix a card entered wrong", "Fix a panel entered wrong"),
           "es": ("Corregir una carta mal introducida", "Corregir una ficha mal introducida")}
    assert fix[language][0] in cards and fix[language][1] in panels


def test_the_referee_s_menu_says_card_when_the_table_plays_cards() -> None:
    """Entered-pool play with the Rainbow deck: a fallen card brings "Fix a card" to the menu."""
    clock = FakeClock()
    ref = Referee(clock=clock, rng=random.Random(3), record=MemoryRecord(),
                  setup=SetupDefaults(names=("Ann", "Ben"), pool="entered", timer=False,
                                      labels="cards"))
    table = Table(ref, clock)
    table.tap(Button.OK)

    def enter_held(seat: int, panels: list[str]) -> None:
        table.press(Button.for_seat(seat))
        for key in keys_to_enter(ref.pool.entry, [Tile.parse(t) for t in panels]):  # type: ignore[attr-defined]
            table.tap(KEY_BUTTON[key.value])
        table.release(Button.for_seat(seat))

    enter_held(0, ["D1", "L4", "D7", "L10"])
    enter_held(1, ["D0", "L3", "D6", "L11"])
    if not ref.view().screen.color_dark:
        table.tap(Button.NEXT)
    table.tap(Button.OK)
    enter_held(0, ["D5"])
    table.tap(Button.for_seat(1))
    table.tap(Button.NEXT)  # Ben's card 2
    table.tap(Button.OK)
    table.tap(Button.NEXT, 3)
    table.tap(Button.OK)  # "3": right, the card falls
    table.tap(Button.BACK)  # the menu
    for language, word in (("en", "Fix a card entered wrong"),
                           ("es", "Corregir una carta mal introducida")):
        with in_language(language):
            items = ref.view().overlay.items
        assert word in items
        assert not any(w in item for item in items for w in ("panel", "ficha"))


# -- table-pool play's colour choice -----------------------------------------------------------


def test_the_table_pool_colour_choice_says_face_down_not_in_the_box() -> None:
    clock = FakeClock()
    ref = Referee(clock=clock, rng=random.Random(0), record=MemoryRecord(),
                  setup=SetupDefaults(names=("Ann", "Ben"), players=2, pool="table",
                                      timer=False))
    table = Table(ref, clock)
    table.tap(Button.OK)  # Start
    hidden = HiddenTable.from_rows(table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"]])
    hidden.enter_row(0)
    hidden.enter_row(1)
    view = ref.view()
    assert isinstance(view.screen, TurnView) and view.screen.step is TurnStep.CHOOSE_COLOR
    assert view.screen.pool_on_table
    for language, face_down, box in (("en", "face down", "in the box"),
                                     ("es", _spanish("face down"), "en la caja")):
        for size in SIZES:
            with in_language(language):
                words = {d.text for d in _drawn(Scene(view, leds=ref.leds()), size)}
            assert face_down in words or any(face_down in w for w in words), (language, size)
            assert not any(box in w for w in words), (language, size, words)


def _spanish(text: str) -> str:
    from coda_pi.i18n import _

    with in_language("es"):
        return _(text)


# -- the dials' arrows (the fix, an entered panel, the number guessed) ----------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["entry-fix-number", "entry-draw-private", "turn-guess"])
def test_the_dial_arrows_are_as_tall_as_the_words(name: str, size: tuple[int, int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    triangles: list[list[tuple[int, int]]] = []
    real = pygame.draw.polygon

    def polygon(surface, colour, points, *args):  # type: ignore[no-untyped-def]
        if len(points) == 3:
            triangles.append([tuple(p) for p in points])
        return real(surface, colour, points, *args)

    monkeypatch.setattr(entry_screens.pygame.draw, "polygon", polygon)
    _drawn(sample_scenes()[name], size)
    assert len(triangles) == 2, "PREV and NEXT: one arrow each side of the dial"
    for points in triangles:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert max(ys) - min(ys) >= cap_floor(size[1])
        assert max(xs) - min(xs) >= cap_floor(size[1]) * 3 // 4
        assert min(xs) >= 0 and max(xs) < size[0]
        assert min(ys) >= 0 and max(ys) < size[1]
    left, right = sorted(triangles, key=lambda pts: min(p[0] for p in pts))
    assert max(p[0] for p in left) < min(p[0] for p in right)


def test_the_spanish_box_and_deck_read_right_after_a_preposition() -> None:
    """"a el mazo" and "de el mazo" are wrong Spanish ("al", "del"): sentences that take
    {the_box} say "en" before it, which reads right with "la caja" and "el mazo" alike."""
    from coda_pi.i18n_catalogs import read_catalog

    catalog = read_catalog("es")
    wrong = [m.string for m in catalog if m.id and isinstance(m.string, str)
             and any(f"{p} {{the_box}}" in m.string for p in ("a", "de"))]
    assert not wrong


def test_mastermind_s_undo_names_the_code_inside_its_sentence() -> None:
    from coda_pi.i18n import _
    from coda_pi.referee.mastermind.board import describe
    from coda_pi.rules.mastermind_events import SetCode

    code = SetCode(maker=0, code="RGBY")
    with in_language("es"):
        said = _("Took back {what}").format(what=describe(code, ("Ana", "Beto")))
    assert said == "Se deshizo el código de Ana"  # not "Se deshizo Código de Ana"
    assert describe(code, ("Ann", "Ben")) == "the code Ann set"
