"""When the card refuses lines the loop had already gone on with.

The loop draws a press's frame while the fsync thread waits for the card
(coda_pi/fsync_thread.py), so the referee has applied the press's lines by the time the
card answers. A write the card refuses at once is refused by the referee itself ("nothing
was done"); an fsync that fails later leaves the referee ahead of its record. Nothing of
the press was told yet (the loop shows, sounds and sends only after the fsync returned), so
the device does what a restart after a power cut does: the refused lines are cut back, and
the game goes on from what the record holds (principle 1: the device's state is the replay
of its record), with the card's trouble on the screen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from coda_pi.app.records import Records
from coda_pi.app.resume import build_referee
from coda_pi.i18n import _
from coda_pi.os_words import said
from coda_pi.referee.shared.ports import Clock
from coda_pi.referee.shared.views import BannerKind
from coda_pi.referee.table_referee import TableReferee

if TYPE_CHECKING:
    import random

    from coda_pi.app.loop import App
    from coda_pi.app.options import DeviceOptions


def back_on_the_record(
    app: App, options: DeviceOptions, *, clock: Clock, rng: random.Random,
    explain: Callable[[str], None],
) -> Callable[[TableReferee, OSError], TableReferee]:
    """``App.recover`` for a device built by build_app: a new referee resumed from the
    newest record on the card, its records taking the place of the old ones."""

    def recover(old: TableReferee, error: OSError) -> TableReferee:
        records = app.records
        assert records is not None
        written = records.paths
        records.close()  # the refused lines are already cut back from the file
        fresh = Records(records.data_dir, on_recorded=records.on_recorded,
                        on_kept=records.on_kept)
        fresh.fsync_thread = records.fsync_thread
        app.records = fresh
        resumed = dataclasses.replace(options, resume=True, notices=(),
                                      record=written[-1] if written else options.record)
        referee = build_referee(resumed, clock=clock, rng=rng, records=fresh, explain=explain)
        if app.phones is not None:
            referee.attach_seat_screens(app.phones.bridge)
        referee.notify(_("Could not save to the game record ({why}): nothing was done. Free "
                         "some space or check the card, then try again").format(
                             why=said(error)), BannerKind.ERROR)
        return referee

    return recover
