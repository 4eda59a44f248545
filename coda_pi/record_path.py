"""What ``--record FILE`` may name, checked before anything is opened or made.

A directory given as FILE used to send the record into the directory's parent (``/tmp``
put it in ``/``) with two sentences about FIFOs; a FILE in a directory that does not exist
made the directories without a word. Both are refused here, with one sentence.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from coda_pi.i18n import _


def record_path_problem(path: Path | str) -> str | None:
    """One sentence saying why ``path`` cannot be a record to write, or None when it can be.

    A trailing slash names a directory even when nothing is there yet.
    """
    text = os.fspath(path)
    where = Path(text)
    if where.is_dir() or text.endswith(os.sep):
        return _("--record {path} is a directory: name a file in it, such as "
                 "{example}").format(path=text, example=where / "game.jsonl")
    parent = where.parent
    if not parent.is_dir():
        return _("--record {path}: there is no directory {parent}; make it first, or "
                 "name a file in a directory that exists").format(path=text, parent=parent)
    return None


def refuse_record_path(command: str, path: Path | None) -> bool:
    """For a command given ``--record``: say on stderr, prefixed by ``command``, why
    ``path`` cannot be written, and return True; False when there is nothing to refuse."""
    problem = None if path is None else record_path_problem(path)
    if problem is not None:
        print(f"{command}: {problem}", file=sys.stderr)
    return problem is not None
