"""One ``coda-pi run``, stopped at its first frame: the child process of bench_startup.py.

It does what the ``coda-pi`` console script does (import ``coda_pi.cli`` and call ``main``
with the command line) and nothing more, so its imports are the command's own: this file
imports only modules the interpreter has loaded before any script runs. The one change is
that the loop's ``run`` returns after the first pass, which draws and flips the first
frame; the figures are then written to stdout as one JSON line and the command closes
down as it does when the window is closed.

    python bench/startup_child.py [--trace] -- ARGS OF coda-pi run
"""

import os
import sys
import time

T0 = time.perf_counter()
CPU0 = time.process_time()


def main() -> int:
    args = sys.argv[1:]
    trace = args[:1] == ["--trace"]
    if trace:
        import tracemalloc

        tracemalloc.start()
        args = args[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    # This checkout's coda_pi, whatever else the interpreter could import.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from coda_pi.cli import main as coda_pi

    t_cli = time.perf_counter()
    # The loop's module comes in with the first frame's imports anyway (build_app needs it).
    from coda_pi.app import loop

    first_pass = loop.App.run

    def run_to_first_frame(app: loop.App, **_: object) -> None:
        t_built = time.perf_counter()
        first_pass(app, max_steps=0)  # the first pass: draws the first frame and flips it
        now = time.perf_counter()
        figures = {
            "in_process": now - T0,
            "cli_import": t_cli - T0,
            "to_loop": t_built - T0,
            "draw": now - t_built,
            # Since the interpreter started: what this process has cost the CPU so far.
            "cpu": time.process_time(),
            "frames": app.stats.frames,
            "modules": sorted(sys.modules),
        }
        if trace:
            import tracemalloc

            figures["heap_peak"] = tracemalloc.get_traced_memory()[1]
        import json

        sys.__stdout__.write(json.dumps(figures) + "\n")
        sys.__stdout__.flush()

    loop.App.run = run_to_first_frame  # type: ignore[method-assign]
    return coda_pi(["run", *args])


if __name__ == "__main__":
    sys.exit(main())
