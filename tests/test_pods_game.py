"""Whole games with four seat pods on the stand-in bus: each pod shows its own seat's private
view, the shared screen never draws one of a seat whose pod shows it, and a pod missing at
start or lost mid-game hands its seat back to hold-to-see, saying so."""

from __future__ import annotations

import dataclasses
import os
from types import SimpleNamespace

import pytest
from luma.core.device import dummy
from PIL import Image

from coda_pi.config import Config, PinConfig
from coda_pi.demo import run_demo
from coda_pi.pods import panel as panel_module
from coda_pi.pods import start
from coda_pi.pods.bus import claim
from coda_pi.pods.companion import Companions, PodsCompanion
from coda_pi.pods.content import SeatReview, content_of
from coda_pi.pods.draw import draw_private
from coda_pi.pods.panel import PodPanel
from coda_pi.pods.seat_pod import SeatPod
from coda_pi.pods.settings import PodsConfig
from coda_pi.referee.shared.review import ReviewLine
from coda_pi.referee.shared.seat_screens import LookAtPhoneView
from coda_pi.referee.shared.views import FinalView, PrivateView
from coda_pi.sim.pod_bus import StandInBus, four_pods
from coda_pi.sim.pod_samples import pod_samples
from coda_pi.sim.testing import FakeClock

PODS = Config(pods=PodsConfig(enabled=True))
CLEAR_BYTES = 8 * 128  # luma clears each panel when it opens it


def play(monkeypatch, bus: StandInBus, pool: str, on_frame=None, **demo):
    monkeypatch.setattr(start, "BUS_OPENER", lambda port: bus)
    scenes = []

    def seen(scene, surface):
        scenes.append(scene)
        if on_frame is not None:
            on_frame(len(scenes), scene)

    demo = {"players": 4, "rounds": 1, **demo}
    result = run_demo(PODS, headless=True, seed=36, draw=False, pool=pool, on_frame=seen,
                      **demo)
    assert result.shown_totals == result.replay_totals  # the game played to its end
    return scenes


def banners(scenes) -> list[str]:
    return [s.view.banner.text for s in scenes if s.view.banner is not None]


# The whole tournaments (three rounds, every pool) are played on luma's dummy devices below
# (test_a_whole_tournament_plays_...); the games on the stand-in bus, which add the bytes on
# the I2C bus, are a round each: rounds 2 and 3 take the bus through nothing round 1 does not
# (deal, draws, claims, a round's end), and cost 6 s of CPU.
@pytest.mark.parametrize("pool", ["device", "entered"])
def test_four_pods_each_show_their_seat_and_the_shared_screen_shows_none(monkeypatch, pool):
    bus = four_pods()
    scenes = play(monkeypatch, bus, pool)
    # No private view of any kind a pod draws (Coda's, the entry dial) is on the shared screen.
    assert not [s for s in scenes if content_of(s.private) is not None]
    pointed = {s.private.seat for s in scenes if isinstance(s.private, LookAtPhoneView)}
    assert pointed, "a held seat button is told to look at its own screen"
    for channel, panel in bus.panels.items():
        assert panel is not None and panel.data_bytes > CLEAR_BYTES, channel
    assert not [b for b in banners(scenes) if "does not answer" in b]
    # The device stopped: no pod keeps a private frame, and none is lit.
    for panel in bus.panels.values():
        assert panel is not None and not panel.lit and panel.glass().getbbox() is None


def test_mastermind_s_code_goes_to_the_makers_pod_not_the_shared_screen():
    # The demo's Mastermind match has the device set every code: a referee stand-in here.
    code = pod_samples()["code"]

    class Maker:
        notices: list[str] = []

        def private_view_of(self, seat):
            return code if seat == code.seat else None

        def notify(self, text, kind=None):
            self.notices.append(text)

    clock = FakeClock()
    pods = PodsCompanion({seat: SeatPod(seat, PodPanel(dummy(width=128, height=64, mode="1"),
                                                       None)) for seat in range(2)},
                         clock.monotonic)
    pods.publish(Maker())
    assert pods.pods[0].panel.lit and not pods.pods[1].panel.lit
    shared = pods.shared_private(code)
    assert isinstance(shared, LookAtPhoneView) and shared.seat == 0
    assert shared.prompt == "Look at your own screen" and Maker.notices == []


