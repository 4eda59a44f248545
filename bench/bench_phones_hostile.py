"""What a stranger on the Wi-Fi costs the table (issue 30): for each attack, the paired
phone's success rate and the loop's press-to-frame p99 as a ratio to idle, in one run.

A real device (the app's loop on the dummy video driver, its HTTPS server on 127.0.0.1) on
the setup screen, Ann's and Ben's phones paired. Each attack runs in a process of its own
(a stranger's device is not the table's) from other loopback addresses:

- idle: no attack (the baseline);
- pair flood: pairing requests for every seat from 40 addresses, as fast as answered
  (every attack from 40 addresses of its own, 8 for the slow connections);
- forged taps: taps with made-up secrets;
- odd bodies: random bytes, deep nesting and huge numbers to /api/pair and /api/tap;
- slow connections: 16 from each of 8 addresses that shake hands and then send a byte of
  header every 2 s (reopened when cut);
- connection flood: TLS handshakes opened and closed as fast as they go, 2 processes.

Meanwhile Ann's phone fetches its page and taps (each must be answered by the loop: 200 for
the page; 409 for the tap, which at the setup changes nothing and is told so), and the bench
presses NEXT on the device every 25 ms and times the press to the frame it draws (a press
with no frame within 2 s counts as 2 s).

The idle baseline is taken among the attacks: each attack runs ``--rounds`` segments of
``--seconds`` (after a second for it to get under way), each after an idle segment of half
that, and one idle segment ends the run (idle, pair flood, idle, forged taps, ..., idle);
"idle" is every idle segment's presses together, and each segment's own p99 is printed
beside, idle and attacked, to show how much the machine alone moved. "n" is the presses
each p99 is taken from: with 2 segments of 8 s, some 500 an attack (its p99 is its fifth
slowest) and 1,000 or more idle.

Every attack runs twice over: unpinned (device and attacker share every CPU, as the bench
always did), then pinned: on a table the attacker's CPU is its own machine, so with two CPUs
or more the device's process (and the phones' door process) is pinned to the first half of
them and the attackers' processes to the rest (``os.sched_setaffinity``); each table says
which CPUs each side had, and the load average before and after.

Where the time goes, each in per cent of one CPU over the attack's segments: "loop" the
loop's thread, "servers" the rest of the device's process (the server's threads; the bench's
own phone and presser are left out), "door" the phones' door process, "attack" the
attackers' processes; "us/try" is device and door per attempt, above idle; "wait/n" the
loop's time waiting on a run queue for a CPU, per press (/proc's schedstat). And for the
slowest 1% of presses, what make the p99, the mean of how long the loop's thread ran, how
long it waited for a CPU ("queued") and the rest of the delay ("blocked": on the
interpreter lock, or the wake-ups between threads), in ms.

``--interleaved`` adds, for each of the two, a figure beside the idle baseline for a machine
whose own load moves more than an attack does (a shared build machine): each attack's
processes are stopped and continued every half second, and the presses while it runs are
compared with those while it is stopped, under the same load.

Run: .venv/bin/python bench/bench_phones_hostile.py [--seconds 8] [--rounds 2]
[--only pinned|unpinned] [--attack "forged taps" ...] [--interleaved]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from phones_device import Phone, pair, running_device  # noqa: E402

from coda_pi.referee.shared.signals import Button, Press, Release  # noqa: E402

ATTACKS = ("idle", "pair flood", "forged taps", "odd bodies", "slow connections",
           "connection flood")


# -- the strangers, each in a process of its own --------------------------------------------

def _context(cafile: str) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=cafile)
    context.check_hostname = False
    return context


def _post(port: int, context: ssl.SSLContext, source: str, path: str, body: bytes,
          secret: str = "") -> None:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5,
                                      source_address=(source, 0)) as raw, \
                context.wrap_socket(raw) as conn:
            conn.sendall(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n%s"
                         b"Connection: close\r\n\r\n%s" % (
                             path.encode(), len(body),
                             b"X-Seat: %s\r\n" % secret.encode() if secret else b"", body))
            conn.recv(64)
    except (OSError, ssl.SSLError):
        pass


def stranger(attack: str, port: int, cafile: str, seconds: float, net: str) -> int:
    """Attack for ``seconds`` from addresses ``net``.2 to ``net``.41; returns how many
    requests or connections it tried (the door turns most of a flood away before its
    handshake)."""
    context = _context(cafile)
    rng = random.Random(attack)
    end = time.monotonic() + seconds
    made = 0
    held: list[tuple[socket.socket, str]] = []
    while time.monotonic() < end:
        source = f"{net}.{rng.randrange(2, 42)}"
        if attack == "pair flood":
            _post(port, context, source, "/api/pair", b'{"seat": %d}' % rng.randrange(4))
        elif attack == "forged taps":
            _post(port, context, source, "/api/tap", b'{"kind": "key", "key": "ok"}',
                  secret=rng.randbytes(24).hex())
        elif attack == "odd bodies":
            body = rng.choice([rng.randbytes(rng.randrange(1, 300)), b"[" * 1500,
                               b'{"seat": 1e400}', b'{"seat": ' + b"9" * 1500 + b"}"])
            _post(port, context, source, rng.choice(["/api/pair", "/api/tap"]), body)
        elif attack == "connection flood":
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5,
                                              source_address=(source, 0)) as raw, \
                        context.wrap_socket(raw):
                    pass
            except (OSError, ssl.SSLError):
                pass
        elif attack == "slow connections":
            while len(held) < 128:
                address = f"{net}.{2 + len(held) % 8}"
                try:
                    raw = socket.create_connection(("127.0.0.1", port), timeout=5,
                                                   source_address=(address, 0))
                    conn = context.wrap_socket(raw)
                    conn.sendall(b"GET /api/page HTTP/1.1\r\n")
                    held.append((conn, address))
                except (OSError, ssl.SSLError):
                    time.sleep(0.05)
                    break
                made += 1
            time.sleep(2)
            for conn, address in list(held):
                try:
                    conn.sendall(b"X")
                except (OSError, ssl.SSLError):  # cut at the deadline: reopened above
                    held.remove((conn, address))
                    conn.close()
            continue
        made += 1
    for conn, _ in held:
        conn.close()
    return made


# -- the table ---------------------------------------------------------------------------

def _cpus_text(cpus: set[int] | None) -> str:
    return "all" if cpus is None else ",".join(map(str, sorted(cpus)))


def split_cpus() -> tuple[set[int], set[int]] | None:
    """The device's CPUs and the attackers' (the first half and the rest of those this
    process may use); None on a single CPU, where there is nothing to split."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None
    half = len(cpus) // 2
    return set(cpus[:half]), set(cpus[half:])


