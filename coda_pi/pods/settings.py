"""The ``[pods]`` table of the config file: whether the seats have pods, and where on the bus.

::

    [pods]
    enabled = true
    controller = "sh1106"     # or "ssd1306" (the 0.96" panels)
    port = 1                  # /dev/i2c-1, the header's GPIO 2 and 3
    multiplexer = 0x70        # the TCA9548A: 0x70-0x77 (its A0-A2 pins)
    address = 0x3C            # every panel's address, 0x3C or 0x3D
    channels = [0, 1, 2, 3]   # seat 1's pod on channel 0, ...
    bus_hz = 400000           # what config.txt's i2c_arm_baudrate says
    idle_seconds = 60         # dark glass after this long without news for the seat

Checked by ``coda_pi.config`` like every other table (each mistake a ``ConfigProblem`` naming
its key, the default used instead); this module holds the table so config.py only calls it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from coda_pi.rules.sentence import say

POD_KEYS: tuple[str, ...] = ("enabled", "controller", "port", "multiplexer", "address",
                             "channels", "bus_hz", "idle_seconds")
MUX_ADDRESS = 0x70  # the TCA9548A multiplexer's (coda_pi/pods/bus.py)
PANEL_ADDRESS = 0x3C  # every pod panel's, each on its own channel
PANEL_ADDRESSES = (0x3C, 0x3D)  # the panels' address jumper
# The header pins (BCM) of each I2C bus a pod may hang on: bus 1 is the pods' (hardware/
# pods.md), bus 0 the HAT EEPROM's.
I2C_PINS: dict[int, tuple[int, int]] = {1: (2, 3), 0: (0, 1)}


def pins_on_the_bus(pods: PodsConfig, pins: dict[str, int]) -> list[tuple[str, int]]:
    """The (config key, BCM) of every configured pin that the pods' I2C bus needs."""
    taken = I2C_PINS.get(pods.port, ())
    return [(key, bcm) for key, bcm in pins.items() if bcm in taken]
MAX_PODS = 4


class Controller(Enum):
    """The panel's controller chip: the 1.3" modules' SH1106 or the 0.96" ones' SSD1306."""

    SSD1306 = "ssd1306"
    SH1106 = "sh1106"


@dataclass(frozen=True, slots=True)
class PodsConfig:
    """The ``[pods]`` section: the seats' own small screens and the bus they hang on."""

    enabled: bool = False
    controller: Controller = Controller.SH1106
    port: int = 1
    multiplexer: int = MUX_ADDRESS
    address: int = PANEL_ADDRESS
    channels: tuple[int, ...] = (0, 1, 2, 3)  # seat N's pod is on channels[N - 1]
    bus_hz: int = 400_000
    idle_seconds: int = 60


def check_pods(checker: Any, table: dict[str, Any]) -> PodsConfig:
    """The ``[pods]`` table checked by config's checker (its ``error``, ``boolean``,
    ``integer`` and ``choice``)."""
    default = PodsConfig()
    controller = checker.choice(table, "pods.controller", default.controller.value,
                                tuple(c.value for c in Controller))
    address = checker.integer(table, "pods.address", default.address, 0x3C, 0x3D)
    return PodsConfig(
        enabled=checker.boolean(table, "pods.enabled", default.enabled),
        controller=Controller(controller),
        port=checker.integer(table, "pods.port", default.port, 0, 31),
        multiplexer=checker.integer(table, "pods.multiplexer", default.multiplexer,
                                    0x70, 0x77),
        address=address,
        channels=_channels(checker, table.get("channels"), default.channels),
        bus_hz=checker.integer(table, "pods.bus_hz", default.bus_hz, 10_000, 1_000_000),
        idle_seconds=checker.integer(table, "pods.idle_seconds", default.idle_seconds,
                                     5, 3600),
    )


def _channels(checker: Any, value: object, default: tuple[int, ...]) -> tuple[int, ...]:
    if value is None:
        return default
    if (not isinstance(value, list) or not 1 <= len(value) <= MAX_PODS
            or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 7
                       for c in value)):
        checker.error("pods.channels", say(
            "must be a list of 1 to 4 multiplexer channels (0 to 7), seat 1's first, not "
            "{value}; using {default}", value=repr(value), default=list(default)))
        return default
    if len(set(value)) != len(value):
        checker.error("pods.channels", say(
            "{value} puts two seats' pods on one channel, where they would answer at the "
            "same address; using {default}", value=repr(value), default=list(default)))
        return default
    return tuple(value)
