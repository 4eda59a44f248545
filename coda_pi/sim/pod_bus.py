"""A stand-in I2C bus with a TCA9548A and pod panels on it, for tests and the bench.

It behaves as the hardware does where the pods' code can tell: an address nobody answers
raises ``OSError(EREMOTEIO)`` (what smbus2 raises on a Pi), the multiplexer connects only the
channels its control byte selects, and each panel keeps its display memory from the command
and data bytes it is sent (SSD1306 horizontal addressing, SH1106 page addressing), so a test
can read back what the glass would show.
"""

from __future__ import annotations

import errno
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from coda_pi.pods.bus import (
    BITS_PER_BYTE,
    BITS_PER_TRANSACTION,
    MUX_ADDRESS,
    PANEL_ADDRESS,
    SMBusLike,
)
from coda_pi.pods.pages import PAGES, WIDTH, from_pages

COMMAND, DATA = 0x00, 0x40
# Controller commands that take argument bytes, and how many (the rest take none).
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1,
         0xD9: 1, 0xDA: 1, 0xDB: 1}  # fmt: skip


def _nobody(address: int) -> OSError:
    return OSError(errno.EREMOTEIO, f"Remote I/O error (nobody at 0x{address:02X})")


@dataclass
class StandInPanel:
    """One SSD1306 or SH1106 (``sh1106``) panel's display memory and state."""

    sh1106: bool = False
    address: int = PANEL_ADDRESS
    ram: list[bytearray] = field(default_factory=lambda: [bytearray(132) for _ in range(PAGES)])
    lit: bool = False
    page: int = 0
    column: int = 0
    pages: tuple[int, int] = (0, PAGES - 1)
    columns: tuple[int, int] = (0, WIDTH - 1)
    data_bytes: int = 0  # every data byte written, the power-on clear included

    def command(self, data: Sequence[int]) -> None:
        i = 0
        while i < len(data):
            op = data[i]
            args = list(data[i + 1 : i + 1 + _ARGS.get(op, 0)])
            i += 1 + _ARGS.get(op, 0)
            if op == 0xAE:
                self.lit = False
            elif op == 0xAF:
                self.lit = True
            elif self.sh1106 and 0xB0 <= op <= 0xB7:
                self.page = op & 0x07
            elif self.sh1106 and op <= 0x0F:
                self.column = (self.column & 0xF0) | op
            elif self.sh1106 and 0x10 <= op <= 0x1F:
                self.column = (self.column & 0x0F) | (op & 0x0F) << 4
            elif not self.sh1106 and op == 0x21:
                self.columns = (args[0], args[1])
                self.column = args[0]
            elif not self.sh1106 and op == 0x22:
                self.pages = (args[0], args[1])
                self.page = args[0]

    def data(self, data: Sequence[int]) -> None:
        self.data_bytes += len(data)
        for byte in data:
            if self.sh1106:
                if self.column < 132:
                    self.ram[self.page][self.column] = byte
                self.column += 1
                continue
            self.ram[self.page][self.column] = byte
            if self.column < self.columns[1]:
                self.column += 1
            else:
                self.column = self.columns[0]
                self.page = self.page + 1 if self.page < self.pages[1] else self.pages[0]

    def glass(self) -> Image.Image:
        """What the panel shows now (its memory; dark or not)."""
        start = 2 if self.sh1106 else 0
        return from_pages([bytes(row[start : start + WIDTH]) for row in self.ram])


@dataclass
class StandInBus:
    """An I2C bus: an optional TCA9548A (``mux``) and a panel, or None, on each channel.
    ``broken`` channels have a cable whose fault makes every write on them fail."""

    panels: dict[int, StandInPanel | None] = field(default_factory=dict)
    mux: bool = True
    mux_address: int = MUX_ADDRESS
    broken: set[int] = field(default_factory=set)
    # Channels whose cable shorts SDA or SCL: selecting one gets no acknowledge.
    shorted: set[int] = field(default_factory=set)
    selected_mask: int = 0
    writes: int = 0

    def _on_channels(self, address: int) -> StandInPanel:
        found = [p for ch, p in self.panels.items()
                 if self.selected_mask >> ch & 1 and p is not None and p.address == address]
        if any(self.selected_mask >> ch & 1 for ch in self.broken) or not found:
            raise _nobody(address)
        return found[0]

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self.writes += 1
        if self.mux and i2c_addr == self.mux_address:
            if any(value >> ch & 1 for ch in self.shorted):
                raise OSError(errno.EIO, "Input/output error (the bus is held low)")
            self.selected_mask = value & 0xFF
            return
        self._on_channels(i2c_addr)

    def read_byte(self, i2c_addr: int) -> int:
        if self.mux and i2c_addr == self.mux_address:
            return self.selected_mask
        self._on_channels(i2c_addr)
        return 0x43  # a status byte: the value does not matter, the acknowledge does

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Sequence[int]) -> None:
        self.writes += 1
        if len(data) > 32:
            raise OSError(errno.EINVAL, "SMBus blocks are 32 bytes at most")
        panel = self._on_channels(i2c_addr)
        if register == COMMAND:
            panel.command(data)
        elif register == DATA:
            panel.data(data)

    def i2c_rdwr(self, *messages: Any) -> None:
        """smbus2's combined transfer of write messages: each its address, then a control
        byte (command or data) and the bytes, of any length."""
        self.writes += 1
        for message in messages:
            raw = list(message)
            panel = self._on_channels(message.addr)
            if raw[0] == COMMAND:
                panel.command(raw[1:])
            elif raw[0] == DATA:
                panel.data(raw[1:])


def four_pods(*, sh1106: bool = True, missing: Sequence[int] = ()) -> StandInBus:
    """A bus with the multiplexer and a panel on channels 0-3 (seat N on channel N-1),
    except the ``missing`` channels."""
    return StandInBus({ch: None if ch in missing else StandInPanel(sh1106=sh1106)
                       for ch in range(4)})


class PacedBus:
    """A bus that takes as long as the wire would: each transaction returns once its bytes
    (9 bits each, with a start and a stop) would have crossed a bus clocked at ``hz``, as
    smbus2's ioctl does on a Pi (which lets other threads run meanwhile, as sleeping does).
    For the bench's clock: what the loop and the pods wait for the bus. The wire is kept
    as a clock of its own (busy until ``_free_at``), so a sleep that overshoots on a busy
    machine is taken off the next transaction's rather than added up."""

    def __init__(self, bus: SMBusLike, hz: int) -> None:
        self.bus = bus
        self.hz = hz
        self._free_at = 0.0

    def _wire(self, payload: int) -> None:
        now = time.perf_counter()
        self._free_at = max(now, self._free_at) + (
            (1 + payload) * BITS_PER_BYTE + BITS_PER_TRANSACTION) / self.hz
        if self._free_at > now:
            time.sleep(self._free_at - now)

    def _call(self) -> None:
        """Once per call, however many messages it carries (the bench's ioctl cost)."""

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self.bus.write_byte(i2c_addr, value)
        self._call()
        self._wire(1)

    def read_byte(self, i2c_addr: int) -> int:
        value = self.bus.read_byte(i2c_addr)
        self._call()
        self._wire(1)
        return value

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Sequence[int]) -> None:
        self.bus.write_i2c_block_data(i2c_addr, register, data)
        self._call()
        self._wire(1 + len(data))

    def i2c_rdwr(self, *messages: Any) -> None:
        self.bus.i2c_rdwr(*messages)
        self._call()
        for message in messages:
            self._wire(len(message))