def pin_device(device, cpus: set[int]) -> None:  # noqa: ANN001
    """Every thread of this process, and the phones' door process, on ``cpus``
    (``sched_setaffinity(0)`` moves only the calling thread on Linux; threads made later
    inherit their maker's)."""
    door = getattr(device.phones.server, "door_pid", None)
    for task in [*map(int, os.listdir("/proc/self/task")), *([door] if door else [])]:
        with contextlib.suppress(ProcessLookupError):  # a connection's thread just ended
            os.sched_setaffinity(task, cpus)


def _process_cpu() -> float:
    times = os.times()
    return times.user + times.system


def _door_cpu(device) -> float:  # noqa: ANN001
    """CPU seconds of the phones' door process (door_process.py); 0 where there is none."""
    pid = getattr(device.phones.server, "door_pid", None)
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, TypeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _strangers(device, attack: str, seconds: float, cpus: set[int] | None,  # noqa: ANN001
               net: str) -> list[subprocess.Popen[str]]:
    """The attack's processes (none for idle), started."""
    if attack.startswith("idle"):
        return []
    return [subprocess.Popen(
        [sys.executable, __file__, "--stranger", attack, "--port",
         str(device.phones.server.port), "--cafile", str(device.cafile),
         "--seconds", str(seconds), "--cpus", _cpus_text(cpus), "--net", net],
        stdout=subprocess.PIPE, text=True)
        for _ in range(2 if attack == "connection flood" else 1)]


