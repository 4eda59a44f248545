"""Example scenes of every key screen, for ``tools/render-screens`` and the UI tests.

They are built by hand from the view classes (not from a running referee) so that each
screen can be looked at in its most crowded form: four players, long names, a full row.
"""

from __future__ import annotations

from coda_pi.referee.views import (
    Banner,
    BannerKind,
    ConfirmView,
    DealView,
    FinalView,
    GuessView,
    LedState,
    MenuView,
    PanelView,
    PointsView,
    PrivatePurpose,
    PrivateView,
    PublicView,
    RoundEndView,
    SeatView,
    SetupItem,
    SetupView,
    StandingView,
    TableView,
    TimerView,
    TurnStep,
    TurnView,
)
from coda_pi.ui.scene import Scene

NAMES = ("Ann", "Benedict", "Chloé", "Dmitri")
ON, OFF, BLINK = LedState.ON, LedState.OFF, LedState.BLINK


def _p(spec: str, *, highlight: bool = False, private: bool = False) -> PanelView:
    """``"D5"`` standing, ``"d5"`` knocked down; in public the standing ones lose their label."""
    dark = spec[0] in "Dd"
    revealed = spec[0].islower()
    label = spec[1:] if (revealed or private) else None
    return PanelView(dark=dark, label=label, revealed=revealed, highlight=highlight)


def _row(*specs: str, highlight: int | None = None, private: bool = False
         ) -> tuple[PanelView, ...]:
    return tuple(_p(s, highlight=i == highlight, private=private) for i, s in enumerate(specs))


def _table(players: int = 4, turn: int = 0, *, highlight: tuple[int, int] | None = None,
           holding: bool = True) -> TableView:
    rows = [
        ("D1", "l3", "D6", "L9", "D11"),
        ("L0", "D2", "d4", "L7", "L10", "D-"),
        ("d0", "l5", "D8"),
        ("L2", "D5", "L8", "d9", "D10", "L11", "l4"),
    ][:players]
    seats = []
    for seat, specs in enumerate(rows):
        hl = highlight[1] if highlight and highlight[0] == seat else None
        row = _row(*specs, highlight=hl)
        seats.append(SeatView(
            seat=seat, name=NAMES[seat], row=row, total=[7, 12, 3, 0][seat],
            out=False, turn=seat == turn, led=ON if seat == turn else OFF,
            holding=holding and seat == turn, holding_dark=(False if holding and seat == turn
                                                            else None),
        ))
    return TableView(round_number=2, rounds=3, seats=tuple(seats), pool_dark=4, pool_light=3,
                     turn=turn, dashes=True)


def _leds(players: int, on: int | None = None, blink: tuple[int, ...] = ()) -> tuple[LedState, ...]:
    return tuple(
        ON if i == on else BLINK if i in blink else OFF for i in range(4)
    )


