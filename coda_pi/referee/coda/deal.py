"""Dealing (``CodaScreen.DEAL``) in device-pool play: seat by seat, the row the device
dealt is shown only while that seat holds its button; a seat dealt a dash stands it where
it likes (PREV/NEXT while held), then OK writes the row. Mixed into the Coda ``Referee``.
The row is chosen once, when the seat's turn to be dealt comes, not while drawing."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from coda_pi.i18n import _
from coda_pi.referee.coda import deal_colours
from coda_pi.referee.coda.parts import CodaParts
from coda_pi.referee.shared import private
from coda_pi.referee.shared.public import PublicTable
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import Banner, BannerKind, DealView, LedState, PrivateView, Screen
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import Deal
from coda_pi.rules.dealer import Dealer, place_dash
from coda_pi.rules.tiles import Color, Tile


class DealScreen(CodaParts):
    """The deal's cursors and buttons; the referee supplies the game and the commit path
    (declared here for the type checker only)."""

    _rng: random.Random
    _dealer: Dealer
    _pending_deals: dict[int, tuple[Tile, ...]]
    _dash_index: int
    _peeked: set[int]

    if TYPE_CHECKING:
        def _private_seat(self) -> int | None: ...

    def _deal_seat(self) -> int | None:
        game = self.game
        if game is None or game.phase is not Phase.DEAL:
            return None
        for step in range(game.seats):
            seat = (game.first + step) % game.seats
            if not game.dealt[seat]:
                return seat
        return None

    def _pending_row(self, seat: int) -> tuple[Tile, ...]:
        game = self.game
        assert game is not None
        row = self._pending_deals.get(seat)
        if row is None or not all(t in game.unseen for t in row):
            row = self._dealer.deal_row(game, seat).row
            self._pending_deals[seat] = row
            self._dash_index = 0
        return row

    def _colour_dial(self, game: CodaGame, seat: int) -> deal_colours.ColourDial:
        dials = deal_colours.dials_of(self)
        return dials.setdefault((game.round_number, seat), deal_colours.dial_for(game))

    def _colour_nav(self, game: CodaGame, seat: int, button: Button) -> None:
        """The colours of ``seat``'s starting panels: PREV/NEXT turn, OK deals the row."""
        if button in (Button.PREV, Button.NEXT):
            if self._private_seat() != seat:
                self._refuse(nouns(self._options.labels)(
                    _("{name}: hold your seat button to see your {panels}"),
                    name=game.name(seat)))
                return
            self._colour_dial(game, seat).turn(-1 if button is Button.PREV else 1)
        elif button is Button.OK:
            if seat not in self._peeked:
                self._refuse(nouns(self._options.labels)(
                    _("{name}: hold your seat button to see your {panels} first"),
                    name=game.name(seat)))
                return
            dark = self._colour_dial(game, seat).dark
            self._pending_deals[seat] = deal_colours.mixed_row(self._dealer, game, seat,
                                                               dark).row
            self._dash_index = 0
            if self._private_seat() != seat:
                self._peeked.discard(seat)  # the row itself must be seen before it is written

    def _dash_at(self, row: tuple[Tile, ...]) -> int | None:
        # With dashes in play every seat places "its dark dash", then "its light dash",
        # whether its row holds them or not (see ``_deal_nav``).
        colour = Color.DARK if self._dash_index == 0 else Color.LIGHT
        dash = next((t for t in row if t.dash and t.color is colour), None)
        return None if dash is None else row.index(dash)

    def _enter_deal(self, game: CodaGame) -> None:
        self._peeked = {s for s in self._peeked if not game.dealt[s]}
        self._timer = None
        # The row is dealt when the seat has chosen its colours (deal_colours.py), not
        # while drawing a screen; a row taken back by an undo is kept as it was.

    def _deal_view(self, table: PublicTable) -> Screen:
        seat = self._deal_seat()
        assert seat is not None
        name = table.players[seat]
        # Whether this seat got a dash is its secret: the public screen only says that
        # dashes are in play, so a seat with one places it (PREV/NEXT while held). The held
        # seat's own screen says what to take and where the dash goes.
        return DealView(
            seat=seat,
            name=name,
            dealt=table.dealt,
            has_dash=table.dashes,
            hand=table.hand,
            prompt=nouns(self._options.labels)(
                _("{name}: hold seat button {number} to see your {panels}, then OK"),
                name=name, number=seat + 1),
        )

    def _deal_private(self, game: CodaGame, seat: int) -> PrivateView:
        if seat not in self._pending_deals:  # first the colours, privately (issue 24)
            return deal_colours.colour_view(seat, game.name(seat), self._colour_dial(game, seat),
                                            self._options.labels)
        row = self._pending_row(seat)
        stage = (self._dash_index, 2) if game.settings.dashes else None
        return private.deal_view(seat, game.name(seat), row, self._dash_at(row),
                                 self._options.labels, stage=stage,
                                 dealer=self._options.dealer)

    def _deal_seat_pressed(self, seat: int) -> None:
        if seat == self._deal_seat():
            self._peeked.add(seat)

    def _deal_leds(self, states: list[LedState]) -> None:
        seat = self._deal_seat()
        if seat is not None:
            states[seat] = LedState.BLINK

    def _deal_nav(self, button: Button) -> None:
        step = -1 if button is Button.PREV else 1
        seat = self._deal_seat()
        assert seat is not None
        game = self.game
        assert game is not None
        if seat not in self._pending_deals:
            self._colour_nav(game, seat, button)
            return
        row = self._pending_row(seat)
        dash_at = self._dash_at(row)
        if button in (Button.PREV, Button.NEXT):
            if self._private_seat() != seat:
                # The same answer with or without a dash: the screen must not tell which.
                self._refuse(nouns(self._options.labels)(
                    _("{name}: hold your seat button to see your {panels}"), name=game.name(seat)))
                return
            if dash_at is None:
                return
            dash = row[dash_at]
            where = (dash_at + step) % len(row)
            self._pending_deals[seat] = place_dash(row, dash, where)
            return
        if button is not Button.OK:
            return
        if seat not in self._peeked:
            self._refuse(nouns(self._options.labels)(
                _("{name}: hold your seat button to see your {panels} first"),
                name=game.name(seat)))
            return
        # Two steps (the dark dash, the light dash) for every seat when dashes are in play:
        # a second OK only for the seat holding both would tell the table who holds them.
        if game.settings.dashes and self._dash_index < 1:
            self._dash_index += 1
            return
        if self._commit(Deal(seat, row)):
            self._dash_index = 0
            self._pending_deals.pop(seat, None)
            if game.phase is not Phase.DEAL and game.turn is not None:
                self._cue(Cue.YOUR_TURN)
                self._banner = Banner(_("{name} starts").format(name=game.name(game.turn)),
                                      BannerKind.INFO)
