"""The seat pods' panels: frames as the controllers hold them, only changed pages on the bus,
four pods behind one multiplexer, dark glass while idle (coda_pi/pods/)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from luma.core.device import dummy
from PIL import Image, ImageDraw

from coda_pi.pods.bus import MeteredBus, Multiplexer, Traffic
from coda_pi.pods.draw import draw_private
from coda_pi.pods.pages import changed_runs, from_pages, to_pages
from coda_pi.pods.panel import PodPanel, open_panel
from coda_pi.pods.seat_pod import TEXT_PAGE_SECONDS, SeatPod
from coda_pi.pods.settings import Controller
from coda_pi.pods.spans import Span, changed_spans, wire_bytes
from coda_pi.sim.pod_bus import StandInBus, four_pods
from coda_pi.sim.pod_samples import pod_samples


def frame(*boxes: tuple[int, int, int, int]) -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    for box in boxes:
        draw.rectangle(box, fill=1)
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.convert("1").tobytes() == b.convert("1").tobytes()


def pods_on(bus: StandInBus, controller: Controller) -> tuple[MeteredBus, list[PodPanel]]:
    """Four pods as the device opens them (``open_panel``), behind one metered bus."""
    meter = MeteredBus(bus)
    mux = Multiplexer(meter)
    return meter, [open_panel(controller, mux.channel(ch)) for ch in range(4)]


def test_pages_hold_columns_of_eight_rows_top_bit_first():
    pages = to_pages(frame((0, 0, 0, 0), (5, 9, 5, 10), (127, 63, 127, 63)))
    assert pages[0][0] == 0b0000_0001  # row 0: the lowest bit
    assert pages[1][5] == 0b0000_0110  # rows 9 and 10: page 1, bits 1 and 2
    assert pages[7][127] == 0b1000_0000
    assert sum(map(sum, pages)) == 1 + 6 + 128


def test_pages_round_trip_any_frame():
    rng = random.Random(36)
    for _ in range(20):
        image = Image.frombytes("1", (128, 64), rng.randbytes(128 * 64 // 8))
        assert same(from_pages(to_pages(image)), image)


def test_changed_runs_group_neighbouring_pages():
    old = to_pages(frame())
    new = to_pages(frame((0, 8, 3, 23), (0, 56, 3, 60)))  # pages 1, 2 and 7
    assert changed_runs(old, new) == [(1, 2), (7, 7)]
    assert changed_runs(new, new) == []
    assert changed_runs(None, new) == [(0, 7)]


@pytest.mark.parametrize("controller", list(Controller))
def test_the_glass_shows_each_frame_though_only_changed_pages_are_sent(controller):
    bus = four_pods(sh1106=controller is Controller.SH1106)
    meter, panels = pods_on(bus, controller)
    pod = panels[2]
    frames = [frame((3, 20, 40, 30)), frame((3, 20, 40, 30), (60, 50, 70, 60)),
              frame((60, 50, 70, 60)), frame()]
    for image in frames:
        pod.show(image)
        glass = bus.panels[2]
        assert glass is not None and same(glass.glass(), image)
    # One cell of the row changes: its columns of one page cross the bus, not the frame,
    # nor even the whole page.
    pod.show(frame((10, 17, 20, 22)))
    before = meter.traffic.wire_bytes
    assert pod.show(frame((10, 17, 20, 22), (30, 17, 40, 22))) == 1
    assert 11 < meter.traffic.wire_bytes - before < 11 + 16
    # Nothing changed: nothing is sent.
    before = meter.traffic.wire_bytes
    assert pod.show(frame((10, 17, 20, 22), (30, 17, 40, 22))) == 0
    assert meter.traffic.wire_bytes == before


@pytest.mark.parametrize("controller", list(Controller))
def test_any_change_reaches_the_glass_whole_though_only_changed_columns_are_sent(controller):
    # Random edits, near each other and far apart on a page, at both edges of the glass
    # (the SH1106's glass starts at its RAM's column 2): the glass always ends up showing
    # the frame, and the bytes sent are what the spans' cost says, no more.
    rng = random.Random(36)
    bus = four_pods(sh1106=controller is Controller.SH1106)
    meter, panels = pods_on(bus, controller)
    pod = panels[1]
    image = frame((0, 0, 127, 63))
    pod.show(image)  # the multiplexer is on this pod's channel from here on
    for _ in range(60):
        image = image.copy()
        draw = ImageDraw.Draw(image)
        for _ in range(rng.randint(1, 6)):
            x = rng.choice([0, 127, rng.randrange(128)])
            y = rng.randrange(64)
            draw.rectangle((x, y, min(x + rng.randrange(12), 127), y), fill=rng.randint(0, 1))
        spans = changed_spans(pod.shown, to_pages(image), controller)
        before = meter.traffic.wire_bytes
        pod.show(image)
        glass = bus.panels[1]
        assert glass is not None and same(glass.glass(), image)
        assert meter.traffic.wire_bytes - before == wire_bytes(spans, controller)


@pytest.mark.parametrize("controller", list(Controller))
def test_each_changed_span_is_one_message_on_the_wire_not_32_byte_blocks(controller):
    # smbus2's i2c_rdwr takes a whole page in one message; SMBus blocks (luma's way on a
    # bus it did not open) cost an address and a control byte every 32 data bytes.
    bus = four_pods(sh1106=controller is Controller.SH1106)
    meter = MeteredBus(bus)
    mux = Multiplexer(meter)
    pod = open_panel(controller, mux.channel(2))
    before = meter.traffic
    meter.traffic = Traffic()
    image = frame((0, 0, 127, 63), (3, 3, 20, 20))
    assert pod.show(image) == 8
    glass = bus.panels[2]
    assert glass is not None and same(glass.glass(), image)
    # The first page's addressing whole; each next page's only what moved (the page, and
    # for the SH1106 the column's high nibble: its pointer ended at RAM column 130).
    first = 2 + (6 if controller is Controller.SSD1306 else 3)
    later = 2 + (3 if controller is Controller.SSD1306 else 2)
    assert meter.traffic.wire_bytes == first + 7 * later + 8 * (2 + 128)
    assert meter.traffic.transactions == 8 * 2
    assert before.transactions > 0  # luma's own set-up and clear went through the bus


@pytest.mark.parametrize("controller", list(Controller))
def test_a_change_of_many_spans_goes_in_one_call_not_one_per_message(controller):
    # On a Pi each call is an ioctl with its own cost (tens of microseconds): the game's
    # end changes ten spans of a pod at once, and a call for each of their twenty
    # messages would cost more than their bytes' wire time.
    bus = four_pods(sh1106=controller is Controller.SH1106)
    meter = MeteredBus(bus)
    mux = Multiplexer(meter)
    pod = open_panel(controller, mux.channel(1))
    pod.show(frame((0, 0, 127, 63)))
    boxes = [(x, y, x + 3, y + 1) for x in (10, 60, 110) for y in (4, 20, 36, 52)]
    image = frame((0, 0, 127, 63))
    ImageDraw.Draw(image).rectangle((0, 0, 0, 0), fill=0)
    for box in boxes:
        ImageDraw.Draw(image).rectangle(box, fill=0)
    spans = changed_spans(pod.shown, to_pages(image), controller)
    assert len(spans) >= 10
    meter.traffic = Traffic()
    pod.show(image)
    assert same(bus.panels[1].glass(), image)  # type: ignore[union-attr]
    assert meter.traffic.calls == 1
    assert meter.traffic.wire_bytes == wire_bytes(spans, controller)


def test_a_whole_frame_is_cut_between_pages_so_a_newer_frame_can_stop_it():
    # Batched calls still end between pages: a newer frame waiting stops the writing there.
    bus = four_pods()
    pod = open_panel(Controller.SH1106, Multiplexer(bus).channel(0))
    asked = []

    def newer_waiting() -> bool:
        asked.append(True)
        return True

    assert pod.send(to_pages(frame((0, 0, 127, 63))), superseded=newer_waiting) == 4
    assert asked
    assert pod.shown[:4] == to_pages(frame((0, 0, 127, 63)))[:4]
    assert pod.shown[4:] == to_pages(frame())[4:]


@pytest.mark.parametrize("controller", list(Controller))
def test_a_cursor_moved_along_the_row_sends_its_underline_not_whole_pages(controller):
    bus = four_pods(sh1106=controller is Controller.SH1106)
    meter, panels = pods_on(bus, controller)
    pod = panels[0]
    reveal = pod_samples()["reveal"]
    views = [dataclasses.replace(reveal, cursor=slot, row=tuple(
        dataclasses.replace(p, highlight=i == slot) for i, p in enumerate(reveal.row)))
        for slot in (2, 3)]
    pod.show(draw_private(views[0]).image)
    before = meter.traffic.wire_bytes
    assert pod.show(draw_private(views[1]).image) == 1
    # The two neighbouring cells' underlines, in one page (18 columns each at most) with
    # one command: a third of the 141 bytes one whole page takes.
    assert meter.traffic.wire_bytes - before <= 2 * 18 + 12


def test_changed_columns_close_together_are_one_span_and_far_apart_two():
    old = to_pages(frame())
    near = to_pages(frame((10, 8, 10, 8), (16, 8, 16, 8)))
    far = to_pages(frame((10, 8, 10, 8), (60, 8, 60, 8)))
    assert changed_spans(old, near, Controller.SH1106) == [Span(1, 10, 16)]
    assert changed_spans(old, far, Controller.SH1106) == [Span(1, 10, 10), Span(1, 60, 60)]
    assert changed_spans(None, near, Controller.SSD1306) == [
        Span(page, 0, 127) for page in range(8)]
    assert changed_spans(near, near, Controller.SSD1306) == []


def test_four_pods_behind_one_multiplexer_each_show_their_own_frame():
    bus = four_pods()
    _, panels = pods_on(bus, Controller.SH1106)
    images = [frame((10 * ch, 0, 10 * ch + 5, 63)) for ch in range(4)]
    for round_ in range(2):  # interleaved, so every write must select its channel again
        for ch in (3, 0, 2, 1):
            panels[ch].show(images[ch] if round_ else frame((0, ch, 127, ch)))
    for ch in range(4):
        glass = bus.panels[ch]
        assert glass is not None and same(glass.glass(), images[ch])


def test_a_pod_on_lumas_dummy_device_keeps_the_frame_it_was_shown():
    device = dummy(width=128, height=64, mode="1")
    pod = PodPanel(device, None)
    image = frame((0, 0, 63, 31))
    assert pod.show(image) == 4  # pages 0-3 hold the box
    assert same(device.image, image)


def test_panel_goes_dark_and_lights_again():
    bus = four_pods()
    _, panels = pods_on(bus, Controller.SH1106)
    glass = bus.panels[1]
    assert glass is not None and glass.lit  # luma lights it when the device is made
    panels[1].off()
    assert not glass.lit
    panels[1].on()
    assert glass.lit


def test_seat_pod_shows_the_seats_view_and_goes_dark_when_idle():
    bus = four_pods()
    _, panels = pods_on(bus, Controller.SH1106)
    glass = bus.panels[0]
    assert glass is not None
    pod = SeatPod(0, panels[0], idle_seconds=30)
    assert not glass.lit  # nothing private yet
    view = pod_samples()["drawn"]
    assert pod.update(view, now=100.0) > 0
    assert glass.lit and glass.glass().getbbox() is not None
    assert pod.deadline() == 130.0
    assert pod.update(view, now=110.0) == 0  # the same view: nothing sent
    pod.tick(129.0)
    assert glass.lit
    pod.tick(130.0)
    assert not glass.lit and pod.deadline() is None
    pod.wake(140.0)
    assert glass.lit and pod.deadline() == 170.0
    assert pod.update(None, now=150.0) == 0  # the private moment is over: dark glass
    assert not glass.lit
    # ... and blank memory behind it: the next view, whatever it is, costs its own ink
    # only, not the old frame's erasing too (the game's end: four reviews at once).
    assert glass.glass().getbbox() is None
    assert pod.update(view, now=160.0) > 0
    assert glass.lit and pod.deadline() == 190.0
    assert same(glass.glass(), draw_private(view).image)


def test_seat_pod_refuses_another_seats_view():
    pod = SeatPod(1, PodPanel(dummy(width=128, height=64, mode="1"), None))
    with pytest.raises(ValueError, match="seat 1's private view offered to seat 2's pod"):
        pod.update(pod_samples()["row"], now=0.0)


def test_seat_pod_turns_a_long_text_while_lit_and_stops_when_dark():
    pod = SeatPod(0, PodPanel(dummy(width=128, height=64, mode="1"), None), idle_seconds=10)
    deal = pod_samples()["deal"]
    pod.update(deal, now=0.0)
    first = pod.panel.device.image.tobytes()
    assert pod.deadline() == TEXT_PAGE_SECONDS
    assert 0 < pod.tick(TEXT_PAGE_SECONDS) <= 4  # only the text's pages change
    assert pod.panel.device.image.tobytes() != first
    pod.tick(10.0)  # idle: dark, and no more turning
    assert not pod.panel.lit and pod.deadline() is None


def test_a_dark_pod_s_new_frame_and_its_light_go_in_one_call():
    # A dark pod given a new view (the game's end lights all four with their reviews): its
    # pages and the display-on in the same call, lit only once the whole frame is there.
    bus = four_pods()
    meter = MeteredBus(bus)
    pod = open_panel(Controller.SH1106, Multiplexer(meter).channel(3))
    pod.off()
    glass = bus.panels[3]
    assert glass is not None and not glass.lit
    image = frame((0, 0, 60, 20), (70, 40, 90, 50))
    meter.traffic = Traffic()
    pod.send(to_pages(image), light=True)
    assert glass.lit and pod.lit and same(glass.glass(), image)
    assert meter.traffic.calls == 1


def test_a_dark_pod_stopped_part_way_stays_dark():
    bus = four_pods()
    pod = open_panel(Controller.SH1106, Multiplexer(bus).channel(0))
    pod.off()
    pod.send(to_pages(frame((0, 0, 127, 63))), superseded=lambda: True, light=True)
    glass = bus.panels[0]
    assert glass is not None and not glass.lit and not pod.lit
