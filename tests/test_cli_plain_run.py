"""The appliance's own command line, a bare ``coda-pi run`` (firmware/coda-pi.service), and a
laptop's plain options are read without argparse: their arguments are what the parser would
have made of them, and any other line is left to the parser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coda_pi.cli import build_parser
from coda_pi.cli.parser import parse
from coda_pi.cli.run import plain_run_args

ROOT = Path(__file__).resolve().parent.parent


def test_a_bare_run_gets_what_the_parser_makes_of_it():
    # An option added to `coda-pi run` with no default here would reach the device as a
    # missing attribute: this compares every one.
    parsed = build_parser("run").parse_args(["run"])
    assert vars(plain_run_args()) == vars(parsed)
    assert vars(plain_run_args(["run"])) == vars(parsed)


def test_the_service_starts_a_bare_run():
    """What the shortcut is for: if the service's line gained an argument, argparse would be
    back on the appliance's start, and bench_startup.py --service would measure a start the
    appliance no longer makes."""
    service = (ROOT / "firmware" / "coda-pi.service").read_text(encoding="utf-8")
    starts = re.findall(r"^ExecStart=(.*)$", service, re.M)
    assert [line.split()[1:] for line in starts] == [["run"]]


@pytest.mark.parametrize("line", [
    # A laptop's start as the README and the benches give it.
    ["run", "--window", "--size", "480x320", "--data-dir", "/tmp/coda"],
    ["--size=800x480", "--lang", "es", "--fullscreen", "--no-gpio", "--no-sound", "--new"],
    ["run", "--config", "my.toml", "--record", "night.jsonl", "--lang=en"],
])
def test_a_laptops_plain_options_are_read_as_the_parser_reads_them(line):
    read = plain_run_args(line)
    assert read is not None, "a plain line went to argparse"
    assert vars(read) == vars(parse(line))


@pytest.mark.parametrize("line", [
    ["run", "--help"], ["-h"], ["run", "--win"],  # help, an abbreviation argparse expands
    ["run", "--window", "--fullscreen"],  # a mistake argparse tells
    ["run", "--size", "tiny"], ["run", "--lang", "fr"], ["run", "--size"],
    ["run", "--window=yes"], ["run", "--new", "--new"], ["run", "--", "--new"],
    ["run", "--data-dir", "-d"], ["run", "extra"], ["run", "run"],
])
def test_anything_else_is_left_to_the_parser(line):
    assert plain_run_args(line) is None


FLAGS = st.sampled_from(["--window", "--fullscreen", "--no-gpio", "--no-sound", "--new"])
VALUED = st.sampled_from(["--config", "--size", "--lang", "--record", "--data-dir"])
VALUES = st.sampled_from(["480x320", "800X480", "320*240", " 480x320", "100x100", "x", "es",
                          "en", "fr", "", "-", "-1", "a=b", "dir", "é ü", "--new", "run"])
# Near misses among them: abbreviations, help, the end of options, a stray word.
JUNK = st.sampled_from(["run", "--win", "--data", "-h", "--", "=", "extra", "--new=1"])
OPTION = st.one_of(
    FLAGS.map(lambda flag: [flag]),
    st.tuples(VALUED, VALUES).map(list),
    st.tuples(VALUED, VALUES).map(lambda pair: ["=".join(pair)]),
    JUNK.map(lambda word: [word]))


@given(st.booleans(), st.lists(OPTION, max_size=6))
def test_generated_lines_read_plainly_are_read_as_the_parser_reads_them(named, options):
    line = ["run"] * named + [word for option in options for word in option]
    read = plain_run_args(line)
    if read is None:
        return  # the parser's to read (and to refuse, or to help with)
    try:
        parsed = parse(line)
    except SystemExit as refused:
        pytest.fail(f"read plainly, refused by the parser ({refused.code}): {line}")
    assert parsed is not None and vars(read) == vars(parsed)
