"""One pod's panel through luma.oled: send only the pages that changed; dark while idle.

luma's own ``display()`` sends the whole 1024-byte frame every time. A pod knows what its
panel holds (luma clears it when the device is made) and writes only the changed columns of
the changed pages (``spans.py``) with the controller's addressing commands, through luma's
``command()``/``data()``; on I2C at 400 kHz a whole page is about 3.3 ms and a whole frame
25 ms, a cursor moved along the row well under a page (bench/bench_pods.py).

luma.core's ``dummy`` device (tests, pictures) has no controller: the frame is handed to its
``display()`` instead, which keeps it as ``device.image``, and the same pages are counted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PIL import Image

from coda_pi.pods.bus import PANEL_ADDRESS, SMBusLike
from coda_pi.pods.pages import PAGES, WIDTH, Pages, changed_runs, from_pages, to_pages
from coda_pi.pods.settings import Controller
from coda_pi.pods.spans import Span, changed_spans

# SSD1306: column range, page range (horizontal addressing, which luma's init selects).
_SSD1306_COLUMNS = 0x21
_SSD1306_PAGES = 0x22
# SH1106: one page at a time; its RAM is 132 columns wide and a 128-column glass starts at 2.
_SH1106_PAGE = 0xB0
_SH1106_COLUMN_OFFSET = 0x02
_SH1106_LOW_COLUMN = 0x00
_SH1106_HIGH_COLUMN = 0x10
_DATA_MODE = 0x40  # the control byte before display data on I2C (both controllers)


def make_device(controller: Controller, serial_interface: Any) -> Any:
    """A luma.oled device for the controller on this serial interface (luma's ``i2c``)."""
    from luma.oled.device import sh1106, ssd1306  # the pods' extra: imported only with pods

    kind = ssd1306 if controller is Controller.SSD1306 else sh1106
    return kind(serial_interface=serial_interface, width=WIDTH, height=PAGES * 8)


def open_panel(controller: Controller, bus: SMBusLike,
               address: int = PANEL_ADDRESS) -> PodPanel:
    """A pod's panel on ``bus`` (its multiplexer channel), as the device opens it: luma's
    device for the controller (which sets the panel up and clears it), whose changed spans
    then go each as one I2C message through the bus's ``i2c_rdwr`` (luma, on a bus it did
    not open itself, cuts data into 32-byte SMBus blocks, each with its own address and
    control byte: 4 % more bytes and four times the transactions for a whole page)."""
    from luma.core.interface.serial import i2c  # the pods' extra: imported only with pods

    device = make_device(controller, i2c(bus=bus, address=address))
    return PodPanel(device, controller, bus=bus, address=address)


class Glass(Protocol):
    """What a seat's pod drives: a :class:`PodPanel` written on the caller's thread, or the
    bus writer's ``QueuedPanel`` (coda_pi/pods/writer.py) written on the writer's."""

    lit: bool

    @property
    def device(self) -> Any: ...

    def show(self, image: Image.Image) -> int: ...

    def off(self) -> None: ...

    def on(self) -> None: ...


class PodPanel:
    """The panel of one pod: ``show`` a frame, ``off`` and ``on`` its glass.

    ``controller`` is None for luma's dummy device. The panel is taken to be blank and lit
    when this is made, as luma leaves it after making the device.
    """

    def __init__(self, device: Any, controller: Controller | None, *,
                 bus: SMBusLike | None = None, address: int = PANEL_ADDRESS) -> None:
        self.device = device
        self.controller = controller
        # With the bus (open_panel), data goes as one message per span; without, luma's.
        self._bus = bus
        self._address = address
        self._shown: Pages = to_pages(Image.new("1", (WIDTH, PAGES * 8)))
        self.lit = True
        self.pages_sent = 0  # since this was made: the bench and the tests read it

    @property
    def shown(self) -> Pages:
        """The pages the panel holds (as far as this process wrote them)."""
        return self._shown

    def show(self, image: Image.Image) -> int:
        """Put ``image`` on the panel, sending only the pages that differ from what it
        holds; returns how many pages were sent (0: nothing changed, nothing sent)."""
        return self.send(to_pages(image))

    def send(self, pages: Pages, superseded: Callable[[], bool] | None = None) -> int:
        """Write what differs in ``pages`` from what the panel holds, page by page, only
        the changed columns of each (``spans.py``); returns how many pages were written to.
        With ``superseded`` (the bus writer's: a newer frame is waiting), the writing stops
        between two pages once it says so: what the panel holds is then part old, part
        new, and the newer frame sends only what differs from that (at 100 kHz a whole
        frame holds the bus ~95 ms)."""
        if self.controller is None:  # luma's dummy: the whole image, kept as device.image
            runs = changed_runs(self._shown, pages)
            if not runs:
                return 0
            self.device.display(from_pages(pages).convert(self.device.mode))
            self._shown = pages
            sent = sum(last - first + 1 for first, last in runs)
            self.pages_sent += sent
            return sent
        written: set[int] = set()
        for span in changed_spans(self._shown, pages, self.controller):
            if written and span.page not in written and superseded is not None \
                    and superseded():
                break
            self._write(pages, span)
            # Held now: a failure or a stop further on must not make these columns be
            # taken for the old ones (they would never be sent again).
            old = self._shown[span.page]
            held = old[: span.first] + pages[span.page][span.first : span.last + 1] \
                + old[span.last + 1 :]
            self._shown = (*self._shown[: span.page], held, *self._shown[span.page + 1 :])
            if span.page not in written:
                written.add(span.page)
                self.pages_sent += 1
        return len(written)

    def _write(self, pages: Pages, span: Span) -> None:
        if self.controller is Controller.SSD1306:
            self.device.command(_SSD1306_COLUMNS, span.first, span.last,
                                _SSD1306_PAGES, span.page, span.page)
        else:
            # The SH1106's RAM is 132 columns wide; the glass shows columns 2-129.
            column = span.first + _SH1106_COLUMN_OFFSET
            self.device.command(_SH1106_PAGE | span.page, _SH1106_LOW_COLUMN | column & 0x0F,
                                _SH1106_HIGH_COLUMN | column >> 4)
        data = list(pages[span.page][span.first : span.last + 1])
        if self._bus is None:
            self.device.data(data)
            return
        from smbus2 import i2c_msg  # luma's own dependency: there wherever luma is

        self._bus.i2c_rdwr(i2c_msg.write(self._address, [_DATA_MODE, *data]))

    def off(self) -> None:
        """Dark glass, the frame kept in the panel's memory: the OLED does not age idle."""
        if self.lit:
            self.device.hide()
            self.lit = False

    def on(self) -> None:
        if not self.lit:
            self.device.show()
            self.lit = True
