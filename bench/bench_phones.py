"""Phones as seat screens, on loopback: how fast, how heavy, how many taps.

A real device (the app's loop on the dummy video driver, its HTTPS server on 127.0.0.1)
plays entered-pool tournaments of four players whose phones are HTTP clients here: each
pairs by its seat button, enters every panel by one tap, and plays its turns by taps (the
bench knows every panel and guesses right). Printed:

- tap to recorded line: from sending a tap to the record line it causes being fsynced;
- recorded line to phone update: from that line to the tapping phone's long poll
  answering with the new page;
- the page's weight (HTML, script, style), and the device's CPU per update spent making
  the four pages;
- taps per entered panel on the phone, against presses on the buttons for the same panels
  from the same random dial starts. The turn's choices (colour, panel, number, go on) are
  one tap each too.

Run: .venv/bin/python bench/bench_phones.py [--tournaments N]
"""

from __future__ import annotations

import argparse
import copy
import http.client
import json
import os
import random
import ssl
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from coda_pi.app import DeviceOptions, build_app
from coda_pi.config import Config
from coda_pi.phones.server import page_weight
from coda_pi.phones.start import start_phones
from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.labels import value_label
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import FinalView, RoundEndView, TurnStep, TurnView
from coda_pi.rules.panel_entry import keys_to_enter
from coda_pi.rules.tiles import Color, Tile, full_set, sorted_row

NAMES = ("Ann", "Ben", "Cy", "Di")


