"""One name for each pool mode (issue 24): the setup menu, ``--pool``, the config file and
the docs say "told", "device" and "table" (Spanish "contada", "aparato", "mesa"); the record's
header keeps the word other programs read, and the old spellings still work."""

from __future__ import annotations

from pathlib import Path

import pytest

from coda_pi.cli import build_parser
from coda_pi.config import parse_config
from coda_pi.i18n import in_language
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.pools.mode import CASUAL
from coda_pi.referee.shared.pool_names import POOL_WORDS, pool_named
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button

ROOT = Path(__file__).resolve().parent.parent


def _more(defaults: SetupDefaults, label: str) -> SetupMenu:
    """The setup menu opened on "More", its cursor on ``label``."""
    menu = SetupMenu(defaults)
    for wanted in ("More", label):
        for _ in range(len(menu.view().items)):
            if menu.view().items[menu.view().cursor].key == wanted:
                break
            menu.nav(Button.NEXT)
        assert menu.view().items[menu.view().cursor].key == wanted
        if wanted == "More":
            menu.nav(Button.OK)
    return menu


def _value(menu: SetupMenu, key: str) -> str:
    [item] = [i for i in menu.view().items if i.key == key]
    return str(item.value)


@pytest.mark.parametrize(("given", "mode"), [
    ("told", "entered"), ("device", "device"), ("table", "table"),
    ("entered", "entered"),  # the spelling of scripts written before the names were one
])
def test_demo_pool_takes_the_one_name_and_the_old_spelling(given: str, mode: str) -> None:
    args = build_parser("demo").parse_args(["demo", "--pool", given])
    assert args.pool == mode


def test_demo_pool_refuses_a_name_that_is_no_pool(capsys) -> None:
    with pytest.raises(SystemExit):
        build_parser("demo").parse_args(["demo", "--pool", "hand"])
    assert "choose told, device, table" in capsys.readouterr().err


@pytest.mark.parametrize(("written", "mode"), [("told", "entered"), ("entered", "entered"),
                                               ("table", "table")])
def test_the_config_file_takes_the_one_name_and_the_old_spelling(written: str,
                                                                  mode: str) -> None:
    config, problems = parse_config(f'[rules]\npool = "{written}"\n')
    assert not problems and config.rules.pool == mode


def test_the_menu_shows_each_pool_by_its_one_name_in_both_languages() -> None:
    shown = {}
    for language in ("en", "es"):
        with in_language(language):
            shown[language] = [_value(_more(SetupDefaults(pool=mode), "pool"), "pool")
                               for mode in POOL_WORDS]
    assert shown["en"] == ["told", "device", "table"]
    assert shown["es"] == ["contada", "aparato", "mesa"]
    assert [pool_named(word) for word in shown["en"]] == list(POOL_WORDS)


def test_the_pool_line_says_what_the_pool_is() -> None:
    told = _more(SetupDefaults(pool="entered"), "pool").view().prompt
    table = _more(SetupDefaults(pool="table"), "pool").view().prompt
    assert "tells the device" in told and "only what falls" in table
    assert _more(SetupDefaults(pool="device"), "pool").view().prompt == CASUAL  # no dealer
    dealt = _more(SetupDefaults(pool="device", dealer=True), "pool").view().prompt
    assert "The device deals" in dealt


def test_training_and_dealer_lines_name_the_pool_they_work_in() -> None:
    told = _more(SetupDefaults(pool="entered"), "pool")
    assert _value(told, "training") == "off (pool: table only)"
    assert _value(told, "dealer") == "none (pool: device only)"
    table = _more(SetupDefaults(pool="table"), "pool")
    assert _value(table, "training") == "off"
    assert _value(table, "dealer") == "none (pool: device only)"


def test_the_docs_and_the_readme_use_the_one_names() -> None:
    playing = (ROOT / "docs" / "playing.md").read_text()
    readme = (ROOT / "README.md").read_text()
    for word in POOL_WORDS.values():
        assert f"**Pool: {word}**" in playing
    assert "Pool: entered" not in playing
    assert "--pool told\\|device\\|table" in readme
