"""A seat's phone page made the quick way is the page made the slow way.

``plain`` converts by a conversion looked up once per type, and ``seat_page`` keeps the
page's words per language and the public part of the last public view: a stale or wrong
entry there would put another moment's table, or another language's words, on a phone.
Here the quick ``plain`` is compared with the type-by-type original over generated values,
and pages made with everything kept are compared with pages made with nothing kept, at
every moment of random games, in both languages.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.i18n import in_language
from coda_pi.phones import seat_views
from coda_pi.phones.seat_views import plain, seat_page
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.table_pool import TablePoolAutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table


def reference_plain(value: Any) -> Any:
    """``plain`` as it was before it kept a conversion per type (main at 1644bec)."""
    if type(value) in (str, int, float, bool, type(None)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: reference_plain(getattr(value, f.name))
               for f in dataclasses.fields(value)}
        out["kind"] = type(value).__name__
        return out
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [reference_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(reference_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): reference_plain(v) for k, v in value.items()}
    return value


class Shade(Enum):
    DARK = "dark"
    LIGHT = 1


class Word(StrEnum):  # a str enum: its value, not itself
    YES = "yes"


@dataclass(frozen=True)
class Leaf:
    name: str
    shade: Shade


@dataclass(frozen=True)
class Node:
    items: tuple[Any, ...]
    extra: Any = None


scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=4),
                    st.floats(allow_nan=False), st.sampled_from(list(Shade)),
                    st.just(Word.YES))
values = st.recursive(
    st.one_of(scalars, st.builds(Leaf, st.text(max_size=3), st.sampled_from(list(Shade)))),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.frozensets(st.integers(-5, 5), max_size=4),
        st.sets(st.text(max_size=2), max_size=3),
        st.dictionaries(st.one_of(st.integers(), st.text(max_size=2)), inner, max_size=3),
        st.builds(Node, st.lists(inner, max_size=3).map(tuple), inner),
    ),
    max_leaves=20,
)


@given(values)
@settings(max_examples=300, deadline=None)
def test_plain_converts_every_value_as_the_type_by_type_original(value: Any) -> None:
    assert plain(value) == reference_plain(value)
    assert plain(value) == reference_plain(value)  # the conversions kept give it again


def _forget() -> None:
    """Nothing kept: the next page is made from scratch."""
    seat_views._WORDS.clear()
    seat_views._PUBLIC.clear()
    seat_views._TABLES.clear()


def _pages_cold(referee: Referee, public: Any) -> list[dict[str, Any]]:
    pages = []
    for seat in range(referee.game.seats if referee.game is not None else 0):
        _forget()
        pages.append(seat_page(referee, seat, public))
    return pages


@given(st.integers(0, 2**16), st.sampled_from(["device", "table"]), st.integers(2, 4),
       st.booleans(), st.sampled_from(["en", "es"]))
@settings(max_examples=4, deadline=None)
def test_pages_made_with_what_is_kept_are_the_pages_made_from_scratch(
        seed: int, pool: str, players: int, dashes: bool, lang: str) -> None:
    setup = SetupDefaults(names=("Ann", "Ben", "Cy", "Di"), players=players, dashes=dashes,
                          rounds=1, pool=pool, timer=False)
    clock = FakeClock()
    referee = Referee(clock=clock, rng=random.Random(seed), record=MemoryRecord(), setup=setup)
    table = Table(referee, clock)
    rng = random.Random(seed + 1)
    player: Any = AutoPlayer(rng) if pool == "device" else TablePoolAutoPlayer(rng)
    moments = 0
    previous = None
    with in_language(lang):
        for _ in range(120):
            public = referee.view()
            if referee.game is not None:
                seats = range(referee.game.seats)
                # warm, with what the last moment kept; then from scratch; then warm again
                # with the same view, and with a fresh view (equal, not the same object)
                warm = [seat_page(referee, seat, public) for seat in seats]
                cold = _pages_cold(referee, public)
                assert warm == cold
                assert [seat_page(referee, seat) for seat in seats] == cold
                if previous is not None:  # two views in turn, as the twin worlds' pages are
                    warm = [seat_page(referee, seat, previous) for seat in seats]
                    assert warm == _pages_cold(referee, previous)
                    assert [seat_page(referee, seat, public) for seat in seats] == cold
                previous = public
                assert all(page["lang"] == lang for page in cold)
                moments += 1
            if isinstance(public.screen, FinalView):
                break
            intents = player.decide(public, referee.private_view())
            if not intents:
                break
            for intent in intents:
                table.send(intent)
    assert moments > 10


def test_a_page_s_parts_are_its_own_to_change() -> None:
    """Two pages of one moment are equal, and changing one's top level leaves the other."""
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1, pool="device",
                          timer=False)
    referee = Referee(clock=clock, rng=random.Random(3), record=MemoryRecord(), setup=setup)
    table = Table(referee, clock)
    player = AutoPlayer(random.Random(4))
    while referee.game is None:
        for intent in player.decide(referee.view(), referee.private_view()):
            table.send(intent)
    public = referee.view()
    first, second = seat_page(referee, 0, public), seat_page(referee, 0, public)
    assert first == second
    first["public"]["title"] = "changed"
    first["words"]["choose"] = "changed"
    third = seat_page(referee, 0, public)
    assert third == second and third["public"]["title"] != "changed"
    assert third["words"]["choose"] != "changed"


def test_the_same_view_s_page_in_another_language_is_in_that_language() -> None:
    """Setup changes the language between two pages of one view: the second page's words
    are Spanish, and it is the page made from scratch in Spanish."""
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1, pool="device",
                          timer=False)
    referee = Referee(clock=clock, rng=random.Random(5), record=MemoryRecord(), setup=setup)
    table = Table(referee, clock)
    player = AutoPlayer(random.Random(6))
    while referee.game is None or referee.game.round_number == 0:
        for intent in player.decide(referee.view(), referee.private_view()):
            table.send(intent)
    with in_language("es"):
        public = referee.view()  # its title and screen are Spanish
    with in_language("en"):
        english = seat_page(referee, 0, public)
    with in_language("es"):
        spanish = seat_page(referee, 0, public)
        _forget()
        assert spanish == seat_page(referee, 0, public)
    assert spanish["words"] != english["words"]
    assert spanish["words"]["choose"] != english["words"]["choose"]
