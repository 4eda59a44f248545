"""The pods' I2C bus: a TCA9548A multiplexer's channels as buses of their own, and a meter.

Every pod panel answers at the same address (0x3C), so each sits on its own channel of the
multiplexer; :class:`MuxChannel` is an SMBus-like object that selects its channel before each
write (only when another channel was selected last) and can be handed to luma's ``i2c``
interface as its ``bus``. :class:`MeteredBus` counts what crosses the wire, for the bench and
for the tests' promise that only changed pages are sent.
"""

from __future__ import annotations

import fcntl
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

# Defined with the settings, which the config imports at every start, without this module.
from coda_pi.pods.settings import MUX_ADDRESS as MUX_ADDRESS
from coda_pi.pods.settings import PANEL_ADDRESS as PANEL_ADDRESS

# Each byte on I2C is 8 bits and an acknowledge; a transaction adds a start and a stop.
BITS_PER_BYTE = 9
BITS_PER_TRANSACTION = 2


class SMBusLike(Protocol):
    """What the pods use of smbus2.SMBus (and what a stand-in bus in tests provides)."""

    def write_byte(self, i2c_addr: int, value: int) -> None: ...

    def read_byte(self, i2c_addr: int) -> int: ...

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Sequence[int]) -> None: ...

    def i2c_rdwr(self, *messages: Any) -> None:
        """smbus2's combined transfer: each ``smbus2.i2c_msg`` (an ``addr`` and its bytes)
        in one go, however long: a page's data in one message, not 32-byte blocks."""


@dataclass
class Traffic:
    """Bytes and transactions (messages) on the wire, addresses included, and the calls
    that carried them (one ``i2c_rdwr`` carries many messages: one ioctl on a Pi)."""

    transactions: int = 0
    wire_bytes: int = 0
    calls: int = 0

    def seconds(self, bus_hz: int) -> float:
        """How long this traffic holds a bus clocked at ``bus_hz``."""
        bits = self.wire_bytes * BITS_PER_BYTE + self.transactions * BITS_PER_TRANSACTION
        return bits / bus_hz


def claim(bus: object) -> bool:
    """Take the bus for this process alone (an advisory lock on its /dev/i2c-N, which every
    coda-pi process asks for): False when another holds it. Two processes on one bus would
    interleave their multiplexer selects and writes, and a frame meant for one seat's pod
    could land on another's: a private view shown to the wrong player. A bus without a file
    (a stand-in) is always this process's."""
    fd = getattr(bus, "fd", None)
    if not isinstance(fd, int):
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class MeteredBus:
    """A bus that counts every transaction it forwards (address byte included)."""

    def __init__(self, bus: SMBusLike) -> None:
        self.bus = bus
        self.traffic = Traffic()
        self.fd = getattr(bus, "fd", None)  # the bus's file, for ``claim``

    def _count(self, payload: int) -> None:
        self.traffic.transactions += 1
        self.traffic.wire_bytes += 1 + payload

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self.traffic.calls += 1
        self._count(1)
        self.bus.write_byte(i2c_addr, value)

    def read_byte(self, i2c_addr: int) -> int:
        self.traffic.calls += 1
        self._count(1)
        return self.bus.read_byte(i2c_addr)

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Sequence[int]) -> None:
        self.traffic.calls += 1
        self._count(1 + len(data))
        self.bus.write_i2c_block_data(i2c_addr, register, data)

    def i2c_rdwr(self, *messages: Any) -> None:
        self.traffic.calls += 1
        for message in messages:
            self._count(len(message))
        self.bus.i2c_rdwr(*messages)


class Multiplexer:
    """A TCA9548A: one control byte, a bit per channel, connects that channel's bus."""

    def __init__(self, bus: SMBusLike, address: int = MUX_ADDRESS) -> None:
        self.bus = bus
        self.address = address
        self._selected: int | None = None  # unknown until written: a reset clears it

    def select(self, channel: int) -> None:
        if not 0 <= channel <= 7:
            raise ValueError(f"a TCA9548A has channels 0-7, not {channel}")
        if self._selected == channel:
            return
        self._selected = None  # a failed write leaves the selection unknown
        self.bus.write_byte(self.address, 1 << channel)
        self._selected = channel

    def selected(self) -> int | None:
        """The channel the multiplexer holds now (read back from it)."""
        mask = self.bus.read_byte(self.address)
        self._selected = mask.bit_length() - 1 if mask and mask & (mask - 1) == 0 else None
        return self._selected

    def channel(self, channel: int) -> MuxChannel:
        return MuxChannel(self, channel)


class MuxChannel:
    """One channel of the multiplexer, used like a bus of its own."""

    def __init__(self, mux: Multiplexer, channel: int) -> None:
        self.mux = mux
        self.channel = channel

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self.mux.select(self.channel)
        self.mux.bus.write_byte(i2c_addr, value)

    def read_byte(self, i2c_addr: int) -> int:
        self.mux.select(self.channel)
        return self.mux.bus.read_byte(i2c_addr)

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Sequence[int]) -> None:
        self.mux.select(self.channel)
        self.mux.bus.write_i2c_block_data(i2c_addr, register, data)

    def i2c_rdwr(self, *messages: Any) -> None:
        self.mux.select(self.channel)
        self.mux.bus.i2c_rdwr(*messages)
