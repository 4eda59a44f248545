"""What a turn writes and announces (``CodaScreen.TURN``): a guess judged, a drawn panel
claimed, the event that ends a turn, the time running out, and a round's end. Functions of
the referee as a ``CodaContext``, called by ``turn.TurnState`` (the turn's buttons), by the
pool modes (through ``PoolHost``) and by the guess timer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coda_pi.i18n import _, ngettext
from coda_pi.referee.coda.standings import winners
from coda_pi.referee.shared.labels import order_detail, tile_label, value_label
from coda_pi.referee.shared.public import TurnCursor
from coda_pi.referee.shared.signals import Cue
from coda_pi.referee.shared.views import Banner, BannerKind, GuessView, TurnStep
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import Phase
from coda_pi.rules.coda_events import Guess, Place, Reveal, Stop, Timeout
from coda_pi.rules.tiles import legal_slots
from coda_pi.rules.time_up import SHOW_THE_PLACE
from coda_pi.rules.time_up import time_up as meaning_of_time_up

if TYPE_CHECKING:
    from coda_pi.referee.coda.context import CodaContext


def guess(ref: CodaContext, value: str, correct: bool | None = None) -> None:
    """``correct``: the target's answer, in table-pool play (the device cannot see)."""
    game = ref.game
    cur = ref.cursor
    assert game is not None and cur is not None and game.turn is not None
    assert cur.target is not None and cur.slot is not None
    seat, target, slot = game.turn, cur.target, cur.slot
    labels = ref.options.labels
    if not ref.commit(Guess(seat, target, slot, value, correct)):
        return
    game = ref.game
    assert game is not None
    right = game.rows[target][slot].revealed
    label = value_label(value, labels)
    guess = GuessView(seat, target, slot, label, right)
    who = game.name(target)
    if right:
        ref.cue(Cue.CORRECT)
        say = nouns(labels)
        # Whether the target is now out, its seat on the table says.
        text = say(_("Right! {name}'s {panel} {number} is {label}: knock it down"),
                   name=who, number=slot + 1, label=label)
        ref.say(Banner(text, BannerKind.GOOD))
    else:
        ref.cue(Cue.WRONG)
        ref.say(Banner(nouns(labels)(
            _("Wrong: {name}'s {panel} {number} is not {label}"), name=who,
            number=slot + 1, label=label), BannerKind.BAD))
    if ref.cursor is not None:
        ref.cursor.last_guess = guess
        if right and ref.cursor.step is TurnStep.CONTINUE:
            ref.cursor.knock_down = target
    announce_round_end(ref)


def claim(ref: CodaContext, cur: TurnCursor) -> None:
    game = ref.game
    assert game is not None and game.turn is not None and game.drawn is not None
    seat = game.turn
    row = [s.tile for s in game.rows[seat]]
    slot = cur.claim_slot
    if slot not in legal_slots(row, game.drawn):
        # Private to the player: whether a place fits depends on the hidden panels (with
        # dashes a refusal alone says the drawn panel is no dash), so no sound, no
        # banner, nothing on the public screen; the player's own screen says why.
        inserted = [*row[:slot], game.drawn, *row[slot:]]
        ref.refusal = order_detail(inserted, ref.options.labels)
        ref.redraw()
        return
    face_up = cur.step is TurnStep.CLAIM_FACE_UP
    end_turn(ref, Place(seat, slot) if face_up else Stop(seat, slot))


def end_turn(ref: CodaContext, event: Stop | Place | Reveal) -> None:
    if not ref.commit(event):
        return
    game = ref.game
    assert game is not None
    if isinstance(event, Reveal):
        label = tile_label(game.rows[event.seat][event.slot].tile, ref.options.labels)
        # Built first: the message extractor reads ``say(`` as its own keyword.
        knocked = Banner(
            _("{name} knocked down their {label}").format(name=game.name(event.seat),
                                                         label=label),
            BannerKind.INFO,
        )
        ref.say(knocked)
    if announce_round_end(ref):
        return
    if game.turn is not None:
        ref.cue(Cue.YOUR_TURN)
        text = _("{name}'s turn").format(name=game.name(game.turn))
        if isinstance(event, Reveal) and ref.banner is not None:
            text = f"{ref.banner.text}. {text}"
        ref.say(Banner(text, BannerKind.INFO))