def _attempts(procs: list[subprocess.Popen[str]], seconds: float) -> tuple[int, float]:
    """What the attack's processes tried, and the CPU seconds they spent, in all."""
    made, cpu = 0, 0.0
    for proc in procs:
        out, _ = proc.communicate(timeout=seconds + 60)
        if len(out.split()) >= 2:
            made += int(out.split()[-2])
            cpu += float(out.split()[-1])
    return made, cpu


class _Table:
    """Ann's phone at work on a thread of its own, and NEXT pressed on the device, timed
    from the press to the frame it draws."""

    def __init__(self, device) -> None:  # noqa: ANN001
        self.app = device.app
        self.drawn = threading.Event()
        self.at_frame = (0.0, 0.0)
        self.app.on_frame = lambda scene, surface: self._frame()
        self.phone: Phone = device.ann
        self.answers: list[int] = []
        self._stop = threading.Event()
        self._worker = threading.Thread(target=self._ann, daemon=True)
        self._worker.start()

    @property
    def worker_tid(self) -> int | None:
        return self._worker.native_id

    def _ann(self) -> None:
        while not self._stop.is_set():
            self.answers.append(self.phone.request("GET", "/api/page?after=0&wait=0")[0])
            self.answers.append(self.phone.tap(kind="key", key="next"))
            time.sleep(0.05)

    def _frame(self) -> None:
        """On the loop's thread as it draws: what it has run and waited so far."""
        self.at_frame = _schedstat(threading.get_native_id())
        self.drawn.set()

    def press(self, loop: int | None) -> tuple[float, float, float] | None:
        """One press's delay to its frame, and how much of it the loop's thread ``loop``
        spent running and waiting on a run queue for a CPU, in seconds (None: no frame
        within 2 s). The rest the loop spent blocked: on the interpreter lock, mostly."""
        self.drawn.clear()
        ran0, waited0 = _schedstat(loop)
        sent = time.perf_counter()
        self.app.queue.put(Press(Button.NEXT))
        delay = time.perf_counter() - sent if self.drawn.wait(2) else None
        ran1, waited1 = self.at_frame
        self.app.queue.put(Release(Button.NEXT))
        time.sleep(0.025)
        return None if delay is None else (delay, ran1 - ran0, waited1 - waited0)

    def done(self) -> float:
        """Stops the phone; the share of its requests the device answered (a page 200, a
        tap 409: at the setup it changes nothing, and is told so rather than "done")."""
        self._stop.set()
        self._worker.join(30)
        self.app.on_frame = None
        return sum(a in (200, 409) for a in self.answers) / max(1, len(self.answers))


def _ms(delays: list[float], share: float) -> float:
    return sorted(delays)[int(share * (len(delays) - 1))] * 1000


def _schedstat(tid: int | None) -> tuple[float, float]:
    """Seconds thread ``tid`` of this process has run, and seconds it has waited on a run
    queue for a CPU (/proc's schedstat); zeros for a thread that is gone."""
    try:
        with open(f"/proc/self/task/{tid}/schedstat", encoding="ascii") as stat:
            ran, waited, _slices = stat.read().split()
    except (OSError, ValueError):
        return 0.0, 0.0
    return int(ran) / 1e9, int(waited) / 1e9


def _loop_tid() -> int | None:
    """The loop's thread (phones_device runs ``app.run`` on a thread of its own)."""
    return next((t.native_id for t in threading.enumerate() if t.name.endswith("(run)")),
                None)


FIELDS = ("wall", "seconds", "process", "loop", "loop_wait", "presser", "presser_wait",
          "phone", "door", "made", "attackers", "asked", "ok", "missed")
"""What a segment adds up (each attack's segments and the idle ones are summed)."""


