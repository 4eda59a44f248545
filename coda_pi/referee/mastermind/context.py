"""``MatchContext``: what a Mastermind screen (``states``) is handed, and all it may use of
the referee: the match, the cursors, and the few steps it may take. The referee
(``referee.MastermindReferee``) implements it; a screen never sees more, and this module
names the referee nowhere, so the screens and the referee import no circle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from coda_pi.record import Journal
    from coda_pi.referee.mastermind.entry import KeyEntry, PegEntry
    from coda_pi.referee.mastermind.setup import MastermindOptions, MastermindSetupMenu
    from coda_pi.referee.mastermind.views import BoardRow
    from coda_pi.referee.shared.signals import Cue
    from coda_pi.rules.dealer import Shuffle
    from coda_pi.rules.mastermind import Feedback, MastermindMatch
    from coda_pi.rules.mastermind_deduction import Contradiction
    from coda_pi.rules.mastermind_events import MastermindEvent, PlaceRow


class MatchContext(Protocol):
    """The referee as a Mastermind screen sees it."""

    # The match and the choices it started with.
    options: MastermindOptions
    shuffle: Shuffle

    @property
    def match(self) -> MastermindMatch: ...

    @property
    def journal(self) -> Journal[MastermindMatch] | None: ...

    @property
    def setup_menu(self) -> MastermindSetupMenu: ...

    @property
    def can_start_again(self) -> bool: ...

    # The cursors: none of them is game truth.
    entry: PegEntry
    key_entry: KeyEntry
    code_started: bool
    pending_guess: str | None
    contradiction: Contradiction | None
    seen_results: int

    def maker(self) -> int: ...

    def palette(self) -> str: ...

    def private_seat(self) -> int | None: ...

    def board(self) -> tuple[BoardRow, ...]: ...

    def common(self) -> dict[str, Any]: ...

    def device_guess(self) -> str | None: ...

    def hint(self) -> int | None: ...

    # What a screen may do: say, sound, write an event, move the match on.
    def say(self, text: str) -> None: ...

    def cue(self, cue: Cue) -> None: ...

    def refuse(self, text: str) -> None: ...

    def commit(self, event: MastermindEvent) -> bool: ...

    def play_row(self, row: PlaceRow) -> None: ...

    def answer_device(self, keys: Feedback) -> None: ...

    def take_back_device_row(self) -> None: ...

    def switch_to_coda(self) -> None: ...

    def turn_phones_on(self) -> bool: ...

    def start(self) -> None: ...

    def new_match(self) -> None: ...

    def enter_phase(self) -> None: ...
