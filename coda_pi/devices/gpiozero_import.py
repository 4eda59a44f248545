"""Importing gpiozero without importlib.metadata, importlib.resources, statistics,
subprocess and colorzero until it uses them (``gpiozero_imported``), for the pins
(``gpio``) and the piezo (``buzzer``) alike: its own module, so neither imports the other
back."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from coda_pi.import_later import package_body_later, stand_in

STAND_INS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (the name gpiozero imports, the module it stands for, the names it takes from it)
    ("importlib_metadata", "importlib.metadata", ("entry_points",)),
    ("importlib_resources", "importlib.resources", ("files",)),
    ("statistics", "statistics", ("median", "mean")),
    ("subprocess", "subprocess", ()),
    ("colorzero", "colorzero", ("Color",)),
)


@contextlib.contextmanager
def gpiozero_imported() -> Iterator[None]:
    """Around importing gpiozero (or one of its pin factories), which imports at once what
    it uses only for devices and look-ups coda-pi has none of:

    - importlib.metadata (with email, zipfile, socket...: about 13 ms here, some 0.2 s on a
      Pi Zero), to look up names in GPIOZERO_PIN_FACTORY and GPIOZERO_MOCK_PIN_CLASS (a Pi
      needs none for the factories gpiozero tries);
    - importlib.resources (with tempfile, shutil, bz2, lzma: about 4 ms), for the fonts of
      seven-segment displays;
    - statistics (with fractions and decimal: about 2.5 ms), to smooth analogue sensors;
    - subprocess (about 1.5 ms), for the Pi's own sensors (load average, disk usage);
    - colorzero (with fractions and decimal: about 2.5 ms), for the colour of an RGB LED
      (gpiozero only calls its ``Color``).

    While gpiozero is imported a stand-in for each is in its place (for the first two, for
    the backports it prefers): the names gpiozero takes from it call the real module, and
    any other attribute imports it, so the real module loads only when gpiozero uses it.
    Afterwards every other import gets the real module as ever.

    gpiozero's own ``__init__`` (which imports every device it has) runs only when a name
    is taken from ``gpiozero`` itself: coda-pi takes its classes from their modules
    (``gpiozero.input_devices``, ``gpiozero.output_devices``, ``gpiozero.devices``). When
    it does run, it runs with these stand-ins too."""
    package_body_later("gpiozero", around=gpiozero_imported)
    stand_ins = {
        name: stand_in(name, real, names) for name, real, names in STAND_INS
        # Loaded already (the module or its backport): nothing to save.
        if name not in sys.modules and real not in sys.modules
    }
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
