"""The first evening's snags (issue 33), each as a newcomer met it: what the shared screen
says while a drawn panel waits, and what the table is told when nothing seems to happen."""

from __future__ import annotations

import random

import pytest

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnStep, TurnView
from coda_pi.rules.tiles import legal_slots
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

OK, PREV, NEXT = Button.OK, Button.PREV, Button.NEXT


def _table(players: int, seed: int = 0, **setup) -> tuple[Referee, Table]:
    clock = FakeClock()
    ref = Referee(clock=clock, rng=random.Random(seed), record=MemoryRecord(),
                  setup=SetupDefaults(names=("Ann", "Ben", "Cy", "Di")[:players],
                                      players=players, **{"timer": False} | setup))
    return ref, Table(ref, clock)


def _play_until(ref: Referee, table: Table, seed: int, done) -> bool:
    player = AutoPlayer(random.Random(seed))
    for _ in range(3000):
        if done(ref):
            return True
        if ref.over:
            return False
        for intent in player.decide(ref.view(), ref.private_view()):
            table.send(intent)
    return False


def _attacking_after_a_draw(ref: Referee) -> bool:
    screen = ref.view().screen
    return isinstance(screen, TurnView) and screen.drew and screen.step in (
        TurnStep.TARGET, TurnStep.SLOT)


def test_two_seats_the_drawing_seat_is_told_to_hold_its_button_as_with_three() -> None:
    for players in (3, 2):
        ref, table = _table(players)
        assert _play_until(ref, table, 1, _attacking_after_a_draw)
        prompt = ref.view().screen.prompt
        told = ("Hold yours to see your panel", "Hold your button to see your panel")
        assert any(words in prompt for words in told), (players, prompt)


def _claiming_with_a_refusable_place(ref: Referee) -> bool:
    screen = ref.view().screen
    game = ref.game
    if not (isinstance(screen, TurnView) and screen.step is TurnStep.CLAIM_HIDDEN
            and game is not None and game.drawn is not None):
        return False
    row = [s.tile for s in game.rows[game.turn]]
    return len(legal_slots(row, game.drawn)) <= len(row)


def test_a_refused_placement_leaves_a_hint_on_the_shared_screen_to_hold_the_button() -> None:
    ref, table = _table(2, seed=3)
    assert _play_until(ref, table, 4, _claiming_with_a_refusable_place)
    game = ref.game
    row = [s.tile for s in game.rows[game.turn]]
    bad = next(k for k in range(len(row) + 1) if k not in legal_slots(row, game.drawn))
    table.tap(NEXT, (bad - ref.view().screen.claim_slot) % (len(row) + 1))
    table.tap(OK)
    view = ref.view()
    assert view.screen.step is TurnStep.CLAIM_HIDDEN  # refused: still placing
    shown = " ".join(filter(None, (view.screen.prompt, view.banner and view.banner.text)))
    assert "hold your button" in shown.lower(), shown
    # The reason stays the player's own: only the held button shows it.
    table.press(Button.for_seat(game.turn))
    why = ref.private_view().message
    table.release(Button.for_seat(game.turn))
    assert why and why not in shown


def _final_texts(names: tuple[str, ...], rounds: int, size: tuple[int, int], language: str,
                 ) -> list[str]:
    import pygame

    from coda_pi.i18n import in_language
    from coda_pi.referee.shared.views import FinalView, PublicView, StandingView
    from coda_pi.ui.scene import Scene
    from coda_pi.ui.screens import draw_scene
    from coda_pi.ui.text import recording_text

    pygame.font.init()
    standings = tuple(StandingView(rank=i + 1, seat=i, name=name, total=30 - i,
                                   rounds=tuple(range(rounds)))
                      for i, name in enumerate(names))
    with in_language(language):
        scene = Scene(PublicView(screen=FinalView(standings=standings, winners=(0,),
                                                  ended_early=False, prompt="OK"),
                                 table=None, title="Final standings"))
        with recording_text() as log:
            draw_scene(pygame.Surface(size), scene)
    return [d.text for d in log]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(320, 240), (480, 320), (800, 480)], ids=str)
@pytest.mark.parametrize("rounds", [1, 3])
def test_final_standings_never_cut_a_seat_name_that_has_room(language, size, rounds) -> None:
    for players in (2, 3, 4):
        names = tuple(f"Seat {n}" for n in range(1, players + 1))
        drawn = _final_texts(names, rounds, size, language)
        assert not [t for t in drawn if t.endswith("…")], drawn