def measure(device, attack: str, seconds: float,  # noqa: ANN001
            attacker_cpus: set[int] | None = None,
            net: str = "127.0.0") -> tuple[list[tuple[float, float, float]],
                                           dict[str, float]]:
    """One segment: ``attack`` (0, 1 or 2 processes, on ``attacker_cpus`` when given, from
    addresses in ``net``) while the phone works and NEXT is pressed for ``seconds``. The
    delays of its presses (a press with no frame within 2 s counts as 2 s), and the CPU
    each part spent, in seconds, with the wall time over which it was counted."""
    procs = _strangers(device, attack, seconds + 1.0, attacker_cpus, net)
    if procs:
        time.sleep(1.0)  # the attack under way (slow connections held, floods at pace)
    loop, presser = _loop_tid(), threading.main_thread().native_id
    loop0, presser0 = _schedstat(loop), _schedstat(presser)
    cpu0, door0, wall0 = _process_cpu(), _door_cpu(device), time.monotonic()
    table = _Table(device)
    delays: list[tuple[float, float, float]] = []
    missed = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        delay = table.press(loop)
        missed += delay is None
        delays.append((2.0, 0.0, 0.0) if delay is None else delay)
    phone = _schedstat(table.worker_tid)[0]
    success = table.done()
    loop1, presser1 = _schedstat(loop), _schedstat(presser)
    took = {"wall": time.monotonic() - wall0, "seconds": seconds + 1.0 if procs else 0.0,
            "process": _process_cpu() - cpu0, "door": _door_cpu(device) - door0,
            "loop": loop1[0] - loop0[0], "loop_wait": loop1[1] - loop0[1],
            "presser": presser1[0] - presser0[0], "presser_wait": presser1[1] - presser0[1],
            "phone": phone, "asked": len(table.answers),
            "ok": success * len(table.answers), "missed": missed}
    took["made"], took["attackers"] = _attempts(procs, seconds + 1.0)
    return delays, took


Segment = tuple[list[tuple[float, float, float]], dict[str, float]]


