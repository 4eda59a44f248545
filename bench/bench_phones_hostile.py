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
with no frame within 2 s counts as 2 s). Ann's phone is a process of its own, not a thread
of the device's: at a table it is a machine of its own, and as a thread its half of every
TLS handshake, and its hold on the interpreter lock, were charged to the loop.

The model, the headline table: at a table the attacker's CPU is another machine's, and the
device is a Pi that runs nothing but the device. So the attackers run on CPUs of their own
(the second half of the box's; ``os.sched_setaffinity``), and each machine (the device and
its door process; the attackers; Ann's phone) is a CPU group of its own
(table_machines.py), weighted as 16 plain processes: the build box's other jobs (six other
engineers' tests) took the device's CPU at random moments, and moved its p99 more than any
attack did. Within a group the kernel's rules are the device's own (the door at the idle
class yields to the loop), and no attack is weakened: it has its CPU as it had, with less
of the box's load in its way. The unpinned table is printed beside it (device and attackers
one group, every CPU shared, as the bench always did): what a stranger's CPU would cost a
device it shared a CPU with.

The idle baseline is taken among the attacks: each attack runs ``--rounds`` segments of
``--seconds`` (after a second for it to get under way), each after an idle segment of half
that, and one idle segment ends the run (idle, pair flood, idle, forged taps, ..., idle);
"idle" is every idle segment's presses together, and each segment's own p99 is printed
beside, idle and attacked, to show how much the machine alone moved. "n" is the presses
each p99 is taken from: with 4 segments of 8 s, some 1,100 an attack (its p99 is its
eleventh slowest) and 2,500 or more idle (the unpinned table, 2 segments: half that).
The device's CPUs are kept awake through every segment (table_machines.awake_cpus: idle is
the kernel's polling loop, which runs nothing): an idle virtual CPU halts and its host
wakes it late, so on a quiet box the idle segments, whose CPU slept between presses, were
slower than the attacked ones, whose door kept it awake (ratios of 0.05). The header says
which idle states the device's CPUs entered over the run.

