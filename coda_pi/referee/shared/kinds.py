"""Which screen a referee is on: one enum per game, a docstring per member (python-chess's
``Termination``). The referees derive it from the game and their own cursors; every input
and every view is chosen by it, and pool modes (``pools/mode.py``) are told it."""

from __future__ import annotations

from enum import StrEnum


class CodaScreen(StrEnum):
    """The Coda referee's screens, in the order a game meets them."""

    SETUP = "setup"
    """No game yet: the setup menu (or the past games' results, reached from it)."""
    START = "start"
    """The first round is about to start: OK starts it."""
    DEAL = "deal"
    """A seat is being dealt (device pool) or enters its starting row's colours (table)."""
    TURN = "turn"
    """A player's turn: draw, attack, go on or stop, or place after a miss."""
    BONUS = "bonus"
    """Table-pool play only: the round's winner tells the standing panels for the bonus."""
    ROUND_END = "round_end"
    """A round is over: its points; OK (or the winner's seat button) starts the next."""
    FINAL = "final"
    """The final standings (and, from them, the post-game review)."""


class MastermindKind(StrEnum):
    """The Mastermind referee's screens."""

    SETUP = "setup"
    """No match yet: Coda's setup menu, then Mastermind's own."""
    CODE = "code"
    """The codemaker sets the code behind the shield (a held seat button shows it)."""
    GUESS = "guess"
    """The codebreaker enters a guess."""
    KEYS = "keys"
    """The codemaker enters the key pegs for the last guess (audit mode)."""
    DEVICE_BREAKS = "device_breaks"
    """Solo: the device is the codebreaker and shows its guess."""
    CONTRADICTION = "contradiction"
    """Solo: no code fits the key pegs entered; undo to fix them."""
    GAME_END = "game_end"
    """A game of the match is over (or void): its points, OK for the next."""
    FINAL = "final"
    """The match's final standings."""
