"""pygame without its mixer until a sound is wanted, nor the modules no frame is drawn with
(coda_pi/pygame_import.py): the start skips SDL_mixer and its codecs, sysfont, sprite...,
and each still works the moment it is imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from capabilities import mixer_problem

from coda_pi.pygame_import import LEFT_OUT

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys
from coda_pi.pygame_import import leave_out_unused_pygame, mixer
if sys.argv[1] == "pygame first":
    import pygame
leave_out_unused_pygame()
import pygame
from coda_pi.pygame_import import LEFT_OUT
report = {"mixer at import": "pygame.mixer" in sys.modules or "pygame.mixer_music" in sys.modules,
          "left out": sorted(name for name in LEFT_OUT if name not in sys.modules)}
pygame.display.init()
pygame.font.init()
screen = pygame.display.set_mode((64, 48))
text = pygame.font.Font(None, 20).render("Coda", True, (255, 255, 255))
screen.blit(text, (0, 0))
pygame.display.flip()
report["drew"] = pygame.Surface.get_at(screen, (0, 0)) is not None and text.get_width() > 0
# What was left out still comes when asked for.
import pygame.sprite
report["sprite"] = isinstance(pygame.sprite.Group(), pygame.sprite.AbstractGroup)
report["sysfont"] = isinstance(pygame.font.get_fonts(), list)
try:
    mixer().init(frequency=22050, size=-16, channels=1)
except ImportError as error:
    report["mixer"] = "does not load: " + str(error)
else:
    report["mixer"] = pygame.mixer.get_init()
    report["music"] = hasattr(pygame.mixer, "music")
    pygame.mixer.quit()
print(json.dumps(report))
"""


def run_child(order: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-W", "default", "-c", CHILD, order], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr  # pygame says nothing of what was left out
    return json.loads(done.stdout)


def test_pygame_comes_without_its_mixer_and_the_mixer_comes_when_asked_for():
    report = run_child("coda_pi first")
    assert report["mixer at import"] is False
    assert report["left out"] == sorted(LEFT_OUT)
    assert report["drew"] is True  # the screen and the fonts are all there
    assert report["sprite"] is True and report["sysfont"] is True
    if mixer_problem() is None:  # where the mixer loads at all
        assert report["mixer"] == [22050, -16, 1] and report["music"] is True


def test_a_pygame_imported_before_keeps_its_mixer():
    report = run_child("pygame first")
    assert report["mixer at import"] is True
    # All came (but the two that need numpy, which pygame cannot load here itself).
    assert set(report["left out"]) <= {"pygame.surfarray", "pygame.sndarray"}


QUIT = """
import json, sys
from coda_pi.pygame_import import leave_out_unused_pygame, mixer, quit_pygame
leave_out_unused_pygame()
import pygame
pygame.display.init()
quit_pygame()
report = {"loaded at quit": sorted(name for name in ("pygame.mixer", "pygame.freetype")
                                   if sys.modules.get(name) is not None),
          "display": pygame.display.get_init()}
try:
    mixer().init()
except ImportError as error:
    report["mixer"] = "does not load: " + str(error)
else:
    report["mixer"] = bool(pygame.mixer.get_init())
    pygame.mixer.quit()
print(json.dumps(report))
"""


def test_quitting_pygame_imports_neither_the_mixer_nor_freetype_and_the_mixer_still_comes():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", QUIT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["loaded at quit"] == [] and report["display"] is False
    if mixer_problem() is None:
        assert report["mixer"] is True


def test_what_is_left_out_is_left_out_without_a_warning():
    """pygame warns of each missing module it expected ("import sprite: ..."): those left
    out on purpose are not said, in one filter for them all."""
    probe = ("import warnings\n"
             "warnings.simplefilter('always')\n"
             "from coda_pi.pygame_import import leave_out_unused_pygame\n"
             "leave_out_unused_pygame()\n"
             "with warnings.catch_warnings(record=True) as said:\n"
             "    warnings.simplefilter('always')\n"
             "    import pygame\n"
             "print(len(said))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0", done.stderr
