"""Example scenes of every key screen, for ``tools/render-screens`` and the UI tests.

They are built by hand from the view classes (not from a running referee) so that each
screen can be looked at in its most crowded form: four players, long names, a full row.
"""

from __future__ import annotations

import errno
import os
from dataclasses import replace

from coda_pi.desktop import KEYS_SHORT
from coda_pi.i18n import _, ngettext
from coda_pi.os_words import said
from coda_pi.referee.shared.describe import (
    entered_pool_hint,
    put_back_hint,
    table_pool_hint,
    undo_banner,
)
from coda_pi.referee.shared.seat_screens import WITHOUT_A_PHONE
from coda_pi.referee.shared.views import (
    Banner,
    BannerKind,
    ConfirmView,
    DealView,
    FinalView,
    GuessView,
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
from coda_pi.referee.shared.wording import nouns
from coda_pi.ui.sample_table import (
    BLINK,
    NAMES,
    OFF,
    ON,
    _leds,
    _row,
    _table,
    mastermind_setup_sample,
    round_of,
    setup_sample,
)
from coda_pi.ui.scene import Scene


def _value_prompt(target: str, number: int) -> str:
    return nouns("panels")(_("{target}'s {panel} {number} is...? PREV/NEXT, then OK"),
                           target=target, number=number)


def sample_scenes() -> dict[str, Scene]:
    """Every key screen by a file-friendly name, in the current language: the sentences
    are the referee's own messages, so a Spanish sample reads as the device would."""
    say = nouns("panels")
    value_prompt = _value_prompt(NAMES[3], 3)
    scenes: dict[str, Scene] = {}
    setup = setup_sample(3)
    scenes["setup"] = Scene(PublicView(screen=setup, table=None, title=_("New game"),
                                       leds=_leds(3)), leds=_leds(3))
    # A laptop's first screen: which key is which button, under the title.
    scenes["setup-keys"] = Scene(PublicView(screen=setup, table=None, title=_("New game"),
                                            banner=Banner(_(KEYS_SHORT), BannerKind.INFO),
                                            leds=_leds(3)), leds=_leds(3))
    # The same with phones on: the keys keep the header, the code stays beside the menu.
    from coda_pi.ui.phones_samples import SAMPLE_CARD

    scenes["phones-setup-keys"] = Scene(PublicView(
        screen=setup_sample(4, phones=SAMPLE_CARD), table=None, title=_("New game"),
        banner=Banner(_(KEYS_SHORT), BannerKind.INFO), leds=_leds(4)), leds=_leds(4))
    mm_setup = mastermind_setup_sample()
    scenes["mm-setup"] = Scene(PublicView(screen=mm_setup, table=None,
                                          title=_("New game: Mastermind"), leds=_leds(2)),
                               leds=_leds(2))
    mm_more = SetupView(
        items=(SetupItem(_("Games"), "4"), SetupItem(_("First codemaker"), NAMES[1]),
               SetupItem(_("Empty holes"), _("on (7 colours)")),
               SetupItem(_("Hint"), _("codes left")), SetupItem(_("Back"), "")),
        cursor=0, editing=False, players=NAMES[:2], prompt=_("PREV/NEXT choose, OK changes"))
    scenes["mm-setup-more"] = Scene(PublicView(screen=mm_more, table=None,
                                               title=_("More choices"), leds=_leds(2)),
                                    leds=_leds(2))
    more = SetupView(
        items=(SetupItem(_("Rounds"), _("tournament ({count} rounds)").format(count=3)),
               SetupItem(_("Who starts"), NAMES[1]),
               SetupItem(_("Starting hand"), say(_("{count} {panels}"), count=3)),
               SetupItem(_("Guess timer"), _("on")),
               SetupItem(_("First period"), "60 s"), SetupItem(_("Extra period"), "20 s"),
               SetupItem(_("Winner's bonus"), say(_("standing {panels}"))),
               SetupItem(_("Labels"), _("panels 0-11")),
               SetupItem(_("Pool"), _("device")),
               SetupItem(_("Training hints"), _("off (pool: table only)")),
               SetupItem(_("Language"), "Español"), SetupItem(_("Back"), "")),
        cursor=2, editing=True, players=NAMES[:3],
        prompt=_("PREV/NEXT change it, OK keeps it, BACK puts it back"))
    scenes["setup-more"] = Scene(PublicView(screen=more, table=None, title=_("More choices"),
                                            leds=_leds(3)), leds=_leds(3))
    deal = DealView(seat=1, name=NAMES[1], dealt=(True, False, False), has_dash=True, hand=4,
                    prompt=say(_("{name}: hold seat button {number} to see your {panels}, "
                                 "then OK"), name=NAMES[1], number=2))
    scenes["deal"] = Scene(PublicView(screen=deal, table=_table(3, turn=-1, holding=False),
                                      title=round_of(1), leds=_leds(3, blink=(1,))),
                           leds=_leds(3, blink=(1,)), blink_on=True)
    # Phones on, a game starting with a seat that has none: how that seat keeps its view.
    scenes["deal-without-a-phone"] = Scene(PublicView(
        screen=deal, table=_table(3, turn=-1, holding=False), title=round_of(1),
        banner=Banner(_(WITHOUT_A_PHONE), BannerKind.INFO), leds=_leds(3, blink=(1,))),
        leds=_leds(3, blink=(1,)), blink_on=True)
    ready = DealView(seat=0, name=NAMES[0], dealt=(False, False, False), has_dash=False,
                     hand=4, prompt=_("Press OK to start the game"))
    scenes["ready"] = Scene(PublicView(screen=ready, table=None,
                                       title=round_of(1), leds=_leds(3)), leds=_leds(3))
    scenes["deal-private"] = Scene(
        PublicView(screen=deal, table=None, private_shown=1, leds=_leds(3, blink=(1,))),
        private=PrivateView(seat=1, name=NAMES[1], purpose=PrivatePurpose.DEAL,
                            row=_row("L0", "D-", "D2", "L7", private=True), cursor=1,
                            prompt=say(_("PREV/NEXT move {the_dash}. Take these from "
                                         "{the_box} in this order, OK"))),
        leds=_leds(3, blink=(1,)))
    # The device's pool: the seat being dealt chooses its colours; the dial starts on "any
    # mix", whose panels show no colour yet (deal_colours.py), then a chosen mix.
    from coda_pi.referee.coda.deal_colours import ColourDial, colour_view

    for name, index in (("deal-colours-any", 0), ("deal-colours-mix", 2)):
        dial = ColourDial(hand=4, dark_left=12, light_left=12, index=index)
        scenes[name] = Scene(
            PublicView(screen=deal, table=None, private_shown=1, leds=_leds(3, blink=(1,))),
            private=colour_view(1, NAMES[1], dial, "panels"), leds=_leds(3, blink=(1,)))
    timer = TimerView(seconds_left=43, period_seconds_left=43, extra=False, paused=False,
                      urgent=False)
    choose = TurnView(seat=0, name=NAMES[0], step=TurnStep.CHOOSE_COLOR,
                      prompt=_("{name}: PREV/NEXT choose a colour, OK draws").format(
                          name=NAMES[0]), color_dark=True,
                      dark_left=4, light_left=3)
    scenes["turn-choose"] = Scene(PublicView(screen=choose, table=_table(holding=False),
                                             title=round_of(2), leds=_leds(4, on=0)),
                                  leds=_leds(4, on=0))
    # A sentence longer than the header holds: it takes lines from the body, whole.
    disk_full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    full = _("Could not save to the game record ({why}): nothing was done. Free some space "
             "or check the card, then try again").format(why=said(disk_full))
    scenes["turn-long-news"] = Scene(PublicView(
        screen=choose, table=_table(3, holding=False), title=round_of(2),
        banner=Banner(full, BannerKind.ERROR), leds=_leds(3, on=0)), leds=_leds(3, on=0))
    scenes["turn-drawn-private"] = Scene(
        PublicView(screen=choose, table=_table(), private_shown=0, leds=_leds(4, on=0)),
        private=PrivateView(seat=0, name=NAMES[0], purpose=PrivatePurpose.DRAWN,
                            row=_row("D1", "l3", "D6", "L9", "D11", private=True),
                            drawn=PanelView(dark=False, label="5", revealed=False),
                            prompt=say(_("Take the light one from {the_box}"))),
        leds=_leds(4, on=0))
    value = TurnView(seat=0, name=NAMES[0], step=TurnStep.VALUE,
                     prompt=value_prompt, drew=True, target=3, slot=2,
                     value_label="7", values=tuple(str(i) for i in range(12)) + ("-",))
    scenes["turn-guess"] = Scene(PublicView(screen=value, table=_table(highlight=(3, 2)),
                                            timer=timer, title=round_of(2),
                                            leds=_leds(4, on=0, blink=(3,))),
                                 leds=_leds(4, on=0, blink=(3,)), blink_on=False)
    # Two seats: the target is the only other one, so the attack starts at its panels.
    two_seats = TurnView(seat=0, name=NAMES[0], step=TurnStep.SLOT,
                         prompt=say(_("{name}: attack {target}: PREV/NEXT, OK. Hold your "
                                      "button to see your {panel}"), name=NAMES[0],
                                    target=NAMES[1]), drew=True, target=1, slot=0)
    scenes["turn-slot-two-seats"] = Scene(PublicView(
        screen=two_seats, table=_table(2, highlight=(1, 0)), timer=timer, title=round_of(2),
        leds=_leds(2, on=0, blink=(1,))), leds=_leds(2, on=0, blink=(1,)))
    hidden = TurnView(seat=0, name=NAMES[0], step=TurnStep.CLAIM_HIDDEN,
                      prompt=_("{name}: PREV/NEXT where it stands, OK. Refused? Hold your "
                               "button").format(name=NAMES[0]),
                      drew=True, claim_slot=2)
    scenes["turn-claim-hidden"] = Scene(PublicView(
        screen=hidden, table=_table(), title=round_of(2), leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    again = TurnView(seat=0, name=NAMES[0], step=TurnStep.CONTINUE,
                     prompt=_("{name}: attack again or stop? PREV/NEXT, then OK").format(
                         name=NAMES[0]), drew=True, attack_again=True,
                     last_guess=GuessView(0, 3, 2, "8", True))
    scenes["turn-right"] = Scene(PublicView(
        screen=again, table=_table(), title=round_of(2),
        timer=TimerView(19, 19, True, False, False),
        banner=Banner(say(_("Right! {name}'s {panel} {number} is {label}: knock it down"),
                          name=NAMES[3], number=3, label=8), BannerKind.GOOD), leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    miss = TurnView(seat=0, name=NAMES[0], step=TurnStep.CLAIM_FACE_UP,
                    prompt=_("{name}: PREV/NEXT where it stands face up, OK. Refused? Hold "
                             "your button").format(name=NAMES[0]),
                    drew=True, claim_slot=2,
                    last_guess=GuessView(0, 1, 0, "1", False))
    scenes["turn-miss"] = Scene(PublicView(
        screen=miss, table=_table(), title=round_of(2),
        banner=Banner(say(_("Wrong: {name}'s {panel} {number} is not {label}"),
                          name=NAMES[1], number=1, label=1), BannerKind.BAD), leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    scenes["turn-urgent"] = Scene(PublicView(
        screen=value, table=_table(highlight=(3, 2)),
        timer=TimerView(4, 4, True, False, True), title=round_of(2), leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    scenes["claim-private"] = Scene(
        PublicView(screen=miss, table=_table(), private_shown=0, leds=_leds(4, on=0)),
        private=PrivateView(seat=0, name=NAMES[0], purpose=PrivatePurpose.CLAIM,
                            row=_row("D1", "l3", "L5", "D6", "L9", "D11", private=True),
                            cursor=2, message=_("Not there: {why}").format(
                                why=_("{left} cannot stand left of {right}").format(
                                    left=_("light {label}").format(label=5),
                                    right=_("dark {label}").format(label=4))),
                            prompt=say(_("Is this where the drawn {panel} stands? OK, or "
                                         "PREV/NEXT"))),
        leds=_leds(4, on=0))
    menu = MenuView(title=_("Menu"), items=(_("Back to the game"), _("Undo the last action"),
                                            _("Pause the timer"), _("End the game now"),
                                            _("Quit")), cursor=1)
    scenes["menu"] = Scene(PublicView(screen=value, table=_table(), overlay=menu,
                                      timer=TimerView(43, 43, False, True, False),
                                      leds=_leds(4, on=0)), leds=_leds(4, on=0))
    confirm = ConfirmView(title=_("Undo?"), text=_("Take back {what}?").format(
        what=say(_("{name}'s guess that {target}'s {panel} {number} is {label}"),
                 name=NAMES[0], target=NAMES[3], number=3, label=8)),
        ok_label=_("OK: yes"), back_label=_("BACK: no"))
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
                            points=points, last_round=False,
                            prompt=_("{name} starts round {number}: OK deals").format(
                                name=NAMES[0], number=3)),
        table=_table(holding=False), title=round_of(2), leds=_leds(4, blink=(0,))),
        leds=_leds(4, blink=(0,)))
    # As the round ends (before a restart): the news under the header, who leads the
    # tournament (verdicts.py), where the round's number stands otherwise.
    ended = scenes["round-end"]
    scenes["round-end-news"] = replace(ended, view=replace(
        ended.view, banner=Banner(_("and leads the tournament"), BannerKind.GOOD)))
    # One game: its only round ends it; the header says who won the round, then the game.
    scenes["round-end-one-game"] = Scene(PublicView(
        screen=RoundEndView(round_number=1, rounds=1, winner=0, winner_name=NAMES[0],
                            points=points, last_round=True,
                            prompt=_("The game is over: OK for the final standings")),
        table=_table(holding=False), title=_("One game"),
        banner=Banner(ngettext("{names} wins the game!", "{names} win the game!", 1).format(
            names=NAMES[0]), BannerKind.GOOD), leds=_leds(4, blink=(0,))),
        leds=_leds(4, blink=(0,)))
    standings = (
        StandingView(1, 0, NAMES[0], 58, (22, 29, 7)),
        StandingView(2, 2, NAMES[2], 31, (9, 3, 19)),
        StandingView(3, 1, NAMES[1], 20, (14, 2, 4)),
        StandingView(4, 3, NAMES[3], 4, (0, 1, 3)),
    )
    scenes["final"] = Scene(PublicView(
        screen=FinalView(standings=standings, winners=(0,), ended_early=False,
                         prompt=_("NEXT: review the game. OK: a new game")),
        table=None, title=_("Final standings"), leds=_leds(4, blink=(0,))),
        leds=_leds(4, blink=(0,)))
    # Two players who kept the default names, one game: "2nd Seat 2" is the widest name.
    seats = tuple(_("Seat {number}").format(number=n) for n in (1, 2))
    scenes["final-two-seats"] = Scene(PublicView(
        screen=FinalView(standings=(StandingView(1, 0, seats[0], 23, (23,)),
                                    StandingView(2, 1, seats[1], 9, (9,))),
                         winners=(0,), ended_early=False,
                         prompt=_("NEXT: review the game. OK: a new game")),
        table=None, title=_("Final standings"), leds=_leds(2, blink=(0,))),
        leds=_leds(2, blink=(0,)))
    scenes.update(_undone(value, choose, miss, scenes["round-end"], scenes["deal"]))
    scenes.update(_long_rows_and_cards())
    from coda_pi.referee.shared.name_entry import NameEntry
    from coda_pi.referee.shared.signals import Button

    entry = NameEntry(2, "Seat 3")
    # "Chl" typed, the cursor on "o": C from A, h from G, l back from N, then o.
    for button in (Button.SEAT_1, Button.NEXT, Button.NEXT, Button.OK,
                   Button.SEAT_2, Button.NEXT, Button.OK,
                   Button.SEAT_3, Button.PREV, Button.PREV, Button.OK,
                   Button.SEAT_3, Button.NEXT, Button.NEXT):
        entry.press(button)
    scenes["name-entry"] = Scene(PublicView(
        screen=entry.view(),  # type: ignore[arg-type]
        table=None, title=_("Names"), leds=_leds(4, blink=(2,))), leds=_leds(4, blink=(2,)))
    # On a laptop: "Zoë" typed with letters; the footer says what the keys do.
    from coda_pi.referee.shared.name_entry import TYPED_PROMPT

    typed = NameEntry(2, "Seat 3")
    typed.type("zoë")
    scenes["name-entry-typed"] = Scene(PublicView(
        screen=typed.view(_(TYPED_PROMPT)),  # type: ignore[arg-type]
        table=None, title=_("Names"), leds=_leds(4, blink=(2,))), leds=_leds(4, blink=(2,)))
    scenes.update(_other_scenes())
    from coda_pi.ui.mastermind_samples import mastermind_scenes

    scenes.update(mastermind_scenes())  # Mastermind's screens, named mm-*
    from coda_pi.ui.entry_samples import entry_scenes

    scenes.update(entry_scenes())  # entered-pool play's screens, named entry-*
    from coda_pi.ui.phones_samples import phones_scenes

    scenes.update(phones_scenes())  # phones as seat screens: the QR code, named phones-*
    return scenes


UNDONE: dict[str, dict[str, object]] = {
    "deal": {"event": "deal", "seat": 1, "row": ["L0", "D-", "D2", "L7"]},
    "draw": {"event": "draw", "seat": 1, "tile": "D5"},
    "guess": {"event": "guess", "seat": 1, "target": 3, "slot": 2, "value": "7"},
    "stop": {"event": "stop", "seat": 1, "slot": 3},
    "place": {"event": "place", "seat": 1, "slot": 3, "tile": "L5"},
    "reveal": {"event": "reveal", "seat": 1, "slot": 3},
    "timeout": {"event": "timeout", "seat": 1},
    "round": {"event": "round"},
}
"""One event of each kind, as the record holds it, for the banners after an undo."""


def undone_banners(labels: str = "panels") -> dict[str, str]:
    """The banner after each kind of event was undone, in each pool mode that has its own
    words: ``"guess"``, ``"table-draw"``, ``"entered-deal"``..."""
    banners: dict[str, str] = {}
    for kind, event in UNDONE.items():
        hints = {"": put_back_hint(event, NAMES, labels), "table-": table_pool_hint(event),
                 "entered-": entered_pool_hint(event, labels)}
        for pool, hint in hints.items():
            if hint is not None:
                banners[pool + kind] = undo_banner(event, hint)
    return banners


def _undone(value: TurnView, choose: TurnView, miss: TurnView, round_end: Scene,
            deal: Scene) -> dict[str, Scene]:
    """The header after an undo: what was taken back and what to do with the real panels,
    beside the name of whose turn it is. The longest of them, on the screens they come
    back to (the tests try every kind on the table as well)."""
    leds = _leds(4, on=0)
    scenes: dict[str, Scene] = {}
    for labels, banners in (("panels", undone_banners()), ("cards", undone_banners("cards"))):
        prefix = "cards-undone-" if labels == "cards" else "turn-undone-"
        for kind, screen in (("guess", value), ("draw", choose),
                             ("table-draw", replace(choose, pool_on_table=True)),
                             ("place", miss), ("reveal", miss), ("round", None),
                             ("deal", None)):
            if labels == "cards" and kind not in ("draw", "reveal"):
                continue
            if labels == "cards":
                screen = choose  # the samples' other prompts say "panel"
            banner = Banner(banners[kind], BannerKind.INFO)
            if screen is None:  # a deal taken back: dealt again; a round's start: its end
                again = deal if kind == "deal" else round_end
                scenes[prefix + kind] = Scene(replace(again.view, banner=banner),
                                              leds=again.leds, blink_on=again.blink_on)
                continue
            scenes[prefix + kind] = Scene(PublicView(
                screen=screen, table=_table(holding=False), title=round_of(2), labels=labels,
                banner=banner, leds=leds), leds=leds)
    return scenes


def _other_scenes() -> dict[str, Scene]:
    """Table-pool play, the results list and the post-game review."""
    say = nouns("panels")
    guess_words = say(_("{name}'s guess that {target}'s {panel} {number} is {label}"),
                      name=NAMES[0], target=NAMES[3], number=3, label=7)
    from coda_pi.referee.pools.table.views import (
        ColourRowView,
        ContradictionView,
        JudgeView,
        NumberEntryView,
    )
    from coda_pi.referee.shared.results import ResultRow, ResultsView
    from coda_pi.referee.shared.review import ReviewLine, ReviewView

    scenes: dict[str, Scene] = {}
    colour_row = ColourRowView(
        seat=1, name=NAMES[1], entered=(True, False), dark=True, hand=4,
        dealt=(True, False, False, False), dark_left=8, light_left=9,
        prompt=say(_("{name}: {panel} {number} of {count} from the left: PREV/NEXT its "
                     "colour, then OK"), name=NAMES[1], number=3, count=4))
    scenes["tp-deal"] = Scene(PublicView(screen=colour_row, table=None, title=round_of(1),
                                         leds=_leds(4, blink=(1,))), leds=_leds(4, blink=(1,)))
    # Its deal taken back: the row's colours are entered again, the news under the name.
    undone = Banner(undo_banner(UNDONE["deal"], table_pool_hint(UNDONE["deal"]) or ""),
                    BannerKind.INFO)
    scenes["tp-undone-deal"] = Scene(replace(scenes["tp-deal"].view, banner=undone),
                                     leds=_leds(4, blink=(1,)))
    judge = JudgeView(seat=0, name=NAMES[0], target=3, target_name=NAMES[3], slot=2,
                      value_label="7",
                      prompt=say(_("{name}, answer: is your {panel} {number} a {label}? Your "
                                   "seat button {seat}: RIGHT. OK: WRONG"), name=NAMES[3],
                                 number=3, label=7, seat=4))
    scenes["tp-judge"] = Scene(PublicView(screen=judge, table=_table(highlight=(3, 2)),
                                          title=round_of(2), leds=_leds(4, on=0, blink=(3,))),
                               leds=_leds(4, on=0, blink=(3,)))
    number = NumberEntryView(
        seat=0, name=NAMES[0], dark=False,
        what=say(_("{name}'s {panel} {number}, knocked down"), name=NAMES[0], number=6),
        value_label="9",
        values=tuple(str(i) for i in range(12)), step=2, count=3, entered=("4",),
        prompt=say(_("{name} won: show your standing {panels}. {what}: PREV/NEXT, then OK"),
                   name=NAMES[0], what=say(_("{name}'s {panel} {number}"), name=NAMES[0],
                                           number=6)))
    scenes["tp-number"] = Scene(PublicView(screen=number, table=_table(holding=False),
                                           title=round_of(2), leds=_leds(4, on=0)),
                                leds=_leds(4, on=0))
    # One of the engine's real sentences, as the referee translates it (i18n.spoken).
    why = _("{name}'s panel {panel} is {color}, but no unseen {color} panel fits {where}").format(
        name=NAMES[3], panel=2, color=_("dark"),
        where=_("between {left} and {right}").format(left="D7", right="D8"))
    contradiction = ContradictionView(
        sentence=why[:1].upper() + why[1:],
        last=guess_words,
        prompt=_("OK: take back {what}. BACK: the menu").format(what=guess_words))
    scenes["tp-contradiction"] = Scene(PublicView(
        screen=contradiction, table=_table(holding=False), title=round_of(2),
        leds=_leds(4)), leds=_leds(4))
    rows = (
        ResultRow("22 Nov 14:03", "Coda", NAMES, (58, 20, 31, 4), (NAMES[0],), "3 rounds"),
        ResultRow("21 Nov 20:15", "Mastermind", NAMES[:2], (12, 14), (NAMES[1],), "4 games"),
        ResultRow("21 Nov 19:02", "Coda", NAMES[:3], (9, 3, 5), (), "3 rounds", "unfinished"),
    )
    results = ResultsView(rows=rows, cursor=0,
                          prompt=_("{number} of {count}. PREV/NEXT: other games, OK or BACK: "
                                   "back to the setup").format(number=1, count=3))
    scenes["results"] = Scene(PublicView(screen=results, table=None, title=_("Results"),
                                         leds=_leds(4)), leds=_leds(4))
    lines = (
        ReviewLine(say(_("Round {round}: {name} {ended} while {target}'s {panel} {number} was "
                         "surely the {tile}"), round=1, name=NAMES[1], ended=_("stopped"),
                       target=NAMES[2], number=2, tile=_("dark {label}").format(label=4)),
                   good=False),
        ReviewLine(say(_("Round {round}: {name} named the {tile} at {target}'s {panel} {number} "
                         "with {chance} chance"), round=2, name=NAMES[0],
                       tile=_("light {label}").format(label=9), target=NAMES[3], number=4,
                       chance="25%"), good=True),
        ReviewLine(say(_("Round {round}: {name} named the {tile} at {target}'s {panel} {number} "
                         "with {chance} chance"), round=3, name=NAMES[2],
                       tile=_("dark {label}").format(label=11), target=NAMES[0], number=5,
                       chance="33%"), good=True),
    )
    # A config key mistyped: the notice over the first screen, one way on.
    # The config's sentence as spoken(): its templates translated one inside another.
    said = _("config file: {problem}").format(problem=_("{where}: {message}").format(
        where="screen.languag", message=_("unknown key in [{name}]{hint}").format(
            name="screen", hint=_("; did you mean '{name}'?").format(name="language"))))
    scenes["start-problem"] = Scene(PublicView(
        screen=setup_sample(3), table=None, title=_("New game"), leds=_leds(3),
        overlay=ConfirmView(title=ngettext("A problem at start", "{count} problems at start",
                                           1).format(count=1),
                            text=said[:1].upper() + said[1:], ok_label=_("Any button: go on"),
                            back_label="")), leds=_leds(3))
    review = ReviewView(title=_("Game review"), lines=lines, page=1, pages=2,
                        prompt=_("PREV/NEXT: more. OK or BACK: the standings"),
                        names=NAMES)
    scenes["review"] = Scene(PublicView(screen=review, table=None, title=_("Game review"),
                                        leds=_leds(4)), leds=_leds(4))
    return scenes


def _long_rows_and_cards() -> dict[str, Scene]:
    """The crowded extremes: two players with 13 panels each (most knocked down), and the
    Rainbow deck's cards (J, Q, K for 10, 11 and the dash)."""
    value_prompt = _value_prompt(NAMES[0], 5)
    long_a = _row("d0", "L1", "d2", "l3", "D4", "d5", "l6", "d7", "L8", "d9", "l10", "d11",
                  "d-", highlight=4)
    long_b = _row("l0", "d1", "L2", "d3", "l4", "D5", "l6", "d7", "l8", "D9", "d10", "l11",
                  "l-")
    seats = (
        SeatView(seat=0, name=NAMES[0], row=long_a, total=31, out=False, turn=False, led=OFF,
                 holding=False),
        SeatView(seat=1, name=NAMES[1], row=long_b, total=24, out=False, turn=True, led=ON,
                 holding=False),
    )
    table = TableView(round_number=3, rounds=3, seats=seats, pool_dark=0, pool_light=0,
                      turn=1, dashes=True)
    value = TurnView(seat=1, name=NAMES[1], step=TurnStep.VALUE,
                     prompt=value_prompt, drew=False, target=0, slot=4,
                     value_label="4", values=tuple(str(i) for i in range(12)) + ("-",))
    leds = (BLINK, ON, OFF, OFF)
    long_names = ("Maximiliano", "Guillermina", "Bartholomew", "Anastasia")
    crowded = _table(highlight=(3, 2))
    crowded = TableView(
        round_number=2, rounds=3, pool_dark=4, pool_light=3, turn=0, dashes=True,
        seats=tuple(SeatView(s.seat, long_names[s.seat], s.row, s.total, s.out, s.turn,
                             s.led, s.holding, s.holding_dark) for s in crowded.seats))
    guess = TurnView(seat=0, name=long_names[0], step=TurnStep.VALUE,
                     prompt=value_prompt, drew=True, target=3, slot=2,
                     value_label="7", values=tuple(str(i) for i in range(12)) + ("-",))
    names_scene = Scene(PublicView(
        screen=guess, table=crowded, title=round_of(2),
        timer=TimerView(43, 43, False, False, False), leds=_leds(4, on=0, blink=(3,))),
        leds=_leds(4, on=0, blink=(3,)))
    scenes = {"turn-long-names": names_scene, "turn-long-rows": Scene(PublicView(
        screen=value, table=table, title=round_of(3),
        timer=TimerView(51, 51, False, False, False), leds=leds), leds=leds)}
    cards = {"10": "J", "11": "Q", "-": "K"}

    def card(panel: PanelView) -> PanelView:
        if panel.label is None:
            return panel
        return PanelView(panel.dark, cards.get(panel.label, panel.label), panel.revealed,
                         panel.highlight)

    card_table = _table(holding=False)
    card_table = TableView(
        round_number=card_table.round_number, rounds=card_table.rounds,
        seats=tuple(SeatView(s.seat, s.name, tuple(card(p) for p in s.row), s.total, s.out,
                             s.turn, s.led, s.holding, s.holding_dark)
                    for s in card_table.seats),
        pool_dark=4, pool_light=3, turn=0, dashes=True)
    choose = TurnView(seat=0, name=NAMES[0], step=TurnStep.CHOOSE_COLOR,
                      prompt=_("{name}: PREV/NEXT choose a colour, OK draws").format(
                          name=NAMES[0]), color_dark=False,
                      dark_left=4, light_left=3)
    scenes["cards-turn-choose"] = Scene(PublicView(
        screen=choose, table=card_table, title=round_of(2), labels="cards",
        leds=_leds(4, on=0)), leds=_leds(4, on=0))
    # Entered-pool play's menu, in the table's words: "Fix a card entered wrong".
    from coda_pi.referee.shared.overlays import Menu, overlay_view

    menu = overlay_view(Menu(("resume", "undo", "fix", "end", "quit"), cursor=2), "cards")
    scenes["cards-menu"] = Scene(PublicView(
        screen=choose, table=card_table, overlay=menu, labels="cards", leds=_leds(4, on=0)),
        leds=_leds(4, on=0))
    scenes["cards-drawn-private"] = Scene(
        PublicView(screen=choose, table=card_table, private_shown=0, labels="cards",
                   leds=_leds(4, on=0)),
        private=PrivateView(seat=0, name=NAMES[0], purpose=PrivatePurpose.DRAWN,
                            row=_row("D1", "l3", "D6", "L9", "DQ", private=True),
                            drawn=PanelView(dark=False, label="J", revealed=False),
                            prompt=nouns("cards")(_("Take the light one from {the_box}"))),
        leds=_leds(4, on=0))
    return scenes
