"""Example scenes of Mastermind's screens, for ``tools/render-screens`` and the UI tests:
built by hand from the view classes, each in a crowded form (a long name, a full board).
Every sentence is the referee's own message, so the samples speak the language in use."""

from __future__ import annotations

from typing import Any

from coda_pi.i18n import _, ngettext
from coda_pi.referee.mastermind.views import (
    BoardRow,
    GameLine,
    MastermindPrivateView,
    MastermindPublicView,
    MastermindScreen,
    MastermindStep,
    board_row,
)
from coda_pi.referee.shared.overlays import menu_text
from coda_pi.referee.shared.views import Banner, BannerKind, LedState, MenuView
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


def _keys(black: int, white: int) -> str:
    return _("{black} black, {white} white").format(black=black, white=white)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _leds(on: int | None = None, blink: int | None = None) -> tuple[LedState, ...]:
    states = [LedState.OFF] * 4
    if on is not None:
        states[on] = LedState.ON
    if blink is not None:
        states[blink] = LedState.BLINK
    return tuple(states)


def _scene(screen: MastermindScreen, leds: tuple[LedState, ...], **extra: Any) -> Scene:
    view = MastermindPublicView(
        screen=screen, title=_("Mastermind: game {number} of {games}").format(number=2, games=4),
        leds=leds, **extra)
    return Scene(view, leds=leds)


def mastermind_scenes() -> dict[str, Scene]:
    scenes: dict[str, Scene] = {}
    scenes["mm-set-code"] = _scene(_screen(
        MastermindStep.SET_CODE, 0, pegs_set=2,
        prompt=_("{name}: hold your button, PREV/NEXT colour, OK sets each peg").format(
            name=NAMES[0])), _leds(blink=0))
    private = MastermindPrivateView(seat=0, name=NAMES[0], code="RGB?", hole=2, palette="BGKRWY",
                                    prompt=_("Peg {number} of {pegs}: PREV/NEXT colour, OK sets it")
                                    .format(number=3, pegs=4))
    scenes["mm-code-private"] = Scene(
        MastermindPublicView(screen=_screen(MastermindStep.SET_CODE, 0), leds=_leds(blink=0),
                             private_shown=0),
        private=private, leds=_leds(blink=0))
    scenes["mm-guess"] = _scene(_screen(
        MastermindStep.GUESS, 5, entry="YGBR", hole=1, hint=3,
        prompt=_("{name}: peg {number}: PREV/NEXT colour, OK sets it").format(
            name=NAMES[1], number=2)), _leds(on=1),
        banner=Banner(_("Row {number}: place {keys}").format(number=5, keys=_keys(3, 0)),
                      BannerKind.INFO))
    scenes["mm-guess-full"] = _scene(_screen(
        MastermindStep.GUESS, 9, entry="RGB?", hole=3,
        prompt=_("{name}: peg {number}: PREV/NEXT colour, OK sets it").format(
            name=NAMES[1], number=4)), _leds(on=1))
    scenes["mm-keys-audit"] = _scene(_screen(
        MastermindStep.KEYS, 3, entry="RGBW", key_entry=(3, 0), key_field=1, audit=True,
        prompt=_("{name}: how many white key pegs did you place? OK").format(name=NAMES[0])),
        _leds(blink=0))
    scenes["mm-device-guess"] = _scene(_screen(
        MastermindStep.KEYS, 2, entry="KRYB", device_guess="KRYB", key_entry=(0, 0),
        device_seat=1, names=(NAMES[0], "Device"),
        prompt=_("{name}: place this row, then how many black key pegs? OK").format(
            name=NAMES[0])), _leds(blink=0))
    scenes["mm-contradiction"] = _scene(_screen(
        MastermindStep.CONTRADICTION, 3, device_seat=1, names=(NAMES[0], "Device"),
        # The rules' sentence (mastermind_deduction.Contradiction), as the referee says it.
        message=_capital(_("row {row}'s answer contradicts row {other}'s").format(row=3,
                                                                                  other=1)),
        prompt=_("OK takes back the last answer; BACK for the menu")), _leds(blink=0))
    scenes["mm-game-end"] = _scene(_screen(
        MastermindStep.GAME_END, 6, code=CODE,
        message=ngettext("{breaker} broke the code in {count} row: {points} to {maker}",
                         "{breaker} broke the code in {count} rows: {points} to {maker}", 6)
        .format(breaker=NAMES[1], count=6, points=6, maker=NAMES[0]),
        prompt=_("OK for the next game")), _leds(blink=1))
    void_rows = (*_rows(2), BoardRow("RGBW", 3, 0, wrong=True, placed=(2, 0)))
    scenes["mm-void"] = _scene(_screen(
        MastermindStep.GAME_END, 0, board=void_rows, keys=(3, 0), code=CODE,
        message=_("Wrong key pegs on row {row}: the truth was {truth}. Game void: 3 "
                  "points to {breaker}; {maker} sets a new code").format(
            row=3, truth=_keys(3, 0), breaker=NAMES[1], maker=NAMES[0]),
        prompt=_("OK for the next game")), _leds(blink=1))
    menu = MenuView(title=_("Menu"), items=tuple(menu_text(k) for k in ("resume", "undo",
                                                                           "end")), cursor=1)
    scenes["mm-menu"] = _scene(_screen(MastermindStep.GUESS, 4, entry="RGBB", hole=0),
                               _leds(on=1), overlay=menu)
    return scenes
