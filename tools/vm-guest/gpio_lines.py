#!/usr/bin/env python3
"""Runs in the guest (as root): real GPIO lines, simulated by the kernel, read and driven
through gpiozero's real lgpio backend.

    gpio_lines.py

It makes a simulated chip of 28 lines: gpio-sim (configfs) where the kernel has it, else
gpio-mockup (its debugfs files). Then, through gpiozero's ``LGPIOFactory`` on that chip,
it presses and lets go the OK button (GPIO 5) by pulling its line low and high from the
simulator's side, and lights and puts out seat 1's LED (GPIO 12) and reads the line's level
from the simulator's side. One line is printed, which tools/vm-check turns into its check:

    lines: PASS <what was seen>
    lines: FAIL <what was not>
    lines: not checked: <why it could not be tried>

The VM has no Raspberry Pi to tell gpiozero which board it is (it would raise PinUnknownPi
before opening any chip), so the factory is told a Pi 4's revision; everything below that
(lgpio, the character device, the kernel's line) is real.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

BUTTON, LED_LINE = 5, 12  # the device's OK button and seat 1's LED (coda_pi/config.py)
LINES = 28
PI4_REVISION = 0xC03114  # a Raspberry Pi 4 Model B: the header gpiozero maps GPIO 0-27 on


class Simulator(Protocol):
    """The outside world of a simulated chip: what is wired to its lines."""

    chip: int

    def pull(self, line: int, high: bool) -> None: ...

    def level(self, line: int) -> int: ...


class GpioSim:
    """gpio-sim: a chip made through configfs; each line's pull and value in sysfs."""

    ROOT = Path("/sys/kernel/config/gpio-sim/coda")

    def __init__(self) -> None:
        bank = self.ROOT / "bank0"
        bank.mkdir(parents=True, exist_ok=True)
        (bank / "num_lines").write_text(str(LINES))
        (self.ROOT / "live").write_text("1")
        name = (bank / "chip_name").read_text().strip()
        device = (self.ROOT / "dev_name").read_text().strip()
        self.chip = int(name.removeprefix("gpiochip"))
        self.lines = Path("/sys/devices/platform") / device / name

    def pull(self, line: int, high: bool) -> None:
        (self.lines / f"sim_gpio{line}" / "pull").write_text("pull-up" if high else "pull-down")

    def level(self, line: int) -> int:
        return int((self.lines / f"sim_gpio{line}" / "value").read_text().strip())


class GpioMockup:
    """gpio-mockup: a chip made by the module's parameters; each line a debugfs file
    (writing it pulls the line, reading it gives the level)."""

    def __init__(self, chip: int) -> None:
        self.chip = chip
        self.dir = Path("/sys/kernel/debug/gpio-mockup") / f"gpiochip{chip}"

    def pull(self, line: int, high: bool) -> None:
        (self.dir / str(line)).write_text("1" if high else "0")

    def level(self, line: int) -> int:
        return int((self.dir / str(line)).read_text().strip())


def modprobe(*args: str) -> str | None:
    """None when the module loaded, else what modprobe said."""
    done = subprocess.run(["modprobe", *args], capture_output=True, text=True, timeout=60)
    return None if done.returncode == 0 else " ".join(done.stderr.split())


def make_simulator() -> tuple[Simulator | None, str]:
    """A simulated chip, and which; or None and why there is none."""
    said = modprobe("gpio-sim")
    if said is None:
        subprocess.run(["mount", "-t", "configfs", "none", "/sys/kernel/config"],
                       capture_output=True, timeout=30)
        return GpioSim(), "gpio-sim"
    before = set(Path("/dev").glob("gpiochip*"))
    mockup = modprobe("gpio-mockup", f"gpio_mockup_ranges=-1,{LINES}")
    if mockup is None:
        subprocess.run(["mount", "-t", "debugfs", "none", "/sys/kernel/debug"],
                       capture_output=True, timeout=30)
        made = sorted(set(Path("/dev").glob("gpiochip*")) - before)
        if made:
            return GpioMockup(int(made[0].name.removeprefix("gpiochip"))), "gpio-mockup"
        mockup = "it loaded but made no /dev/gpiochip"
    return None, f"gpio-sim: {said}; gpio-mockup: {mockup}"


def settle(check: Callable[[], bool], seconds: float = 2.0) -> bool:
    """Whether ``check`` comes true within ``seconds`` (an edge takes a moment through
    lgpio's alert thread)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return check()


def try_lines(factory: Any, sim: Simulator) -> tuple[bool, list[str]]:
    """Press and let go the button, light and put out the LED; what was seen of each."""
    from gpiozero import LED, Button

    seen: list[str] = []
    ok = True
    button = Button(BUTTON, pin_factory=factory)  # pulled up: pressed is low, as wired
    led = LED(LED_LINE, pin_factory=factory)
    try:
        sim.pull(BUTTON, high=False)
        pressed = settle(lambda: button.is_pressed)
        sim.pull(BUTTON, high=True)
        released = settle(lambda: not button.is_pressed)
        ok &= pressed and released
        seen.append(f"button GPIO {BUTTON} read {'pressed' if pressed else 'NOT pressed'} "
                    f"and {'released' if released else 'NOT released'}")
        led.on()
        lit = settle(lambda: sim.level(LED_LINE) == 1)
        led.off()
        out = settle(lambda: sim.level(LED_LINE) == 0)
        ok &= lit and out
        seen.append(f"LED GPIO {LED_LINE} line went {'high' if lit else 'NOT high'} and "
                    f"{'low' if out else 'NOT low'}")
    finally:
        button.close()
        led.close()
    return ok, seen


def lgpio_factory(chip: int) -> Any:
    from gpiozero.pins.lgpio import LGPIOFactory

    class SimulatedPi4(LGPIOFactory):  # type: ignore[misc]
        def _get_revision(self) -> int:
            return PI4_REVISION

    return SimulatedPi4(chip=chip)


def main() -> int:
    try:
        import lgpio  # noqa: F401
    except ImportError as err:
        print(f"lines: not checked: no lgpio in {sys.prefix} ({err})")
        return 0
    try:
        sim, which = make_simulator()
    except (OSError, ValueError) as err:
        print(f"lines: not checked: the simulated chip could not be made ({err})")
        return 0
    if sim is None:
        print(f"lines: not checked: no simulated GPIO chip ({which})")
        return 0
    factory = None
    try:
        factory = lgpio_factory(sim.chip)
        ok, seen = try_lines(factory, sim)
    except Exception as err:  # noqa: BLE001 - any backend error is the finding
        print(f"lines: FAIL {which} gpiochip{sim.chip} through lgpio: "
              f"{type(err).__name__}: {err}")
        return 0
    finally:
        if factory is not None:
            with contextlib.suppress(Exception):
                factory.close()
    verdict = "PASS" if ok else "FAIL"
    print(f"lines: {verdict} {which} gpiochip{sim.chip} through gpiozero's "
          f"{type(factory).__mro__[1].__name__}: {'; '.join(seen)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
