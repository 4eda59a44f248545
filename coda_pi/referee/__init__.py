"""The table-side application: what the device is doing now, button intents in, events out.

The folders, innermost first (each imports only the ones before it; tests/test_house_arrows.py
holds every arrow to it):

- ``shared/``: what both games and the pool modes build on. ``base`` (button edges, the BACK
  hold for undo, the BACK menu and its questions, the check-write-apply path of every event),
  ``kinds`` (the screens each referee can be on, as enums: ``CodaScreen``,
  ``MastermindKind``), ``views`` (the frozen view models the UI draws), ``signals`` (buttons
  in, cues out), ``ports`` (``Clock``, ``MonotonicClock``, ``FakeClock``, ``Sounder``,
  ``RecordSink``, ``PadSource``), ``timer`` (the guess timer's deadlines), ``overlays`` (the
  BACK menu), ``choice_menu`` and ``name_entry`` (menus built from buttons), ``setup`` (the
  new-game choices), ``pool_names`` (the registry of pool modes by name: a new mode is one
  line there), ``results`` (the past games list), ``public`` (the public table, from
  colours, knocked-down numbers and counts only), ``private`` (one seat's own panels, shown
  while its button is held), ``review`` (the post-game review), ``describe``, ``labels``,
  ``wording`` (words on screen, all through ``coda_pi.i18n``).
- ``pools/``: who keeps Coda's pool. ``mode`` (``PoolMode``, the hooks a mode may answer;
  ``DevicePool``, "device"; ``pool_modes()`` loads the registry; ``PoolHost``, the public
  typed interface a mode is handed, which the Coda referee implements), ``table/`` (the mode
  "table": ``mode``, ``game``, ``views``, ``show``, ``hints``), ``entered/`` (the mode
  "entered", the default with real panels: ``mode``, ``views``, ``fix_check`` (a fix
  checked with its owner only, issue 20); the entry itself is
  ``rules/panel_entry.py``, a later fix ``rules/correction.py``).
- ``mastermind/``: the Mastermind match. ``referee`` (``MastermindReferee``), its screens one
  class each in ``states`` (by ``MastermindKind``), handed a ``context.MatchContext`` (all a
  screen may use of the referee); ``setup``, ``views``, ``entry`` (the cursors),
  ``device_rows`` (the device's rows kept beside the record until the code is known),
  ``board`` (the board, scores and words).
- ``coda/``: the Coda ``Referee`` (``referee``: ``handle``, ``tick``, ``next_deadline``,
  ``view``, ``private_view``, ``leds``, ``take_cues``, ``version``), Mastermind's pattern:
  its screens one ``CodaState`` (``state``) each, listed by ``CodaScreen`` in ``states``
  (``setup`` with ``setup_menu``, ``deal`` with ``deal_colours``, ``turn``, ``standings``:
  the start, a round's end, the final standings, the bonus), handed a
  ``context.CodaContext`` (all a screen may use of the referee: ``PoolHost`` and the
  screens' cursors); ``verdicts`` (what a turn writes and announces), ``menu`` (the BACK
  menu over every screen, mixed into the referee), ``closed_rounds`` (a round whose panels
  were all shown cannot be taken back).
- ``switch``: the referee the app holds, passing every call to Coda's or Mastermind's;
  ``table_referee``: ``TableReferee``, the referee as the loop sees it.

The simulated players of the demo, the benches and the tests live in ``coda_pi/sim/``, which
the device never imports. No pygame and no gpiozero here: the loop (coda_pi/app/) wires the
edges to the referee.
"""
