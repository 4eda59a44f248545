#!/usr/bin/env python3
"""Runs in the guest: what each of gpiozero's real pin factories says on this machine.

    gpio_probe.py [FACTORY ...]     (default: lgpio rpigpio pigpio native)

One line per factory: "<name>: OK" after opening a button on GPIO 5 (the device's OK
button), or "<name>: <exception>: <message>".
"""

from __future__ import annotations

import subprocess
import sys

TRY = """
import gpiozero
from gpiozero import DigitalInputDevice
pin = DigitalInputDevice(5, pull_up=True)
print("OK, value", pin.value, "factory", type(pin.pin_factory).__name__)
"""


def main() -> int:
    names = sys.argv[1:] or ["lgpio", "rpigpio", "pigpio", "native"]
    from importlib.metadata import PackageNotFoundError, version

    try:
        print(f"gpiozero {version('gpiozero')}")
    except PackageNotFoundError as err:
        print(f"no gpiozero: {err}")
        return 0
    for name in names:
        done = subprocess.run(
            [sys.executable, "-W", "ignore", "-c", TRY],
            env={"GPIOZERO_PIN_FACTORY": name, "PATH": "/usr/bin:/bin"},
            capture_output=True, text=True, timeout=60)
        lines = (done.stdout + done.stderr).strip().splitlines()
        print(f"{name}: {lines[-1] if lines else f'exit {done.returncode}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
