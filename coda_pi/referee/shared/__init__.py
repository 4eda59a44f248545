"""What both games' referees and the pool modes build on: the base referee (``base``), the
view models (``views``), buttons and cues (``signals``), the ports (``ports``), the screens'
kinds (``kinds``), the guess timer (``timer``), menus (``overlays``, ``choice_menu``,
``name_entry``, ``results``), the new-game choices (``setup``) and the registry of pool mode
names (``pool_names``), and the table's words and views (``labels``, ``wording``,
``describe``, ``public``, ``private``, ``review``). Nothing here imports a game's folder."""
