"""Four phones in a real headless chromium (four browser contexts: four phones with their
own storage) play an entered-pool tournament against the real device loop: each pairs by
its seat's button, enters every panel by one tap, makes its public moves by one tap each
(colour, target, panel, number, go on), one
reloads mid-round and comes back by itself; a fifth asks for a paired seat and never gets
it, a sixth reads a seat's stream without the secret and gets nothing. The record replays
to the scores on the device's screen."""

from __future__ import annotations

import random
import time
from pathlib import Path

from club_browser import Browser, need_chromium
from phone_tabs import PhoneTab
from phones_device import Device, running_device

from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.labels import value_label
from coda_pi.referee.shared.public import public_table
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import FinalView, RoundEndView, SetupView, TurnStep, TurnView
from coda_pi.replay import replay_file
from coda_pi.rules.tiles import Color, Tile, full_set, sorted_row

NAMES = ("Ann", "Ben", "Cy", "Di")


class Table:
    """The real panels on the table (entered pool: the device never deals them)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.pool: list[Tile] = []

    def shuffle(self) -> None:
        self.pool = sorted(full_set(dashes=False), key=str)
        self.rng.shuffle(self.pool)

    def row(self, hand: int) -> list[Tile]:
        taken, self.pool = self.pool[:hand], self.pool[hand:]
        return list(sorted_row(taken))

    def draw(self, dark: bool) -> Tile:
        colour = Color.DARK if dark else Color.LIGHT
        tile = next(t for t in self.pool if t.color is colour)
        self.pool.remove(tile)
        return tile


def _settled(device: Device, phones: list[PhoneTab], before: int) -> None:
    """The tap was done by the loop, and every phone shows the page the loop made after it."""
    device.until(lambda: device.phones.bridge.published > before)
    _synced(device, phones)


def _synced(device: Device, phones: list[PhoneTab]) -> None:
    """Every phone shows the newest page the loop made for it."""
    bridge = device.phones.bridge
    for seat, tab in enumerate(phones):
        device.until(lambda s=seat, t=tab: t.seen() >= bridge._pages.get(s, (0,))[0], 15)


def _tap(device: Device, phones: list[PhoneTab], seat: int, selector: str) -> None:
    _synced(device, phones)
    before = device.phones.bridge.published
    assert phones[seat].click(selector), (seat, selector, phones[seat].js(
        "document.getElementById('main').innerText"))
    _settled(device, phones, before)


def _enter(device: Device, phones: list[PhoneTab], seat: int, tiles: list[Tile]) -> None:
    for tile in tiles:
        _tap(device, phones, seat, f'[data-tile="{tile.color.value}{tile.value}"]')
    if len(tiles) > 1:
        _tap(device, phones, seat, '[data-key="ok"]')


def _turn(device: Device, phones: list[PhoneTab], table: Table, screen: TurnView,
          missed: list[str]) -> None:
    """The player on turn, by taps only: draw, enter the drawn panel, then guess right
    (the test knows every panel) until the round is over."""
    seat = screen.seat
    game = device.app.referee.game
    assert game is not None
    if screen.step is TurnStep.CHOOSE_COLOR:  # one tap: the colour, and it is drawn
        _tap(device, phones, seat, '[data-colour="dark"]' if screen.dark_left
             else '[data-colour="light"]')
    elif screen.step in (TurnStep.TARGET, TurnStep.SLOT, TurnStep.CONTINUE):
        # One tap on the opponent's panel attacked (at CONTINUE: attack again).
        target = next(s for s in range(game.seats) if s != seat and not game.out[s])
        slot = next(i for i, p in enumerate(game.rows[target]) if not p.revealed)
        _tap(device, phones, seat, f'[data-attack="{target}:{slot}"]')
    elif screen.step is TurnStep.VALUE:  # one tap on the number guessed
        assert screen.target is not None and screen.slot is not None
        truth = value_label(game.rows[screen.target][screen.slot].tile.value, "panels")
        if not missed:  # once: a miss, so that a drawn panel is placed by a tap
            truth = next(v for v in screen.values if v != truth)
            missed.append(truth)
        _tap(device, phones, seat, f'[data-guess="{truth}"]')
    else:  # placing the drawn panel: the claim is judged privately; the gaps in turn
        for gap in range(len(game.rows[seat]) + 1):
            _tap(device, phones, seat, f'[data-place="{gap}"]')
            now = device.app.referee.view().screen
            if not (isinstance(now, TurnView) and now.step is screen.step):
                break


@need_chromium
def test_four_phones_play_an_entered_pool_tournament_by_taps(
        tmp_path: Path, phone_browser: Browser) -> None:
    rounds = 3  # a whole tournament, as the device plays it by default
    with running_device(tmp_path, names=NAMES, rounds=rounds) as device:
        browser = phone_browser
        browser.call("Security.setIgnoreCertificateErrors", {"ignore": True})
        url = device.base
        phones = [PhoneTab(browser, url) for _ in NAMES]
        for seat, tab in enumerate(phones):  # pairing: a tap on the phone, then the seat
            device.until(lambda t=tab, s=seat: t.click(f'[data-seat="{s}"]'))
            device.until(lambda t=tab: t.js("!!document.getElementById('pair-code')"))
            code = tab.js("document.getElementById('pair-code').getAttribute('data-code')")
            device.seat(seat)  # the table offers the seat: the question names the code
            device.until(lambda c=code: str(c) in device.question())
            device.press(Button.OK)  # "Seat N to phone 3714?" yes
            device.until(lambda t=tab: t.seen() > 0, 15)
        assert device.phones.bridge.pairings.paired() == frozenset(range(4))

        intruder = PhoneTab(browser, url)
        device.until(lambda: intruder.click('[data-seat="2"]'))
        device.until(lambda: intruder.js("!!document.getElementById('pair-code')"))
        reader = PhoneTab(browser, url)
        device.until(lambda: reader.js("document.readyState") == "complete")
        stolen = reader.js("(function(){var x=new XMLHttpRequest();"
                           "x.open('GET','/api/page?after=0',false);"
                           "x.setRequestHeader('X-Seat','guessed-secret');x.send();"
                           "return [x.status, x.responseText];})()")
        assert stolen == [403, '{"unpaired": true}']

        before = device.phones.bridge.published
        device.press(Button.OK)  # Start
        device.until(lambda: device.phones.bridge.published >= before + 2)
        assert not isinstance(device.app.referee.view().screen, SetupView)
        table = Table(7)
        dealt_round = 0
        reloaded = False
        missed: list[str] = []
        placed = 0
        taps = 0
        for _ in range(3000):
            # The referee's own view: the loop is idle between taps (see _settled).
            screen = device.app.referee.view().screen
            game = device.app.referee.game
            if isinstance(screen, FinalView):
                break
            if isinstance(screen, RoundEndView) or (
                    game is not None and game.round_number == 0):
                before = device.phones.bridge.published
                device.press(Button.OK)  # the next round starts on the device
                device.until(lambda b=before: device.phones.bridge.published >= b + 2)
                _synced(device, phones)
                continue
            if isinstance(screen, EntryWaitView):
                if screen.dark is None:  # a starting row
                    if dealt_round != game.round_number:
                        table.shuffle()
                        dealt_round = game.round_number
                    _enter(device, phones, screen.seat, table.row(screen.hand))
                    taps += screen.hand + 1
                else:
                    _enter(device, phones, screen.seat, [table.draw(screen.dark)])
                    taps += 1
                continue
            if not reloaded and isinstance(screen, TurnView):
                # A phone reloads mid-round and comes back to its seat by itself.
                phones[1].call("Page.reload")
                device.until(lambda: phones[1].seen() > 0, 15)
                assert phones[1].js("document.getElementById('who').textContent") == "Ben"
                reloaded = True
            assert isinstance(screen, TurnView), screen
            placed += screen.step in (TurnStep.CLAIM_FACE_UP, TurnStep.CLAIM_HIDDEN)
            _turn(device, phones, table, screen, missed)
        else:
            raise AssertionError("the tournament did not end")
        final = device.app.referee.view().screen
        assert isinstance(final, FinalView) and not final.ended_early
        assert reloaded and missed and placed
        # Nothing private was ever drawn on the shared screen: no seat button was held.
        assert device.app.errors == []
        # The intruder never got a seat, and never a secret.
        assert device.phones.bridge.pairings.paired() == frozenset(range(4))
        assert intruder.js("window.localStorage.getItem('coda-pi-seat')") is None
        assert intruder.js("!!document.getElementById('pair-code')")
        records = device.app.records
        assert records is not None
        time.sleep(0.1)
        record = next((tmp_path / "data").glob("coda-*.jsonl"))
        replayed = replay_file(record)
        scores = {s.name: s.total for s in final.standings}
        totals = public_table(replayed.game).totals
        assert replayed.error is None
        assert scores == dict(zip(NAMES, totals, strict=True)), (scores, totals)


@need_chromium
def test_a_phone_taken_away_in_the_menu_goes_back_to_choosing_a_seat(
        tmp_path: Path, phone_browser: Browser) -> None:
    """BACK, Phones, the seat, OK on the device: the phone's page says it holds no seat,
    forgets its secret and offers the seats again, by itself."""
    from coda_pi.referee.shared.seat_screens import PhonesView
    from coda_pi.referee.shared.views import MenuView

    with running_device(tmp_path) as device:
        browser = phone_browser
        browser.call("Security.setIgnoreCertificateErrors", {"ignore": True})
        phone = PhoneTab(browser, device.base)
        device.until(lambda: phone.click('[data-seat="0"]'))
        device.until(lambda: phone.js("!!document.getElementById('pair-code')"))
        device.seat(0)
        device.until(lambda: device.question())
        device.press(Button.OK)  # "Seat 1 to phone 3714?" yes
        device.until(lambda: phone.seen() > 0, 15)
        device.press(Button.OK)  # Start
        device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))
        device.press(Button.BACK)
        menu = device.until(lambda: device.app.scene.view.overlay)
        assert isinstance(menu, MenuView)
        for _ in range(menu.items.index("Phones")):
            device.press(Button.NEXT)
        device.press(Button.OK)
        device.until(lambda: isinstance(device.app.scene.view.overlay, PhonesView))
        device.press(Button.OK)  # seat 1's phone is taken away
        device.until(lambda: phone.js("!!document.querySelector('[data-seat=\"0\"]')"), 15)
        assert "no longer holds a seat" in phone.js("document.body.innerText")
        assert phone.js("window.localStorage.getItem('coda-pi-seat')") is None
        assert device.phones.bridge.pairings.paired() == frozenset()


@need_chromium
def test_two_phones_play_a_mastermind_match_by_taps(
        tmp_path: Path, phone_browser: Browser) -> None:
    """Each maker taps a code on their phone, each breaker taps rows on theirs until the
    code is broken, each maker taps the key pegs placed (audit play); the device only
    starts the match and goes from game to game."""
    from phone_screens import click, mastermind_step, press, start_mastermind, synced

    from coda_pi.referee.mastermind.views import MastermindStep
    from coda_pi.rules.mastermind import feedback

    with running_device(tmp_path, names=("Ann", "Ben")) as device:
        browser = phone_browser
        browser.call("Security.setIgnoreCertificateErrors", {"ignore": True})
        tabs = start_mastermind(device, browser, audit=True)
        codes: dict[int, str] = {}
        rows = counted = 0
        for _ in range(200):
            view = device.app.referee.view()
            if isinstance(view.screen, FinalView):
                break
            step = mastermind_step(device)
            screen = view.screen
            synced(device, tabs)
            if step is MastermindStep.SET_CODE:
                codes[screen.game_number] = "RGBY" if screen.game_number == 1 else "KWRB"
                for colour in codes[screen.game_number]:
                    click(device, tabs[screen.maker], f'[data-peg="{colour}"]')
                    synced(device, tabs)
            elif step is MastermindStep.GUESS:
                code = codes[screen.game_number]
                row = code if screen.board else code[::-1]  # one miss, then the code
                for colour in row:
                    click(device, tabs[screen.breaker], f'[data-peg="{colour}"]')
                    synced(device, tabs)
                rows += 1
            elif step is MastermindStep.KEYS:  # two taps: the black count, the white
                keys = feedback(codes[screen.game_number], screen.entry)
                tab = tabs[screen.maker]
                # The page may still be on its way: tap once the counts are there.
                device.until(lambda t=tab, b=keys.black: t.click(f'[data-black="{b}"]'))
                if keys.black < screen.pegs:
                    device.until(lambda t=tab, w=keys.white: t.click(
                        f'[data-white="{w}"]'))
                # Done when the row has its keys (or the game ended) and the loop has
                # published after every intent it took: not while it turns the counts.
                rows_before = len(screen.board)
                device.until(lambda n=rows_before, b=device.phones.bridge: (
                    mastermind_step(device) is not MastermindStep.KEYS
                    or len(device.app.referee.view().screen.board) > n)
                    and b.published >= b.taken)
                counted += 1
            else:
                press(device, Button.OK)  # a game's end, on the device
        else:
            raise AssertionError("the match did not end")
        final = device.app.referee.view().screen
        assert isinstance(final, FinalView) and not final.ended_early
        assert rows == counted == 4 and {s.total for s in final.standings} == {2}
        assert device.app.errors == []
