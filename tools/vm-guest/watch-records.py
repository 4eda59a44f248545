#!/usr/bin/env python3
"""Runs in the guest: copies every complete line of the device's records to a serial port
as it appears ("REC <file> <line>"), so the host knows what the device had written by the
time a screenshot was taken. At start it sends what is already there (the resumed game).

    watch-records.py DATA_DIR SERIAL_DEVICE
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def main() -> int:
    data, port = Path(sys.argv[1]), sys.argv[2]
    sent: dict[Path, int] = {}
    with open(port, "w", buffering=1) as out:
        out.write(f"WATCH start uptime={Path('/proc/uptime').read_text().split()[0]}\n")
        while True:
            for path in sorted(data.glob("*.jsonl")) if data.is_dir() else []:
                try:
                    data_now = path.read_bytes()
                except OSError:
                    continue
                done = sent.get(path, 0)
                if len(data_now) < done:
                    out.write(f"SHRUNK {path.name} {done} -> {len(data_now)}\n")
                    done = 0
                end = data_now.rfind(b"\n", done)
                if end >= done:
                    for line in data_now[done:end].split(b"\n"):
                        out.write(f"REC {path.name} {line.decode('utf-8', 'replace')}\n")
                    sent[path] = end + 1
            time.sleep(0.05)


if __name__ == "__main__":
    sys.exit(main())
