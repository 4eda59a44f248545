"""Opening Results on the device: the time ``result_rows`` takes for 50 past tournaments,
with no cache (the first look, or after the cache is lost) and with it (every later look).
Then ``coda-pi results`` on 1,000 records with no cache: the whole list, and a rebuild cut
short (the process killed halfway, as by a power cut or Ctrl-C): how many records the cache
kept (it saves as it goes) and what the next look costs.

The records are real: one three-round, three-player tournament played by the headless demo,
copied into a data directory.

    .venv/bin/python bench/bench_results.py [--records 50] [--runs 5] [--cli-records 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from coda_pi.app import result_rows  # noqa: E402
from coda_pi.config import Config  # noqa: E402
from coda_pi.datadir import new_record_path, results  # noqa: E402
from coda_pi.demo import run_demo  # noqa: E402
from coda_pi.results_cache import CACHE_NAME  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cli-records", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        played = run_demo(Config(), headless=True, seed=7, data_dir=Path(tmp) / "demo",
                          players=3, rounds=3)
        source = played.records[-1]
        data = Path(tmp) / "data"
        data.mkdir()
        for _ in range(args.records):
            shutil.copy(source, new_record_path(data, "coda"))
        lines = source.read_text().count("\n")
        print(f"{args.records} records of {lines} lines ({source.stat().st_size} bytes) each")
        cold, warm = [], []
        for _ in range(args.runs):
            (data / CACHE_NAME).unlink(missing_ok=True)
            t = time.perf_counter()
            rows = result_rows(data)
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            again = result_rows(data)
            warm.append(time.perf_counter() - t)
            assert rows == again and len(rows) == args.records
        print(f"no cache (first look):  median {statistics.median(cold) * 1000:8.1f} ms")
        print(f"cache (every later):    median {statistics.median(warm) * 1000:8.1f} ms")
        print(f"cache file: {(data / CACHE_NAME).stat().st_size} bytes")
        if args.cli_records:
            many = Path(tmp) / "many"
            many.mkdir()
            for _ in range(args.cli_records):
                shutil.copy(source, new_record_path(many, "coda"))
            cli_figures(many, args.cli_records)


def cli_figures(data: Path, count: int) -> None:
    """``coda-pi results`` on ``count`` records without a cache, whole and cut short."""
    t = time.perf_counter()
    listed = sum(1 for _ in results(data))
    whole = time.perf_counter() - t
    assert listed == count
    print(f"coda-pi results, {count} records, no cache: {whole:6.2f} s for the whole list")
    (data / CACHE_NAME).unlink()
    env = os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen([sys.executable, "-m", "coda_pi.cli", "results", str(data)],
                            stdout=subprocess.DEVNULL, env=env)
    time.sleep(whole / 2 + 0.3)  # about halfway (the process needs ~0.3 s to start)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    try:
        kept = len(json.loads((data / CACHE_NAME).read_text())["records"])
    except FileNotFoundError:
        kept = 0
    t = time.perf_counter()
    assert sum(1 for _ in results(data)) == count
    rest = time.perf_counter() - t
    print(f"  killed after {whole / 2 + 0.3:.2f} s: {kept} of {count} kept in the cache; "
          f"the next look {rest:6.2f} s")


if __name__ == "__main__":
    main()