def time_up(ref: CodaContext) -> None:
    """The timer ran out. Before the turn's first guess that is the penalty (the spec's
    ``timeout``); after a right guess the rules ask for no more guesses, so the player
    stops with no penalty and shows where the drawn panel stands, as after any stop
    (rules/time_up.py)."""
    game = ref.game
    ref.timer = None
    if game is None or game.turn is None:
        return
    seat = game.turn
    meaning = meaning_of_time_up(game)
    if meaning == SHOW_THE_PLACE:
        ref.cue(Cue.TIME_UP)
        cur = ref.cursor
        assert cur is not None
        cur.step = TurnStep.CLAIM_HIDDEN
        cur.knock_down = None
        cur.claim_slot = 0
        cur.timed_out = True
        ref.say(Banner(
            f"Time is up: {game.name(seat)} stops. Stand your drawn panel hidden and show "
            "its place", BannerKind.INFO))
        return
    if isinstance(meaning, Stop):
        written = ref.commit(meaning)
        ref.cue(Cue.TIME_UP)
        if written and not announce_round_end(ref):
            game = ref.game
            assert game is not None and game.turn is not None
            ref.say(Banner(f"Time is up: {game.name(seat)} stops. "
                           f"{game.name(game.turn)}'s turn", BannerKind.INFO))
        return
    written = ref.commit(Timeout(seat))
    ref.cue(Cue.TIME_UP)  # the clock's verdict stands even if the record failed
    if not written:
        return
    game = ref.game
    assert game is not None
    say = nouns(ref.options.labels)
    if game.drawn is not None:
        text = say(_("Time is up! {name} stands the drawn {panel} face up"),
                   name=game.name(seat))
    else:
        text = say(_("Time is up! {name} knocks down one of their {panels}"),
                   name=game.name(seat))
    ref.say(Banner(text, BannerKind.BAD))


def announce_round_end(ref: CodaContext) -> bool:
    game = ref.game
    assert game is not None
    if game.phase not in (Phase.ROUND, Phase.FINISHED):
        return False
    winner = game.results[-1].winner
    # A round's end waiting for a look at a contested panel (entered pool): the round's
    # winner is known, the game's is not until the look's correction has scored.
    if game.phase is Phase.FINISHED and not ref.pool.results_wait():
        ref.cue(Cue.TOURNAMENT_WON)
        best = winners(game)
        names = _(" and ").join(game.name(s) for s in best)
        # The header's title already names the round's winner: the news is who won it all.
        if game.settings.rounds == 1:
            text = ngettext("{names} wins the game!", "{names} win the game!", len(best))
        else:
            text = ngettext("{names} wins the tournament!", "{names} win the tournament!",
                            len(best))
        text = text.format(names=names)
        ref.say(Banner(text, BannerKind.GOOD))
    elif game.phase is Phase.ROUND and not ref.pool.results_wait():
        ref.cue(Cue.ROUND_WON)
        # The header's title already names the round's winner: the news is who leads the
        # tournament now, what the table asks next.
        # Short, for the small screens' header, where it stands beside the title.
        best = winners(game)
        if best == (winner,):
            text = _("and leads the tournament")
        elif len(best) == 1:
            text = _("{name} leads the tournament").format(name=game.name(best[0]))
        else:
            text = _("{names} share the lead").format(
                names=_(" and ").join(game.name(s) for s in best))
        ref.say(Banner(text, BannerKind.GOOD))
    else:
        # The round's end waits for a look (entered pool): the totals may still change.
        ref.cue(Cue.ROUND_WON)
        won = Banner(
            _("{name} wins round {number}!").format(name=game.name(winner),
                                                   number=game.round_number),
            BannerKind.GOOD,
        )
        ref.say(won)
    return True
