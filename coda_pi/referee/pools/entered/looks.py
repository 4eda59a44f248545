"""A contested panel looked at now that it is shown anyway (issue 31).

An entry that names a panel the table saw fall elsewhere (``claims.contested``) cannot be
shown as entered: the record would name a fallen panel twice. Such a panel can no longer
fall by a guess, so it is taken up when it is shown anyway: knocked down by its player
after a miss with the table empty, a drawn panel stood face up after a miss, or the round's
winner's (an unplaced drawn panel included) at its end. Its player then looks at it and
enters its real number, privately; ``mode.EnteredPool`` writes the correction as "Fix a
panel" does. Which panel is looked at, and when, is public (the panel is being shown); the
number is checked only against the player's own row and what fell.
"""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.i18n import _
from coda_pi.referee.pools.entered.claims import (
    ClaimsGame,
    contested,
    contradicted,
    drawn_contradicted,
)
from coda_pi.referee.shared.labels import tile_name
from coda_pi.referee.shared.public import TurnCursor
from coda_pi.referee.shared.views import TurnStep
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import Phase
from coda_pi.rules.tiles import Color


@dataclass(frozen=True)
class Look:
    """A contested panel whose player enters its real number now: the round's winner's, a
    panel its player knocks down (``knock_down``), or a drawn panel it stands face up after
    a miss. The look is public (the panel is shown); the number is entered privately."""

    seat: int
    slot: int | None  # None: the drawn panel, not placed yet
    knock_down: bool = False  # then knocked down: the table was empty at a miss
    at_round_end: bool = False  # else asked in a turn
    pinned: bool = False  # the table's sight leaves no arrangement fitting without it

    @property
    def in_turn(self) -> bool:
        """A look asked in a turn, which BACK may leave (a round's end, and a panel the
        table's sight pinned, wait for it: the record may not go on past them)."""
        return not (self.at_round_end or self.pinned)


@dataclass(frozen=True)
class Misfit:
    """No arrangement of the unseen panels fits what the table saw after the line just
    written: ``why``, in the engine's words, and the look that settles it, if any."""

    why: str
    look: Look | None  # None: no panel's answers are to blame; the device waits for an undo


def table_misfit(game: ClaimsGame, confirmed: frozenset[tuple[int, int]] = frozenset()
                 ) -> Misfit | None:
    """Whether the line just written leaves no arrangement of the unseen panels fitting
    what the table saw (the spec: the device writes such a line and waits for an undo),
    and if so what the device asks for. Found from what the table has seen alone, so the
    stop, who is asked and which panel are public.

    When one panel's "wrong" answers alone break the fit (``table_fit.pinned_panels``),
    its owner looks at it (``pinned_look``; the look's correction writes the undo). When
    none does, the fit breaks by the rows' order alone: two hidden entries of one panel,
    each closed in by panels its own seat's entry set down (face-up places, right
    guesses, knock-downs). A look would not end that: the table's sight leaves each of
    those panels one number, so a corrected number breaks its own row, which a look
    refuses; the slip was in where panels went, which only an undo takes back. So the
    device waits for an undo, as the table pool does (``Misfit.look`` None)."""
    from coda_pi.rules.table_fit import FittedGame, pinned_panels  # the deduction engine

    seen = game.seen
    if not isinstance(seen, FittedGame) or seen.phase is Phase.FINISHED:
        return None
    why = seen.misfit()
    if why is None:
        return None
    panels = pinned_panels(seen, unfit=True)
    if not panels:
        return Misfit(why, None)
    seat, slot = next((p for p in panels if p not in confirmed), panels[0])
    return Misfit(why, Look(seat, slot, pinned=True))


def pinned_look(game: ClaimsGame, confirmed: frozenset[tuple[int, int]] = frozenset()
                ) -> Look | None:
    """The look the record waits for when the line just written leaves no arrangement of
    the unseen panels fitting what the table saw and one panel's "wrong" answers are to
    blame (``table_misfit``). When several could be the slip, their owners look in seat
    order: the first not ``confirmed`` (looked at since, and found as entered); all
    confirmed, the first again (an entry is wrong)."""
    found = table_misfit(game, confirmed)
    return None if found is None else found.look


def turn_look(game: ClaimsGame, cur: TurnCursor) -> Look | None:
    """The look OK asks for at this step of a turn, if any: the panel chosen to knock down
    with the table empty, or the drawn panel to stand face up, when its entry names a
    panel that fell elsewhere (the record cannot show it as entered)."""
    seat = game.turn
    if seat is None:
        return None
    if cur.step is TurnStep.REVEAL_OWN and cur.reveal_slot is not None \
            and cur.reveal_slot in contradicted(game, seat):
        return Look(seat, cur.reveal_slot, knock_down=True)
    if cur.step is TurnStep.CLAIM_FACE_UP and drawn_contradicted(game, seat):
        return Look(seat, None)
    return None


def look_colour(game: ClaimsGame, look: Look) -> Color:
    """The looked-at panel's colour (public: its back shows it)."""
    if look.slot is None:
        assert game.drawn is not None
        return game.drawn.color
    return game.rows[look.seat][look.slot].tile.color


def contest_note(game: ClaimsGame, seat: int, slot: int | None | str,
                 labels: str) -> str | None:
    """``seat``'s private note on its own claim that the table saw fall elsewhere: at
    ``slot`` (None: the drawn panel; ``"first"``: the first there is), else None. Its own
    claim and a public panel: nothing of another seat's."""
    claims = contested(game, seat)
    if slot == "first":
        if not claims:
            return None
        slot = claims[0]
    if slot not in claims:
        return None
    say = nouns(labels)
    # Short for the smallest screen; what to do then is in docs/playing.md (step 6).
    if slot is None:
        assert game.drawn is not None
        text = say(_("{tile} has fallen, but your entry says the {panel} you drew is "
                     "{tile}: look at it again"), tile=tile_name(game.drawn, labels))
    else:
        assert isinstance(slot, int)
        text = say(_("{tile} has fallen, but your entry says your {panel} {number} is "
                     "{tile}: look at it again"),
                   number=slot + 1, tile=tile_name(game.rows[seat][slot].tile, labels))
    return text[:1].upper() + text[1:]


def pinned_note(look: Look, labels: str) -> str:
    """The owner's private note at a look the table's sight asked for, when its entry
    names no fallen panel (then ``contest_note`` says more): public words, nothing else."""
    say = nouns(labels)
    return say(_("What the table has seen does not fit your entry for your {panel} "
                 "{number}: look at it again"), number=(look.slot or 0) + 1)
