"""Open the seat pods at start: the bus, the multiplexer, one luma device per seat's channel.

A pod that does not answer is left out (its seat holds its button to see, as without pods,
and the shared screen says so at the first update); no pods at all, or the pods' packages
missing, is said once and the device runs as without pods: it never fails to start for them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from coda_pi.config import Config
from coda_pi.i18n import _, ngettext
from coda_pi.os_words import cause
from coda_pi.pods.bus import Multiplexer, SMBusLike, claim
from coda_pi.pods.companion import Companions, PodsCompanion
from coda_pi.pods.seat_pod import SeatPod
from coda_pi.pods.settings import PodsConfig, pins_on_the_bus
from coda_pi.pods.writer import BusWriter

log = logging.getLogger(__name__)


def open_smbus(port: int) -> SMBusLike:
    import smbus2

    bus: SMBusLike = smbus2.SMBus(port)
    return bus


# How a bus is opened; the tests and the demo put a stand-in bus here (coda_pi/sim/pod_bus.py).
BUS_OPENER: Callable[[int], SMBusLike] = open_smbus


def start_pods(config: PodsConfig, *, clock: Callable[[], float],
               explain: Callable[[str], None],
               wake: Callable[[], None] = lambda: None) -> PodsCompanion:
    """The pods that answer, as the loop's companion, written by a thread of their bus's
    (``writer.py``; ``wake`` wakes the loop when a pod fails there). Those that do not (all
    of them when the bus cannot be used) are its failed seats: the shared screen says so at
    the first update, and those seats hold their buttons to see."""
    def none_answer() -> PodsCompanion:
        companion = PodsCompanion({}, clock)
        companion.failed |= set(range(len(config.channels)))
        return companion

    try:
        # The pods' extra, here so that a missing one is said by name.
        import luma.core.interface.serial  # noqa: F401
        import luma.oled.device  # noqa: F401
        import smbus2  # noqa: F401 - the panels' data goes through its i2c_rdwr

        from coda_pi.pods.panel import open_panel
    except ImportError as exc:
        explain(_("seat pods: {name} is not installed (pip install 'coda-pi[pods]'); the "
                  "seats hold their buttons to see").format(name=exc.name))
        return none_answer()
    try:
        bus = BUS_OPENER(config.port)
    except OSError as exc:
        explain(_("seat pods: cannot open {device} ({why}); the seats hold their buttons to "
                  "see (coda-pi doctor says why)").format(device=f"/dev/i2c-{config.port}",
                                                          why=cause(exc)))
        return none_answer()
    if not claim(bus):
        explain(_("seat pods: another program is using {device} (coda-pi doctor, or a second "
                  "coda-pi); the seats hold their buttons to see").format(
                      device=f"/dev/i2c-{config.port}"))
        return none_answer()
    mux = Multiplexer(bus, config.multiplexer)
    writer = BusWriter(on_failure=wake)
    pods: dict[int, SeatPod] = {}
    missing: set[int] = set()
    for seat, channel in enumerate(config.channels):
        try:
            pod = open_panel(config.controller, mux.channel(channel), config.address)
            pod.device.persist = True  # luma's exit hook must not write to a bus being closed
            panel = writer.queued(pod)
            pods[seat] = SeatPod(seat, panel, idle_seconds=config.idle_seconds)
        except Exception:  # luma's DeviceNotFoundError, an OSError: this seat has none
            log.info("seat %s's pod does not answer on channel %s", seat + 1, channel)
            missing.add(seat)
    if not pods:
        explain(_("seat pods: none answers; the seats hold their buttons to see (coda-pi "
                  "doctor says why)"))
    companion = PodsCompanion(pods, clock, writer=writer.start())
    companion.failed |= missing
    return companion


def join_pods(config: Config, companion: Any, sources: Sequence[Any],
              closers: list[Callable[[], None]], *, clock: Callable[[], float],
              explain: Callable[[str], None],
              wake: Callable[[], None] = lambda: None) -> tuple[Any, list[Any]]:
    """``build_app``'s one call: start the pods and join them to the loop's companion (the
    phones', if any), its timed sources and its closers. Unchanged when a button, LED or
    buzzer is configured on the pods' I2C pins (doctor says which)."""
    clashes = pins_on_the_bus(config.pods, config.pins.as_dict())
    if clashes:
        explain(ngettext(
            "seat pods: off, because {pins} is on their I2C bus (coda-pi doctor says what to "
            "do)",
            "seat pods: off, because {pins} are on their I2C bus (coda-pi doctor says what "
            "to do)", len(clashes)).format(
                pins=", ".join(f"pins.{k} (GPIO {b})" for k, b in clashes)))
        return companion, list(sources)
    pods = start_pods(config.pods, clock=clock, explain=explain, wake=wake)
    closers.append(pods.close)
    joined = pods if companion is None else Companions(companion, pods)
    return joined, [*sources, pods]
