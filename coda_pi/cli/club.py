"""``coda-pi club ...``: a table's side of a club night, the broker's set-up, and exports."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from coda_pi.i18n import _, spoken


def register(sub: Any) -> None:
    p = sub.add_parser(
        "club",
        help=_("club night: publish this table's games, set up the broker, export CSV"),
        description=_("A club night runs many tables through one MQTT broker to one "
        "`coda-pi hub`. The device publishes by itself when its config has a [club] "
        "section; these commands do the rest."),
    )
    cmds = p.add_subparsers(dest="club_command", metavar="ACTION")
    pub = cmds.add_parser(
        "publish",
        help=_("publish the data directory's games (what the device does by itself)"),
        description=_("Follows the record files in the data directory and publishes them to "
        "the club's broker as the device does, from the durable cursor on: for a table "
        "whose device was off the network, or to catch up after an outage."),
    )
    pub.add_argument("--config", type=Path, metavar="FILE", help=_("the config with [club]"))
    pub.add_argument("--data-dir", type=Path, metavar="DIR",
                     help=_("where the records are (default: from the config file)"))
    pub.add_argument("--until-done", type=float, metavar="SECONDS", default=None,
                     help=_("stop once every line is acknowledged (or after SECONDS)"))
    pub.set_defaults(handler=run_publish)

    setup = cmds.add_parser(
        "broker-setup",
        help=_("write a Mosquitto password file, ACL and config for the club"),
        description=_("Writes passwd, acl, mosquitto.conf and credentials.json into DIR: "
        "tables log in as table1..tableN and write only their own topics, the hub logs in "
        "as hub, anybody else may only read. Running it again keeps the passwords made "
        "before. Prints each table's [club] section. (`coda-pi hub --setup-broker` does "
        "this into /etc/mosquitto and restarts the broker.)"),
    )
    setup.add_argument("--club", default="club", help=_("the club's name in the topics"))
    setup.add_argument("--tables", type=int, required=True, help=_("how many tables"))
    setup.add_argument("--dir", type=Path, required=True, help=_("where to write the files"))
    setup.add_argument("--host", default="localhost",
                       help=_("the broker's address as the tables reach it (for their config)"))
    setup.add_argument("--port", type=int, default=1883, help=_("the broker's port"))
    setup.set_defaults(handler=run_setup)

    exp = cmds.add_parser(
        "export",
        help=_("CSV of a night's events or standings, or of the season's ratings"),
        description=_("Prints CSV from the hub's directory (what the hub's page links to)."),
    )
    exp.add_argument("what", choices=("events", "standings", "ratings"))
    exp.add_argument("--dir", type=Path, help=_("the hub's directory (default: hub/ in the "
                     "data directory)"))
    exp.add_argument("--event", help=_("the night (default: today's date)"))
    exp.set_defaults(handler=run_export)
    p.set_defaults(handler=lambda _args: p.print_help() or 0)


def run_publish(args: argparse.Namespace) -> int:
    from coda_pi.club.publisher import Publisher
    from coda_pi.config import load_config

    config, problems = load_config(args.config)
    for problem in problems:
        print(f"coda-pi: {spoken(problem.sentence)}", file=sys.stderr)
    if config.club is None:
        print("coda-pi club publish: " + _("the config has no [club] section with a host "
                                           "(see firmware/config.example.toml)"),
              file=sys.stderr)
        return 2
    data_dir = args.data_dir or config.data_dir
    publisher = Publisher(config.club, data_dir).start()
    print(_("publishing {path} to {address} as table {number}").format(
        path=data_dir, address=f"{config.club.host}:{config.club.port}",
        number=config.club.table), flush=True)
    try:
        if args.until_done is not None:
            done = publisher.wait_idle(args.until_done)
            print(_("every line acknowledged") if done else _(
                "not everything was acknowledged in time; the next start goes on from the "
                "cursor"))
            return 0 if done else 1
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        return 0
    finally:
        publisher.close()


def run_setup(args: argparse.Namespace) -> int:
    from coda_pi.club.broker import table_config, write_setup

    try:
        setup = write_setup(args.dir, args.club, args.tables, port=args.port)
    except (OSError, ValueError) as err:
        print(f"coda-pi club broker-setup: {err}", file=sys.stderr)
        return 2
    print(_("wrote {files}").format(
        files=f"{setup.directory}/passwd, acl, mosquitto.conf, credentials.json"))
    print(_("run the broker with: {command}").format(command=f"mosquitto -c {setup.conf}"))
    print(_("run the hub with: {command}").format(
        command=f"coda-pi hub --club {args.club} --broker-dir {setup.directory}"))
    for n in range(1, args.tables + 1):
        print("\n# " + _("table {number}: add to its config file").format(number=n))
        print(table_config(args.club, n, args.host, args.port, setup.passwords[f"table{n}"]),
              end="")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from coda_pi.club.export import events_csv, ratings_csv, standings_csv
    from coda_pi.club.hub import Hub
    from coda_pi.config import load_config

    directory = args.dir or (load_config()[0].data_dir / "hub")
    if args.what == "ratings":
        sys.stdout.write(ratings_csv(directory))
        return 0
    hub = Hub(directory, event=args.event)
    try:
        sys.stdout.write(events_csv(hub) if args.what == "events" else standings_csv(hub))
    finally:
        hub.close()
    return 0
