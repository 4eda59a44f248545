"""Example scenes of entered-pool play, for ``tools/render-screens`` and the UI tests: the
private views are built from real entries part-way through and the texts by the functions
the referee calls, so they show what a player sees. Named entry-*."""

from __future__ import annotations

from dataclasses import replace

from coda_pi.i18n import _
from coda_pi.referee.pools.entered.views import (
    EntryProgress,
    contest_wait_view,
    entry_wait_view,
    example_entries,
    example_fixes,
)
from coda_pi.referee.shared.views import (
    Banner,
    BannerKind,
    PanelView,
    PublicView,
    SeatView,
    TableView,
    TurnStep,
    TurnView,
)
from coda_pi.referee.shared.wording import nouns
from coda_pi.ui import sample_table
from coda_pi.ui.sample_table import _leds, _table, round_of
from coda_pi.ui.scene import Scene


def _dealing(players: int, dealt: int) -> TableView:
    """The table while starting rows are entered: the first ``dealt`` seats stand theirs
    (backs only), the rest have none yet."""
    names = sample_table.NAMES  # read at each call: the long-name test swaps them in
    backs = ((True, False, True, False), (False, True, True, False), (True, True, False, False),
             (False, False, True, True))
    seats = tuple(SeatView(
        seat=seat, name=names[seat], total=0, out=False, turn=False, led=_leds(4)[seat],
        holding=False,
        row=tuple(PanelView(dark, None, False) for dark in backs[seat]) if seat < dealt else ())
        for seat in range(players))
    return TableView(round_number=1, rounds=3, seats=seats, pool_dark=13 - 2 * dealt,
                     pool_light=13 - 2 * dealt, turn=-1, dashes=True)