def summed(segments: list[Segment]) -> dict[str, float]:
    """Several segments' presses and costs as one phase's figures."""
    presses = sorted((p for segment, _ in segments for p in segment), reverse=True)
    delays = [delay for delay, _, _ in presses]
    worst = presses[:max(1, len(presses) // 100)]  # the slowest 1%: what makes the p99
    total = {field: sum(took[field] for _, took in segments) for field in FIELDS}
    wall, n = total["wall"], len(delays)
    servers = total["process"] - total["loop"] - total["presser"] - total["phone"]
    return {"success": total["ok"] / max(1, total["asked"]), "asked": total["asked"],
            "presses": n, "missed": total["missed"],
            "p50": statistics.median(delays) * 1000, "p99": _ms(delays, 0.99),
            "cpu": total["process"] / wall, "door": total["door"] / wall,
            "loop": total["loop"] / wall, "loop_wait": total["loop_wait"] / n * 1000,
            "presser_wait": total["presser_wait"] / n * 1000, "servers": servers / wall,
            "attackers": total["attackers"] / total["seconds"] if total["seconds"] else 0.0,
            "made": total["made"],
            "worst_ran": statistics.mean(p[1] for p in worst) * 1000,
            "worst_queued": statistics.mean(p[2] for p in worst) * 1000,
            "worst_blocked": statistics.mean(p[0] - p[1] - p[2] for p in worst) * 1000,
            "rate": total["made"] / total["seconds"] if total["seconds"] else 0.0}


SWAP = 0.5
"""Seconds an interleaved attack runs, then stays stopped, in turn."""


def measure_interleaved(device, attack: str, seconds: float,  # noqa: ANN001
                        attacker_cpus: set[int] | None, net: str) -> dict[str, float]:
    """``attack`` stopped (SIGSTOP) and continued every ``SWAP`` seconds while NEXT is
    pressed: the presses while it runs against those while it is stopped, both under the
    same load of whatever else the machine runs. Not the idle baseline: a figure beside it
    for a machine whose load moves more than an attack does."""
    procs = _strangers(device, attack, 2 * seconds + 2, attacker_cpus, net)
    time.sleep(min(1.0, seconds / 4))
    table = _Table(device)
    running: list[float] = []
    stopped: list[float] = []
    attacking = True
    start = time.monotonic()
    while (now := time.monotonic()) < start + 2 * seconds * 0.7:
        wanted = int((now - start) / SWAP) % 2 == 0
        if wanted != attacking:
            for proc in procs:
                os.kill(proc.pid, signal.SIGCONT if wanted else signal.SIGSTOP)
            attacking = wanted
            time.sleep(0.05)  # what the other phase left in flight, done
            continue
        pressed = table.press(None)
        if pressed is not None:
            (running if attacking else stopped).append(pressed[0])
    for proc in procs:
        os.kill(proc.pid, signal.SIGCONT)
    success = table.done()
    made, _cpu = _attempts(procs, 2 * seconds + 2)
    return {"success": success, "asked": len(table.answers), "made": made,
            "on50": statistics.median(running) * 1000, "on99": _ms(running, 0.99),
            "off50": statistics.median(stopped) * 1000, "off99": _ms(stopped, 0.99),
            "on": len(running), "off": len(stopped)}


def report_interleaved(title: str, results: dict[str, dict[str, float]]) -> None:
    print(title)
    print(f"{'attack':18} {'phone ok':>9} {'running: p50':>12} {'p99':>6} {'stopped: p50':>12} "
          f"{'p99':>6} {'p99 ratio':>9} {'presses':>9} {'attempts':>9}")
    for attack, r in results.items():
        print(f"{attack:18} {r['success']:9.1%} {r['on50']:12.1f} {r['on99']:6.1f} "
              f"{r['off50']:12.1f} {r['off99']:6.1f} {r['on99'] / r['off99']:9.2f} "
              f"{r['on']:4d}/{r['off']:<4d} {r['made']:9d}")
    print(json.dumps({a: round(r["on99"] / r["off99"], 2) for a, r in results.items()}))


def report(title: str, results: dict[str, dict[str, float]],
           each: dict[str, list[float]]) -> None:
    """One table: each attack's figures against the idle segments taken between them."""
    idle = results["idle"]
    print(title)
    print(f"{'attack':18} {'phone ok':>9} {'asked':>6} {'n':>5} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'p99/idle':>8} {'tries/s':>8} {'loop':>6} {'wait/n':>7} {'servers':>7} "
          f"{'door':>6} {'attack':>6} {'us/try':>7} {'slowest 1%: ran':>15} {'queued':>6} "
          f"{'blocked':>7}")
    for attack, r in results.items():
        extra = (r["cpu"] + r["door"] - idle["cpu"] - idle["door"]) / r["rate"] * 1e6 \
            if r["rate"] else 0.0
        per_try = f"{extra:7.0f}" if r["rate"] else f"{'':7}"
        print(f"{attack:18} {r['success']:9.1%} {r['asked']:6.0f} {r['presses']:5d} "
              f"{r['p50']:7.1f} {r['p99']:7.1f} {r['p99'] / idle['p99']:8.2f} "
              f"{r['rate']:8.0f} {r['loop']:6.1%} {r['loop_wait']:7.2f} {r['servers']:7.1%} "
              f"{r['door']:6.1%} {r['attackers']:6.1%} {per_try} {r['worst_ran']:15.2f} "
              f"{r['worst_queued']:6.2f} {r['worst_blocked']:7.2f}")
    missed = {a: int(r["missed"]) for a, r in results.items() if r["missed"]}
    print("each segment's p99, in turn (ms): " + "; ".join(
        f"{a} {' '.join(f'{x:.1f}' for x in p99s)}" for a, p99s in each.items()))
    if missed:
        print(f"presses with no frame within 2 s (counted as 2 s): {missed}")
    print(json.dumps({a: round(r["p99"] / idle["p99"], 2) for a, r in results.items()}))


def run_mode(device, seconds: float, rounds: int, attacker_cpus: set[int] | None,  # noqa: ANN001
             number: int, only: list[str] | None = None
             ) -> tuple[dict[str, dict[str, float]], dict[str, list[float]]]:
    """Every attack ``rounds`` times, an idle segment before each and one at the end
    (idle, pair flood, idle, forged taps, ..., idle): the idle baseline is every idle
    segment's presses together, taken among the attacks under the same machine load.
    Each attack segment from addresses of its own (127.N.S.2-41): the door's memory of one
    segment's addresses (forged secrets turn an address away) never spares the next."""
    attacks = [a for a in ATTACKS if a != "idle" and (not only or a in only)]
    segments: dict[str, list[Segment]] = {a: [] for a in ATTACKS}
    index = 0
    for _round in range(rounds):
        for attack in attacks:
            segments["idle"].append(measure(device, "idle", seconds / 2))
            index += 1
            segments[attack].append(measure(device, attack, seconds, attacker_cpus,
                                            f"127.{number}.{index}"))
    segments["idle"].append(measure(device, "idle", seconds / 2))
    each = {a: [_ms([p[0] for p in presses], 0.99) for presses, _ in segments[a]]
            for a in ["idle", *attacks]}
    return {a: summed(segments[a]) for a in ["idle", *attacks]}, each


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0,
                        help="presses timed in each attack's segment (idle: half)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="segments of each attack, each after an idle one")
    parser.add_argument("--only", choices=("unpinned", "pinned"))
    parser.add_argument("--attack", action="append", choices=ATTACKS[1:],
                        help="only this attack (again for more); every one by default")
    parser.add_argument("--interleaved", action="store_true",
                        help="also each attack stopped and continued in turn (SWAP)")
    parser.add_argument("--stranger")
    parser.add_argument("--port", type=int)
    parser.add_argument("--cafile")
    parser.add_argument("--cpus", default="all")
    parser.add_argument("--net", default="127.0.0")
    args = parser.parse_args()
    if args.stranger:
        if args.cpus != "all":  # before the first connection: the attack's own CPUs
            os.sched_setaffinity(0, {int(c) for c in args.cpus.split(",")})
        made = stranger(args.stranger, args.port, args.cafile, args.seconds, args.net)
        print(made, _process_cpu())  # what it tried, and the CPU seconds it spent on it
        return 0
    split = split_cpus()
    runs = [name for name in ("unpinned", "pinned") if args.only in (None, name)]
    if "pinned" in runs and split is None:
        print("pinned: skipped, this process may use one CPU only")
        runs.remove("pinned")
    everything = sorted(os.sched_getaffinity(0))
    with tempfile.TemporaryDirectory() as tmp, \
            running_device(Path(tmp), names=("Ann", "Ben", "Cy")) as device:
        device.ann = device.phone()  # type: ignore[attr-defined]
        pair(device, device.ann, 0)  # type: ignore[attr-defined]
        pair(device, device.phone(), 1)
        for number, run in enumerate(runs, 1):
            mine, theirs = split if run == "pinned" and split else (None, None)
            pin_device(device, mine if mine is not None else set(everything))
            load = _load()
            results, each = run_mode(device, args.seconds, args.rounds, theirs, number,
                                     args.attack)
            report(f"{run}: device on CPUs {_cpus_text(mine)}, attackers on CPUs "
                   f"{_cpus_text(theirs)} (of {_cpus_text(set(everything))}); "
                   f"{args.rounds} segments of {args.seconds:g} s an attack, idle "
                   f"{args.seconds / 2:g} s before each; load average {load} before, "
                   f"{_load()} after", results, each)
        for number, run in enumerate(runs if args.interleaved else [], 1 + len(runs)):
            mine, theirs = split if run == "pinned" and split else (None, None)
            pin_device(device, mine if mine is not None else set(everything))
            load = _load()
            interleaved = {attack: measure_interleaved(device, attack, args.seconds, theirs,
                                                       f"127.{number}.{200 + index}")
                           for index, attack in enumerate(ATTACKS) if attack != "idle"}
            report_interleaved(
                f"{run}, interleaved (each attack stopped and continued every {SWAP} s; "
                f"p99 while it runs / while it is stopped): device on CPUs "
                f"{_cpus_text(mine)}, attackers on CPUs {_cpus_text(theirs)}; load average "
                f"{load} before, {_load()} after", interleaved)
        paired = device.phones.bridge.pairings.paired()
    print(f"seats still paired to their phones: {sorted(s + 1 for s in paired)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
