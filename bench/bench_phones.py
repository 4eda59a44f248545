"""Phones as seat screens, on loopback: how fast, how heavy, how many taps.

A real device (the app's loop on the dummy video driver, its HTTPS server on 127.0.0.1)
plays entered-pool tournaments of four players whose phones are HTTP clients here: each
pairs by its seat button, enters every panel by one tap, and plays its turns by taps (the
bench knows every panel and guesses right). Printed:

- tap to answer: from sending a tap to its HTTP answer arriving (the loop answers once
  the tap's record lines are fsynced: principle 5), over the taps that wrote a line;
- tap to recorded line: from sending a tap to the record line it causes being fsynced;
- recorded line to phone update: from that line to the tapping phone's long poll
  answering with the page made after it (the first page newer than the seat's page when
  the tap was sent);
- the page's weight (HTML, script, style), and the device's CPU per update spent making
  the four pages;
- taps per entered panel on the phone, against presses on the buttons for the same panels
  from the same random dial starts. The turn's choices (colour, panel, number, go on) are
  one tap each too.

Run: .venv/bin/python bench/bench_phones.py [--tournaments N] [--card-ms MS]
        [--against CHECKOUT ...] [--runs N]

``--card-ms MS``: every record fsync sleeps MS milliseconds first (an SD card's fsync is
milliseconds; this machine's disk is faster). ``--against``: another checkout of coda-pi (a
worktree of main: ``git worktree add --detach /tmp/main main``) measured by this same
script in the same run, in alternating child processes (each importing its own checkout's
``coda_pi`` by ``PYTHONPATH``), ``--runs`` times, each run with its load average: compare
the ratio within a run (the machine may be shared).
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
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from bench_demo_presses import slow_card  # noqa: E402  (this script's own folder)

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
        self.updates: list[tuple[float, int]] = []  # when each new page arrived, its version
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
                self.updates.append((time.perf_counter(), version))

    def tap(self, **body: Any) -> tuple[float, float]:
        """When the tap was sent, and when its answer came."""
        sent = time.perf_counter()
        status, _ = self.request("POST", "/api/tap", body)
        assert status == 200, status
        return sent, time.perf_counter()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]




def measure(tournaments: int) -> dict[str, Any]:
    """The figures of ``tournaments`` played on phones (see the module's docstring)."""
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

        to_answer: list[float] = []
        to_line: list[float] = []
        to_page: list[float] = []
        taps_per_panel: list[float] = []
        presses_per_panel: list[float] = []
        rng = random.Random(3)
        pool: list[Tile] = []

        def tap(seat: int, **body: Any) -> None:
            lines = len(recorded)
            shown = bridge.wait_page(seat, -1, 0)  # the seat's page now: the tap's is newer
            version = shown[0] if shown else 0
            before = bridge.published
            sent, answered = clients[seat].tap(**body)
            idle(before)
            if len(recorded) > lines:  # this tap wrote a line: time it, and the page after
                to_answer.append(answered - sent)
                to_line.append(recorded[-1] - sent)
                updates = clients[seat].updates
                end = time.monotonic() + 5
                while not any(v > version for _t, v in updates) and time.monotonic() < end:
                    time.sleep(0.001)
                page = next((t for t, v in updates if v > version), None)
                if page is not None:
                    to_page.append(page - recorded[-1])

        for _ in range(tournaments):
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

    return {"recorded_lines": len(to_line), "to_answer": to_answer, "to_line": to_line,
            "to_page": to_page, "page_weight": page_weight(), "page_cpu": cpu,
            "taps_per_panel": statistics.mean(taps_per_panel), "entries": len(taps_per_panel),
            "presses_per_panel": statistics.mean(presses_per_panel)}


def report(got: dict[str, Any], tournaments: int) -> None:
    ms = 1000.0
    to_answer, to_line, to_page, cpu = (got[k] for k in ("to_answer", "to_line", "to_page",
                                                         "page_cpu"))
    print(f"phones on loopback (HTTPS), {tournaments} tournament(s) of 4 players, "
          f"entered pool, {len(to_line)} recorded lines")
    print(f"  tap to answer:               p50 {percentile(to_answer, .5) * ms:6.1f} ms   "
          f"p99 {percentile(to_answer, .99) * ms:6.1f} ms")
    print(f"  tap to recorded line:        p50 {percentile(to_line, .5) * ms:6.1f} ms   "
          f"p99 {percentile(to_line, .99) * ms:6.1f} ms")
    print(f"  recorded line to phone page: p50 {percentile(to_page, .5) * ms:6.1f} ms   "
          f"p99 {percentile(to_page, .99) * ms:6.1f} ms   ({len(to_page)} pages)")
    print(f"  page weight: {got['page_weight']} bytes (goal under 150 kB)")
    print(f"  device CPU making the pages, per update: mean {statistics.mean(cpu) * ms:.2f} ms"
          f"   p99 {percentile(cpu, .99) * ms:.2f} ms   ({len(cpu)} updates)")
    print(f"  taps per entered panel on the phone: {got['taps_per_panel']:.2f}"
          f" (+1 confirm per starting row), {got['entries']} entries")
    print(f"  presses per entered panel on the buttons, same dial starts: "
          f"{got['presses_per_panel']:.2f}")


COMPARED = (("to_answer", "tap to answer"), ("to_line", "tap to recorded line"),
            ("to_page", "recorded line to page"))


def compare(roots: list[Path], args: argparse.Namespace) -> None:
    """Every checkout in turn, ``--runs`` times: p50 and p99 of each, the ratio to the
    second (the first is this checkout)."""
    for index, root in enumerate(roots):
        print(f"[{index + 1}] {root}")
    if args.card_ms:
        print(f"every record fsync {args.card_ms:g} ms slower (asleep): a slow card")
    for run in range(args.runs):
        results, loads = [], []
        for root in roots:
            loads.append(os.getloadavg()[0])
            command = [sys.executable, str(Path(__file__).resolve()), "--child",
                       "--tournaments", str(args.tournaments), "--card-ms", str(args.card_ms)]
            env = {**os.environ, "PYTHONPATH": str(root)}
            out = subprocess.run(command, check=True, capture_output=True, text=True,
                                 env=env).stdout
            results.append(json.loads(out.strip().splitlines()[-1]))
        print(f"run {run + 1}: load average {', '.join(f'{x:.1f}' for x in loads)}; ms of "
              f"wall time ({results[0]['recorded_lines']} taps that wrote a line each)")
        print(f"  {'':<30}" + "".join(f"{f'[{i + 1}]':>16}" for i in range(len(roots)))
              + ("   [1]/[2]" if len(roots) > 1 else ""))
        for key, label in COMPARED:
            for q, name in ((.5, "p50"), (.99, "p99")):
                values = [percentile(r[key], q) * 1000 for r in results]
                ratio = (f"{values[0] / values[1]:9.2f}x" if len(values) > 1 and values[1] > 0
                         else "")
                print(f"  {label + ' ' + name:<30}" + "".join(f"{v:16.2f}" for v in values)
                      + f" {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=2)
    parser.add_argument("--card-ms", type=float, default=0.0,
                        help="milliseconds more asleep in every record fsync (a slow card)")
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout to measure beside this one (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="runs, with --against")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.against:
        compare([Path(__file__).resolve().parents[1], *args.against], args)
        return
    if args.card_ms:
        slow_card(args.card_ms)
    got = measure(args.tournaments)
    if args.child:
        print(json.dumps(got))
    else:
        report(got, args.tournaments)


if __name__ == "__main__":
    main()
