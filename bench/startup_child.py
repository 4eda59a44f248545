"""One ``coda-pi run``, stopped at its first frame: the child process of bench_startup.py.

It does what the ``coda-pi`` console script does (import ``coda_pi.cli`` and call ``main``
with the command line) and nothing more, so its imports are the command's own: this file
imports only modules the interpreter has loaded before any script runs. The one change is
that the loop's ``run`` returns after the first pass, which draws and flips the first
frame; the figures are then written to stdout as one JSON line and the command closes
down as it does when the window is closed. ``run`` is patched when the command imports the
loop's module, so that every import happens where the command's own does (inside ``main``,
with the garbage collector paused).

    python bench/startup_child.py [--trace] -- ARGS OF coda-pi run
"""

import importlib.machinery
import os
import sys
import time
import types

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

    def stop_at_first_frame(loop: types.ModuleType) -> None:
        """Patch the loop's ``run`` the moment its module is imported (by the command
        itself, as it does: importing it here first would import it before ``main``)."""
        first_pass = loop.App.run

        def run_to_first_frame(app, **_: object) -> None:
            t_built = time.perf_counter()
            first_pass(app, max_steps=0)  # the first pass: draws the first frame, flips it
            report(app, t_built)

        loop.App.run = run_to_first_frame

    def report(app, t_built: float) -> None:
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
            # The video driver SDL chose (x11, wayland, kmsdrm, dummy): drivers are compared
            # by what SDL says it runs, not by what was asked for.
            "driver": sys.modules["pygame"].display.get_driver(),
        }
        if trace:
            import tracemalloc

            figures["heap_peak"] = tracemalloc.get_traced_memory()[1]
        import json

        sys.__stdout__.write(json.dumps(figures) + "\n")
        sys.__stdout__.flush()

    sys.meta_path.insert(0, _OnImport("coda_pi.app.loop", stop_at_first_frame))
    return coda_pi(["run", *args])


class _OnImport:
    """Calls ``then(module)`` once the module named is imported (a finder that wraps the
    module's own loader)."""

    def __init__(self, name: str, then) -> None:
        self.name, self.then = name, then

    def find_spec(self, name: str, path, target = None):
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        loader, then = spec.loader, self.then

        class Then:
            def create_module(self, spec):
                return loader.create_module(spec)

            def exec_module(self, module: types.ModuleType) -> None:
                loader.exec_module(module)
                then(module)

        spec.loader = Then()
        return spec


if __name__ == "__main__":
    sys.exit(main())
