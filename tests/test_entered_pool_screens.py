"""The entered pool's screens as a Spanish table with the Rainbow deck reads them: every
entry and fix text in the table's language and labels (cartas, not fichas), what to press
apart from what is asked, and the public screen saying only who enters what."""

from __future__ import annotations

import random

from coda_pi.i18n import in_language
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView, FixStep, FixView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnView
from coda_pi.rules.panel_entry import keys_to_enter
from coda_pi.rules.tiles import Tile
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

KEY_BUTTON = {"prev": Button.PREV, "next": Button.NEXT, "ok": Button.OK, "back": Button.BACK}
ANN_ROW = [Tile.parse(t) for t in ("D1", "L4", "D7", "L10")]


def _table(labels: str) -> tuple[Referee, Table]:
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), pool="entered", labels=labels,  # type: ignore[arg-type]
                          timer=False, dashes=False)
    ref = Referee(clock=clock, rng=random.Random(3), record=MemoryRecord(), setup=setup)
    table = Table(ref, clock)
    table.tap(Button.OK)  # the setup opens on Start
    return ref, table


def _enter(ref: Referee, table: Table, seat: int, panels: list[Tile]) -> None:
    table.press(Button.for_seat(seat))
    for key in keys_to_enter(ref.pool.entry, panels):  # type: ignore[attr-defined]
        table.tap(KEY_BUTTON[key.value])
    table.release(Button.for_seat(seat))


def test_a_spanish_rainbow_table_enters_its_cards_in_spanish() -> None:
    with in_language("es"):
        ref, table = _table("cards")
        wait = ref.view().screen
        assert isinstance(wait, EntryWaitView)
        assert wait.what == "introduce su fila inicial"
        assert wait.prompt == "Roba 4 cartas, ponlas en pie en orden y mantén el botón 1"
        table.press(Button.for_seat(0))
        private = ref.private_view()
        assert isinstance(private, EntryPrivateView)
        assert private.title == "tus cartas iniciales"
        assert private.question == "Carta 1 de 4: ¿de qué color es?"
        assert private.prompt == "PREV: oscura   NEXT: clara"  # the footer: only the keys
        table.tap(Button.PREV)
        private = ref.private_view()
        assert private.question == "Carta 1 de 4: ¿qué número es?"
        assert private.prompt == "PREV/NEXT: su número   OK: tomarlo   BACK: su color"
        table.release(Button.for_seat(0))
        table.tap(Button.OK)  # nobody holds a button: refused, in a few words
        assert ref.view().banner.text == "Mantén el botón 1 para introducir"


def test_a_row_out_of_order_and_a_clash_are_said_privately_in_spanish() -> None:
    with in_language("es"):
        ref, table = _table("panels")
        _enter(ref, table, 0, [Tile.parse(t) for t in ("L4", "D1", "D7", "L10")])
        table.press(Button.for_seat(0))
        refused = ref.private_view()
        assert refused.message == ("4 clara no puede ir a la izquierda de 1 oscura: BACK para "
                                   "corregir la entrada, o vuelve a ordenar la fila")
        assert refused.prompt == "BACK: corregirla"  # OK would only refuse it again
        table.release(Button.for_seat(0))
        assert "clara" not in repr(ref.view())  # the others see no number and no reason
        # Since issue 31 a row naming a panel another row claims is taken: no sentence.
        ref, table = _table("panels")
        _enter(ref, table, 0, ANN_ROW)
        _enter(ref, table, 1, [Tile.parse(t) for t in ("D0", "L4", "D6", "L11")])
        assert ref.game is not None and all(ref.game.dealt)


def test_the_fix_speaks_spanish_and_says_what_it_changed_once_written() -> None:
    with in_language("es"):
        ref, table = _table("panels")
        _enter(ref, table, 0, ANN_ROW)
        _enter(ref, table, 1, [Tile.parse(t) for t in ("D0", "L3", "D6", "L11")])
        screen = ref.view().screen
        assert isinstance(screen, TurnView) and screen.pool_on_table  # "bocabajo", no box
        if not screen.color_dark:
            table.tap(Button.NEXT)
        table.tap(Button.OK)
        assert ref.view().screen.what == "introduce la ficha robada"
        _enter(ref, table, 0, [Tile.parse("D5")])
        assert ref.view().banner.text == "Ann robó una ficha oscura"
        table.tap(Button.for_seat(1))
        table.tap(Button.NEXT)  # Ben's panel 2
        table.tap(Button.OK)
        table.tap(Button.NEXT, 3)
        table.tap(Button.OK)  # "3": right by the entry; the panel shows a 2
        table.tap(Button.BACK)
        items = ref.view().overlay.items
        table.tap(Button.NEXT, items.index("Corregir una ficha mal introducida"))
        table.tap(Button.OK)
        fix = ref.view().screen
        assert isinstance(fix, FixView) and fix.what == "la ficha 2 de Ben"
        assert fix.prompt == "PREV/NEXT: otra descubierta   OK: esta   BACK: salir"
        table.tap(Button.OK)
        table.tap(Button.PREV)
        table.tap(Button.OK)
        fix = ref.view().screen
        assert fix.step is FixStep.CONFIRM
        assert fix.change == ("Ben: mantén el botón 2 para ver la corrección en tu fila, y OK "
                              "para corregirla")
        table.tap(Button.OK)  # nobody holds Ben's button
        assert ref.view().banner.text == "Mantén el botón 2 y pulsa OK"
        table.press(Button.for_seat(1))
        table.tap(Button.OK)
        table.release(Button.for_seat(1))
        assert ref.view().banner.text == ("Corregido: la ficha 2 de Ben es la 2 clara. El ataque "
                                          "de Ann «la ficha 2 de Ben es 3» era un fallo: Ben, "
                                          "vuelve a ponerla en pie")
