"""What the device says of its seat pods at start, in the language it speaks: each reason a
pod is not used (its packages, the bus, another program on it, none answering, a wire on the
pods' pins) and, mid-game, a pod that stops answering."""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace

import pytest

from coda_pi.config import Config, PinConfig
from coda_pi.i18n import in_language
from coda_pi.pods import start
from coda_pi.pods.bus import claim
from coda_pi.pods.settings import PodsConfig
from coda_pi.sim.pod_bus import four_pods
from coda_pi.sim.testing import FakeClock

PODS = PodsConfig(enabled=True)


def no_bus(port: int):
    raise FileNotFoundError(2, "No such file or directory")


def said_at_start(monkeypatch, language: str, case: str, tmp_path) -> list[str]:
    said: list[str] = []
    opened: list[int] = []  # the device files' descriptors, closed after
    config = Config(pods=PODS)
    if case == "packages":
        monkeypatch.setitem(sys.modules, "luma.core.interface.serial", None)
    elif case == "no bus":
        monkeypatch.setattr(start, "BUS_OPENER", no_bus)
    elif case == "none answers":
        monkeypatch.setattr(start, "BUS_OPENER", lambda port: four_pods(missing=[0, 1, 2, 3]))
    elif case == "pins":
        config = Config(pins=PinConfig(ok=3), pods=PODS)
    elif case == "held":
        device_file = tmp_path / f"i2c-1-{language}"
        device_file.write_bytes(b"")
        other, ours = os.open(device_file, os.O_RDWR), os.open(device_file, os.O_RDWR)
        assert claim(SimpleNamespace(fd=other))
        opened += [other, ours]
        bus = four_pods()
        bus.fd = ours  # type: ignore[attr-defined]
        monkeypatch.setattr(start, "BUS_OPENER", lambda port: bus)
    with in_language(language):
        companion, _ = start.join_pods(config, None, [], [], clock=FakeClock().monotonic,
                                       explain=said.append)
    if companion is not None and companion.writer is not None:
        companion.writer.close()
    for fd in opened:
        os.close(fd)
    return said


CASES = {"packages": "luma", "no bus": "/dev/i2c-1", "held": "/dev/i2c-1",
         "none answers": "coda-pi doctor", "pins": "pins.ok (GPIO 3)"}


@pytest.mark.parametrize("case", CASES)
def test_the_pods_start_sentences_are_in_spanish_too(monkeypatch, tmp_path, case):
    english = said_at_start(monkeypatch, "en", case, tmp_path)
    spanish = said_at_start(monkeypatch, "es", case, tmp_path)
    assert len(english) == len(spanish) == 1
    assert english[0].startswith("seat pods: ") and CASES[case] in english[0]
    assert spanish[0].startswith("cápsulas de asiento: "), spanish[0]
    assert CASES[case] in spanish[0]
    for word in ("seat", " the ", "hold", "cannot", "answers", "because"):
        assert word not in spanish[0], (word, spanish[0])
    if case == "no bus":  # the system's reason in Spanish as well
        assert "no existe" in spanish[0], spanish[0]
