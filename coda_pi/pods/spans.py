"""What changed in a pod's frame, down to the column: the spans of each page worth sending.

Both controllers let a write start at any column of any page (SSD1306: the column and page
address commands; SH1106: the page and the two column nibbles), so a change is sent as the
changed columns of each changed page, not as whole 128-byte pages: a cursor moved along
the row is two cells' columns, not two whole pages. Two changed stretches of a page close
together are one span when resending the unchanged columns between them costs less than
the commands and addressing of a second write (``SPAN_BYTES``).

Costs are counted in bytes on the wire as :class:`~coda_pi.pods.bus.MeteredBus` counts them,
for a panel opened by :func:`~coda_pi.pods.panel.open_panel`: a span's addressing is one
message (the address, a control byte, the command bytes), its data another (the address, a
control byte, the data). Of the addressing, only what differs from where the controller's
write pointer already is goes on the wire (``addressing``): the spans of one frame are sent
in order, and each leaves the pointer where its data ended.
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


# Where the controller writes next, as far as this process knows: SH1106 (page, column of
# its RAM); SSD1306 (page window, column window), the pointer at the column window's start.
Pointer = tuple[int, int] | tuple[tuple[int, int], tuple[int, int]] | None

SH1106_OFFSET = 2  # the SH1106's RAM is 132 columns wide; a 128-column glass starts at 2


def addressing(span: Span, pointer: Pointer,
               controller: Controller) -> tuple[list[int], Pointer]:
    """The command bytes that move the write to ``span`` from ``pointer`` (None: unknown,
    everything is sent), and where the pointer is once the span's data is written."""
    if controller is Controller.SSD1306:
        columns, pages = (span.first, span.last), (span.page, span.page)
        known = pointer if pointer is not None and isinstance(pointer[0], tuple) else None
        commands: list[int] = []
        # After a span's last column the pointer wraps to its window's first column (and
        # the one-page window's page): a window already set is not set again.
        if known is None or known[1] != columns:
            commands += [0x21, *columns]
        if known is None or known[0] != pages:
            commands += [0x22, *pages]
        return commands, (pages, columns)
    column = span.first + SH1106_OFFSET
    page, at = pointer if pointer is not None and isinstance(pointer[0], int) else (None, None)
    commands = []
    if page != span.page:
        commands.append(0xB0 | span.page)
    if at is None or at & 0x0F != column & 0x0F:
        commands.append(column & 0x0F)
    if at is None or at >> 4 != column >> 4:
        commands.append(0x10 | column >> 4)
    return commands, (span.page, column + span.width)


def wire_bytes(spans: list[Span], controller: Controller) -> int:
    """The bytes these spans put on the wire, sent in order from an unknown pointer
    (addressing, data and their messages' heads)."""
    total = 0
    pointer: Pointer = None
    for span in spans:
        commands, pointer = addressing(span, pointer, controller)
        total += (DATA_HEAD + len(commands) if commands else 0) + DATA_HEAD + span.width
    return total
