"""The tune of each cue: notes and durations, shared by the piezo and the desktop speaker.

Every tune is short so that a newer cue rarely has to cut it off, and each has its own shape
so that a player not looking at the screen still knows what happened: rising = good news,
falling = bad news, one high tick per second of the countdown, one long low buzz at time up,
a fanfare for a win. All notes lie between A3 and A7, the range of the piezo as
``PiezoSounder`` configures it (mid tone A5, two octaves); small piezo discs are loudest in
the upper half of that range, which is why most tunes live in octaves 5 and 6.
"""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.referee.shared.signals import Cue


@dataclass(frozen=True, slots=True)
class Step:
    """One note (a name such as ``"C#6"``) or, with ``note=None``, a rest."""

    note: str | None
    seconds: float

    @property
    def frequency(self) -> float | None:
        """The note's frequency in Hz (equal temperament, A4 = 440 Hz); None for a rest."""
        return None if self.note is None else note_frequency(self.note)


_SEMITONES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def note_frequency(note: str) -> float:
    """The frequency of a note named as gpiozero's ``Tone`` names them: a letter A-G, an
    optional ``#`` or ``b``, an octave 0-9 (``"A4"`` is 440 Hz). Worked out here rather than
    through ``Tone`` so that the desktop's speaker does not load gpiozero (about 20 ms of a
    laptop's start, where there are no pins); a test keeps the two equal."""
    letter, accidental, octave = note[:1], note[1:-1], note[-1:]
    if letter not in _SEMITONES or accidental not in ("", "#", "b") or not octave.isdigit():
        raise ValueError(f"invalid note specification: {note!r}")
    midi = _SEMITONES[letter] + {"": 0, "#": 1, "b": -1}[accidental] + (int(octave) + 1) * 12
    if not 0 <= midi < 128:  # MIDI's range, as Tone has it
        raise ValueError(f"invalid note specification: {note!r} is beyond MIDI's range")
    return 440.0 * 2 ** ((midi - 69) / 12)


Tune = tuple[Step, ...]


def _tune(*steps: tuple[str | None, float]) -> Tune:
    return tuple(Step(note, seconds) for note, seconds in steps)


TUNES: dict[Cue, Tune] = {
    # A quick rising arpeggio: right.
    Cue.CORRECT: _tune(("C6", 0.08), ("E6", 0.08), ("G6", 0.18)),
    # Two falling notes, the second held: wrong.
    Cue.WRONG: _tune(("E5", 0.14), ("A4", 0.32)),
    # A doorbell fourth upward: look up, it is you.
    Cue.YOUR_TURN: _tune(("G5", 0.12), ("C6", 0.22)),
    # Two bright pips with a gap: a minute left.
    Cue.ONE_MINUTE: _tune(("E6", 0.12), (None, 0.10), ("E6", 0.12)),
    # One short high tick for each of the last five seconds.
    Cue.COUNTDOWN: _tune(("A6", 0.05)),
    # A long low buzz: time is up.
    Cue.TIME_UP: _tune(("A3", 0.9)),
    # A little fanfare climbing to a held top note.
    Cue.ROUND_WON: _tune(("G5", 0.10), ("C6", 0.10), ("E6", 0.10), ("G6", 0.35)),
    # A longer fanfare: the same climb, an answer, and a held high C.
    Cue.TOURNAMENT_WON: _tune(
        ("G5", 0.10),
        ("C6", 0.10),
        ("E6", 0.10),
        ("G6", 0.25),
        ("E6", 0.10),
        ("G6", 0.10),
        (None, 0.06),
        ("C7", 0.55),
    ),
    # A low double blip, softer news than WRONG: that button means nothing now.
    Cue.ERROR: _tune(("C4", 0.06), (None, 0.05), ("C4", 0.06)),
}


def tune_seconds(tune: Tune) -> float:
    """How long a tune plays, rests included."""
    return sum(step.seconds for step in tune)