def _drawn_texts(view, size: tuple[int, int] = (800, 480)) -> list[str]:
    import pygame

    from coda_pi.ui.scene import Scene
    from coda_pi.ui.screens import draw_scene
    from coda_pi.ui.text import recording_text

    pygame.font.init()
    with recording_text() as log:
        draw_scene(pygame.Surface(size), Scene(view))
    return [d.text for d in log]


@pytest.mark.parametrize("language", ["en", "es"])
def test_one_game_ends_as_a_game_and_its_header_says_who_won_once(language) -> None:
    from coda_pi.i18n import in_language
    from coda_pi.referee.shared.views import RoundEndView

    with in_language(language):
        ref, table = _table(2, seed=5, rounds=1)
        assert _play_until(ref, table, 6,
                           lambda r: isinstance(r.view().screen, RoundEndView))
        view = ref.view()
        said = " ".join(_drawn_texts(view))
    assert "tournament" not in said and "torneo" not in said, said
    assert ("game is over" if language == "en" else "partida ha terminado") in said, said
    winner = view.screen.winner_name
    header = " ".join(filter(None, (view.banner and view.banner.text,)))
    assert header.count(winner) <= 1, header  # the title names the round's winner


def _undo(table: Table) -> None:
    table.press(Button.BACK)
    table.wait(2.5)
    table.release(Button.BACK)
    table.tap(OK)


def test_undoing_a_time_out_placement_asks_for_what_the_screen_asks() -> None:
    from coda_pi.referee.shared.views import BannerKind

    ref, table = _table(2, seed=2, timer=True)
    # A turn that drew, then lets the time run out: the drawn panel goes face up.
    assert _play_until(ref, table, 3, lambda r: isinstance(r.view().screen, TurnView)
                       and r.view().screen.step is TurnStep.SLOT and r.view().screen.drew)
    table.wait(200)
    screen = ref.view().screen
    assert screen.step is TurnStep.CLAIM_FACE_UP
    assert ref.journal.events[-1]["event"] == "timeout"
    for _ in range(20):  # the first place the order rule takes
        table.tap(OK)
        if ref.journal.events[-1]["event"] == "place":
            break
        table.tap(NEXT)
    assert ref.journal.events[-1]["event"] == "place"
    _undo(table)
    view = ref.view()
    assert view.screen.step is TurnStep.CLAIM_FACE_UP  # the screen: "Place it face up"
    banner = view.banner
    assert banner is not None and banner.kind is BannerKind.INFO
    # The time-out stands: only where the panel went face up is taken back.
    assert banner.text.startswith("Took back the place."), banner.text
    assert "penalty" not in banner.text, banner.text


def test_undoing_a_wrong_guess_asks_nobody_to_stand_a_panel_up() -> None:
    from coda_pi.referee.shared.views import BannerKind

    ref, table = _table(2, seed=7)
    assert _play_until(ref, table, 8, lambda r: r.view().banner is not None
                       and r.view().banner.kind is BannerKind.BAD
                       and r.journal.events[-1]["event"] == "guess")
    _undo(table)
    text = ref.view().banner.text
    assert text.startswith("Took back the guess"), text
    assert "stand it up" not in text and "fell" not in text, text


def test_a_one_page_review_offers_no_more_pages() -> None:
    from coda_pi.referee.shared.review import GameReview

    one_page = GameReview([], ("Ann", "Ben"))
    assert one_page.pages == 1
    prompt = one_page.view().prompt
    assert "PREV/NEXT" not in prompt and "standings" in prompt, prompt


def test_the_config_problem_notice_reads_as_one_sentence_with_one_way_on() -> None:
    from coda_pi.app.build import config_notices
    from coda_pi.app.resume import _say_on_screen
    from coda_pi.config import parse_config

    _config, problems = parse_config('[screen]\nlanguag = "es"\n')
    assert problems and "did you mean 'language'?" in problems[0].sentence
    ref, _table_ = _table(2)
    notice = _say_on_screen(ref, resumed=False, troubles=config_notices(problems),
                            clock=FakeClock()).view().overlay
    assert not notice.text.endswith("?."), notice.text
    assert notice.text.endswith("?"), notice.text
    keys = f"{notice.ok_label} {notice.back_label}"
    assert keys.count("go on") == 1, keys
