"""The device's randomness (coda_pi/system_random.py): the operating system's, as
``random.SystemRandom`` gives it, with ``random`` imported once more than a seed is asked."""

from __future__ import annotations

import subprocess
import sys

import pytest

from coda_pi.rules.dealer import SEED_HEX_DIGITS, new_seed
from coda_pi.system_random import system_random


def test_seeds_are_fresh_full_width_and_hex():
    seeds = {new_seed(system_random()) for _ in range(200)}
    assert len(seeds) == 200  # 128 bits each: a repeat would be a broken source
    assert all(len(s) == SEED_HEX_DIGITS and int(s, 16) >= 0 for s in seeds)
    # Every bit is used: some seed of 200 has its top hex digit at 8 or more.
    assert any(int(s[0], 16) >= 8 for s in seeds)


def test_bits_are_within_the_width_asked_and_a_negative_width_is_refused():
    rng = system_random()
    assert all(0 <= rng.getrandbits(k) < 2 ** k for k in (1, 7, 8, 9, 63, 64, 65)
               for _ in range(50))
    assert rng.getrandbits(0) == 0
    with pytest.raises(ValueError):
        rng.getrandbits(-1)


def test_everything_else_is_systemrandoms():
    rng = system_random()
    row = list(range(12))
    rng.shuffle(row)
    assert sorted(row) == list(range(12))
    assert {rng.randrange(3) for _ in range(200)} == {0, 1, 2}
    assert 0 <= rng.random() < 1


def test_a_seed_does_not_import_random():
    code = ("import sys\nfrom coda_pi.system_random import system_random\n"
            "from coda_pi.rules.dealer import new_seed\nnew_seed(system_random())\n"
            "before = 'random' in sys.modules\nsystem_random().randrange(5)\n"
            "print(before, 'random' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.split()
    assert out == ["False", "True"]
