"""The referee the device starts with: the unfinished game resumed, or a new one, and the
first screen saying what happened at start (a resumed game, a record kept aside, a config
problem)."""

from __future__ import annotations

import dataclasses
import errno
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from coda_pi import log_later, remembered
from coda_pi.app.options import DeviceOptions
from coda_pi.app.records import Records, result_rows
from coda_pi.config import os_reason, says_what_is_off
from coda_pi.datadir import ResumeChoice, choose_resume
from coda_pi.i18n import _, ngettext, set_language, spoken
from coda_pi.i18n import language as language_now
from coda_pi.lazy_types import instance_of
from coda_pi.record import RecordWriter
from coda_pi.referee.shared.ports import Clock
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue, Intent, Press, Release
from coda_pi.referee.shared.views import GAME_VIEWS, Banner, BannerKind, ConfirmView, LedState
from coda_pi.referee.shared.wording import nouns
from coda_pi.referee.table_referee import TableReferee
from coda_pi.rules.sentence import say

if TYPE_CHECKING:
    import random

log = log_later.getLogger(__name__)


def build_referee(
    options: DeviceOptions,
    *,
    clock: Clock,
    rng: random.Random,
    records: Records,
    explain: Callable[[str], None],
) -> TableReferee:
    """The referee: resuming the unfinished game in the data directory, if there is one."""
    from coda_pi.referee.coda.referee import Referee as CodaReferee

    setup = options.setup
    if setup is None:
        # The config's defaults, with what the table chose last time laid over them.
        setup = SetupDefaults.from_config(options.config)
        setup, language = remembered.load(records.data_dir, setup, setup.language)
        setup = setup.with_changes(language=options.language or language)
    set_language(setup.language)
    journal = None
    header = None
    record: Any = None
    troubles: list[str] = []  # what went wrong with the records: news of a game comes first
    resumed = False
    if options.resume:
        try:
            choice = choose_resume(records.data_dir, options.record)
        except Exception as err:  # noqa: BLE001 - whatever is on the card, the device starts
            log.exception("looking for an unfinished game")
            choice = ResumeChoice(None, None, (say(
                "could not look for an unfinished game in {directory} ({why}); a new game was "
                "started", directory=str(records.data_dir), why=str(err)),))
        for notice in choice.notices:
            explain(spoken(notice))
            log.warning("%s", notice)
        if choice.path is None:
            troubles.extend(choice.notices)
        # else they are about a torn last line, which nobody had been told of: the log will do
        if choice.path is not None and choice.replay is not None:
            try:
                record = records.resumed(RecordWriter(choice.path))
            except OSError as err:
                # A card gone read-only, say: the game cannot go on in that file, and the
                # device must still start (principle 6).
                if err.errno == errno.EROFS:  # no new record either: say what will help
                    trouble = say("the card is read-only: {name} cannot go on, and no game "
                                  "can be saved until the card can be written again",
                                  name=choice.path.name)
                else:
                    trouble = say("cannot write to {name} ({why}); a new game was started in "
                                  "a new record", name=choice.path.name,
                                  why=os_reason(err))
                explain(spoken(trouble))
                troubles.append(trouble)
            else:
                journal = choice.replay.journal
                header = choice.replay.header
                resumed = True
                explain(_("resuming the unfinished game in {path}").format(path=choice.path))
    if record is None:
        records.keep_finished_first(explain)
        record = records.new()
    from coda_pi.referee.switch import GameSwitch

    def coda(setup: SetupDefaults, rec: Any, journal: Any) -> Any:
        return CodaReferee(clock=clock, rng=rng, record=rec or records.new(), setup=setup,
                           journal=journal, header=header if journal else None,
                           new_record=records.new,
                           results=lambda: result_rows(records.data_dir),
                           remember=lambda chosen: remembered.save(records.data_dir, chosen,
                                                                   chosen.language))

    # The switch hands the device to Mastermind's referee when the setup menu chooses it.
    referee = GameSwitch.build(coda, clock=clock, rng=rng, setup=setup, record=record,
                               journal=journal, header=header,
                               mastermind_record=lambda: records.new("mastermind"),
                               mastermind=options.mastermind,
                               load_mastermind=lambda: remembered.load_mastermind(
                                   records.data_dir, setup.names),
                               remember=lambda chosen, mm: remembered.save(
                                   records.data_dir, chosen, language_now(), mm))
    # The config's problems were said on stderr by whoever found them.
    return _say_on_screen(referee, resumed=resumed, troubles=[*troubles, *options.notices],
                          clock=clock)