def test_the_table_pool_has_nothing_private_so_the_pods_stay_dark_until_the_review(
        monkeypatch):
    # The table shuffles and shows; the device knows only what is shown. At the end each
    # seat's own review lines may light its pod.
    bus = four_pods()
    written: list[tuple[bool, int]] = []

    def watch(frame: int, scene) -> None:
        final = isinstance(scene.view.screen, FinalView)
        written.append((final, sum(p.data_bytes for p in bus.panels.values() if p)))

    scenes = play(monkeypatch, bus, "table", on_frame=watch)
    assert not [s for s in scenes if isinstance(s.private, PrivateView)]
    during = {total for final, total in written if not final}
    assert during == {4 * CLEAR_BYTES}


class KeptFrames(dummy):
    """luma.core's dummy device, keeping every frame it was handed."""

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.frames: list[Image.Image] = []

    def display(self, image: Image.Image) -> None:
        super().display(image)
        self.frames.append(image.copy())


@pytest.mark.parametrize("pool", ["device", "entered", "table"])
def test_a_whole_tournament_plays_with_four_pods_on_lumas_dummy_devices(monkeypatch, pool):
    devices: dict[int, KeptFrames] = {}

    def open_dummy(controller, bus, address=0x3C) -> PodPanel:
        devices[bus.channel] = KeptFrames()
        return PodPanel(devices[bus.channel], None)

    monkeypatch.setattr(panel_module, "open_panel", open_dummy)
    # The writer shows each pod's newest frame: a frame replaced before the writer reached it
    # is rightly never written, so on a starved machine the table pool's short-lived review
    # could go unseen here. Each frame is let reach the glass before the game goes on.
    writers: list = []
    real_writer = start.BusWriter

    def kept_writer(**kw):
        writers.append(real_writer(**kw))
        return writers[-1]

    monkeypatch.setattr(start, "BusWriter", kept_writer)

    def settled(frame: int, scene) -> None:
        assert all(w.wait_idle(10) for w in writers)

    # Only the table pool's few review frames need it: waiting at each of the other pools'
    # thousands of frames cost the suite 30 s of wall time under load.
    scenes = play(monkeypatch, four_pods(), pool, rounds=3,  # the game ends, totals agree
                  on_frame=settled if pool == "table" else None)
    assert sorted(devices) == [0, 1, 2, 3]
    assert not [b for b in banners(scenes) if "does not answer" in b]
    assert not [s for s in scenes if content_of(s.private) is not None]
    shown = {ch: [f for f in device.frames if f.getbbox() is not None]
             for ch, device in devices.items()}
    if pool == "table":  # nothing private during the game: a seat's review lines, if any
        assert any(shown.values())
    else:  # every seat's deal, draws and claims
        assert all(len(frames) >= 20 for frames in shown.values())
    # Closed: no pod keeps a private frame (one never lit was never written).
    assert all(device.frames[-1].getbbox() is None
               for device in devices.values() if device.frames)


def test_a_two_player_game_leaves_the_other_pods_dark_and_says_nothing_of_them(monkeypatch):
    bus = four_pods()
    scenes = play(monkeypatch, bus, "device", players=2)
    assert not [s for s in scenes if content_of(s.private) is not None]
    assert not [b for b in banners(scenes) if "does not answer" in b]
    lit = [ch for ch, panel in bus.panels.items()
           if panel is not None and panel.data_bytes > CLEAR_BYTES]
    assert lit == [0, 1]


def test_a_seat_without_its_pod_holds_its_button_and_the_table_is_told(monkeypatch):
    scenes = play(monkeypatch, four_pods(missing=[1]), "device")
    shown = {s.private.seat for s in scenes if isinstance(s.private, PrivateView)}
    assert shown == {1}  # seat 2 alone sees its view on the shared screen
    assert any("Seat 2's own screen does not answer" in b for b in banners(scenes))


def test_a_pod_lost_mid_game_hands_its_seat_back(monkeypatch):
    bus = four_pods()

    def pull_cable(frame: int, scene) -> None:
        if frame == 200:
            bus.broken.add(2)

    scenes = play(monkeypatch, bus, "device", on_frame=pull_cable)
    before = scenes[:200]
    assert not [s for s in before if isinstance(s.private, PrivateView)]
    after = {s.private.seat for s in scenes[200:] if isinstance(s.private, PrivateView)}
    assert after <= {2}
    assert any("Seat 3's own screen does not answer" in b for b in banners(scenes))


