"""The club's Mosquitto set-up: a password file, an ACL and a config snippet.

Tables log in as ``table<N>`` and may write only the five topics a table publishes, named
one by one (topics.written_by_table): not ``table/<N>/#``, under which a table could make
the broker keep any number of retained messages (the broker keeps one per topic, so now at
most five per table, each under ``MAX_PACKET_BYTES``). The hub logs in as ``hub``. Each
is known to the broker by its user name alone (``use_username_as_clientid``): nobody can
take over the hub's or a table's session by connecting with its client id. That
rules out clients without a user name (Mosquitto disconnects them under that option, and
client ids are one namespace across listeners, so a second, anonymous listener would
reopen the hole): spectators follow the night on the hub's page. The broker refuses any
packet larger than ``MAX_PACKET_BYTES`` (it disconnects the client that sent it).

The passwords are made here, kept in ``credentials.json`` beside the files so
that running the command again (for more tables) keeps the ones the devices already have.
The password file uses Mosquitto 2's own format (PBKDF2-SHA512, ``$7$``), the same as
``mosquitto_passwd`` writes, so the broker reads it as it is.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from coda_pi.club import topics
from coda_pi.club.messages import MAX_MESSAGE_BYTES

ITERATIONS = 101  # mosquitto_passwd's own default
# A little above the hub's own limit on a payload (messages.py): the topic and the
# packet's header fit beside the largest payload the hub takes.
MAX_PACKET_BYTES = MAX_MESSAGE_BYTES + 4096
CREDENTIALS = "credentials.json"


def password_hash(password: str, salt: bytes | None = None) -> str:
    salt = salt or os.urandom(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, ITERATIONS, 64)
    return f"$7${ITERATIONS}${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


def acl_text(club: str, tables: int) -> str:
    root = f"{topics.ROOT}/{club}"
    lines = [
        "# coda-pi club night: written by `coda-pi club broker-setup`.",
        "# No anonymous clients (mosquitto.conf); each user below writes only its own topics.",
        "",
        "user hub",
        f"topic readwrite {root}/#",
    ]
    for n in range(1, tables + 1):
        lines += ["", f"user table{n}"]
        lines += [f"topic write {topic}" for topic in topics.written_by_table(club, n)]
        lines += [f"topic read {topics.resend(club, n)}", f"topic read {topics.seating(club)}"]
    return "\n".join(lines) + "\n"


def mosquitto_conf(directory: Path, port: int, bind: str = "", *,
                   standalone: bool = True) -> str:
    """The broker's configuration: whole (``mosquitto -c``), or without ``standalone`` the
    snippet for Debian's ``conf.d``, whose main file already keeps a database."""
    where = f"listener {port} {bind}".rstrip()
    return (
        "# coda-pi club night: written by `coda-pi club broker-setup`.\n"
        "per_listener_settings false\n"
        f"{where}\n"
        "# Every client is known by its user name, so nobody takes over another's session\n"
        "# by connecting with its client id; a client without a user name is refused.\n"
        "use_username_as_clientid true\n"
        "allow_anonymous false\n"
        "# Larger packets are no coda-pi message (a whole game is about 9 KB): refused.\n"
        f"max_packet_size {MAX_PACKET_BYTES}\n"
        "# A busy night bursts (every table at a round's end): let the hub's queue hold it\n"
        "# rather than drop messages it would then have to ask for again.\n"
        "max_queued_messages 20000\n"
        f"password_file {directory / 'passwd'}\n"
        f"acl_file {directory / 'acl'}\n"
        + (_PERSISTENCE.format(directory=directory) if standalone else "")
    )


# Debian's /etc/mosquitto/mosquitto.conf says the same (a second persistence_location
# stops the broker, so the conf.d snippet leaves it out); a broker run with `-c` needs it.
_PERSISTENCE = (
    "# Kept on disk: what a table's line was acknowledged for and the hub has not taken yet\n"
    "# survives a restart of the broker (docs/club.md: the broker's database).\n"
    "persistence true\n"
    "persistence_location {directory}/\n"
)


@dataclass(frozen=True)
class BrokerSetup:
    directory: Path
    club: str
    passwords: dict[str, str]  # user -> password
    conf: Path  # the whole configuration, for `mosquitto -c`
    snippet: str  # the same for Debian's /etc/mosquitto/conf.d, which keeps the database


def write_setup(
    directory: Path, club: str, tables: int, *, port: int = 1883, bind: str = ""
) -> BrokerSetup:
    """Writes passwd, acl, mosquitto.conf and credentials.json into ``directory``."""
    if not 1 <= tables <= 999:
        raise ValueError("a club has 1 to 999 tables")
    directory = Path(directory).resolve()
    directory.mkdir(parents=True, exist_ok=True)
    kept: dict[str, str] = {}
    cred_path = directory / CREDENTIALS
    if cred_path.is_file():
        try:
            doc = json.loads(cred_path.read_text(encoding="utf-8"))
            if doc.get("club") == club:
                kept = {str(k): str(v) for k, v in doc.get("passwords", {}).items()}
        except (OSError, ValueError, AttributeError):
            kept = {}
    users = ["hub", *(f"table{n}" for n in range(1, tables + 1))]
    passwords = {u: kept.get(u) or secrets.token_urlsafe(12) for u in users}
    _private(cred_path, json.dumps({"club": club, "passwords": passwords}, indent=1) + "\n")
    _private(directory / "passwd",
             "".join(f"{u}:{password_hash(p)}\n" for u, p in passwords.items()))
    (directory / "acl").write_text(acl_text(club, tables), encoding="utf-8")
    conf = directory / "mosquitto.conf"
    conf.write_text(mosquitto_conf(directory, port, bind), encoding="utf-8")
    return BrokerSetup(directory, club, passwords, conf,
                       mosquitto_conf(directory, port, bind, standalone=False))


def _private(path: Path, text: str) -> None:
    """Readable by the owner and, where Debian's broker runs as ``mosquitto``, its group."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    try:
        shutil.chown(path, group="mosquitto")
        os.chmod(path, 0o640)
    except (LookupError, PermissionError, OSError):
        os.chmod(path, 0o600)  # no such group here: the owner alone


def table_config(club: str, table: int, host: str, port: int, password: str) -> str:
    """The ``[club]`` section for one table's config file."""
    return (
        "[club]\n"
        f'host = "{host}"\n'
        f"port = {port}\n"
        f'club = "{club}"\n'
        f"table = {table}\n"
        f'password = "{password}"\n'
    )
