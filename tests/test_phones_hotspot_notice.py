"""The device as its own access point, and the access point not ready (a profile named with a
typo, one that joins a network instead of being one): the table is told on the screen that
phones cannot join, and that the seat buttons play. It was told only in the log: at a table
with no other Wi-Fi, the phones' code was on the screen and no phone could reach it, with no
word why. The access point is asked about on a thread of its own (nmcli waits); what it
finds is told by the loop's thread, which owns the screen."""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path

import pygame
import pytest
from test_phones_doctor import NMCLI

from coda_pi.app import DeviceOptions, build_app
from coda_pi.config import Config, PhonesConfig, ScreenConfig
from coda_pi.i18n import in_language
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import BannerKind
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import recording_text

# NetworkManager's nmcli stood in for (test_phones_doctor's): it answers the device's
# questions from the files beside it; "connection up" fails.
WORDS = {"en": ("Phones cannot join", "seat buttons"),
         "es": ("Los móviles no pueden entrar", "botones")}


def _nmcli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, names: str, values: str = "",
           active: str = "") -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "nmcli").write_text(NMCLI)
    (fake / "nmcli").chmod(0o755)
    (fake / "names").write_text(names)
    (fake / "values").write_text(values)
    (fake / "active").write_text(active)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    # The phones' server itself is not what is tested: not started, nothing listens.
    monkeypatch.setattr("coda_pi.phones.start.start_phones", lambda *a, **k: None)


def _banner_after_start(tmp_path: Path, language: str) -> tuple[str, BannerKind, list[str]]:
    config = Config(data_dir=tmp_path / "data", screen=ScreenConfig(language=language),
                    phones=PhonesConfig(enabled=True, hotspot=True, said=True))
    options = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                            setup=SetupDefaults(players=2, language=language),
                            bounce_time=None, gpio=False, sound=False)
    with in_language(language):
        app = build_app(options, rng=random.Random(2), explain=lambda text: None)
        stop = threading.Event()
        loop = threading.Thread(target=app.run, kwargs={"until": stop.is_set}, daemon=True)
        loop.start()
        try:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                scene = app.scene
                if scene is not None and scene.view.banner is not None:
                    break
                time.sleep(0.05)
            else:
                pytest.fail("nothing was said on the screen")
            banner = scene.view.banner
            with recording_text() as drawn:
                draw_scene(pygame.Surface((320, 240)), scene)
            spilled = [d.text for d in drawn if d.overflows or d.text.endswith("…")]
            return banner.text, banner.kind, spilled
        finally:
            stop.set()
            app.queue.wake()
            loop.join(10)
            app.close()
            pygame.quit()


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_access_point_never_made_is_said_on_the_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    # "coda-pi-hotpot": the profile made with a typo in its name.
    _nmcli(tmp_path, monkeypatch, "preconfigured\ncoda-pi-hotpot\n")
    text, kind, spilled = _banner_after_start(tmp_path, language)
    assert kind is BannerKind.ERROR
    for words in WORDS[language]:
        assert words in text, text
    assert spilled == []  # whole in the smallest screen's header


def test_an_access_point_that_will_not_come_up_is_said_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A good profile, down, and NetworkManager refusing to bring it up.
    _nmcli(tmp_path, monkeypatch, "coda-pi-hotspot\n", values="ap\nshared\n\n",
           active="Wired connection 1\n")
    text, kind, _ = _banner_after_start(tmp_path, "en")
    assert kind is BannerKind.ERROR and "Phones cannot join" in text
