"""``coda-pi hub``: the club night's centre: every table live, standings, seating, ratings."""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from coda_pi.i18n import N_, _
from coda_pi.os_words import said

BROKER_DIR = Path("/etc/mosquitto/coda-pi")
CONF_D = Path("/etc/mosquitto/conf.d")

SETUP = N_("""\
set-up (two commands, on the Pi or laptop that will be the club's centre):
  sudo apt install mosquitto
  sudo coda-pi hub --club ourclub --tables 8 --setup-broker
The second writes the broker's password file and ACL (tables write only their own topics,
nobody else gets in), restarts mosquitto, prints the [club] section for each table's
config file, then runs the hub. Later nights: coda-pi hub --club ourclub.
The page is at http://THIS-HOST:8080/ (its QR code is on it); the organiser's link with
?key=... (printed at start) also edits the seating.
""")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "hub",
        help=_("a club night's centre: live tables, standings, seating, ratings (MQTT)"),
        description=_("Subscribes to the club's MQTT broker, rebuilds every table's games by "
        "replaying their records, and serves a read-only web page for a room screen or "
        "phones: every table live, the night's standings, the seating for the next round "
        "(by standing, avoiding repeat opponents) and a QR code to open it. Season ratings "
        "(openskill) and CSV exports of events, standings and ratings are on the page."),
        epilog=_(SETUP),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--club", default="club", help=_("the club's name in the topics "
                   "(the tables' [club] club; default 'club')"))
    p.add_argument("--broker", default="localhost", metavar="HOST",
                   help=_("the MQTT broker (default localhost)"))
    p.add_argument("--port", type=int, default=1883, help=_("the broker's port (default 1883)"))
    p.add_argument("--password", default=None,
                   help=_("the hub's broker password (default: from the broker set-up's "
                   "credentials.json in {dir}, if readable)").format(dir=BROKER_DIR))
    p.add_argument("--broker-dir", type=Path, default=BROKER_DIR, metavar="DIR",
                   help=_("where --setup-broker writes the broker's files (default {dir})").format(
                       dir=BROKER_DIR))
    p.add_argument("--setup-broker", action="store_true",
                   help=_("write the broker's password file, ACL and config for --tables "
                   "tables, restart mosquitto, print each table's [club] section, then run"))
    p.add_argument("--tables", type=int, default=None,
                   help=_("how many tables the club has (for --setup-broker and the seating)"))
    p.add_argument("--table-size", type=int, choices=(2, 3, 4), default=4,
                   help=_("players per table in the proposed seating (default 4)"))
    p.add_argument("--players", type=Path, metavar="FILE",
                   help=_("tonight's players, one name per line (the first round's seating)"))
    p.add_argument("--listen", default="0.0.0.0", metavar="ADDRESS",
                   help=_("the page's address (default 0.0.0.0: every network of this machine)"))
    p.add_argument("--web-port", type=int, default=8080, help=_("the page's port (default 8080)"))
    p.add_argument("--url", help=_("the page's address as phones reach it, for the QR code "
                   "(default: the address the browser used)"))
    p.add_argument("--dir", type=Path, help=_("where the hub keeps the nights' games "
                   "(default: hub/ in the data directory)"))
    p.add_argument("--event", help=_("the night's name (default: today's date)"))
    p.add_argument("--key", help=_("the organiser's key for the seating editor (default: new)"))
    p.set_defaults(handler=run)


