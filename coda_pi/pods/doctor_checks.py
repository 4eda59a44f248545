"""``coda-pi doctor``'s Seat pods section: find the multiplexer and each seat's pod on the
bus, and say which seat's is missing and why.

Probing is a one-byte read at each address, what ``i2cdetect -r`` does: an address nobody
answers fails with EREMOTEIO (or EIO), which is a missing or unpowered panel, a loose cable or
the wrong address; the multiplexer is deselected afterwards so the bus is left as found.
"""

from __future__ import annotations

import contextlib
import errno
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coda_pi.config import Config
from coda_pi.pods.bus import Multiplexer, SMBusLike, claim
from coda_pi.pods.settings import PANEL_ADDRESSES, pins_on_the_bus
from coda_pi.rules.sentence import say

_HARDWARE = say("see hardware/pods.md")
BusOpener = Callable[[int], SMBusLike]
# Where Linux shows each I2C bus's device-tree node: its clock-frequency is the speed that
# config.txt's i2c_arm_baudrate set (a big-endian 32-bit number).
I2C_ADAPTERS = Path("/sys/class/i2c-adapter")


def bus_speed(port: int, adapters: Path = I2C_ADAPTERS) -> int | None:
    """The speed bus ``port`` runs at, in Hz, from the device tree; None where not shown."""
    try:
        raw = (adapters / f"i2c-{port}" / "of_node" / "clock-frequency").read_bytes()
    except OSError:
        return None
    return int.from_bytes(raw[:4], "big") if len(raw) >= 4 else None


def _smbus(port: int) -> SMBusLike:
    import smbus2  # the pods' extra

    bus: SMBusLike = smbus2.SMBus(port)
    return bus


def _answers(bus: SMBusLike, address: int) -> bool:
    try:
        bus.read_byte(address)
    except OSError as exc:
        if exc.errno in (errno.EREMOTEIO, errno.EIO, errno.ENXIO, errno.ETIMEDOUT):
            return False
        raise
    return True


def check_pods(report: Any, config: Config, *, open_bus: BusOpener | None = None,
               adapters: Path = I2C_ADAPTERS) -> None:
    """Add the Seat pods checks to ``report`` (doctor's ``_Report``). ``open_bus``: how to
    open I2C bus N (smbus2's ``SMBus``; a stand-in bus in tests); ``adapters``: where the
    buses' speeds are read (a temporary tree in tests)."""
    pods = config.pods
    if not pods.enabled:
        report.ok(say("seat pods are off (pods.enabled in the config)"))
        return
    device = f"/dev/i2c-{pods.port}"
    clashes = pins_on_the_bus(pods, config.pins.as_dict())
    for key, bcm in clashes:
        report.fail(say("pins.{key} is GPIO {bcm}, which the seat pods' I2C bus {device} needs",
                        key=key, bcm=bcm, device=device),
                    say("move that wire to a free pin and change pins.{key}, or set "
                        "pods.enabled = false", key=key))
    if clashes:
        return
    if open_bus is None:
        missing = [name for name in ("luma.oled", "smbus2", "PIL")
                   if importlib.util.find_spec(name) is None]
        if missing:
            report.fail(say("seat pods are on but {names} is not installed",
                            names=", ".join(missing)), "pip install 'coda-pi[pods]'")
            return
        open_bus = _smbus
    try:
        bus = open_bus(pods.port)
    except FileNotFoundError:
        report.fail(say("there is no I2C bus {device}: I2C is switched off", device=device),
                    say("sudo raspi-config nonint do_i2c 0 (or dtparam=i2c_arm=on in "
                        "/boot/firmware/config.txt), then reboot"))
        return
    except PermissionError:
        report.fail(say("no permission to use {device}", device=device),
                    say("add the service's user to the i2c group (sudo adduser USER i2c), "
                        "then log in again"))
        return
    if not claim(bus):
        report.warn(say("the device is using the seat pods now: they are not probed while it "
                        "runs (a probe would switch the multiplexer under it)"),
                    say("sudo systemctl stop coda-pi, run coda-pi doctor again, then sudo "
                        "systemctl start coda-pi"))
        return
    mux = Multiplexer(bus, pods.multiplexer)
    if not _answers(bus, pods.multiplexer):
        report.fail(say("no TCA9548A multiplexer answers at 0x{address:02X} on {device}: no "
                        "seat's pod can be reached", address=pods.multiplexer, device=device),
                    say("check its four wires to header pins 1, 3, 5 and 6 and its address "
                        "pins (pods.multiplexer); {see}", see=_HARDWARE))
        return
    report.ok(say("the multiplexer answers at 0x{address:02X} on {device}",
                  address=pods.multiplexer, device=device))
    _check_speed(report, pods.port, pods.bus_hz, adapters)
    try:
        for seat, channel in enumerate(pods.channels, start=1):
            _check_seat(report, bus, mux, seat, channel, pods.address)
    finally:
        with contextlib.suppress(OSError):
            bus.write_byte(pods.multiplexer, 0)  # every channel off: the bus as found


def _check_seat(report: Any, bus: SMBusLike, mux: Multiplexer, seat: int, channel: int,
                address: int) -> None:
    try:
        mux.select(channel)
    except OSError:
        report.fail(say("seat {seat}'s pod: the multiplexer does not take channel {channel}",
                        seat=seat, channel=channel),
                    say("check the multiplexer's wiring and pods.channels; {see}",
                        see=_HARDWARE))
        return
    if _answers(bus, address):
        report.ok(say("seat {seat}'s pod answers on channel {channel} at 0x{address:02X}",
                      seat=seat, channel=channel, address=address))
        return
    other = next(a for a in PANEL_ADDRESSES if a != address)
    if _answers(bus, other):
        report.fail(say("seat {seat}'s pod answers at 0x{other:02X}, not at 0x{address:02X} "
                        "as pods.address says", seat=seat, other=other, address=address),
                    say("move the panel's address jumper back, or set pods.address = "
                        "0x{other:02X} if every pod is set so", other=other))
        return
    report.fail(say("seat {seat}'s pod does not answer on channel {channel}: its cable is "
                    "unplugged or broken, or the panel has no power; that seat falls back to "
                    "holding its button to see on the shared screen",
                    seat=seat, channel=channel),
                say("check seat {seat}'s cable at both ends and the panel's four wires (SDA, "
                    "SCL, 3V3, GND); {see}", seat=seat, see=_HARDWARE))


def _check_speed(report: Any, port: int, want: int, adapters: Path) -> None:
    speed = bus_speed(port, adapters)
    if speed is None or speed == want:
        return
    if speed < want:
        report.warn(say("the I2C bus runs at {speed} Hz, not the {want} Hz of pods.bus_hz: a "
                        "whole pod screen then takes about {ms} ms to send",
                        speed=speed, want=want, ms=round(1130 * 9 / speed * 1000)),
                    say("dtparam=i2c_arm=on,i2c_arm_baudrate={want} in "
                        "/boot/firmware/config.txt (with 2.2 kOhm pull-ups on each channel), "
                        "then reboot; {see}", want=want, see=_HARDWARE))
    else:
        report.warn(say("the I2C bus runs at {speed} Hz, faster than the {want} Hz of "
                        "pods.bus_hz: long seat cables may garble it",
                        speed=speed, want=want),
                    say("i2c_arm_baudrate={want} in /boot/firmware/config.txt, or set "
                        "pods.bus_hz if the cables were checked at that speed; {see}",
                        want=want, see=_HARDWARE))
