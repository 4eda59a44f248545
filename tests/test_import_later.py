"""Modules imported later than the modules that use them (coda_pi/import_later.py): what
the start leaves out still works the moment it is needed. A fresh process each, where
nothing imported them before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_child(code: str, **env: str) -> dict:
    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith(("GPIOZERO_", "PIGPIO_"))}
    environment.update(env)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_a_dataclass_without_a_docstring_still_gets_its_signature_as_doc():
    report = run_child("""
import json, sys
import coda_pi
from dataclasses import dataclass, fields
before = "inspect" in sys.modules

@dataclass(frozen=True)
class Point:
    x: int
    y: int = 2

print(json.dumps({"before": before, "doc": Point.__doc__, "after": "inspect" in sys.modules,
                  "fields": [f.name for f in fields(Point)], "repr": repr(Point(1))}))
""")
    assert not report["before"], "coda_pi's import left inspect out"
    assert report["doc"] == "Point(x: int, y: int = 2)"
    assert report["after"], "the first class without a docstring brought it in"
    assert report["fields"] == ["x", "y"] and report["repr"] == "Point(x=1, y=2)"


def test_gpiozero_opened_for_pins_leaves_its_other_devices_out_and_gives_them_on_request():
    report = run_child("""
import json, sys
from coda_pi.devices.gpiozero_import import gpiozero_imported
with gpiozero_imported():
    from gpiozero.input_devices import DigitalInputDevice
    from gpiozero.pins.mock import MockFactory
button = DigitalInputDevice(5, pull_up=True, pin_factory=MockFactory())
button.pin_factory.pin(5).drive_low()
pressed = button.is_active
button.close()
boards_before = "gpiozero.boards" in sys.modules
import gpiozero  # another user of gpiozero, as the doctor is: every name is there
board = gpiozero.LEDBoard(17, 27, pin_factory=MockFactory())
board.on()
lit = list(board.value)
board.close()
print(json.dumps({"pressed": pressed, "boards_before": boards_before, "lit": lit,
                  "same": gpiozero.DigitalInputDevice is DigitalInputDevice,
                  "metadata": "importlib.metadata" in sys.modules}))
""")
    assert report["pressed"] is True
    assert not report["boards_before"]
    assert report["lit"] == [1, 1]
    assert report["same"], "one gpiozero: its classes are the same whichever way imported"
    # gpiozero's own body ran with the stand-ins too, wherever its first name was asked.
    assert not report["metadata"]
