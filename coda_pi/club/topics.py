"""The topic tree of a club night. Everything under ``coda/<club>/`` is public once it is
published: each table writes only its own five topics (broker.py's ACL names them)."""

from __future__ import annotations

ROOT = "coda"
MAX_TABLE = 999  # as many tables as the broker's set-up makes users for


def table_root(club: str, table: int) -> str:
    return f"{ROOT}/{club}/table/{table}"


def events(club: str, table: int) -> str:
    """QoS 1: one message per record line, the public projection only."""
    return f"{table_root(club, table)}/events"


def record(club: str, table: int) -> str:
    """QoS 1: the full lines of a round once it has ended."""
    return f"{table_root(club, table)}/record"


def state(club: str, table: int) -> str:
    """Retained: the table's current public state."""
    return f"{table_root(club, table)}/state"


def status(club: str, table: int) -> str:
    """Retained: "online", or "offline" (the last will, when the table drops off)."""
    return f"{table_root(club, table)}/status"


def games(club: str, table: int) -> str:
    """Retained: the table's games of the night, each with its last line, so that the hub
    asks for a game it never heard of (one the broker lost whole, say)."""
    return f"{table_root(club, table)}/games"


def resend(club: str, table: int) -> str:
    """The hub asks a table to publish again from a line it missed."""
    return f"{table_root(club, table)}/resend"


def written_by_table(club: str, table: int) -> tuple[str, ...]:
    """Every topic a table writes, and so all its ACL lets it write: the broker keeps at
    most one retained message on each."""
    return (events(club, table), record(club, table), state(club, table),
            status(club, table), games(club, table))


def seating(club: str) -> str:
    """Retained: the hub's seating for the next round."""
    return f"{ROOT}/{club}/seating"


def table_of(topic: str) -> tuple[int, str] | None:
    """(table, leaf) of a ``coda/<club>/table/<n>/<leaf>`` topic, or None."""
    parts = topic.split("/")
    if len(parts) != 5 or parts[0] != ROOT or parts[2] != "table":
        return None
    number = parts[3]
    # Only the number as the set-up writes it: "01", "+1" or "１" (int() takes them all)
    # would be a second name for a table, outside the subtree its ACL lets it write.
    if not (number.isascii() and number.isdigit()) or str(int(number)) != number:
        return None
    if not 1 <= int(number) <= MAX_TABLE:
        return None
    return int(number), parts[4]
