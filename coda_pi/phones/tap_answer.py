"""What a phone is told of its tap: done, or refused with why, never "done" for nothing.

A tap is done when it wrote to the record or changed what the table or the seat sees; it
is refused when the referee said no (its error banner), when it changed nothing, or when
the page it was made from offered something the table has moved on from (the page is told
to reload, and nothing is done: a Done meant for a deal must not draw a panel).
Judged on the loop's thread once the tap's lines are written; told once they are fsynced
(principle 5: ``PhoneBridge.settled``), and when the card refused them after all, not done
(``unsaved``).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from coda_pi.i18n import _
from coda_pi.phones.touch_words import touch_safe
from coda_pi.referee.shared.views import BannerKind

ANSWER_BYTES = 1024
"""Every tap's answer is padded to this length: done or refused, the count of bytes on the
wire is the same (TLS hides the bytes, not their count)."""
WHY_CHARS = 200
"""A refusal's sentence is cut to this many characters (in UTF-8, at most 4 bytes each, it
still fits ``ANSWER_BYTES``)."""


@dataclass(frozen=True, slots=True)
class TapAnswer:
    """What became of a tap: ``done``; else ``why`` (a sentence for the page) and
    ``reload`` (the page it was made from is out of date)."""

    done: bool
    why: str = ""
    reload: bool = False

    def body(self) -> bytes:
        """The answer's JSON, padded to ``ANSWER_BYTES``."""
        if self.done:
            return padded({"done": True})
        why = self.why[:WHY_CHARS]
        # Escapes can lengthen a sentence: it is cut until the answer fits (a longer
        # answer than the others would tell a sniffer it was a refusal).
        while len(_json({"refused": True, "why": why, "reload": self.reload})) > ANSWER_BYTES:
            why = why[:-8]
        return padded({"refused": True, "why": why, "reload": self.reload})


def padded(obj: dict[str, Any]) -> bytes:
    """``obj``'s JSON with spaces after it up to ``ANSWER_BYTES``."""
    return _json(obj).ljust(ANSWER_BYTES)


def _json(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, ensure_ascii=False).encode()


PENDING = padded({"pending": True})
"""The answer when the loop has not done the tap in time: the page shows what became of it."""


DONE = TapAnswer(True)


def stale() -> TapAnswer:
    return TapAnswer(False, _("Not done: the device had moved on. Here is what it shows "
                              "now"), reload=True)


def not_now() -> TapAnswer:
    return TapAnswer(False, _("Not done: that tap changes nothing now"))


def unsaved(referee: Any) -> TapAnswer:
    """A tap whose lines the card refused once the loop had judged it done: not done, in the
    words of the error the device put back on its record shows, as a write refused at once
    is answered (the page was never sent the tap's outcome: it offers what it did)."""
    banner: Any = getattr(referee.view(), "banner", None)
    why = touch_safe(banner.text) if banner is not None else ""
    return TapAnswer(False, why or not_now().why)


def meaning(page: dict[str, Any]) -> str:
    """What a seat's page offers a tap: its sentence and its actions. Pages that differ
    only in what no tap names (the timer's seconds, a banner) mean the same."""
    return json.dumps([page.get("sentence"), page.get("actions")], sort_keys=True)


@dataclass(frozen=True, slots=True)
class Seen:
    """What a tap could change, taken before it: the record and its length, the banner,
    and the public view and the seat's own view apart from what moves by itself."""

    journal: object
    events: int
    banner: object
    public: object
    private: object

    @classmethod
    def of(cls, referee: Any, seat: int) -> Seen:
        journal = getattr(referee, "journal", None)
        view = referee.view()
        return cls(journal, len(getattr(journal, "events", ())), getattr(view, "banner", None),
                   _steady(view), referee.private_view_of(seat))


def judged(referee: Any, seat: int, before: Seen, did: bool) -> TapAnswer:
    """The answer to a tap of ``seat`` made since ``before``; ``did``: the phone's actions
    found it the seat's to make. The record is looked at first: most taps write to it, and
    then no view need be built again."""
    journal = getattr(referee, "journal", None)
    if journal is not before.journal or len(getattr(journal, "events", ())) != before.events:
        return DONE  # written (and fsynced) to the record
    view = referee.view()
    banner: Any = getattr(view, "banner", None)
    if banner is not before.banner and banner is not None and banner.kind is BannerKind.ERROR:
        # Set during the tap (a press clears an error banner): the referee's no to it, in
        # its own words unless they speak of the device's buttons (a phone has none).
        return TapAnswer(False, touch_safe(banner.text) or not_now().why)
    if did and (_steady(view) != before.public
                or referee.private_view_of(seat) != before.private):
        return DONE
    return not_now()


def _steady(view: Any) -> Any:
    """The public view without what changes with no tap: the timer's seconds, the banner,
    the version count."""
    if not dataclasses.is_dataclass(view) or isinstance(view, type):
        return view
    names = {f.name for f in dataclasses.fields(view)}
    blank = {k: v for k, v in (("timer", None), ("banner", None), ("version", 0))
             if k in names}
    return dataclasses.replace(view, **blank)