def sample_scenes() -> dict[str, Scene]:
    """Every key screen by a file-friendly name."""
    scenes: dict[str, Scene] = {}
    setup = SetupView(
        items=(SetupItem("Players", "3"), SetupItem("Dashes", "on"), SetupItem("Rounds", "3"),
               SetupItem("Timer", "60 s + 20 s"), SetupItem("Bonus", "hidden"),
               SetupItem("First", "Ann"), SetupItem("Labels", "panels"), SetupItem("Start", "")),
        cursor=1, editing=True, players=NAMES[:3], prompt="PREV/NEXT change, OK keeps it")
    scenes["setup"] = Scene(PublicView(screen=setup, table=None, title="New game",
                                       leds=_leds(3)), leds=_leds(3))
    deal = DealView(seat=1, name=NAMES[1], dealt=(True, False, False), has_dash=True, hand=4,
                    prompt="Benedict: hold seat button 2 to see your panels")
    scenes["deal"] = Scene(PublicView(screen=deal, table=_table(3, turn=-1, holding=False),
                                      title="Round 1 of 3", leds=_leds(3, blink=(1,))),
                           leds=_leds(3, blink=(1,)), blink_on=True)
    ready = DealView(seat=0, name=NAMES[0], dealt=(False, False, False), has_dash=False,
                     hand=4, prompt="Press OK to start the game")
    scenes["ready"] = Scene(PublicView(screen=ready, table=_table(3, turn=-1, holding=False),
                                       title="Round 1 of 3", leds=_leds(3)), leds=_leds(3))
    scenes["deal-private"] = Scene(
        PublicView(screen=deal, table=None, private_shown=1, leds=_leds(3, blink=(1,))),
        private=PrivateView(seat=1, name=NAMES[1], purpose=PrivatePurpose.DEAL,
                            row=_row("L0", "D-", "D2", "L7", private=True), cursor=1,
                            prompt="PREV/NEXT move the dash, OK when they stand"),
        leds=_leds(3, blink=(1,)))
    timer = TimerView(seconds_left=43, period_seconds_left=43, extra=False, paused=False,
                      urgent=False)
    choose = TurnView(seat=0, name=NAMES[0], step=TurnStep.CHOOSE_COLOR,
                      prompt="PREV/NEXT: colour to draw, OK draws", color_dark=True,
                      dark_left=4, light_left=3)
    scenes["turn-choose"] = Scene(PublicView(screen=choose, table=_table(holding=False),
                                             title="Round 2 of 3", leds=_leds(4, on=0)),
                                  leds=_leds(4, on=0))
    scenes["turn-drawn-private"] = Scene(
        PublicView(screen=choose, table=_table(), private_shown=0, leds=_leds(4, on=0)),
        private=PrivateView(seat=0, name=NAMES[0], purpose=PrivatePurpose.DRAWN,
                            row=_row("D1", "l3", "D6", "L9", "D11", private=True),
                            drawn=PanelView(dark=False, label="5", revealed=False),
                            prompt="take it from the box"),
        leds=_leds(4, on=0))
    value = TurnView(seat=0, name=NAMES[0], step=TurnStep.VALUE,
                     prompt="PREV/NEXT: the number, OK guesses", drew=True, target=3, slot=2,
                     value_label="7", values=tuple(str(i) for i in range(12)) + ("-",))
    scenes["turn-guess"] = Scene(PublicView(screen=value, table=_table(highlight=(3, 2)),
                                            timer=timer, title="Round 2 of 3",
                                            leds=_leds(4, on=0, blink=(3,))),
                                 leds=_leds(4, on=0, blink=(3,)), blink_on=False)
    again = TurnView(seat=0, name=NAMES[0], step=TurnStep.CONTINUE,
                     prompt="attack again, or stop", drew=True, attack_again=True,
                     last_guess=GuessView(0, 3, 2, "8", True))
    scenes["turn-right"] = Scene(PublicView(
        screen=again, table=_table(), title="Round 2 of 3",
        timer=TimerView(19, 19, True, False, False),
        banner=Banner("Right! Dmitri's slot 3 is 8", BannerKind.GOOD), leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    miss = TurnView(seat=0, name=NAMES[0], step=TurnStep.CLAIM_FACE_UP,
                    prompt="place your drawn panel face up, OK", drew=True, claim_slot=2,
                    last_guess=GuessView(0, 1, 0, "1", False))
    scenes["turn-miss"] = Scene(PublicView(
        screen=miss, table=_table(), title="Round 2 of 3",
        banner=Banner("Wrong: Benedict's slot 1 is not 1", BannerKind.BAD), leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    scenes["turn-urgent"] = Scene(PublicView(
        screen=value, table=_table(highlight=(3, 2)),
        timer=TimerView(4, 4, True, False, True), title="Round 2 of 3", leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    scenes["claim-private"] = Scene(
        PublicView(screen=miss, table=_table(), private_shown=0, leds=_leds(4, on=0)),
        private=PrivateView(seat=0, name=NAMES[0], purpose=PrivatePurpose.CLAIM,
                            row=_row("D1", "l3", "L5", "D6", "L9", "D11", private=True),
                            cursor=2, message="L5 cannot stand left of D4",
                            prompt="PREV/NEXT move it, OK"),
        leds=_leds(4, on=0))
    menu = MenuView(title="Paused", items=("Resume", "Undo last action", "End the game",
                                           "Sound: on", "Quit"), cursor=1)
    scenes["menu"] = Scene(PublicView(screen=value, table=_table(), overlay=menu,
                                      timer=TimerView(43, 43, False, True, False),
                                      leds=_leds(4, on=0)), leds=_leds(4, on=0))
    confirm = ConfirmView(title="Undo?", text="Take back Ann's guess: Dmitri's slot 3 is 8")
    scenes["confirm"] = Scene(PublicView(screen=value, table=_table(), overlay=confirm,
                                         leds=_leds(4, on=0)), leds=_leds(4, on=0))
    points = tuple(
        PointsView(seat=i, name=NAMES[i], guesses=g, exposures=e, win=w, bonus=b,
                   round_total=g + e + w + b, total=t)
        for i, (g, e, w, b, t) in enumerate(((4, 3, 5, 17, 36), (2, 0, 0, 0, 14),
                                             (3, 3, 0, 0, 9), (1, 0, 0, 0, 1)))
    )
    scenes["round-end"] = Scene(PublicView(
        screen=RoundEndView(round_number=2, rounds=3, winner=0, winner_name=NAMES[0],
                            points=points, last_round=False, prompt="OK: next round"),
        table=_table(holding=False), title="Round 2 of 3", leds=_leds(4, blink=(0,))),
        leds=_leds(4, blink=(0,)))
    standings = (
        StandingView(1, 0, NAMES[0], 58, (22, 29, 7)),
        StandingView(2, 2, NAMES[2], 31, (9, 3, 19)),
        StandingView(3, 1, NAMES[1], 20, (14, 2, 4)),
        StandingView(4, 3, NAMES[3], 4, (0, 1, 3)),
    )
    scenes["final"] = Scene(PublicView(
        screen=FinalView(standings=standings, winners=(0,), ended_early=False,
                         prompt="OK: a new game"),
        table=None, title="Tournament over", leds=_leds(4, blink=(0,))),
        leds=_leds(4, blink=(0,)))
    from coda_pi.ui.mastermind_samples import mastermind_scenes

    scenes.update(mastermind_scenes())  # Mastermind's screens, named mm-*
    from coda_pi.ui.entry_samples import entry_scenes

    scenes.update(entry_scenes())  # entered-pool play, named entry-*
    return scenes
