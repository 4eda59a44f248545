"""A thread that waits for the card while the loop draws.

A press that writes a record line spends most of its wall time in ``fsync`` (milliseconds
on an SD card), and the loop would sit there before it could start drawing the press's
frame. ``RecordWriter`` can hand the fsync to this thread instead: the line is written
(``os.write``) on the loop's thread, in order; the fsync runs here while the loop draws the
next frame off-screen; the loop waits for it (``FsyncTicket.wait``) before it shows, sounds
or sends anything of the press, so nothing is told before it is on the card (principle 5).

``submit`` returns only once the thread has begun the fsync: the thread needs the GIL to
get there, and a loop drawing in Python would keep it for up to the interpreter's switch
interval (5 ms), longer than a frame here: the fsync would start after the drawing, not
beside it. Inside ``os.fsync`` the thread holds no GIL, so the drawing then overlaps it.

One thread for all the record files, started on the first fsync: the jobs run in the order
they were given, so a ticket that has returned vouches for every line written before it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

# queue.SimpleQueue is _queue's, which the queue module only re-exports: the module, with
# its Queue classes and heapq, was about 0.5 ms of every start here for a class it does
# not make.
try:
    from _queue import SimpleQueue
except ImportError:  # an interpreter without the C module
    from queue import SimpleQueue  # type: ignore[assignment]


class FsyncTicket:
    """One fsync given to the thread: ``wait`` returns once it has, or raises its error."""

    __slots__ = ("_begun", "_done", "_error")

    def __init__(self) -> None:
        self._begun = threading.Event()
        self._done = threading.Event()
        self._error: BaseException | None = None

    def wait(self) -> None:
        self._done.wait()
        if self._error is not None:
            raise self._error

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def on_card(self) -> bool:
        """The fsync has returned, and without an error."""
        return self._done.is_set() and self._error is None


class FsyncThread:
    """Runs the fsyncs it is given, one after another, on a daemon thread of its own.

    ``cpu_seconds`` adds up the CPU time the thread spent in them (the kernel's work for
    the fsync is charged to the thread that calls it): a press's CPU is its loop pass's
    plus this, whichever thread did the work (bench/bench_frames.py reads it).
    """

    def __init__(self) -> None:
        self._jobs: SimpleQueue[tuple[Callable[[], None], FsyncTicket] | None] = (
            SimpleQueue())
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.cpu_seconds = 0.0

    def submit(self, fsync: Callable[[], None]) -> FsyncTicket:
        """Runs ``fsync`` on the thread after every job given before it; returns once it
        has begun (see the module's docstring)."""
        ticket = FsyncTicket()
        with self._lock:
            self._start()
            self._jobs.put((fsync, ticket))
        ticket._begun.wait()
        return ticket

    def then(self, tell: Callable[[], None]) -> None:
        """Runs ``tell`` on the thread once every job given before it is done, without
        waiting for it: what may leave the device as soon as the card holds the lines (a
        phone's answer), not only once the loop has drawn the frame."""
        ticket = FsyncTicket()
        ticket._begun.set()  # no fsync: nothing to wait for its beginning
        with self._lock:
            self._start()
            self._jobs.put((tell, ticket))

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="coda-pi-fsync",
                                            daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fsync, ticket = job
            start = time.thread_time()
            ticket._begun.set()
            try:
                fsync()
            except BaseException as error:  # noqa: BLE001 - handed to whoever waits
                ticket._error = error
            self.cpu_seconds += time.thread_time() - start
            ticket._done.set()

    def close(self) -> None:
        """Ends the thread once the jobs given so far are done."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._jobs.put(None)
            thread.join()
