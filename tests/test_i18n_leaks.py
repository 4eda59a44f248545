"""No English sentence in Spanish output: every line the CLI prints and every text the device
draws in a Spanish session is checked against the English catalog, and a message whose
Spanish differs must not turn up in its English form (a string someone forgot to mark, a
refusal from the rules shown as the engine wrote it)."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest
from demo_frames import drawn_texts

from coda_pi.cli import main
from coda_pi.cli.run import load_config_with_notices
from coda_pi.demo import run_demo
from coda_pi.i18n import in_language, set_language
from coda_pi.i18n_catalogs import read_catalog
from coda_pi.ui.text import recording_text

RECORDS = Path(__file__).parent / "records"
FIELD = re.compile(r"\{[a-z_0-9]*\}")


@cache
def english_only() -> list[tuple[str, re.Pattern[str]]]:
    """(message, pattern) of every message whose Spanish differs, the fields matching any
    text. Messages with too few words of their own to be told from Spanish are left out
    ("{name}: {message}", "OK")."""
    out = []
    for message in read_catalog("es"):
        if not message.id or isinstance(message.id, tuple):
            continue
        english = message.id.replace("{{", "{").replace("}}", "}")
        if message.string == message.id:
            continue
        words = re.findall(r"[A-Za-z]+", FIELD.sub(" ", english))
        if len(words) < 3 or sum(map(len, words)) < 10:
            continue
        parts = [re.escape(p) for p in FIELD.split(english)]
        out.append((message.id, re.compile(r"\S+?".join(parts), re.IGNORECASE)))
    return out


def leaks(texts: set[str]) -> dict[str, str]:
    """{text: English message} for each text that says a message in English."""
    found = {}
    for text in texts:
        for message, pattern in english_only():
            if pattern.search(text):
                found[text] = message
                break
    return found


def test_the_detector_catches_an_english_refusal_and_passes_spanish() -> None:
    assert leaks({"coda-pi replay: error at line 6: Ben has no panel at slot 4"})
    assert leaks({"The round is over: enter the winner's standing panels"})
    assert not leaks({"error en la línea 6: Ben no tiene ninguna ficha en la posición 4"})


def spanish_cli(capsys, monkeypatch, *args: str) -> set[str]:
    monkeypatch.setenv("LANGUAGE", "es")
    monkeypatch.setenv("COLUMNS", "100")
    with in_language("en"):  # main() switches to Spanish; back to English after
        main(list(args))
    out = capsys.readouterr()
    return {line for line in (out.out + out.err).splitlines() if line.strip()}


@pytest.mark.parametrize("record", sorted((RECORDS / "errors").glob("*.jsonl"))
                         + sorted((RECORDS / "mastermind").glob("error-*.jsonl")),
                         ids=lambda p: p.stem)
def test_replaying_a_broken_record_says_why_in_spanish(record, capsys, monkeypatch) -> None:
    lines = spanish_cli(capsys, monkeypatch, "replay", str(record))
    assert lines
    assert not leaks(lines)


@pytest.mark.parametrize("command", [
    ["standings", str(RECORDS / "errors" / "slot-out-of-row.jsonl")],
    ["standings", str(RECORDS / "tournament-3-rounds.jsonl")],
    ["standings", str(RECORDS / "torn-tail.jsonl")],
    ["replay", str(RECORDS / "torn-tail.jsonl")],
    ["analyze", str(RECORDS / "errors" / "wrong-turn.jsonl")],
    ["analyze", "--review", str(RECORDS / "tournament-3-rounds.jsonl")],
    ["results", "ERRORS"],  # a copy of the broken records: results keeps a cache beside them
    ["mastermind", "feedback", "RGBX", "RGBY"],
    ["mastermind", "feedback", "RGB", "RGBY"],
], ids=lambda c: "-".join(Path(a).stem for a in c))
def test_the_cli_output_on_sample_records_is_spanish(command, capsys, monkeypatch,
                                                     tmp_path) -> None:
    if "ERRORS" in command:
        shutil.copytree(RECORDS / "errors", tmp_path / "errors")
        command = [str(tmp_path / "errors") if a == "ERRORS" else a for a in command]
    lines = spanish_cli(capsys, monkeypatch, *command)
    assert lines
    assert not leaks(lines)
    if "results" in command:  # the second look reads the cache: still Spanish
        assert spanish_cli(capsys, monkeypatch, *command) == lines


def test_the_standings_table_heads_its_columns_in_spanish(capsys, monkeypatch) -> None:
    lines = spanish_cli(capsys, monkeypatch, "standings",
                        str(RECORDS / "tournament-3-rounds.jsonl"))
    assert any(line.split() == ["puesto", "jugador", "ronda", "1", "ronda", "2", "ronda", "3",
                                "total"] for line in lines), lines


def test_the_club_broker_setup_speaks_spanish(capsys, monkeypatch, tmp_path) -> None:
    lines = spanish_cli(capsys, monkeypatch, "club", "broker-setup", "--club", "cafe",
                        "--tables", "2", "--dir", str(tmp_path / "broker"), "--host", "hub")
    assert any(line.startswith("arranca el hub con: coda-pi hub") for line in lines)
    assert not leaks(lines)


def test_doctor_with_a_broken_config_is_spanish(capsys, monkeypatch, tmp_path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[pins]\nok = 9\nnext = "x"\nprevv = 5\n[screen]\nlanguage = "fr"\n'
                      'width = 100\n[players]\nnames = ["", "Ann\\u0007"]\n[timer]\n'
                      'first_seconds = 1\n[rules]\nbonus = "some"\n[data]\ndirectory = '
                      f'"{tmp_path}"\n[bogus]\n')
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    lines = spanish_cli(capsys, monkeypatch, "doctor", "--config", str(config))
    assert sum("FAIL" in line for line in lines) >= 5  # the config's problems were found
    assert not leaks(lines)


def test_the_first_screen_says_a_broken_record_and_config_in_spanish(tmp_path, monkeypatch,
                                                                       quit_pygame) -> None:
    """A record that cannot be resumed and a config with a mistake, at a Spanish start."""
    shutil.copy(RECORDS / "errors" / "wrong-turn.jsonl",
                tmp_path / "coda-2026-01-02T10-00-00.jsonl")
    config = tmp_path / "config.toml"
    config.write_text('[screen]\nlanguage = "es"\n[timer]\nfirst_seconds = 1\n')
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    with in_language("en"), recording_text() as log:
        loaded, notices = load_config_with_notices(config)  # as `coda-pi run` loads it
        assert notices
        set_language(loaded.screen.language)
        result = run_demo(loaded, headless=True, seed=5, players=2, rounds=1, size=(480, 320),
                          data_dir=tmp_path, record=tmp_path / "coda-2026-01-02T10-00-00.jsonl",
                          notices=notices)
    drawn = {d.text for d in log}
    assert any("registro" in text for text in drawn), drawn  # the set-aside record is told
    assert result.finished
    assert not leaks(drawn)


@pytest.mark.parametrize("pool", ["device", "table"])
def test_a_spanish_demo_game_draws_no_english_sentence(pool: str, quit_pygame) -> None:
    # Every distinct frame of a whole game (the same frames test_demo_readability reads).
    drawn = {d.text for d in drawn_texts("es", (480, 320), seed=3, players=3, pool=pool)}
    assert len(drawn) > 50
    assert not leaks(drawn)


def refusal(event: dict, *, dashes: bool = False) -> str:
    """What the rules say to ``event`` after a two-player deal, Ann to play."""
    from coda_pi.rules.coda import CodaGame
    from coda_pi.rules.coda_events import parse_event
    from coda_pi.rules.errors import RuleError

    game = CodaGame.from_header({"game": "coda", "players": ["Ann", "Ben"], "dashes": dashes})
    for line in ({"event": "round"}, {"event": "deal", "seat": 0, "row": ["D1", "D4", "L7", "L10"]},
                 {"event": "deal", "seat": 1, "row": ["D0", "L3", "D6", "L11"]}):
        game.apply(parse_event(line))
    with pytest.raises(RuleError) as caught:
        game.apply(parse_event(event))
    return caught.value.message


@pytest.mark.parametrize(("language", "labels", "words", "not_words"), [
    ("en", "panels", ["draw a panel"], ["card"]),
    ("en", "cards", ["draw a card"], ["panel"]),
    ("es", "panels", ["roba una ficha"], ["carta", "panel"]),
    ("es", "cards", ["roba una carta"], ["ficha", "panel"]),
])
def test_a_refusal_uses_the_decks_words(language, labels, words, not_words) -> None:
    from coda_pi.i18n import spoken
    from coda_pi.referee.shared.wording import nouns

    message = refusal({"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "0"})
    assert message == "draw a panel before you attack"  # the record's English
    with in_language(language):
        said = spoken(message, nouns(labels))
    assert all(w in said for w in words) and not any(w in said for w in not_words), said


def test_a_panel_named_in_a_refusal_takes_the_cards_labels() -> None:
    from coda_pi.i18n import spoken
    from coda_pi.referee.shared.wording import nouns

    message = refusal({"event": "draw", "seat": 0, "tile": "L11"})
    assert message == "L11 is not in the pool"
    assert spoken(message, nouns("cards")) == "LQ is not in the pool"
    with in_language("es"):
        assert spoken(message, nouns("cards")) == "LQ no está en la reserva"


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rainbow_deck_screens_never_say_panel_or_box(language) -> None:
    import pygame

    from coda_pi.ui.samples import sample_scenes
    from coda_pi.ui.screens import draw_scene

    pygame.font.init()
    with in_language(language):
        scenes = {n: s for n, s in sample_scenes().items()
                  if getattr(s.view, "labels", "") == "cards"}
        assert scenes
        drawn: set[str] = set()
        for scene in scenes.values():
            for size in ((320, 240), (800, 480)):
                with recording_text() as log:
                    draw_scene(pygame.Surface(size), scene)
                drawn |= {d.text for d in log}
    words = " ".join(drawn).lower()
    deck = {"en": ("deck", "card"), "es": ("mazo", "carta")}[language]
    assert all(w in words for w in deck), drawn
    for boxed in ("panel", "box", "ficha", "caja"):
        assert not re.search(rf"\b{boxed}", words), (boxed, drawn)
    assert not leaks(drawn) or language == "en"


@pytest.mark.parametrize(("language", "labels", "said"), [
    ("en", "panels", "Draw a panel before you attack"),
    ("en", "cards", "Draw a card before you attack"),
    ("es", "panels", "Roba una ficha antes de atacar"),
    ("es", "cards", "Roba una carta antes de atacar"),
])
def test_the_referee_says_a_refusal_in_the_tables_language_and_words(language, labels, said):
    """An event the rules refuse reaches the table as the refusal banner (the one path every
    event takes: checked on a copy, refused, nothing written)."""
    from test_referee_flow import deal_all, new_table, start

    from coda_pi.referee.shared.views import BannerKind
    from coda_pi.rules.coda_events import Guess

    table, record = new_table(2, 2, labels=labels)
    start(table)
    deal_all(table)
    written = len(record.lines)
    with in_language(language):
        assert table.referee._commit(Guess(seat=0, target=1, slot=0, value="0")) is False
        banner = table.referee.view().banner
    assert banner is not None and banner.kind is BannerKind.ERROR
    assert banner.text == said
    assert len(record.lines) == written
