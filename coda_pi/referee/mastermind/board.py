"""What the Mastermind screens show of a match beside the running row: the board of a game
that ended, the score lines, the standings and the words for events and key pegs.

Read from the match and its journal only; every sentence through ``coda_pi.i18n``.
"""

from __future__ import annotations

from coda_pi.i18n import _, ngettext
from coda_pi.record import Journal
from coda_pi.referee.mastermind.views import BoardRow, GameLine
from coda_pi.referee.shared.views import StandingView
from coda_pi.rules.mastermind import GameResult, MastermindMatch, feedback
from coda_pi.rules.mastermind_events import MastermindEvent, PlaceRow, SetCode, parse_event


def key_words(black: object, white: object) -> str:
    return _("{black} black, {white} white").format(black=black, white=white)


def describe(event: MastermindEvent, names: tuple[str, str]) -> str:
    """An event as the undo question names it."""
    if isinstance(event, SetCode):
        # Not the screen's subtitle "{name}'s code": inside a sentence ("Take back ...?").
        return _("the code {name} set").format(name=names[event.maker])
    text = _("the row {code}").format(code=event.code)
    if event.keys is not None:
        text += " (" + key_words(event.keys.black, event.keys.white) + ")"
    return text


def events_of(journal: Journal[MastermindMatch]) -> list[MastermindEvent]:
    """The journal's events in force, typed (every one was accepted when it was applied)."""
    header = journal.game.header
    return [parse_event(line, header.pegs, header.blanks) for line in journal.events]


def last_code(events: list[MastermindEvent]) -> str | None:
    """The code of the latest game that has one: after its end, the code it hid."""
    return next((e.code for e in reversed(events) if isinstance(e, SetCode)), None)


def ended_board(events: list[MastermindEvent], result: GameResult) -> list[BoardRow]:
    """The rows of the game that just ended, from the record's events (the match keeps
    only the running game's rows); a row whose placed key pegs were wrong says so."""
    rows: list[BoardRow] = []
    code: str | None = None
    for event in events:
        if isinstance(event, SetCode):
            code, rows = event.code, []
        elif isinstance(event, PlaceRow) and code is not None:
            truth = feedback(code, event.code)
            placed = None if event.keys is None else (event.keys.black, event.keys.white)
            wrong = placed is not None and placed != (truth.black, truth.white)
            rows.append(BoardRow(event.code, truth.black, truth.white, wrong,
                                 placed if wrong else None))
    return rows[: result.rows]


def game_end_message(result: GameResult, board: list[BoardRow], names: tuple[str, str]) -> str:
    """Why the game ended and who scored."""
    maker, breaker = names[result.maker], names[result.breaker]
    if result.void:
        last = board[-1] if board else None
        truth = key_words(last.black, last.white) if last else ""
        return _("Wrong key pegs on row {row}: the truth was {truth}. Game void: 3 "
                 "points to {breaker}; {maker} sets a new code").format(
            row=result.rows, truth=truth, breaker=breaker, maker=maker)
    points = result.points[result.maker]
    if result.broken:
        return ngettext("{breaker} broke the code in {count} row: {points} to {maker}",
                        "{breaker} broke the code in {count} rows: {points} to {maker}",
                        result.rows).format(breaker=breaker, count=result.rows,
                                            points=points, maker=maker)
    return _("The code survived all {count} rows: {points} points to {maker}").format(
        count=result.rows, points=points, maker=maker)


def game_lines(match: MastermindMatch) -> tuple[GameLine, ...]:
    """One line per ended game for the score table; a void game keeps the next's number."""
    lines = []
    number = 1
    for result in match.results:
        lines.append(GameLine(number, result.maker, result.rows, result.broken, result.void,
                              result.points))
        if not result.void:
            number += 1
    return tuple(lines)


def winners(match: MastermindMatch | None) -> tuple[int, ...]:
    if match is None:
        return ()
    totals = match.totals
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


def standings(match: MastermindMatch) -> tuple[StandingView, ...]:
    """The seats best first, with their points per game."""
    totals = match.totals
    per_game: list[list[int]] = [[], []]
    for result in match.results:
        for seat in (0, 1):
            per_game[seat].append(result.points[seat])
    out = []
    for seat in sorted((0, 1), key=lambda s: -totals[s]):
        rank = 1 + sum(1 for t in totals if t > totals[seat])
        out.append(StandingView(rank, seat, match.players[seat], totals[seat],
                                tuple(per_game[seat])))
    return tuple(out)


def capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]