def _setup_broker(args: argparse.Namespace) -> dict[str, str]:
    from coda_pi.club.broker import table_config, write_setup

    if args.tables is None:
        raise SystemExit("coda-pi hub: " + _("--setup-broker needs --tables N"))
    setup = write_setup(args.broker_dir, args.club, args.tables, port=args.port)
    if CONF_D.is_dir() and args.broker_dir == BROKER_DIR:
        (CONF_D / "coda-pi.conf").write_text(setup.snippet, encoding="utf-8")
        if shutil.which("systemctl"):
            done = subprocess.run(["systemctl", "restart", "mosquitto"], check=False)
            if done.returncode:
                print("coda-pi hub: " + _("could not restart mosquitto; restart it by hand"),
                      file=sys.stderr)
    else:
        print(_("start the broker with: {command}").format(
            command=f"mosquitto -c {setup.conf}"))
    host = _this_host()
    for n in range(1, args.tables + 1):
        print("# " + _("table {number}: add to its {path}").format(
            number=n, path="/etc/coda-pi/config.toml"))
        print(table_config(args.club, n, host, args.port, setup.passwords[f"table{n}"]))
    return setup.passwords


def _this_host() -> str:
    import socket

    return f"{socket.gethostname()}.local"


def _hub_password(args: argparse.Namespace) -> str:
    if args.password is not None:
        return str(args.password)
    from coda_pi.club.broker import CREDENTIALS

    try:
        doc = json.loads((args.broker_dir / CREDENTIALS).read_text(encoding="utf-8"))
        return str(doc.get("passwords", {}).get("hub", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def _connected_or_stopped(connected: threading.Event, stop: threading.Event,
                          timeout: float) -> bool:
    """Waits up to ``timeout`` for the broker; a stop ends the wait at once (else systemd's
    stop in the first seconds waited the whole ``timeout`` before the hub closed)."""
    deadline = time.monotonic() + timeout
    while not connected.is_set() and not stop.is_set():
        left = deadline - time.monotonic()
        if left <= 0:
            break
        stop.wait(min(0.05, left))
    return connected.is_set()


def run(args: argparse.Namespace) -> int:
    from coda_pi.club.hub import Hub
    from coda_pi.club.hub_mqtt import HubLink
    from coda_pi.club.web import HubWeb
    from coda_pi.config import load_config

    if args.setup_broker:
        try:
            _setup_broker(args)
        except OSError as err:
            print("coda-pi hub: " + _("cannot write the broker's files ({why}); run it with "
                                      "sudo").format(why=said(err)), file=sys.stderr)
            return 1
    roster: list[str] = []
    if args.players is not None:
        try:
            roster = [n.strip() for n in args.players.read_text().splitlines() if n.strip()]
        except OSError as err:
            print("coda-pi hub: " + _("cannot read {path}: {why}").format(
                path=args.players, why=said(err)), file=sys.stderr)
            return 2
    directory = args.dir or (load_config()[0].data_dir / "hub")
    hub = Hub(directory, event=args.event, roster=roster, table_size=args.table_size,
              tables=args.tables)
    link = HubLink(hub, args.club, args.broker, args.port, username="hub",
                   password=_hub_password(args))
    try:
        web = HubWeb(hub, args.listen, args.web_port, key=args.key, url=args.url,
                     on_seating=link.publish_seating)
    except OSError as err:
        print("coda-pi hub: " + _("cannot serve the page on port {port} ({why})").format(
            port=args.web_port, why=said(err)), file=sys.stderr)
        return 1
    # Before anything is announced: a stop that comes while the broker is still being
    # reached must close the page and the link too, not kill the hub half-way.
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    link.start()
    web.start()
    print("coda-pi hub: " + _("club '{club}', night '{night}', games kept in {path}").format(
        club=args.club, night=hub.event, path=hub.night_dir), flush=True)
    print(_("page: {url}").format(url=web.url), flush=True)
    print(_("organiser (seating editor): {url}").format(url=f"{web.url}?key={web.key}"),
          flush=True)
    if not _connected_or_stopped(link.connected, stop, 5.0) and not stop.is_set():
        print("coda-pi hub: " + _("no broker at {address} yet ({why}); trying again "
                                  "meanwhile").format(address=f"{args.broker}:{args.port}",
                                                      why=link.refused or _("not answering")),
              flush=True)
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        web.close()
        link.close()
        hub.close()
    return 0
