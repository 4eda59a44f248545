"""Mastermind's referee (``referee``) and its screens, one state class each (``states``):
the setup (``setup``), the key and peg entry (``entry``), the device's rows (``device_rows``),
the board and words (``board``) and the view models (``views``). Builds on
``referee.shared`` only."""
