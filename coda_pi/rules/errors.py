"""Errors raised when an event breaks a rule of the game."""

from __future__ import annotations

from coda_pi.rules.sentence import say


class RuleError(ValueError):
    """An event that breaks a rule: the game state is left as it was.

    ``message`` names the rule broken, in words a player understands ("it is Ben's turn");
    it is what a game record's replay reports. ``detail``, when set, says which panels or
    pegs broke it ("D8 cannot stand left of L7") for the screen and the readable summary.
    """

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message if detail is None else f"{message}: {detail}")
        self.message = message
        self.detail = detail


class OrderError(RuleError):
    """A row whose numbered panels do not rise left to right."""

    def __init__(self, detail: str) -> None:
        super().__init__(say("row out of order"), detail)
