"""The plain TOML reader (coda_pi/plain_toml.py) against tomllib: whatever it reads, it
reads as tomllib does, and a config file as people write it is read without tomllib."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from coda_pi.config import parse_config
from coda_pi.plain_toml import read_plain

ROOT = Path(__file__).resolve().parent.parent

KEYS = ["pins", "seat2", "screen", "width", "pins", "seat1", "first_seconds", "a-b", "A9", "1",
        "-", "_", "x",
        # not bare: tomllib's to read
        "a.b", '"quoted"', "'lit'", "", "ké", "a b", "[x]"]
SCALARS = [
    "0", "-0", "7", "-12", "+1", "01", "1_000", "0x1F", "0o7", "0b1", "123456789012345678",
    "1234567890123456789", "99999999999999999999", "1.5", "-0.0", "0.25", "1e5", "1.5e3",
    ".5", "5.", "1.", "-.5", "inf", "-inf", "nan", "true", "false", "True", "tru",
    '"abc"', '""', '"a b # not a comment"', '"Seat 1"', '"ü ñ 字"', '"a\\tb"', '"a\\"b"',
    '"tab\there"', '"\x01"', '"\x7f"', '"unclosed', "'literal'", '"""ml"""', "1979-05-27",
    "07:32:00", "{ a = 1 }", "", "x",
]
PLAIN_SCALARS = ["3", "-40", "0", "2.5", "true", "false", '"auto"', '"Seat 2"', '""',
                 '" padded\t"']
SPACE = st.sampled_from(["", " ", "  ", "\t", " \t "])
COMMENT = st.sampled_from(["", "# a comment", "#", "# with \t a tab", "# ctrl \x01",
                           "# del \x7f", "# ünïcode"])


@st.composite
def values(draw: st.DrawFn) -> str:
    scalars = st.sampled_from(PLAIN_SCALARS) | st.sampled_from(SCALARS)
    if draw(st.booleans()):
        return draw(scalars | st.integers(-10**20, 10**20).map(str))
    items = draw(st.lists(scalars | st.sampled_from(["[1, 2]", "[]"]), max_size=4))
    sep = draw(st.sampled_from([",", ", ", " ,", ",\t"]))
    trailing = draw(st.sampled_from(["", ",", ", "]))
    return "[" + draw(SPACE) + sep.join(items) + (trailing if items else "") + draw(SPACE) + "]"


@st.composite
def lines(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["pair"] * 6 + ["table"] * 2 + ["blank", "junk"]))
    comment = draw(COMMENT)
    tail = (draw(SPACE) + comment) if comment else draw(SPACE)
    if kind == "pair":
        return (draw(SPACE) + draw(st.sampled_from(KEYS)) + draw(SPACE) + "=" + draw(SPACE)
                + draw(values()) + tail)
    if kind == "table":
        name = draw(SPACE) + draw(st.sampled_from(KEYS)) + draw(SPACE)
        brackets = draw(st.sampled_from([("[", "]"), ("[[", "]]"), ("[", ""), ("[", "]x")]))
        return draw(SPACE) + brackets[0] + name + brackets[1] + tail
    if kind == "blank":
        return draw(SPACE) + comment
    return draw(st.text(alphabet=' \t=[]#",.ab01-\r\x00\ufeff', max_size=12))


@st.composite
def documents(draw: st.DrawFn) -> str:
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(draw(st.lists(lines(), max_size=8))) + draw(st.sampled_from(
        ["", "\n", newline]))


def tomllib_reads(text: str) -> dict | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


@settings(max_examples=800, deadline=None)
@given(documents())
@example("[pins]\nseat1 = 5  # a comment\n[screen]\nwidth = \"auto\"\n")
@example("a = 1\n[a]\n")  # a key, then a table of its name: TOML refuses it
@example("[t]\nk = 1\n[t]\n")  # a table twice
@example("k = 1\nk = 2\n")  # a key twice
@example("k = 007\n")  # a leading zero
@example("k = [1,\n2]\n")  # an array over two lines
@example("k = 1\r\n[t]\rk = 2\n")  # a lone carriage return
def test_what_the_plain_reader_reads_tomllib_reads_the_same(text: str) -> None:
    plain = read_plain(text)
    if plain is not None:
        # repr: 1 and 1.0 and True, -0.0 and 0.0 differ, as they do in a config
        assert repr(plain) == repr(tomllib_reads(text)), text


PLAIN_VALUES = st.one_of(
    st.integers(-10**6, 10**6), st.booleans(), st.text(alphabet="abc XYZ#=[]üñ'", max_size=8),
    st.floats(-1e6, 1e6).map(lambda f: round(f, 3)), st.lists(st.integers(0, 40), max_size=4))
PAIRS = st.lists(st.tuples(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True), PLAIN_VALUES),
                 max_size=5, unique_by=lambda pair: pair[0])
TABLES = st.lists(st.tuples(st.sampled_from(["pins", "screen", "sound", "timer", "rules"]),
                            PAIRS), max_size=5, unique_by=lambda table: table[0])


# 200, not 500: 12 s of the suite's wall time; the tables are drawn from a small alphabet
# of keys and values, and the reader's refusals are explored by the 800 texts above.
@settings(max_examples=200, deadline=None)
@given(TABLES)
def test_a_config_of_plain_tables_and_values_is_read_without_tomllib(
        tables: list[tuple[str, list[tuple[str, object]]]]) -> None:
    def shown(value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str):
            return f'"{value}"'
        if isinstance(value, list):
            return "[" + ", ".join(shown(v) for v in value) + "]"
        return repr(value)

    text = "".join(f"[{name}]  # the {name}\n" + "".join(
        f"{key} = {shown(value)}\n" for key, value in pairs) for name, pairs in tables)
    plain = read_plain(text)
    assert plain is not None, text
    assert repr(plain) == repr(tomllib.loads(text))


def test_the_appliance_config_is_plain_and_reads_as_with_tomllib() -> None:
    text = (ROOT / "firmware" / "config.example.toml").read_text()
    assert read_plain(text) == tomllib.loads(text)
    assert read_plain(text)["pins"]["buzzer"] == 13


def test_a_file_tomllib_refuses_is_still_named_by_the_config_check() -> None:
    # Not plain, not TOML: the check goes on as before (salvage, the line named).
    config, problems = parse_config('[screen]\nlanguage = "es"\n[pins]\nseat1 = 5 5\n')
    assert config.screen.language == "es"
    assert any("pins" in p.sentence for p in problems)
