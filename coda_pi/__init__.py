"""coda-pi: a table-side referee, dealer, guess timer and score keeper for Coda and Mastermind."""

__version__ = "0.1.0"
