"""gpiozero imported without importlib.metadata, importlib.resources, statistics and
subprocess (about 20 ms here, far more on a Pi Zero): stand-ins import them when gpiozero
first uses them, and what it does with them still works. A fresh process each, where
nothing imported them before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys
from coda_pi.devices.gpiozero_import import gpiozero_imported
with gpiozero_imported():
    import gpiozero
    from gpiozero.pins.mock import MockFactory
early = sorted(m for m in ("importlib.metadata", "importlib.resources", "tempfile",
                            "statistics", "subprocess", "colorzero", "fractions")
               if m in sys.modules)
# A seven-segment display reads its font through importlib.resources; a pin factory named
# in the environment is looked up through importlib.metadata.
display = gpiozero.LEDCharDisplay(2, 3, 4, 5, 6, 7, 8, pin_factory=MockFactory())
display.value = "8"
lit = [led.value for led in display]
display.close()
# A smoothed sensor averages its readings with statistics.median.
sensor = gpiozero.MotionSensor(17, queue_len=3, sample_rate=100, pin_factory=MockFactory())
sensor.pin_factory.pin(17).drive_high()
moved = sensor.wait_for_motion(timeout=5)
sensor.close()
# An RGB LED tells its colour as a colorzero Color.
from gpiozero.pins.mock import MockPWMPin
rgb = gpiozero.RGBLED(22, 23, 24, pin_factory=MockFactory(pin_class=MockPWMPin))
rgb.color = (1, 0, 0)
colour = [type(rgb.color).__module__, rgb.color.html]
rgb.close()
# The Pi's own sensors run commands with subprocess.
import subprocess
own = gpiozero.internal_devices.subprocess.run is subprocess.run
factory = gpiozero.Device._default_pin_factory()
print(json.dumps({"early": early, "lit": lit, "factory": type(factory).__name__,
                  "moved": moved, "subprocess": own, "colour": colour,
                  "statistics": getattr(sys.modules.get("statistics"), "__file__", "")}))
"""


def test_gpiozero_works_with_importlib_metadata_and_resources_imported_late():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GPIOZERO_", "PIGPIO_"))}
    env["GPIOZERO_PIN_FACTORY"] = "mock"
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["early"] == []
    assert report["lit"] == [1, 1, 1, 1, 1, 1, 1]  # every segment of an 8
    assert report["factory"] == "MockFactory"
    assert report["moved"] is True and report["subprocess"] is True
    assert report["colour"] == ["colorzero.color", "#ff0000"]
    # Imported for the sensor's median: the real module, for everybody else too.
    assert report["statistics"].endswith("statistics.py")
