"""A seeded button storm on the device's referee, with power cuts (issue 12).

The referee the device runs (``build_referee``: the game switch, resumed from the data
directory as at a start) is hit by a mix of presses: a simulated table that plays the game
on (so games finish), and random edges of any of the eight buttons, contact chatter, long
holds (BACK held is the undo question), waits that run the guess timer out, and power cuts:
the referee is dropped without closing anything and a new one is built from what is on the
card, as the next start would. After every step:

- the state on the screen is the record's: the game the referee holds replays equal from
  the record file on disk, and every Mastermind row on the board is stored (in the record,
  or beside it while the device breaks a code it does not know yet);
- no public view holds the number of a hidden panel (device-pool Coda).

``storm`` returns the figures; a violation is kept as a sentence, not raised, so the bench
can count them. The suite runs it small and asserts none; ``bench/bench_storm.py`` runs it
large.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coda_pi.app.options import DeviceOptions
from coda_pi.app.records import PENDING_SUFFIX, Records
from coda_pi.app.resume import build_referee
from coda_pi.config import Config, PinConfig
from coda_pi.demo import witness_of
from coda_pi.referee.mastermind.referee import MastermindReferee
from coda_pi.referee.mastermind.views import MastermindPublicView, MastermindStep
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import FinalView, PublicView
from coda_pi.replay import Replay, replay_bytes
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.mastermind import feedback as mastermind_feedback
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.table_pool import TablePoolAutoPlayer, seat_table_pool_players
from coda_pi.sim.testing import FakeClock

MODES = ("device", "table", "mastermind")
BUTTONS = tuple(Button)


@dataclass
class StormFigures:
    mode: str
    steps: int = 0
    presses: int = 0
    games_finished: int = 0
    power_cuts: int = 0
    checks: int = 0
    violations: list[str] = field(default_factory=list)


class Storm:
    def __init__(self, data: Path, mode: str, seed: int) -> None:
        self.data = data
        self.mode = mode
        self.rng = random.Random(seed)
        self.clock = FakeClock()
        self.figures = StormFigures(mode)
        self.held: set[Button] = set()
        self.secret: str | None = None  # the code the Mastermind table set last
        self._configured: Any = None
        # The last record replayed, by its bytes: most steps write nothing, and replaying
        # an unchanged record again would find the same game (the check stays per step).
        self._replayed: tuple[Path, bytes, Replay] | None = None
        self._start(resume=False)

    # -- the device, started and cut off ----------------------------------------------------

    def _start(self, *, resume: bool) -> None:
        setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"), players=3, rounds=1,
                              pool="table" if self.mode == "table" else "device",
                              game="mastermind" if self.mode == "mastermind" else "coda")
        options = DeviceOptions(config=Config(data_dir=self.data,
                                              pins=PinConfig(gpio_enabled=False)),
                                gpio=False, sound=False, resume=resume, setup=setup)
        self.records = Records(self.data)
        self.referee: Any = build_referee(options, clock=self.clock,
                                          rng=random.Random(self.rng.random()),
                                          records=self.records, explain=lambda text: None)
        self.held = set()
        self.stray: set[Button] = set()  # held by the storm's random edges, not the table
        self.player: Any = (TablePoolAutoPlayer(random.Random(self.rng.random()))
                            if self.mode == "table" else AutoPlayer(
                                random.Random(self.rng.random())))
        if self.mode == "table" and resume:
            self._reseat(self.referee.view())

    def _reseat(self, view: Any) -> None:
        """Table pool: the simulated players' real panels, as the record allows them."""
        path = self._record()
        witness = witness_of(path) if path is not None else None
        if self.mode == "table" and witness is not None and isinstance(view, PublicView):
            self.player = TablePoolAutoPlayer(random.Random(self.rng.random()))
            seat_table_pool_players(self.player, witness,
                                    view.table.round_number if view.table else 0, self.rng)

    def _power_cut(self) -> None:
        # Nothing is closed or flushed: what is on the card is all the next start has.
        self.figures.power_cuts += 1
        self._start(resume=True)

    def _record(self) -> Path | None:
        files = sorted(self.data.glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns)
        return files[-1] if files else None

    # -- the storm ----------------------------------------------------------------------------

    def run(self, steps: int) -> StormFigures:
        for _ in range(steps):
            self.step()
        return self.figures

    def step(self) -> None:
        self.figures.steps += 1
        roll = self.rng.random()
        if roll < 0.01:
            self._power_cut()
        elif roll < 0.03:
            self._wait(self.rng.uniform(1, 120))
        elif roll < 0.05:
            self._hold(self.rng.choice(BUTTONS), self.rng.uniform(0.5, 3.0))
        elif roll < 0.08:
            self._chatter(self.rng.choice(BUTTONS))
        elif roll < 0.15:
            self._edge(self.rng.choice(BUTTONS))
        else:
            self._play()
        self._check()

    def _send(self, intent: Any) -> None:
        if isinstance(intent, Press):
            if intent.button in self.held:
                return  # a button already down cannot go down again
            self.held.add(intent.button)
            self.figures.presses += 1
        elif isinstance(intent, Release):
            if intent.button not in self.held:
                return
            self.held.discard(intent.button)
        was_final = isinstance(self.referee.view().screen, FinalView)
        self.referee.handle(intent)
        self.referee.take_cues()
        if not was_final and isinstance(self.referee.view().screen, FinalView):
            self.figures.games_finished += 1
        self.clock.advance(0.05)

    def _edge(self, button: Button) -> None:
        if button in self.held:
            self._send(Release(button))
            self.stray.discard(button)
        else:
            self._send(Press(button))
            self.stray.add(button)

    def _chatter(self, button: Button) -> None:
        # A bouncing contact: several edges within a few milliseconds, ending down or up.
        for _ in range(self.rng.randrange(2, 6)):
            self._edge(button)

    def _hold(self, button: Button, seconds: float) -> None:
        self._send(Press(button))
        self._wait(seconds)
        self._send(Release(button))

    def _wait(self, seconds: float) -> None:
        end = self.clock.monotonic() + seconds
        while True:
            deadline = self.referee.next_deadline()
            if deadline is None or deadline > end:
                break
            self.clock.advance_to(deadline)
            self.referee.tick()
            self.referee.take_cues()
        self.clock.advance_to(end)

    def _play(self) -> None:
        for button in list(self.stray):  # the table lets go of what the storm held
            self._send(Release(button))
        self.stray.clear()
        self._configure_mastermind()
        view = self.referee.view()
        if isinstance(view, MastermindPublicView):
            self._play_mastermind(view)
            return
        if not isinstance(view, PublicView):
            self._edge(self.rng.choice((Button.OK, Button.NEXT, Button.PREV)))
            return
        try:
            intents = self.player.decide(view, self.referee.private_view())
        except Exception:  # noqa: BLE001 - the simulated table, not the device, lost track
            # The storm's own presses moved the game where the simulated table did not
            # expect (a panel drawn it never took): it takes its panels from the record.
            self._reseat(view)
            intents = []
        for intent in intents or [Press(Button.OK), Release(Button.OK)]:
            self._send(intent)
            if isinstance(intent, Release) and self.rng.random() < 0.3:
                self._wait(self.rng.uniform(0.1, 2.0))

    def _play_mastermind(self, view: MastermindPublicView) -> None:
        """A Mastermind table: a new match in a random mode (solo mostly, where the device
        breaks the code and must store rows it cannot yet write), the code set with the
        maker's button held, rows entered, and the device's rows answered truly."""
        screen = view.screen
        step = getattr(screen, "step", None)
        if step is MastermindStep.SET_CODE:
            maker = Button.for_seat(getattr(screen, "maker", 0))
            self._send(Press(maker))
            for _ in range(getattr(screen, "pegs", 4)):
                if self.rng.random() < 0.5:
                    self._tap(Button.NEXT)
                self._tap(Button.OK)
            private = self.referee.private_view()
            self.secret = getattr(private, "code", None) or self.secret
            self._send(Release(maker))
        elif step is MastermindStep.KEYS and getattr(screen, "device_guess", None):
            fb = mastermind_feedback(self.secret or "BBBB", screen.device_guess)
            for field_, want in ((0, fb.black), (1, fb.white)):
                if field_ == 1 and fb.black == screen.pegs:
                    break
                for _ in range(6):
                    shown = self.referee.view().screen
                    if getattr(shown, "key_entry", (None, None))[field_] == want:
                        break
                    self._tap(Button.NEXT)
                self._tap(Button.OK)
        else:
            self._tap(self.rng.choice((Button.OK, Button.OK, Button.NEXT)))

    def _configure_mastermind(self) -> None:
        """Each new match in a random mode, solo mostly (the table's setup menu presses are
        the storm's; the mode is set here so that every mode is played)."""
        current = getattr(self.referee, "current", None)
        if not isinstance(current, MastermindReferee) or current.game is not None:
            self._configured = None
            return
        if self._configured is current:
            return
        self._configured = current
        setup = current._setup
        setup.choices = dataclasses.replace(
            setup.choices, games=1, first=self.rng.randrange(2),
            mode=self.rng.choice(("solo", "solo", "scores", "audit")))

    def _tap(self, button: Button) -> None:
        self._send(Press(button))
        self._send(Release(button))

    # -- what must hold after every step ------------------------------------------------------

    def _violation(self, text: str) -> None:
        self.figures.violations.append(f"{self.mode} step {self.figures.steps}: {text}")

    def _check(self) -> None:
        self.figures.checks += 1
        journal = getattr(self.referee, "journal", None)
        path = self._record()
        view = self.referee.view()
        if journal is not None:
            if path is None:
                self._violation("a game is on the screen with no record on the card")
                return
            replay = self._replay(path)
            if replay.error is not None or replay.journal is None:
                self._violation(f"the record does not replay: {replay.error}")
                return
            held, stored = journal.game.summary(), replay.summary()
            stored.pop("error", None)
            held.pop("error", None)
            if held != stored:
                self._violation(f"the screen's game is not the record's: {held} != {stored}")
            if isinstance(view, MastermindPublicView):
                self._check_board(view, replay, path)
        if isinstance(view, PublicView) and self.mode == "device":
            game = journal.game if journal is not None else None
            self._check_private(view, game if isinstance(game, CodaGame) else None)

    def _replay(self, path: Path) -> Replay:
        """What the record on the card replays to now."""
        data = path.read_bytes()
        if self._replayed is None or self._replayed[:2] != (path, data):
            self._replayed = (path, data, replay_bytes(data))
        return self._replayed[2]

    def _check_board(self, view: MastermindPublicView, replay: Any, path: Path) -> None:
        board = getattr(view.screen, "board", None)
        if board is None or view.screen.step is MastermindStep.GAME_END:
            return  # the end of a game shows its rows, which the record holds as a result
        match = replay.journal.game
        stored = [r.guess for r in match.rows] if match.code is not None else []
        pending = path.with_name(path.name + PENDING_SUFFIX)
        if pending.exists():
            stored += [r["code"] for r in json.loads(pending.read_text())["device_rows"]]
        shown = [r.guess for r in board]
        if shown != stored[: len(shown)] or len(shown) != len(stored):
            self._violation(f"rows shown {shown} are not the rows stored {stored}")

    def _check_private(self, view: PublicView, game: CodaGame | None) -> None:
        from tests.test_referee_privacy import check_public

        try:
            check_public(view, game)
        except AssertionError as err:
            self._violation(f"a public view names a hidden panel: {err}")


def storm(data: Path, mode: str, seed: int, steps: int) -> StormFigures:
    return Storm(data, mode, seed).run(steps)
