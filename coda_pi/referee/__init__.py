"""The table-side application: what the device is doing now, button intents in, events out.

- ``base``: what both games' referees share: button edges, the BACK hold for undo, the BACK
  menu and its questions (undo, end, quit), and the check-write-apply path of every event.
- ``kinds``: the screens each referee can be on, as enums (``CodaScreen``,
  ``MastermindKind``).
- ``referee``: the Coda ``Referee`` itself (``handle``, ``tick``, ``next_deadline``,
  ``view``, ``private_view``, ``leds``, ``take_cues``, ``version``): the cursors, and
  ``SCREENS``, one ``ScreenState`` per ``CodaScreen`` (its view, buttons, LEDs, acting seat
  and private view). Each screen's methods live in a module mixed into the referee:
  ``coda_setup`` (the setup menu, starting a game), ``coda_deal`` (device-pool dealing),
  ``coda_turn`` (the turn: one handler per turn step) with ``coda_verdicts`` (what a turn
  writes and announces), ``coda_standings`` (start, round end, final standings and
  review); ``coda_menu``: Coda's menu items, undo and the guess timer's pauses;
  ``coda_host``: ``RefereeHost``, the referee as a pool mode sees it; ``coda_parts``:
  what those modules take from the rest of the referee, declared once.
- ``pools``: who keeps the pool, as variants of the Coda referee: ``PoolMode`` (the hooks,
  answered as device-pool play does), ``DevicePool``, ``pool_modes()`` (loaded from the
  registry of names, ``pool_names.POOL_MODES``: a new mode is its module and one line
  there), and ``PoolHost``, all a mode may ask of the referee. ``table_pool`` is the mode "table"
  (``table_pool_game``, ``table_pool_views``, ``table_pool_show`` builds them,
  ``table_pool_hints`` the training hints; ``table_pool_hands`` and
  ``table_pool_autoplay`` play it in tests and the demo). ``entered_pool`` is the mode
  "entered", the default with real panels: each player tells the device privately which
  panels they drew (``entry_views``; the entry is ``rules/panel_entry.py``, a later fix
  ``rules/correction.py``; ``entered_autoplay`` plays it in the demo).
- ``views``: the frozen view models the UI draws; ``signals``: buttons in, cues out.
- ``public``: the public table, built from colours, knocked-down numbers and counts only;
  ``private``: one seat's own panels, shown while its button is held.
- ``timer``: the guess timer's deadlines; ``setup`` / ``setup_menu``: the new-game
  choices (menus built on ``choice_menu``, as Mastermind's setup is: the common choices,
  Start, then Names, More and Results); ``name_entry``: typing a name with the buttons;
  ``overlays``: the BACK menu and its questions; ``review``: the post-game review (both
  pools, once the game is over); ``describe``, ``labels``, ``wording`` (the table's nouns:
  panel or card, box or deck): words on screen, all through ``coda_pi.i18n``;
  ``ports``: the ports, each defined once (``Clock``, ``MonotonicClock``, ``FakeClock``,
  ``Sounder``, ``RecordSink``, ``PadSource``, and ``TableReferee``: the referee as the loop
  sees it); ``results``: the past games list reached from the setup menu (the app hands over a
  function that lists them).
- ``autoplay``: a simulated table for the demo (choosing among ``rules/legal.py``'s
  ``seat_moves`` of what each seat sees; ``mastermind_autoplay``: a Mastermind table);
  ``testing``: a fake clock, a record in memory and hands that press buttons, for tests and
  benchmarks.
- ``mastermind_switch``: the referee the app holds, passing every call to Coda's or to
  ``mastermind_referee`` (the Mastermind match: ``mastermind_setup``, ``mastermind_views``;
  its screens one class each in ``mastermind_states``, by ``MastermindKind``; the cursors
  in ``mastermind_entry``; the device's rows kept beside the record until the code is
  known in ``mastermind_device_rows``; the board, scores and words in ``mastermind_board``).

No pygame and no gpiozero here: the loop (coda_pi/app/) wires the edges to the referee.
"""
