"""The club commands: help that explains the set-up, the broker set-up, publishing without a
[club] section, exports from the hub's directory."""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
import sys
import urllib.request

from club_parts import Mosquitto, demo_lines, need_mosquitto

from coda_pi.cli import main
from coda_pi.club.export import ratings_csv
from coda_pi.club.hub import Hub


def test_hub_help_explains_the_two_command_set_up(capsys):
    try:
        main(["hub", "--help"])
    except SystemExit as done:
        assert done.code == 0
    out = capsys.readouterr().out
    assert "sudo apt install mosquitto" in out
    assert "sudo coda-pi hub --club ourclub --tables 8 --setup-broker" in out


def test_broker_setup_prints_each_tables_club_section(tmp_path, capsys):
    assert main(["club", "broker-setup", "--club", "cafe", "--tables", "2", "--dir",
                 str(tmp_path), "--host", "clubpi.local"]) == 0
    out = capsys.readouterr().out
    creds = json.loads((tmp_path / "credentials.json").read_text())["passwords"]
    assert f'table = 2\npassword = "{creds["table2"]}"' in out
    assert 'host = "clubpi.local"' in out and "mosquitto -c" in out
    assert oct((tmp_path / "passwd").stat().st_mode & 0o777) in ("0o600", "0o640")


def test_publish_without_a_club_section_says_what_is_missing(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text("[sound]\nenabled = false\n")
    assert main(["club", "publish", "--config", str(config), "--until-done", "1"]) == 2
    assert "no [club] section" in capsys.readouterr().err


def test_export_reads_the_hubs_directory(tmp_path, capsys):
    lines = demo_lines(1, 2)
    lines[0] = dict(lines[0], players=["Ann", "Ben"])
    hub = Hub(tmp_path, event="night")
    hub.on_message(1, "record", json.dumps({"game": "g", "from": 1, "to": len(lines),
                                            "lines": lines}).encode())
    hub.close()
    assert main(["club", "export", "standings", "--dir", str(tmp_path), "--event",
                 "night"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["name"] for r in rows} == {"Ann", "Ben"}
    assert main(["club", "export", "events", "--dir", str(tmp_path), "--event", "night"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1 + len(lines)
    assert main(["club", "export", "ratings", "--dir", str(tmp_path)]) == 0
    rated = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["games"] for r in rated] == ["1", "1"]


@need_mosquitto
def test_the_hub_command_serves_the_page_and_stops_on_sigterm(tmp_path):
    broker = Mosquitto(tmp_path).start()
    hub = subprocess.Popen(
        [sys.executable, "-m", "coda_pi.cli", "hub", "--club", "cafe", "--broker", "127.0.0.1",
         "--port", str(broker.port), "--listen", "127.0.0.1", "--web-port", "0", "--dir",
         str(tmp_path / "hub"), "--event", "night", "--broker-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert hub.stdout is not None
        lines = [hub.stdout.readline() for _ in range(3)]
        page = lines[1].removeprefix("page: ").strip()
        assert lines[2].startswith(f"organiser (seating editor): {page}?key=")
        with urllib.request.urlopen(f"{page}api/state", timeout=10) as reply:
            state = json.loads(reply.read())
        assert state["event"] == "night" and state["tables"] == {}
        hub.send_signal(signal.SIGTERM)
        assert hub.wait(15) == 0
    finally:
        if hub.poll() is None:
            hub.kill()
            hub.wait()
        broker.stop()


def test_a_restarted_hub_has_its_games_back_and_asks_for_nothing(tmp_path):
    lines = demo_lines(1, 2)
    lines[0] = dict(lines[0], players=["Ann", "Ben"])
    clock = [0.0]
    hub = Hub(tmp_path, event="night", clock=lambda: clock[0])
    hub.on_message(3, "record", json.dumps({"game": "g", "from": 1, "to": len(lines),
                                            "lines": lines}).encode())
    before = [(s.name, s.points) for s in hub.standings()]
    hub.close()
    again = Hub(tmp_path, event="night", clock=lambda: clock[0])
    assert [(s.name, s.points) for s in again.standings()] == before
    assert again.table_view(3)["state"]["finished"]
    clock[0] = 10.0
    assert again.pending_asks() == []


def test_hub_setup_broker_writes_the_files_and_prints_the_tables_sections(tmp_path, capsys):
    import argparse

    from coda_pi.cli.hub import _hub_password, _setup_broker

    args = argparse.Namespace(tables=2, broker_dir=tmp_path, club="cafe", port=1883,
                              password=None)
    passwords = _setup_broker(args)
    out = capsys.readouterr().out
    assert f"mosquitto -c {tmp_path.resolve() / 'mosquitto.conf'}" in out
    assert out.count("[club]") == 2 and f'password = "{passwords["table2"]}"' in out
    assert _hub_password(args) == passwords["hub"]  # the hub finds its own password


def test_the_season_ratings_count_every_night_kept(tmp_path):
    lines = demo_lines(1, 2)
    lines[0] = dict(lines[0], players=["Ann", "Ben"])
    record = json.dumps({"game": "g", "from": 1, "to": len(lines), "lines": lines}).encode()
    first = Hub(tmp_path, event="2026-11-16")
    first.on_message(1, "record", record)
    first.close()
    second = Hub(tmp_path, event="2026-11-23")
    assert {r.name: r.games for r in second.ratings()} == {"Ann": 1, "Ben": 1}
    # Another game tonight: the same one again would be last week's, counted once (issue 30).
    tonight = demo_lines(2, 2)
    tonight[0] = dict(tonight[0], players=["Ann", "Ben"])
    second.on_message(2, "record", json.dumps({"game": "g", "from": 1, "to": len(tonight),
                                               "lines": tonight}).encode())
    assert {r.name: r.games for r in second.ratings()} == {"Ann": 2, "Ben": 2}
    assert second.snapshot()["ratings"][0]["games"] == 2
    csv_names = [r["name"] for r in csv.DictReader(io.StringIO(ratings_csv(tmp_path)))]
    assert [r.name for r in second.ratings()] == csv_names
    second.close()


def test_a_hub_stopped_while_it_still_looks_for_the_broker_closes_cleanly(tmp_path):
    """systemd's stop can come in the first seconds, while the broker is not reached yet: the
    hub must close its page and link and exit 0, not die of the signal."""
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    hub = subprocess.Popen(
        [sys.executable, "-m", "coda_pi.cli", "hub", "--club", "cafe", "--broker", "127.0.0.1",
         "--port", str(port), "--listen", "127.0.0.1", "--web-port", "0", "--dir",
         str(tmp_path / "hub"), "--event", "night", "--broker-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert hub.stdout is not None
        lines = [hub.stdout.readline() for _ in range(3)]
        assert lines[1].startswith("page: ")
        hub.send_signal(signal.SIGTERM)  # during the wait for the broker
        assert hub.wait(15) == 0
    finally:
        if hub.poll() is None:
            hub.kill()
            hub.wait()
