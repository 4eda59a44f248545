"""What changed in a pod's frame, down to the column: the spans of each page worth sending.

Both controllers let a write start at any column of any page (SSD1306: the column and page
address commands; SH1106: the page and the two column nibbles), so a change is sent as the
changed columns of each changed page, not as whole 128-byte pages: a cursor moved along
the row is two cells' columns, not two whole pages. Two changed stretches of a page close
together are one span when resending the unchanged columns between them costs less than
the commands and addressing of a second write (``SPAN_BYTES``).

Costs are counted in bytes on the wire as :class:`~coda_pi.pods.bus.MeteredBus` counts them,
for a panel opened by :func:`~coda_pi.pods.panel.open_panel`: a command is one SMBus block
(the address, a control byte, the command bytes), a span's data one message (the address,
a control byte, the data).
"""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.pods.pages import PAGES, Pages
from coda_pi.pods.settings import Controller

DATA_HEAD = 2  # a data message's address and control bytes
# The command that moves the write to a page and column, with its address and control byte:
# SSD1306: 0x21 first last, 0x22 page page; SH1106: 0xB0|page, low nibble, high nibble.
COMMAND_BYTES = {Controller.SSD1306: 2 + 6, Controller.SH1106: 2 + 3}
# What another span costs beyond its data: its command and its data message's head.
SPAN_BYTES = {c: n + DATA_HEAD for c, n in COMMAND_BYTES.items()}


@dataclass(frozen=True, slots=True)
class Span:
    """Columns ``first`` to ``last`` (both included) of page ``page``."""

    page: int
    first: int
    last: int

    @property
    def width(self) -> int:
        return self.last - self.first + 1


def changed_spans(old: Pages | None, new: Pages, controller: Controller) -> list[Span]:
    """The spans of ``new`` that differ from ``old``, page by page, left to right; every
    page whole when the panel's content is unknown (``old`` None)."""
    spans: list[Span] = []
    bridge = SPAN_BYTES[controller]
    for page in range(PAGES):
        after = new[page]
        if old is None:
            spans.append(Span(page, 0, len(after) - 1))
            continue
        before = old[page]
        if before == after:
            continue
        columns = [x for x, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        first = last = columns[0]
        for x in columns[1:]:
            # The unchanged columns between are resent when that is cheaper than a new span.
            if x - last - 1 <= bridge:
                last = x
                continue
            spans.append(Span(page, first, last))
            first = last = x
        spans.append(Span(page, first, last))
    return spans


def wire_bytes(spans: list[Span], controller: Controller) -> int:
    """The bytes these spans put on the wire (commands, data and their blocks' heads)."""
    return sum(SPAN_BYTES[controller] + span.width for span in spans)