def _say_on_screen(
    referee: TableReferee, *, resumed: bool, troubles: Sequence[str], clock: Clock
) -> TableReferee:
    """The first screen says what happened at start. A problem (a config key, a record kept
    aside) is a notice over the screen until any button is pressed, or for
    ``NOTICE_SECONDS``: on the smallest screen a banner is too small to read. A resumed
    game is said in the banner, and play goes on at once.
    Returns the referee to run: ``referee`` itself, or wrapped in the notice."""
    if resumed:
        view = referee.view()
        parts = [_("The unfinished game was resumed where it stopped: the guess timer "
                   "starts again") if getattr(view, "timer", None) is not None
                 else _("The unfinished game was resumed where it stopped")]
        screen = getattr(view, "screen", None)
        table = getattr(view, "table", None)
        if instance_of(screen, GAME_VIEWS, "DealView") and table is not None \
                and table.round_number > 0:
            # The row being dealt was never written: the device deals this seat afresh.
            parts.append(nouns(getattr(view, "labels", "panels"))(
                _("{name}: put back any {panels} you took for this deal, your {panels} are "
                  "dealt again"), name=screen.name))
        referee.notify(". ".join(parts), BannerKind.INFO)
    if not troubles:
        return referee
    # That the LEDs and the buzzer (or some buttons) are off changes how the device is
    # worked: said on the screen first (with why), whatever else went wrong; the rest is in
    # the log. One sentence is what the smallest screen holds.
    off = next((t for t in troubles if says_what_is_off(t)), None)
    first = spoken(off if off is not None else troubles[0])  # in the screen's language
    # A sentence that ends in its own mark ("did you mean 'language'?") takes no full stop.
    text = _capital(first) + ("" if first.endswith(("?", "!", ".")) else ".")
    if len(troubles) > 1:
        text += " " + _("More in the log (coda-pi doctor lists them).")
    title = ngettext("A problem at start", "{count} problems at start", len(troubles)).format(
        count=len(troubles))
    return StartNotice(referee, title, text, clock=clock)


def notice_over(referee: TableReferee, troubles: Sequence[str], *, clock: Clock
                ) -> TableReferee:
    """The referee with a notice of ``troubles`` over its screen, as at start (the GPIO
    pins found unusable only after the first frame: app/build.py)."""
    return _say_on_screen(referee, resumed=False, troubles=troubles, clock=clock)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


NOTICE_SECONDS = 60.0
"""How long a start notice stays up when nobody presses anything: an unattended device (or
one whose buttons are not where the file says) gets its screen back by itself."""


class StartNotice:
    """A referee with a notice over its screen until any button is pressed and let go, or
    for ``NOTICE_SECONDS``.

    Any button, because the notice may be saying that some buttons are not read: whichever
    ones the device has must close it. Everything else passes through, but no time limit
    runs while the notice hides the game: an unattended device must not write a time-out
    nobody could see coming.
    """

    def __init__(self, referee: TableReferee, title: str, text: str, *, clock: Clock) -> None:
        self.inner = referee
        self._clock = clock
        self._closes_at = clock.monotonic() + NOTICE_SECONDS
        self.notice: ConfirmView | None = ConfirmView(
            title=title, text=text, ok_label=_("Any button: go on"), back_label="")
        self._answering: Button | None = None
        self._changes = 0
        referee.hold_time(True)

    @property
    def version(self) -> int:
        return int(self.inner.version) + self._changes

    @property
    def seats_version(self) -> int:
        """The referee's own (its timer's seconds left out), moved by the notice too: set
        here, not passed on by ``__getattr__``, which would leave the notice's out."""
        return int(self.inner.seats_version) + self._changes

    def handle(self, intent: Intent) -> None:
        if self.notice is None:
            if isinstance(intent, Release) and intent.button is self._answering:
                self._answering = None  # the notice closed by itself under a held button
                return
            self.inner.handle(intent)
            return
        # While the notice is up every press is for it: any button, once let go, closes it
        # (its release too is the notice's, so nothing slips under it).
        if isinstance(intent, Press) and isinstance(intent.button, Button):
            self._answering = intent.button
        elif isinstance(intent, Release) and intent.button is self._answering:
            self._answering = None
            self._close()

    def type_text(self, text: str) -> None:
        if self.notice is None:  # while the notice is up only a button closes it
            self.inner.type_text(text)

    def _close(self) -> None:
        self.notice = None
        self._changes += 1
        self.inner.hold_time(False)

    def view(self) -> Any:
        view = self.inner.view()
        if self.notice is None:
            return view
        try:
            return dataclasses.replace(view, overlay=self.notice)
        except (TypeError, ValueError):  # a view without an overlay: the banner says it
            return dataclasses.replace(view, banner=Banner(self.notice.text, BannerKind.BAD))

    def private_view(self) -> Any:
        return None if self.notice is not None else self.inner.private_view()

    def tick(self) -> None:
        if self.notice is not None and self._clock.monotonic() >= self._closes_at:
            self._close()
        self.inner.tick()

    def next_deadline(self) -> float | None:
        inner = self.inner.next_deadline()
        if self.notice is None:
            return inner
        return self._closes_at if inner is None else min(inner, self._closes_at)

    def leds(self) -> tuple[LedState, ...]:
        return self.inner.leds()

    def take_cues(self) -> list[Cue]:
        return self.inner.take_cues()

    def notify(self, text: str, kind: BannerKind = BannerKind.INFO) -> None:
        self.inner.notify(text, kind)

    def hold_time(self, held: bool) -> None:
        self.inner.hold_time(held or self.notice is not None)

    @property
    def quit_requested(self) -> bool:
        return bool(getattr(self.inner, "quit_requested", False))

    def __getattr__(self, name: str) -> Any:
        # Everything the notice does not change is the referee's: the phones' card and
        # pages (attach_seat_screens, private_view_of, game, phone_presses ...). Without it
        # a device with phones on and a problem at start stopped with AttributeError. A
        # phone's tap cannot close the notice: the overlay makes it not the seat's to make.
        if name == "inner":  # not set yet (copying): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)

