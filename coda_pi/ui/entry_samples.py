"""Example scenes of entered-pool play, for ``tools/render-screens`` and the UI tests: the
private views are built from real entries part-way through, so they show what a player
sees. Named entry-*."""

from __future__ import annotations

from coda_pi.referee.entry_views import EntryWaitView, example_entries
from coda_pi.referee.views import PublicView
from coda_pi.ui.samples import NAMES, _leds, _table
from coda_pi.ui.scene import Scene


def entry_scenes() -> dict[str, Scene]:
    scenes: dict[str, Scene] = {}
    leds = _leds(3, blink=(1,))
    wait = EntryWaitView(seat=1, name=NAMES[1], what="starting row", dark=None, hand=4,
                         dealt=(True, False, False), dark_left=10, light_left=10,
                         prompt=f"{NAMES[1]}: hold seat button 2 and enter your panels")
    public = PublicView(screen=wait, table=_table(3, turn=-1, holding=False),
                        title="Round 1 of 3", leds=leds)
    scenes["entry-deal"] = Scene(public, leds=leds)
    held = PublicView(screen=wait, table=None, private_shown=1, leds=leds)
    examples = example_entries()
    scenes["entry-deal-private"] = Scene(held, private=examples["row"], leds=leds)
    scenes["entry-deal-refused"] = Scene(held, private=examples["refused"], leds=leds)
    turn_leds = _leds(4, on=0)
    drawn = EntryWaitView(seat=0, name=NAMES[0], what="drawn panel", dark=False, hand=3,
                          dealt=(True,) * 4, dark_left=4, light_left=3,
                          prompt=f"{NAMES[0]}: hold seat button 1 and enter the panel you drew")
    scenes["entry-draw"] = Scene(PublicView(screen=drawn, table=_table(), title="Round 2 of 3",
                                            leds=turn_leds), leds=turn_leds)
    scenes["entry-draw-private"] = Scene(
        PublicView(screen=drawn, table=None, private_shown=0, leds=turn_leds),
        private=examples["drawn"],
        leds=turn_leds)
    return scenes


__all__ = ["entry_scenes"]