Where the time goes, each in per cent of one CPU over the attack's segments: "loop" the
loop's thread, "servers" the rest of the device's process (the server's threads; the bench's
presser is left out), "door" the phones' door process, "attack" the attackers' processes;
"us/try" is device and door per attempt, above idle; "wait/n" the loop's time waiting on a
run queue for a CPU, per press (/proc's schedstat); "phone ... p99 ms" the slowest 1% of
Ann's requests. And for the slowest 1% of presses, what make the p99, the mean of how long
the loop's thread ran, how long it waited for a CPU ("queued") and the rest of the delay
("blocked": on the interpreter lock, or the wake-ups between threads), in ms. ``--trace``
adds, for the same presses, how much of the delay came before the loop's sleep returned
(the queue's notice and the interpreter lock taken) and what the device's server threads
and the door ran meanwhile.

``--interleaved`` adds, for each of the two, a figure beside the idle baseline for a machine
whose own load moves more than an attack does (a shared build machine): each attack's
processes are stopped and continued every half second, and the presses while it runs are
compared with those while it is stopped, under the same load.

Run: .venv/bin/python bench/bench_phones_hostile.py [--seconds 8] [--rounds 4]
[--unpinned-rounds 2] [--only pinned|unpinned] [--attack "forged taps" ...] [--interleaved]
[--trace] [--switch-interval S] [--no-groups] [--no-awake] (as root for the groups and the
awake CPUs; without, it says so in its first line and runs as before).
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
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from phones_device import Phone, pair, running_device  # noqa: E402

from coda_pi.referee.shared.signals import Button, Press, Release  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table_machines import WEIGHT, MachineGroups, awake_cpus, idle_states, join  # noqa: E402

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


# -- Ann's phone, a process of its own ----------------------------------------------------

def phone_process(base: str, cafile: str, secret: str) -> None:
    """Ann's phone: told "go" on its input, it fetches its page and taps (the page's
    requests: a new TLS connection each) every 50 ms until told "stop", then prints what
    each request was answered and how long it took, and the CPU seconds it spent, as one
    line of JSON; it ends when its input does."""
    phone = Phone(base, Path(cafile))
    phone.secret = secret
    working = threading.Event()
    answers: list[int] = []
    times: list[float] = []

    def work() -> None:
        while True:
            working.wait()
            sent = time.perf_counter()
            answers.append(phone.request("GET", "/api/page?after=0&wait=0")[0])
            times.append(time.perf_counter() - sent)
            sent = time.perf_counter()
            answers.append(phone.tap(kind="key", key="next"))
            times.append(time.perf_counter() - sent)
            time.sleep(0.05)

    threading.Thread(target=work, daemon=True).start()
    for line in sys.stdin:
        if line.strip() == "go":
            answers.clear()
            times.clear()
            cpu = _process_cpu()
            working.set()
        elif line.strip() == "stop":
            working.clear()
            time.sleep(0.5)  # a request under way answered (the worker sees the stop)
            print(json.dumps({"answers": answers, "times": times,
                              "cpu": _process_cpu() - cpu}), flush=True)


class _PhoneProcess:
    """Ann's phone in a process of its own (``phone_process``), started once: at a table
    a phone is a machine of its own, and its CPU (a TLS handshake for every request, the
    client's half) and its interpreter lock are not the device's. On the attackers' CPUs,
    in a group of its own (table_machines.py), when the table is pinned."""

    def __init__(self, device, cpus: set[int] | None, group: str) -> None:  # noqa: ANN001
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--phone", device.base, "--cafile",
             str(device.cafile), "--secret", device.ann.secret, "--cpus", _cpus_text(cpus),
             "--cgroup", group], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        moved(self.proc.pid, cpus, group)

    def go(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()

    def stop(self) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("stop\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)


class _PhoneThread:
    """Ann's phone as the bench once ran it (``--phone-in-process``): a thread of the
    device's process, its CPU and its hold on the interpreter lock the device's."""

    def __init__(self, device) -> None:  # noqa: ANN001
        self.phone: Phone = device.ann
        self.answers: list[int] = []
        self.times: list[float] = []
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None

    def _work(self) -> None:
        while not self._stop.is_set():
            for ask in (lambda: self.phone.request("GET", "/api/page?after=0&wait=0")[0],
                        lambda: self.phone.tap(kind="key", key="next")):
                sent = time.perf_counter()
                self.answers.append(ask())
                self.times.append(time.perf_counter() - sent)
            time.sleep(0.05)

    def go(self) -> None:
        self.answers, self.times = [], []
        self._stop.clear()
        self._worker = threading.Thread(target=self._work, daemon=True)
        self._worker.start()

    def stop(self) -> dict[str, Any]:
        self._stop.set()
        assert self._worker is not None
        self._worker.join(30)
        return {"answers": self.answers, "times": self.times, "cpu": 0.0}

    def close(self) -> None:
        pass


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


ATTACKERS_GROUP = ""
"""The CPU group the attackers' processes join (table_machines.py), set by ``main`` for
each table: the attacker's machine on the headline one, the device's on the unpinned one."""


def _strangers(device, attack: str, seconds: float, cpus: set[int] | None,  # noqa: ANN001
               net: str) -> list[subprocess.Popen[str]]:
    """The attack's processes (none for idle), started."""
    if attack.startswith("idle"):
        return []
    procs = [subprocess.Popen(
        [sys.executable, __file__, "--stranger", attack, "--port",
         str(device.phones.server.port), "--cafile", str(device.cafile),
         "--seconds", str(seconds), "--cpus", _cpus_text(cpus), "--net", net,
         "--cgroup", ATTACKERS_GROUP],
        stdout=subprocess.PIPE, text=True)
        for _ in range(2 if attack == "connection flood" else 1)]
    for proc in procs:
        moved(proc.pid, cpus, ATTACKERS_GROUP)
    return procs


def moved(pid: int, cpus: set[int] | None, group: str) -> None:
    """A process just started, onto its machine's CPUs and into its group at once: its
    start (the imports, a second of CPU) is its own machine's, not the device's, whose
    CPU and group it was born in. (It does the same itself, for a bench run by hand.)"""
    with contextlib.suppress(OSError):  # ended already
        if cpus is not None:
            os.sched_setaffinity(pid, cpus)
        if group:
            (Path(group) / "cgroup.procs").write_text(str(pid))


def _attempts(procs: list[subprocess.Popen[str]], seconds: float) -> tuple[int, float]:
    """What the attack's processes tried, and the CPU seconds they spent, in all."""
    made, cpu = 0, 0.0
    for proc in procs:
        out, _ = proc.communicate(timeout=seconds + 60)
        if len(out.split()) >= 2:
            made += int(out.split()[-2])
            cpu += float(out.split()[-1])
    return made, cpu


class Timing(NamedTuple):
    """One press, in seconds: its delay to the frame; what the loop's thread ran and waited
    on a run queue for a CPU meanwhile (the rest it was blocked: on the interpreter lock,
    or between threads' wake-ups); the same up to the moment the loop's sleep returned
    (the wake-up: the queue's notice, then the interpreter lock); and with ``--trace``
    what the device's other threads (the servers', the bench's phone) and the door process
    ran meanwhile (the bench's phone is a process of its own)."""

    delay: float
    ran: float
    queued: float
    woke: float = 0.0
    woke_ran: float = 0.0
    woke_queued: float = 0.0
    others: float = 0.0
    door: float = 0.0
    at: float = 0.0
    """When it was pressed (``time.monotonic``: a scheduler's trace finds it)."""


MISSED = Timing(2.0, 0.0, 0.0)
"""A press with no frame within 2 s, counted as 2 s."""


class _Table:
    """Ann's phone at work on a thread of its own, and NEXT pressed on the device, timed
    from the press to the frame it draws."""

    def __init__(self, device, phone: _PhoneProcess | _PhoneThread,  # noqa: ANN001
                 trace: bool = False) -> None:
        self.app = device.app
        self.device = device
        self.trace = trace
        self.drawn = threading.Event()
        self.at_frame = (0.0, 0.0)
        self.at_wake = (0.0, 0.0, 0.0)
        self.at_frame_wake = (0.0, 0.0, 0.0)
        self._waiter = self.app.waiter
        self._wait = self._waiter.wait
        self._waiter.wait = self._timed_wait  # type: ignore[method-assign]
        self.app.on_frame = lambda scene, surface: self._frame()
        self.phone = phone
        self.phone.go()

    def _timed_wait(self, timeout: float | None) -> list[Any]:
        """The loop's sleep, and the moment it returned (the interpreter lock taken)."""
        events = self._wait(timeout)
        self.at_wake = (time.perf_counter(), *_schedstat(threading.get_native_id()))
        return events

    def _frame(self) -> None:
        """On the loop's thread as it draws: what it has run and waited so far."""
        self.at_frame = _schedstat(threading.get_native_id())
        self.at_frame_wake = self.at_wake
        self.drawn.set()

    def _others(self, loop: int | None) -> dict[str, float]:
        """CPU seconds so far of each of the device's threads but the loop's and the
        presser's, and of each of the door's (by "door/" and its id)."""
        mine = {loop, threading.get_native_id()}
        ran = {task: _schedstat(int(task))[0] for task in os.listdir("/proc/self/task")
               if int(task) not in mine}
        door = self.device.phones.server.door_pid
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{door}/task"):
                ran[f"door/{task}"] = _schedstat(int(task), f"/proc/{door}")[0]
        return ran

    def _others_ran(self, before: dict[str, float], after: dict[str, float]
                    ) -> tuple[float, float, float]:
        """What the device's other threads (the servers') and the door ran between
        ``before`` and ``after`` (threads that came or went meanwhile left out)."""
        ran = {task: after[task] - before[task] for task in before.keys() & after.keys()}
        door = sum(t for task, t in ran.items() if task.startswith("door/"))
        return sum(ran.values()) - door, door

    def press(self, loop: int | None) -> Timing | None:
        """One press's timing (None: no frame within 2 s)."""
        self.drawn.clear()
        others0 = self._others(loop) if self.trace else {}
        ran0, waited0 = _schedstat(loop)
        at = time.monotonic()
        sent = time.perf_counter()
        self.app.queue.put(Press(Button.NEXT))
        delay = time.perf_counter() - sent if self.drawn.wait(2) else None
        ran1, waited1 = self.at_frame
        woke, woke_ran, woke_waited = self.at_frame_wake
        others1 = self._others(loop) if self.trace else {}
        self.app.queue.put(Release(Button.NEXT))
        time.sleep(0.025)
        if delay is None:
            return None
        if woke < sent:  # the press found the loop awake (it drained it on its way)
            woke, woke_ran, woke_waited = sent, ran0, waited0
        return Timing(delay, ran1 - ran0, waited1 - waited0, woke - sent,
                      woke_ran - ran0, woke_waited - waited0,
                      *self._others_ran(others0, others1), at)

    def done(self) -> tuple[float, list[float], int, float]:
        """Stops the phone; the share of its requests the device answered (a page 200, a
        tap 409: at the setup it changes nothing, and is told so rather than "done"), how
        long each took, how many it made, and the CPU seconds the phone spent."""
        got = self.phone.stop()
        self.app.on_frame = None
        self._waiter.wait = self._wait  # type: ignore[method-assign]
        answers = got["answers"]
        ok = sum(a in (200, 409) for a in answers) / max(1, len(answers))
        return ok, got["times"], len(answers), got["cpu"]


def _ms(delays: list[float], share: float) -> float:
    return sorted(delays)[int(share * (len(delays) - 1))] * 1000


def _schedstat(tid: int | None, process: str = "/proc/self") -> tuple[float, float]:
    """Seconds thread ``tid`` of this process (or of ``process``) has run, and seconds it
    has waited on a run queue for a CPU (/proc's schedstat); zeros for a thread that is
    gone."""
    try:
        with open(f"{process}/task/{tid}/schedstat", encoding="ascii") as stat:
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
TRACE = False
"""``--trace``: each press also counts what the device's other threads and the door ran."""
PHONE: _PhoneProcess | _PhoneThread
"""Ann's phone, started by ``main`` for each table."""
"""What a segment adds up (each attack's segments and the idle ones are summed)."""


def measure(device, attack: str, seconds: float,  # noqa: ANN001
            attacker_cpus: set[int] | None = None,
            net: str = "127.0.0") -> tuple[list[Timing], dict[str, Any]]:
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
    table = _Table(device, PHONE, TRACE)
    delays: list[Timing] = []
    missed = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        delay = table.press(loop)
        missed += delay is None
        delays.append(MISSED if delay is None else delay)
    success, answer_times, asked, phone = table.done()
    loop1, presser1 = _schedstat(loop), _schedstat(presser)
    took = {"wall": time.monotonic() - wall0, "seconds": seconds + 1.0 if procs else 0.0,
            "process": _process_cpu() - cpu0, "door": _door_cpu(device) - door0,
            "loop": loop1[0] - loop0[0], "loop_wait": loop1[1] - loop0[1],
            "presser": presser1[0] - presser0[0], "presser_wait": presser1[1] - presser0[1],
            "phone": phone, "asked": asked, "ok": success * asked, "missed": missed,
            "answer_times": answer_times}
    took["made"], took["attackers"] = _attempts(procs, seconds + 1.0)
    if TRACE:  # to find the presses in a trace of the scheduler's (perf sched -k mono)
        slowest = sorted(delays, key=lambda p: -p.delay)[:max(1, len(delays) // 100)]
        print(f"traced: {attack} pressed from {wall0:.3f} s for {took['wall']:.3f} s, the "
              f"loop's thread {loop}; the slowest 1% pressed at (s, ms): " + " ".join(
                  f"{p.at:.4f},{p.delay * 1000:.1f}" for p in slowest), flush=True)
    return delays, took


Segment = tuple[list[Timing], dict[str, Any]]


def summed(segments: list[Segment]) -> dict[str, float]:
    """Several segments' presses and costs as one phase's figures."""
    presses = sorted((p for segment, _ in segments for p in segment), reverse=True)
    delays = [p.delay for p in presses]
    worst = presses[:max(1, len(presses) // 100)]  # the slowest 1%: what makes the p99
    answers = [t for _, took in segments for t in took["answer_times"]]
    total = {field: sum(took[field] for _, took in segments) for field in FIELDS}
    wall, n = total["wall"], len(delays)
    servers = total["process"] - total["loop"] - total["presser"]
    return {"success": total["ok"] / max(1, total["asked"]), "asked": total["asked"],
            "presses": n, "missed": total["missed"],
            "p50": statistics.median(delays) * 1000, "p99": _ms(delays, 0.99),
            "cpu": total["process"] / wall, "door": total["door"] / wall,
            "loop": total["loop"] / wall, "loop_wait": total["loop_wait"] / n * 1000,
            "presser_wait": total["presser_wait"] / n * 1000, "servers": servers / wall,
            "attackers": total["attackers"] / total["seconds"] if total["seconds"] else 0.0,
            "made": total["made"],
            "worst_ran": statistics.mean(p.ran for p in worst) * 1000,
            "worst_queued": statistics.mean(p.queued for p in worst) * 1000,
            "worst_blocked": statistics.mean(p.delay - p.ran - p.queued for p in worst) * 1000,
            "worst_woke": statistics.mean(p.woke for p in worst) * 1000,
            "worst_woke_blocked": statistics.mean(
                p.woke - p.woke_ran - p.woke_queued for p in worst) * 1000,
            "worst_others": statistics.mean(p.others for p in worst) * 1000,
            "worst_door": statistics.mean(p.door for p in worst) * 1000,
            "phone_p50": _ms(answers, 0.5) if answers else 0.0,
            "phone_p99": _ms(answers, 0.99) if answers else 0.0,
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
    table = _Table(device, PHONE)
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
            (running if attacking else stopped).append(pressed.delay)
    for proc in procs:
        os.kill(proc.pid, signal.SIGCONT)
    success, _times, asked, _cpu = table.done()
    made, _cpu = _attempts(procs, 2 * seconds + 2)
    return {"success": success, "asked": asked, "made": made,
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
    print(f"{'attack':18} {'phone ok':>9} {'asked':>6} {'p99 ms':>6} {'n':>5} {'p50 ms':>7} "
          f"{'p99 ms':>7} {'p99/idle':>8} {'tries/s':>8} {'loop':>6} {'wait/n':>7} "
          f"{'servers':>7} {'door':>6} {'attack':>6} {'us/try':>7} {'slowest 1%: ran':>15} "
          f"{'queued':>6} {'blocked':>7}")
    for attack, r in results.items():
        extra = (r["cpu"] + r["door"] - idle["cpu"] - idle["door"]) / r["rate"] * 1e6 \
            if r["rate"] else 0.0
        per_try = f"{extra:7.0f}" if r["rate"] else f"{'':7}"
        print(f"{attack:18} {r['success']:9.1%} {r['asked']:6.0f} {r['phone_p99']:6.1f} "
              f"{r['presses']:5d} "
              f"{r['p50']:7.1f} {r['p99']:7.1f} {r['p99'] / idle['p99']:8.2f} "
              f"{r['rate']:8.0f} {r['loop']:6.1%} {r['loop_wait']:7.2f} {r['servers']:7.1%} "
              f"{r['door']:6.1%} {r['attackers']:6.1%} {per_try} {r['worst_ran']:15.2f} "
              f"{r['worst_queued']:6.2f} {r['worst_blocked']:7.2f}")
    if TRACE:
        print("the slowest 1%, traced (ms): " + "; ".join(
            f"{a} woke {r['worst_woke']:.2f} (blocked {r['worst_woke_blocked']:.2f}), "
            f"the servers ran {r['worst_others']:.2f}, the door "
            f"{r['worst_door']:.2f}" for a, r in results.items()))
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
    each = {a: [_ms([p.delay for p in presses], 0.99) for presses, _ in segments[a]]
            for a in ["idle", *attacks]}
    return {a: summed(segments[a]) for a in ["idle", *attacks]}, each


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0,
                        help="presses timed in each attack's segment (idle: half)")
    parser.add_argument("--rounds", type=int, default=4,
                        help="segments of each attack, each after an idle one (headline)")
    parser.add_argument("--unpinned-rounds", type=int, default=2,
                        help="... on the unpinned table")
    parser.add_argument("--no-groups", action="store_true",
                        help="no CPU groups (table_machines.py): the box's other processes "
                        "share the device's CPU as equals")
    parser.add_argument("--no-awake", action="store_true",
                        help="let the device's idle CPUs halt (table_machines.py)")
    parser.add_argument("--switch-interval", type=float,
                        help="sys.setswitchinterval for the device's process (5 ms default)")
    parser.add_argument("--phone-in-process", action="store_true",
                        help="Ann's phone a thread of the device's process, as it once was")
    parser.add_argument("--trace", action="store_true",
                        help="also what the other threads and the door ran in each press")
    parser.add_argument("--only", choices=("unpinned", "pinned"))
    parser.add_argument("--attack", action="append", choices=ATTACKS[1:],
                        help="only this attack (again for more); every one by default")
    parser.add_argument("--interleaved", action="store_true",
                        help="also each attack stopped and continued in turn (SWAP)")
    parser.add_argument("--stranger")
    parser.add_argument("--phone")
    parser.add_argument("--secret")
    parser.add_argument("--port", type=int)
    parser.add_argument("--cafile")
    parser.add_argument("--cpus", default="all")
    parser.add_argument("--net", default="127.0.0")
    parser.add_argument("--cgroup", default="")
    args = parser.parse_args()
    if args.phone:
        join(args.cgroup)
        if args.cpus != "all":
            os.sched_setaffinity(0, {int(c) for c in args.cpus.split(",")})
        phone_process(args.phone, args.cafile, args.secret)
        return 0
    if args.stranger:
        join(args.cgroup)  # before the first connection: the attacker's own machine
        if args.cpus != "all":
            os.sched_setaffinity(0, {int(c) for c in args.cpus.split(",")})
        made = stranger(args.stranger, args.port, args.cafile, args.seconds, args.net)
        print(made, _process_cpu())  # what it tried, and the CPU seconds it spent on it
        return 0
    global ATTACKERS_GROUP, TRACE, PHONE  # noqa: PLW0603 - the strangers' and presses' settings
    # `timeout`'s TERM ends the run through its `finally`s: the CPU groups removed, the
    # CPUs let sleep again (the default handler would leave both behind).
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    TRACE = args.trace
    if args.switch_interval:
        sys.setswitchinterval(args.switch_interval)
    split = split_cpus()
    runs = [name for name in ("pinned", "unpinned") if args.only in (None, name)]
    if "pinned" in runs and split is None:
        print("pinned: skipped, this process may use one CPU only")
        runs.remove("pinned")
    everything = sorted(os.sched_getaffinity(0))
    groups = MachineGroups("coda-bench") if not args.no_groups else None
    if groups is None:
        grouped = "none (--no-groups)"
    else:
        grouped = groups.why or f"the device's and the attackers', each as {WEIGHT} processes"
    print(f"CPU groups: {grouped}; switch interval {sys.getswitchinterval() * 1000:g} ms")
    try:
        with tempfile.TemporaryDirectory() as tmp, \
                running_device(Path(tmp), names=("Ann", "Ben", "Cy")) as device:
            if groups is not None:
                groups.put("device", os.getpid())
                groups.put("device", device.phones.server.door_pid)
            device.ann = device.phone()  # type: ignore[attr-defined]
            pair(device, device.ann, 0)  # type: ignore[attr-defined]
            pair(device, device.phone(), 1)
            for number, run in enumerate(runs, 1):
                mine, theirs = split if run == "pinned" and split else (None, None)
                cpus = mine if mine is not None else set(everything)
                pin_device(device, cpus)
                if groups is not None:  # pinned, the attacker's machine; else the device's
                    ATTACKERS_GROUP = groups.path("attack" if run == "pinned" else "device")
                PHONE = _PhoneThread(device) if args.phone_in_process else _PhoneProcess(
                    device, theirs, groups.path("phone") if groups else "")
                rounds = args.rounds if run == "pinned" else args.unpinned_rounds
                awake = contextlib.nullcontext("idle CPUs may sleep (--no-awake)") \
                    if args.no_awake else awake_cpus(cpus)
                with awake as said:
                    load, slept = _load(), idle_states(cpus)
                    results, each = run_mode(device, args.seconds, rounds, theirs, number,
                                             args.attack)
                    slept = {k: v - slept.get(k, 0) for k, v in idle_states(cpus).items()}
                name = ("headline (pinned: the attackers on a CPU of their own, as on a "
                        "machine of their own)" if run == "pinned" else
                        "unpinned (device and attackers share every CPU, one machine)")
                report(f"{name}: device on CPUs {_cpus_text(mine)}, attackers on CPUs "
                       f"{_cpus_text(theirs)} (of {_cpus_text(set(everything))}); {said}, "
                       f"idle states entered {slept}; {rounds} segments of "
                       f"{args.seconds:g} s an attack, idle {args.seconds / 2:g} s before "
                       f"each; load average {load} before, {_load()} after", results, each)
                PHONE.close()
            for number, run in enumerate(runs if args.interleaved else [], 1 + len(runs)):
                mine, theirs = split if run == "pinned" and split else (None, None)
                pin_device(device, mine if mine is not None else set(everything))
                if groups is not None:
                    ATTACKERS_GROUP = groups.path("attack" if run == "pinned" else "device")
                PHONE = _PhoneProcess(device, theirs, groups.path("phone") if groups else "")
                load = _load()
                interleaved = {attack: measure_interleaved(device, attack, args.seconds,
                                                           theirs,
                                                           f"127.{number}.{200 + index}")
                               for index, attack in enumerate(ATTACKS) if attack != "idle"}
                report_interleaved(
                    f"{run}, interleaved (each attack stopped and continued every {SWAP} s; "
                    f"p99 while it runs / while it is stopped): device on CPUs "
                    f"{_cpus_text(mine)}, attackers on CPUs {_cpus_text(theirs)}; load "
                    f"average {load} before, {_load()} after", interleaved)
                PHONE.close()
            paired = device.phones.bridge.pairings.paired()
    finally:
        if groups is not None:
            groups.close()
    print(f"seats still paired to their phones: {sorted(s + 1 for s in paired)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