class Phone:
    def __init__(self, port: int, cafile: Path, seat: int) -> None:
        self.port = port
        self.tls = ssl.create_default_context(cafile=str(cafile))
        self.tls.check_hostname = False
        self.seat = seat
        self.secret = ""
        self.updates: list[float] = []  # when each new page arrived
        self.stop = False

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.tls, timeout=40)
        try:
            conn.request(method, path, json.dumps(body) if body is not None else None,
                         {"X-Seat": self.secret, "Content-Type": "application/json"})
            resp = conn.getresponse()
            raw = resp.read()
            return resp.status, json.loads(raw) if raw else None
        finally:
            conn.close()

    def poll(self) -> None:
        version = 0
        while not self.stop:
            try:
                status, got = self.request("GET", f"/api/page?after={version}")
            except OSError:  # the device is closing
                return
            if status == 200:
                version = got["v"]
                self.updates.append(time.perf_counter())

    def tap(self, **body: Any) -> float:
        sent = time.perf_counter()
        status, _ = self.request("POST", "/api/tap", body)
        assert status == 200, status
        return sent


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=2)
    args = parser.parse_args()
    recorded: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        config = Config(data_dir=data)
        setup = SetupDefaults(names=NAMES, players=4, rounds=3, pool="entered", timer=False)  # type: ignore[arg-type]
        options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                                setup=setup, bounce_time=None, gpio=False, sound=False,
                                on_recorded=lambda path, obj: recorded.append(
                                    time.perf_counter()))
        app = build_app(options, rng=random.Random(1), explain=lambda text: None)
        phones = start_phones(app.queue, data, port=0, host="127.0.0.1")
        assert phones is not None and phones.cert is not None
        bridge = phones.bridge
        app.companion = bridge
        cpu: list[float] = []
        publish = bridge.publish

        def measured(referee: Any) -> None:
            start = time.thread_time()
            publish(referee)
            cpu.append(time.thread_time() - start)

        bridge.publish = measured  # type: ignore[method-assign]
        stop = threading.Event()
        loop = threading.Thread(target=app.run, kwargs={"until": stop.is_set}, daemon=True)
        loop.start()

        def idle(before: int, count: int = 1) -> None:
            end = time.monotonic() + 10
            while bridge.published < before + count:
                if time.monotonic() > end:
                    raise RuntimeError("the device did not answer")
                time.sleep(0.002)

        def press(button: Button) -> None:
            before = bridge.published
            app.queue.put(Press(button))
            app.queue.put(Release(button))
            idle(before, 2)

        clients = [Phone(phones.server.port, phones.cert, seat) for seat in range(4)]
        for phone in clients:
            rid = phone.request("POST", "/api/pair", {"seat": phone.seat})[1]["rid"]
            while not bridge.pairings.waiting():
                time.sleep(0.001)
            press(Button.for_seat(phone.seat))
            press(Button.OK)  # the table confirms the pairing
            phone.secret = phone.request("GET", f"/api/pair/{rid}")[1]["secret"]
            threading.Thread(target=phone.poll, daemon=True).start()

        to_line: list[float] = []
        to_page: list[float] = []
        taps_per_panel: list[float] = []
        presses_per_panel: list[float] = []
        rng = random.Random(3)
        pool: list[Tile] = []

        def tap(seat: int, **body: Any) -> None:
            lines, pages = len(recorded), len(clients[seat].updates)
            before = bridge.published
            sent = clients[seat].tap(**body)
            idle(before)
            if len(recorded) > lines:  # this tap wrote a line: time it, and the page after
                to_line.append(recorded[-1] - sent)
                end = time.monotonic() + 5
                while len(clients[seat].updates) <= pages and time.monotonic() < end:
                    time.sleep(0.001)
                if len(clients[seat].updates) > pages:
                    to_page.append(clients[seat].updates[-1] - recorded[-1])

        for _ in range(args.tournaments):
            press(Button.OK)  # Start (setup) or a new game (the final standings)
            dealt = -1
            while True:
                screen = app.referee.view().screen
                game = app.referee.game
                if isinstance(screen, FinalView):
                    break
                if game is None or isinstance(screen, RoundEndView) or game.round_number == 0:
                    press(Button.OK)
                    continue
                if isinstance(screen, EntryWaitView):
                    if dealt != game.round_number:
                        pool = sorted(full_set(dashes=False), key=str)
                        rng.shuffle(pool)
                        dealt = game.round_number
                    if screen.dark is None:
                        row = sorted_row(pool[:screen.hand])
                        del pool[:screen.hand]
                    else:
                        colour = Color.DARK if screen.dark else Color.LIGHT
                        row = [next(t for t in pool if t.color is colour)]
                        pool.remove(row[0])
                    entry = copy.deepcopy(app.referee.current.pool.entry)
                    presses_per_panel.append(len(keys_to_enter(entry, row)) / len(row))
                    taps = 0
                    for tile in row:
                        tap(screen.seat, kind="tile", dark=tile.color is Color.DARK,
                            value=tile.value)
                        taps += 1
                    if len(row) > 1:
                        tap(screen.seat, kind="key", key="ok")
                    taps_per_panel.append(taps / len(row))
                    continue
                assert isinstance(screen, TurnView)
                seat = screen.seat
                if screen.step is TurnStep.CHOOSE_COLOR:
                    tap(seat, kind="colour", dark=bool(screen.dark_left))
                elif screen.step is TurnStep.TARGET:
                    target = next(s for s in range(game.seats) if s != seat and not game.out[s])
                    tap(seat, kind="target", target=target)
                elif screen.step is TurnStep.SLOT:
                    slot = next(i for i, p in enumerate(game.rows[screen.target])
                                if not p.revealed)
                    tap(seat, kind="slot", target=slot)
                elif screen.step is TurnStep.VALUE:
                    truth = value_label(game.rows[screen.target][screen.slot].tile.value,
                                        "panels")
                    tap(seat, kind="guess", value=truth)
                elif screen.step is TurnStep.CONTINUE:
                    tap(seat, kind="go_on", dark=True)
                else:
                    tap(seat, kind="key", key="ok")
                    if app.referee.view().screen == screen:
                        tap(seat, kind="key", key="next")
        for phone in clients:
            phone.stop = True
        stop.set()
        app.queue.wake()
        loop.join(10)
        bridge.publish = publish  # type: ignore[method-assign]
        phones.close()
        app.close()

    ms = 1000.0
    print(f"phones on loopback (HTTPS), {args.tournaments} tournament(s) of 4 players, "
          f"entered pool, {len(to_line)} recorded lines")
    print(f"  tap to recorded line:        p50 {percentile(to_line, .5) * ms:6.1f} ms   "
          f"p99 {percentile(to_line, .99) * ms:6.1f} ms")
    print(f"  recorded line to phone page: p50 {percentile(to_page, .5) * ms:6.1f} ms   "
          f"p99 {percentile(to_page, .99) * ms:6.1f} ms   ({len(to_page)} pages)")
    print(f"  page weight: {page_weight()} bytes (goal under 150 kB)")
    print(f"  device CPU making the pages, per update: mean {statistics.mean(cpu) * ms:.2f} ms"
          f"   p99 {percentile(cpu, .99) * ms:.2f} ms   ({len(cpu)} updates)")
    print(f"  taps per entered panel on the phone: {statistics.mean(taps_per_panel):.2f}"
          f" (+1 confirm per starting row), {len(taps_per_panel)} entries")
    print(f"  presses per entered panel on the buttons, same dial starts: "
          f"{statistics.mean(presses_per_panel):.2f}")


if __name__ == "__main__":
    main()
