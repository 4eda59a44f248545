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
from coda_pi.pods.spans import Pointer, Span, addressing, changed_spans

_COMMAND_MODE = 0x00  # the control byte before command bytes on I2C (both controllers)
_DATA_MODE = 0x40  # the control byte before display data on I2C (both controllers)
_DISPLAY_ON = 0xAF  # both controllers; luma's show() sends the same
# Linux refuses an I2C_RDWR ioctl of more messages than this (I2C_RDWR_IOCTL_MAX_MSGS).
MAX_MESSAGES = 42
# A call carries whole pages while its data is under this; a newer frame can stop the
# writing between two calls: about 12 ms apart at 400 kHz, 47 ms at 100 kHz.
BATCH_BYTES = 512


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

    def send(self, pages: Pages, superseded: Callable[[], bool] | None = None, *,
             light: bool = False) -> int:
        """Write what differs in ``pages`` from what the panel holds, page by page, only
        the changed columns of each (``spans.py``); returns how many pages were written to.
        With ``superseded`` (the bus writer's: a newer frame is waiting), the writing stops
        between two pages once it says so: what the panel holds is then part old, part
        new, and the newer frame sends only what differs from that (at 100 kHz a whole
        frame holds the bus ~95 ms). With ``light``, a dark panel is lit once the whole
        frame is written, in the same call as its last pages where the bus allows (a dark
        pod's new view: one call fewer); not when the writing stopped part way."""
        if self.controller is None:  # luma's dummy: the whole image, kept as device.image
            runs = changed_runs(self._shown, pages)
            if not runs:
                return 0
            self.device.display(from_pages(pages).convert(self.device.mode))
            self._shown = pages
            sent = sum(last - first + 1 for first, last in runs)
            self.pages_sent += sent
            return sent
        spans = changed_spans(self._shown, pages, self.controller)
        if self._bus is not None:
            return self._send_batched(pages, spans, superseded, light=light)
        written: set[int] = set()
        for span in spans:
            if written and span.page not in written and superseded is not None \
                    and superseded():
                break
            self._write(pages, span)
            self._hold(pages, [span], written)
        else:
            if light:
                self.on()
        return len(written)

    def _hold(self, pages: Pages, spans: list[Span], written: set[int]) -> None:
        """These spans are on the glass: a failure or a stop further on must not make
        their columns be taken for the old ones (they would never be sent again)."""
        for span in spans:
            old = self._shown[span.page]
            held = old[: span.first] + pages[span.page][span.first : span.last + 1] \
                + old[span.last + 1 :]
            self._shown = (*self._shown[: span.page], held, *self._shown[span.page + 1 :])
            if span.page not in written:
                written.add(span.page)
                self.pages_sent += 1

    def _send_batched(self, pages: Pages, spans: list[Span],
                      superseded: Callable[[], bool] | None, *, light: bool) -> int:
        """The spans' addressing and data messages, many in one ``i2c_rdwr`` (one ioctl
        on a Pi, whose own cost per call, tens of microseconds, would otherwise come for
        every message): whole pages while a call's data stays under ``BATCH_BYTES``, so a
        newer frame can still stop the writing between two calls."""
        from smbus2 import i2c_msg  # luma's own dependency: there wherever luma is

        assert self._bus is not None and self.controller is not None
        written: set[int] = set()
        batch: list[Span] = []
        messages: list[Any] = []
        data_bytes = 0
        pointer: Pointer = None  # luma's own writes may have moved it
        for span in spans:
            new_page = not batch or batch[-1].page != span.page
            full = data_bytes >= BATCH_BYTES and new_page
            if full or len(messages) + 2 > MAX_MESSAGES:
                self._bus.i2c_rdwr(*messages)
                self._hold(pages, batch, written)
                batch, messages, data_bytes = [], [], 0
                if new_page and superseded is not None and superseded():
                    return len(written)
            commands, pointer = addressing(span, pointer, self.controller)
            if commands:
                messages.append(i2c_msg.write(self._address, [_COMMAND_MODE, *commands]))
            data = pages[span.page][span.first : span.last + 1]
            messages.append(i2c_msg.write(self._address, [_DATA_MODE, *data]))
            batch.append(span)
            data_bytes += span.width
        # Lit in the last call, unless a newer frame already waits: that one is written
        # on dark glass, as before, and lights it.
        lighting = light and not self.lit and not (superseded is not None and superseded())
        if lighting:
            messages.append(i2c_msg.write(self._address, [_COMMAND_MODE, _DISPLAY_ON]))
        if messages:
            self._bus.i2c_rdwr(*messages)
            self._hold(pages, batch, written)
        if lighting:
            self.lit = True
        return len(written)

    def _write(self, pages: Pages, span: Span) -> None:
        """One span through luma's ``command()`` and ``data()`` (a panel without the bus)."""
        commands, _ = addressing(span, None, self.controller or Controller.SH1106)
        self.device.command(*commands)
        self.device.data(list(pages[span.page][span.first : span.last + 1]))

    def off(self) -> None:
        """Dark glass, the frame kept in the panel's memory: the OLED does not age idle."""
        if self.lit:
            self.device.hide()
            self.lit = False

    def on(self) -> None:
        if not self.lit:
            self.device.show()
            self.lit = True
