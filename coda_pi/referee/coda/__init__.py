"""Coda's referee (``referee``) and its screens: the setup (``setup``, ``setup_menu``),
dealing (``deal``), the turn (``turn``, ``verdicts``), standings (``standings``) and Coda's
BACK menu (``menu``). Builds on ``referee.shared`` and ``referee.pools``."""
