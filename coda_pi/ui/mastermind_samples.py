"""Example scenes of Mastermind's screens, for ``tools/render-screens`` and the UI tests:
built by hand from the view classes, each in a crowded form (a long name, a full board)."""

from __future__ import annotations

from typing import Any

from coda_pi.referee.mastermind_views import (
    BoardRow,
    GameLine,
    MastermindPrivateView,
    MastermindPublicView,
    MastermindScreen,
    MastermindStep,
    board_row,
)
from coda_pi.referee.views import Banner, BannerKind, LedState, MenuView
from coda_pi.ui.scene import Scene

NAMES = ("Ann", "Benedict")
CODE = "RGBY"
GUESSES = ("BBGG", "GRYY", "KRYB", "RGBW", "RGKY", "YGBR", "RWBY", "RGBB", "WGBY")


def _rows(count: int) -> tuple[BoardRow, ...]:
    return tuple(board_row(CODE, guess) for guess in GUESSES[:count])


def _screen(step: MastermindStep, rows: int, **extra: Any) -> MastermindScreen:
    board = _rows(rows)
    base: dict[str, Any] = dict(
        step=step, names=NAMES, maker=0, breaker=1, device_seat=None, game_number=2, games=4,
        rows_total=10, pegs=4, palette="BGKRWY", board=board, totals=(6, 4),
        results=(GameLine(1, 1, 4, True, False, (0, 4)),),
        prompt="", keys=(board[-1].black, board[-1].white) if board else None,
    )
    base.update(extra)
    return MastermindScreen(**base)


def _leds(on: int | None = None, blink: int | None = None) -> tuple[LedState, ...]:
    states = [LedState.OFF] * 4
    if on is not None:
        states[on] = LedState.ON
    if blink is not None:
        states[blink] = LedState.BLINK
    return tuple(states)


def _scene(screen: MastermindScreen, leds: tuple[LedState, ...], **extra: Any) -> Scene:
    view = MastermindPublicView(screen=screen, title="Mastermind: game 2 of 4", leds=leds,
                                **extra)
    return Scene(view, leds=leds)


def mastermind_scenes() -> dict[str, Scene]:
    scenes: dict[str, Scene] = {}
    scenes["mm-set-code"] = _scene(_screen(
        MastermindStep.SET_CODE, 0, pegs_set=2,
        prompt="Ann: hold your button, PREV/NEXT colour, OK sets each peg"), _leds(blink=0))
    private = MastermindPrivateView(seat=0, name="Ann", code="RGB?", hole=2, palette="BGKRWY",
                                    prompt="Peg 3 of 4: PREV/NEXT colour, OK sets it")
    scenes["mm-code-private"] = Scene(
        MastermindPublicView(screen=_screen(MastermindStep.SET_CODE, 0), leds=_leds(blink=0),
                             private_shown=0),
        private=private, leds=_leds(blink=0))
    scenes["mm-guess"] = _scene(_screen(
        MastermindStep.GUESS, 5, entry="YGBR", hole=1, hint=3,
        prompt="Benedict: peg 2: PREV/NEXT colour, OK sets it"), _leds(on=1),
        banner=Banner("Row 5: place 3 black, 0 white", BannerKind.INFO))
    scenes["mm-guess-full"] = _scene(_screen(
        MastermindStep.GUESS, 9, entry="RGB?", hole=3,
        prompt="Benedict: peg 4: PREV/NEXT colour, OK sets it"), _leds(on=1))
    scenes["mm-keys-audit"] = _scene(_screen(
        MastermindStep.KEYS, 3, entry="RGBW", key_entry=(3, 0), key_field=1, audit=True,
        prompt="Ann: how many white key pegs did you place? OK"), _leds(blink=0))
    scenes["mm-device-guess"] = _scene(_screen(
        MastermindStep.KEYS, 2, entry="KRYB", device_guess="KRYB", key_entry=(0, 0),
        device_seat=1, names=("Ann", "Device"),
        prompt="Ann: place this row, then how many black key pegs? OK"), _leds(blink=0))
    scenes["mm-contradiction"] = _scene(_screen(
        MastermindStep.CONTRADICTION, 3, device_seat=1, names=("Ann", "Device"),
        message="Row 3's answer contradicts row 1's",
        prompt="OK takes back the last answer; BACK for the menu"), _leds(blink=0))
    scenes["mm-game-end"] = _scene(_screen(
        MastermindStep.GAME_END, 6, code=CODE,
        message="Benedict broke the code in 6 rows: 6 to Ann",
        prompt="OK for the next game"), _leds(blink=1))
    void_rows = (*_rows(2), BoardRow("RGBW", 3, 0, wrong=True, placed=(2, 0)))
    scenes["mm-void"] = _scene(_screen(
        MastermindStep.GAME_END, 0, board=void_rows, keys=(3, 0), code=CODE,
        message="Wrong key pegs on row 3: the truth was 3 black, 0 white. Game void: "
                "3 points to Benedict; Ann sets a new code",
        prompt="OK for the next game"), _leds(blink=1))
    menu = MenuView(title="Menu", items=("Back to the game", "Undo the last action",
                                         "End the game now"), cursor=1)
    scenes["mm-menu"] = _scene(_screen(MastermindStep.GUESS, 4, entry="RGBB", hole=0),
                               _leds(on=1), overlay=menu)
    return scenes
