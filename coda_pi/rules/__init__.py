"""The games themselves. Pure: no screen, no pins, no clock and no randomness of its own.

- ``games``: the registry (``GAMES``, ``find_game``, ``rules_of``): each game's header
  start, record-line apply, observer and legal events behind one interface.
- ``observe``: ``observe(game, seat=None)``, what the public or one seat may know; the
  public screen, the private views and the deduction engine all start from it.
- ``legal``: the legal events of a Coda game (both pools) and of a Mastermind match.
- Coda: ``tiles`` (panels and the order rule), ``coda_events`` (typed events and their
  record form), ``coda`` (``CodaGame``: one event applied, or a ``RuleError``), ``dealer``
  (random deals and draws from an rng passed in), ``errors``.
- Mastermind: ``mastermind`` (pegs, feedback, the header, ``MastermindMatch``),
  ``mastermind_deduction``, ``mastermind_strategy``.
- Deduction: ``deduction`` (what a view allows), ``deduction_count``, ``deduction_view``
  (``Witness``: a game plus the "wrong" answers heard), ``deduction_explain``,
  ``deduction_review``.
- Sentences for people: ``sentence`` (``say``: English text that keeps its template and
  parameters, so the edge translates it; no gettext here).
"""
