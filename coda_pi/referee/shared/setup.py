"""What a new game starts with, before the table changes it in the setup menu."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from coda_pi.i18n import _
from coda_pi.referee.shared.pool_names import DEFAULT_POOL, POOL_MODES

DEFAULT_NAMES: tuple[str, ...] = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")

Labels = Literal["panels", "cards"]
BonusMode = Literal["hidden", "all"]
Pool = str  # who keeps the pool: one of referee/shared/pool_names.py's POOL_NAMES


@dataclass(frozen=True, slots=True)
class SetupDefaults:
    """The setup menu's starting values (normally from the config file)."""

    names: tuple[str, ...] = DEFAULT_NAMES  # one per seat button, four
    players: int = 2  # 2 to 4: seats 1..players play
    dashes: bool = False  # advanced play
    rounds: int = 1  # 1 (one game) or 3 (a tournament)
    timer: bool = True
    first_seconds: int = 60  # the first period of a decision
    extra_seconds: int = 20  # the "20-second rule" after it
    bonus: BonusMode = "hidden"
    first: int = 0  # the seat that starts the first round
    labels: Labels = "panels"
    pool: Pool = "device"
    training: bool = False  # table pool: a held seat button shows the likeliest numbers
    dealer: bool = False  # device pool: a dealer who does not play fetches the panels
    game: str = "coda"  # "mastermind" hands the device to referee/switch.py
    hand_choice: int = 0  # panels dealt to each player; 0: the box's rule (see ``hand``)
    language: str = "en"  # of the screens (coda_pi.i18n); the setup's "Language" sets it

    def __post_init__(self) -> None:
        if len(self.names) < 4:
            names = (*self.names, *DEFAULT_NAMES[len(self.names):])
            object.__setattr__(self, "names", names)
        if not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2 to 4, not {self.players}")
        if not 0 <= self.first < self.players:
            object.__setattr__(self, "first", 0)
        if self.first_seconds < 1 or self.extra_seconds < 1:
            raise ValueError("timer periods must be at least one second")

    @classmethod
    def from_config(cls, config: Any, *, players: int = 2) -> SetupDefaults:
        """From a ``coda_pi.config.Config`` (read by attribute, so the referee needs no
        import of the app's config module)."""
        rules, timer = config.rules, config.timer
        return cls(
            names=tuple(config.players.names),
            players=players,
            dashes=rules.dashes,
            rounds=rules.rounds,
            timer=timer.enabled,
            first_seconds=timer.first_seconds,
            extra_seconds=timer.extra_seconds,
            bonus=rules.bonus,
            labels=rules.labels,
            # Where real panels are used the table shuffles them: entered pool by default.
            pool=getattr(rules, "pool", DEFAULT_POOL),
            dealer=getattr(rules, "dealer", False),
            language=getattr(getattr(config, "screen", None), "language", "en"),
        )

    def with_changes(self, **changes: Any) -> SetupDefaults:
        return replace(self, **changes)

    @property
    def player_names(self) -> tuple[str, ...]:
        """The names of the seats that play, an unnamed seat's in the screen's language
        ("Seat 2", "Puesto 2")."""
        return tuple(seat_name(self.names, seat) for seat in range(self.players))

    @property
    def hand(self) -> int:
        """Panels in a starting row: the table's choice, else the box's rule (4, or 3 with
        four players)."""
        if self.hand_choice:
            return self.hand_choice
        return 3 if self.players == 4 else 4


def options_from_header(options: SetupDefaults, header: Mapping[str, Any]) -> SetupDefaults:
    """The labels and timer a record's header names (when it names them sensibly)."""
    labels = header.get("labels")
    if labels in ("panels", "cards"):
        options = options.with_changes(labels=labels)
    dealer = header.get("dealer")
    if isinstance(dealer, bool):
        options = options.with_changes(dealer=dealer)
    pool = header.get("pool")
    if isinstance(pool, str) and pool in POOL_MODES:
        options = options.with_changes(pool=pool)  # type: ignore[arg-type]
    training = header.get("training")
    if isinstance(training, bool):
        options = options.with_changes(training=training)
    timer = header.get("timer")
    if isinstance(timer, Mapping):
        enabled = timer.get("enabled")
        if isinstance(enabled, bool):
            options = options.with_changes(timer=enabled)
        for key in ("first_seconds", "extra_seconds"):
            value = timer.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
                options = options.with_changes(**{key: value})
    return options


def seat_name(names: tuple[str, ...], seat: int) -> str:
    """``names[seat]``, or "Seat N" in the current language for a seat nobody named."""
    name = names[seat] if seat < len(names) else ""
    if not name.strip() or name == DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]:
        return _("Seat {number}").format(number=seat + 1)
    return name


def unique_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """Names as the record needs them: distinct and not blank."""
    out: list[str] = []
    for seat, name in enumerate(names):
        name = name.strip() or _("Seat {number}").format(number=seat + 1)
        if name in out:
            name = f"{name} ({seat + 1})"
        out.append(name)
    return tuple(out)