def test_with_phones_and_pods_a_seat_with_a_phone_is_the_phones_and_the_rest_the_pods():
    class Phones:
        taken: list = []

        def take(self, referee, intent):
            self.taken.append(intent)
            return intent == "pairing press"

        def publish(self, referee):
            pass

        def shared_private(self, private):
            if private.seat == 0:  # seat 1 has a phone
                return LookAtPhoneView(0, private.name, "Look at your phone")
            return private

        def shared_public(self, public):
            return ("as the phones say", public)

        def runs_out_in(self):
            return None

    clock = FakeClock()
    pods = PodsCompanion({seat: SeatPod(seat, PodPanel(dummy(width=128, height=64, mode="1"),
                                                       None)) for seat in range(2)},
                         clock.monotonic)
    both = Companions(Phones(), pods)
    row = pod_samples()["row"]
    assert both.shared_private(row).prompt == "Look at your phone"
    other = dataclasses.replace(row, seat=1)
    assert both.shared_private(other).prompt == "Look at your own screen"
    # The loop draws the shared screen's public view through both: the phones' words stay.
    assert both.shared_public("view") == ("as the phones say", "view")
    assert both.take(None, "pairing press") is True  # the phones used it
    assert both.take(None, "a press") is False and Phones.taken == ["pairing press", "a press"]


def test_a_button_on_the_pods_bus_keeps_the_pods_off_and_the_game_plays(monkeypatch):
    bus = four_pods()
    monkeypatch.setattr(start, "BUS_OPENER", lambda port: bus)
    said: list[str] = []
    companion, sources = start.join_pods(
        Config(pins=PinConfig(ok=3), pods=PodsConfig(enabled=True)), None, [], [],
        clock=FakeClock().monotonic, explain=said.append)
    assert companion is None and sources == [] and bus.writes == 0
    assert said == ["seat pods: off, because pins.ok (GPIO 3) is on their I2C bus "
                    "(coda-pi doctor says what to do)"]


def test_pods_already_held_by_another_program_are_left_alone(monkeypatch, tmp_path):
    device_file = tmp_path / "i2c-1"
    device_file.write_bytes(b"")
    doctor, ours = os.open(device_file, os.O_RDWR), os.open(device_file, os.O_RDWR)
    try:
        assert claim(SimpleNamespace(fd=doctor))
        bus = four_pods()
        bus.fd = ours  # type: ignore[attr-defined]
        monkeypatch.setattr(start, "BUS_OPENER", lambda port: bus)
        said: list[str] = []
        companion, _ = start.join_pods(PODS, None, [], [], clock=FakeClock().monotonic,
                                       explain=said.append)
        assert companion.pods == {} and bus.writes == 0
        assert said and "another program is using /dev/i2c-1" in said[0]
    finally:
        os.close(doctor)
        os.close(ours)


def test_at_the_end_each_pod_shows_its_own_seat_s_review():
    class Final:
        def private_view_of(self, seat):
            return None

        def seat_review(self, seat):
            if seat == 1:
                return (ReviewLine("Round 2: Ben could be sure of Ann's 3rd panel.", False, 1),)
            return ()

        def notify(self, text, kind=None):
            raise AssertionError(text)

    clock = FakeClock()
    pods = PodsCompanion({seat: SeatPod(seat, PodPanel(dummy(width=128, height=64, mode="1"),
                                                       None)) for seat in range(2)},
                         clock.monotonic)
    pods.publish(Final())
    assert pods.pods[1].panel.lit and not pods.pods[0].panel.lit
    frame = draw_private(SeatReview(1, ("Round 2: Ben could be sure of Ann's 3rd panel.",)))
    assert frame.texts[0].text == "Your review"
    assert pods.pods[1].panel.device.image.tobytes() == frame.image.tobytes()


def test_no_bus_at_all_plays_on_and_the_shared_screen_says_every_seat_holds(monkeypatch):
    def no_bus(port):
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(start, "BUS_OPENER", no_bus)
    scenes = []
    result = run_demo(PODS, headless=True, seed=36, players=4, rounds=1, draw=False,
                      on_frame=lambda scene, surface: scenes.append(scene))
    assert result.shown_totals == result.replay_totals
    assert {s.private.seat for s in scenes if isinstance(s.private, PrivateView)} == {0, 1, 2, 3}
    assert any("Seats 1, 2, 3, 4: their own screens do not answer" in b
               for b in banners(scenes))
