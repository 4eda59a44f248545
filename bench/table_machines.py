"""The machines a bench stands in for, on the one box it runs on: the device's and an
attacker's, each a CPU group of its own, and the device's CPUs kept awake.

At a table the device is a Raspberry Pi that runs nothing but the device, and a stranger
attacks from a machine of its own. The box a bench runs on is shared (a build machine that
runs six other engineers' tests at once): their processes took the device's CPU at random
moments, idle segments and attacked alike, and its p99 moved more with them than with any
attack. ``MachineGroups`` puts the device (its process, the door process) in one group of
the kernel's CPU controller and the attackers in another, each weighted as ``WEIGHT`` plain
processes: whatever else the box runs takes the CPU mostly when the table does not want it.
Within a group the kernel's own rules hold as on the device (the door at the idle class
still yields to the loop, the attackers share their group's CPUs among themselves), so no
attack is weakened: an attacker's group gets more CPU than its processes got before, not
less.

``AwakeCpus``: an idle CPU of a virtual machine halts and wakes late (haltpoll: the host
has to schedule it again), so on a quiet box the idle segments, where the device's CPU
sleeps between presses, were slower than the attacked ones, where the door keeps it awake
(p99/idle of 0.05). Held, it asks the kernel (a CPU's ``pm_qos_resume_latency_us``, the
per-CPU form of /dev/cpu_dma_latency that cyclictest holds) to keep the device's CPUs out
of every idle state but polling: a CPU with nothing to run spins in the kernel's idle loop,
runs nothing of anyone's, and answers a wake-up at once, in every segment alike.

Both need root and cgroup v1's CPU controller (or a writable /sys): where they cannot be
had, the bench says so and runs without (``describe``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

CPU_CGROUP = Path("/sys/fs/cgroup/cpu")
WEIGHT = 16
"""Each machine's group weighs as this many plain processes (cpu.shares 1024 each)."""
CPUS = Path("/sys/devices/system/cpu")


class MachineGroups:
    """CPU groups, ``device``, ``attack`` and ``phone`` (a paired phone is a machine of its
    own too), made for the bench's run and removed
    after it (``close``); ``ok`` False (and ``why``) where they cannot be made."""

    def __init__(self, name: str) -> None:
        self.paths: dict[str, Path] = {}
        self.why = ""
        if not (CPU_CGROUP / "cpu.shares").exists():
            self.why = f"no cgroup v1 CPU controller at {CPU_CGROUP}"
            return
        try:
            for machine in ("device", "attack", "phone"):
                path = CPU_CGROUP / f"{name}-{os.getpid()}-{machine}"
                path.mkdir(exist_ok=True)
                self.paths[machine] = path
                (path / "cpu.shares").write_text(str(1024 * WEIGHT))
        except OSError as error:
            self.why = f"cannot make CPU groups ({error.strerror})"
            self.close()

    @property
    def ok(self) -> bool:
        return bool(self.paths)

    def path(self, machine: str) -> str:
        """The group's directory (``--cgroup`` for a stranger's process), or ""."""
        return str(self.paths[machine]) if machine in self.paths else ""

    def put(self, machine: str, pid: int) -> None:
        """Process ``pid`` (every thread of it, and those it starts later) into the group."""
        if machine in self.paths:
            with contextlib.suppress(OSError):  # it ended meanwhile
                (self.paths[machine] / "cgroup.procs").write_text(str(pid))

    def close(self) -> None:
        """Every process back in the root group, the groups removed."""
        for path in self.paths.values():
            with contextlib.suppress(OSError):
                for pid in (path / "cgroup.procs").read_text().split():
                    with contextlib.suppress(OSError):
                        (CPU_CGROUP / "cgroup.procs").write_text(pid)
            with contextlib.suppress(OSError):
                path.rmdir()
        self.paths = {}


def join(path: str) -> None:
    """This process into the group at ``path`` (a stranger, before its first connection)."""
    if path:
        with contextlib.suppress(OSError):
            (Path(path) / "cgroup.procs").write_text(str(os.getpid()))


@contextlib.contextmanager
def awake_cpus(cpus: set[int]) -> Iterator[str]:
    """``cpus`` kept out of every idle state but polling while held; yields what was done
    (or why not), for the bench's header."""
    before: dict[Path, str] = {}
    said = f"CPUs {','.join(map(str, sorted(cpus)))} kept awake (idle = polling)"
    try:
        for cpu in sorted(cpus):
            path = CPUS / f"cpu{cpu}" / "power" / "pm_qos_resume_latency_us"
            before[path] = path.read_text().strip()
            path.write_text("n/a")  # no wake-up latency allowed: the polling state only
    except OSError as error:
        said = f"idle CPUs may sleep ({error.strerror} on pm_qos_resume_latency_us)"
    try:
        yield said
    finally:
        for path, value in before.items():
            with contextlib.suppress(OSError):
                path.write_text(value)


def idle_states(cpus: set[int]) -> dict[str, int]:
    """How many times ``cpus`` entered each idle state so far, by the state's name: the
    bench prints the change over its run (did the device's CPUs halt?)."""
    counts: dict[str, int] = {}
    for cpu in cpus:
        for state in sorted((CPUS / f"cpu{cpu}" / "cpuidle").glob("state*")):
            with contextlib.suppress(OSError, ValueError):
                name = (state / "name").read_text().strip()
                counts[name] = counts.get(name, 0) + int((state / "usage").read_text())
    return counts
