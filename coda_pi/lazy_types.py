"""``isinstance`` against a class whose module may never have been imported.

Each module imported costs start-up time (on a Pi Zero, some 10-15 times what it costs on a
laptop), and the first frame needs few of the screens and referees coda-pi has. Code that
dispatches on the kind of a view or referee asks ``instance_of`` instead of importing every
kind up front: while nobody has imported a module, no object of its classes can exist, so
the answer is False without importing it.
"""

from __future__ import annotations

import sys


def instance_of(obj: object, module: str, name: str) -> bool:
    """``isinstance(obj, module.name)``, without importing ``module``."""
    found = sys.modules.get(module)
    return found is not None and isinstance(obj, getattr(found, name))


def loaded(module: str) -> bool:
    """Whether ``module`` has been imported (so objects of its classes may exist)."""
    return module in sys.modules
