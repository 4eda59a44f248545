"""coda-pi: a table-side referee, dealer, guess timer and score keeper for Coda and Mastermind."""

from coda_pi import dataclass_code

__version__ = "0.1.0"

# Before any of coda_pi's dataclasses is defined: their generated methods are compiled
# once and kept, not compiled again at every start (a third of a start's CPU on a Zero).
dataclass_code.install()
