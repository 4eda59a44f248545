"""The durable cursor: for each record file, the last line the broker has acknowledged.

It lives beside the records (``.club-cursor.json``, not a ``.jsonl`` so it is never taken
for a record) and is replaced atomically, so after a power cut, a broker restart or a Wi-Fi
outage the publisher starts again right after the last acknowledged line. A line published
but not yet acknowledged is published again: the hub drops what it already has by its
sequence number, so nothing is lost and nothing counts twice.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field
from pathlib import Path

from coda_pi.record import write_atomically

log = logging.getLogger(__name__)

CURSOR_NAME = ".club-cursor.json"


@dataclass
class FileCursor:
    events: int = 0  # the last line whose public event the broker acknowledged
    record: int = 0  # the last line whose full text the broker acknowledged (ended rounds)
    skip: bool = False  # finished before the club was set up, or not a Coda game: not sent
    done: bool = False  # finished and all of it acknowledged: not read again at each start


@dataclass
class Cursor:
    path: Path
    files: dict[str, FileCursor] = field(default_factory=dict)
    existed: bool = False  # False on the very first start: old records are not sent

    @classmethod
    def load(cls, data_dir: Path) -> Cursor:
        path = Path(data_dir) / CURSOR_NAME
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            files = {
                str(name): FileCursor(int(v.get("events", 0)), int(v.get("record", 0)),
                                      bool(v.get("skip", False)), bool(v.get("done", False)))
                for name, v in doc.get("files", {}).items()
            }
            return cls(path, files, existed=True)
        except FileNotFoundError:
            return cls(path)
        except (OSError, ValueError, AttributeError, TypeError) as err:
            # A broken cursor costs only repeats (the hub drops them), never a lost line.
            log.warning("club cursor %s unreadable (%s): publishing every record again",
                        path, err)
            return cls(path, existed=True)

    def get(self, name: str) -> FileCursor:
        return self.files.setdefault(name, FileCursor())

    def save(self) -> None:
        doc = {"version": 1, "files": {n: asdict(c) for n, c in sorted(self.files.items())}}
        write_atomically(self.path, (json.dumps(doc, indent=1) + "\n").encode("utf-8"))