def entry_scenes() -> dict[str, Scene]:
    names = sample_table.NAMES  # read at each call: the long-name test swaps them in
    scenes: dict[str, Scene] = {}
    leds = _leds(3, blink=(1,))
    table = _dealing(3, 1)
    wait = entry_wait_view(1, names[1], "panels", dark=None, hand=4,
                           dealt=(True, False, False), dark_left=table.pool_dark,
                           light_left=table.pool_light)
    round_one = round_of(1)
    scenes["entry-deal"] = Scene(PublicView(screen=wait, table=table, title=round_one,
                                            leds=leds), leds=leds)
    # Benedict let go of his button part-way, and at his row's last look (an OK pressed
    # then, without the button, is refused in words of that step).
    for name, progress in (("entry-deal-kept", EntryProgress.UNDER_WAY),
                           ("entry-deal-last-look", EntryProgress.LAST_LOOK)):
        kept = entry_wait_view(1, names[1], "panels", dark=None, hand=4,
                               dealt=(True, False, False), dark_left=table.pool_dark,
                               light_left=table.pool_light, progress=progress)
        scenes[name] = Scene(PublicView(screen=kept, table=table, title=round_of(1),
                                        leds=leds), leds=leds)
    last_look = scenes["entry-deal-last-look"].view
    scenes["entry-deal-last-look-refused"] = Scene(replace(last_look, banner=Banner(
        _("Hold seat button {number} while you press OK").format(number=2),
        BannerKind.ERROR)), leds=leds)
    refused = _("Hold seat button {number} to enter").format(number=2)
    scenes["entry-deal-refused-public"] = Scene(PublicView(
        screen=wait, table=table, title=round_one, leds=leds,
        banner=Banner(refused, BannerKind.ERROR)), leds=leds)
    cards_wait = entry_wait_view(1, names[1], "cards", dark=None, hand=3,
                                 dealt=(True, False, False, False), dark_left=11,
                                 light_left=12)
    scenes["entry-deal-cards"] = Scene(PublicView(
        screen=cards_wait, table=_dealing(4, 1), title=round_one, labels="cards",
        leds=_leds(4, blink=(1,))), leds=_leds(4, blink=(1,)))
    held = PublicView(screen=wait, table=None, private_shown=1, leds=leds)
    examples = example_entries(names)
    scenes["entry-deal-private"] = Scene(held, private=examples["row"], leds=leds)
    scenes["entry-deal-private-colour"] = Scene(held, private=examples["colour"], leds=leds)
    scenes["entry-deal-refused"] = Scene(held, private=examples["refused"], leds=leds)
    scenes["entry-deal-review-cards"] = Scene(
        PublicView(screen=wait, table=None, private_shown=1, labels="cards", leds=leds),
        private=examples["review"], leds=leds)
    turn_leds = _leds(4, on=0)
    drawn = entry_wait_view(0, names[0], "panels", dark=False, hand=3, dealt=(True,) * 4,
                            dark_left=4, light_left=3)
    round_two = round_of(2)
    scenes["entry-draw"] = Scene(PublicView(screen=drawn, table=_table(holding=False),
                                            title=round_two, leds=turn_leds), leds=turn_leds)
    drew = nouns("panels")(_("{name} drew a light {panel}"), name=names[0])
    scenes["entry-draw-banner"] = Scene(PublicView(
        screen=drawn, table=_table(holding=False), title=round_two, leds=turn_leds,
        banner=Banner(drew, BannerKind.INFO)), leds=turn_leds)
    held_draw = PublicView(screen=drawn, table=None, private_shown=0, leds=turn_leds)
    scenes["entry-draw-private"] = Scene(held_draw, private=examples["drawn"], leds=turn_leds)
    scenes["entry-draw-private-long"] = Scene(held_draw, private=examples["drawn-long"],
                                              leds=turn_leds)
    scenes["entry-draw-clash"] = Scene(held_draw, private=examples["clash"], leds=turn_leds)
    choose = TurnView(seat=0, name=names[0], step=TurnStep.CHOOSE_COLOR, color_dark=True,
                      dark_left=4, light_left=3, pool_on_table=True, prompt=nouns("panels")(
                          _("{name}: take a {panel} from the table, then PREV/NEXT its colour "
                            "and OK"), name=names[0]))
    scenes["entry-turn-choose"] = Scene(PublicView(
        screen=choose, table=_table(holding=False), title=round_two, leds=turn_leds),
        leds=turn_leds)
    scenes.update(_fix_scenes())
    scenes.update(_look_scenes())
    return scenes


def _look_scenes() -> dict[str, Scene]:
    """A contested panel looked at now that it is shown anyway (issue 31): the round's
    winner's (the bonus waits: a note beside the table), an unplaced drawn one, and a
    panel knocked down after a miss with the table empty."""
    names = sample_table.NAMES  # read at each call: the long-name test swaps them in
    leds = _leds(4, blink=(0,))
    table = _table(holding=False)
    looks = {
        "entry-look-round-end": contest_wait_view(0, names[0], 1, "panels", hand=3,
                                                  dealt=(True,) * 4, dark_left=0,
                                                  light_left=0),
        "entry-look-drawn": contest_wait_view(0, names[0], None, "panels", hand=3,
                                              dealt=(True,) * 4, dark_left=0, light_left=0),
        "entry-look-knock-down": contest_wait_view(0, names[0], 3, "panels", hand=3,
                                                   dealt=(True,) * 4, dark_left=0,
                                                   light_left=0, at_round_end=False),
    }
    return {name: Scene(PublicView(screen=view, table=table, title=round_of(2), leds=leds),
                        leds=leds) for name, view in looks.items()}


def _fix_scenes() -> dict[str, Scene]:
    """The menu's "Fix a panel entered wrong" (``entry_views.example_fixes``) on the table."""
    names = sample_table.NAMES  # read at each call: the long-name test swaps them in
    leds = _leds(4, on=0)
    table = _table(holding=False)
    return {f"entry-fix-{name}": Scene(PublicView(screen=view, table=table, title=round_of(2),
                                                  leds=leds), leds=leds)
            for name, view in example_fixes(names).items()}


__all__ = ["entry_scenes"]
