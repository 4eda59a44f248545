"""Players' names as the hub compares them: one row per name a reader tells apart.

A table types its players' names, and a stranger with a table's password can type anything:
"Ann" with a zero-width space, fullwidth "Ａｎｎ", a right-to-left override, a Cyrillic "А".
Without care each is a row of its own in the standings that looks just like Ann's.

- :func:`normal` is the name the hub keeps and shows: NFKC (which folds fullwidth and other
  compatibility forms into the plain letters), without the characters that draw nothing of
  their own (zero-width spaces and joiners, bidi overrides and marks, controls), spaces
  collapsed. Two spellings with the same normal form are one player, one row. What the page
  shows is exactly what was compared: an override that made "nnA" read as "Ann" is gone,
  so the row reads "nnA".
- :func:`skeleton` folds what still looks alike (the Cyrillic "А" of "Аnn", "l" and "I",
  letter case) after Unicode's confusables table (UTS #39), as the confusable-homoglyphs
  package ships it. A name whose skeleton is another player's is marked as looking like
  that player (:func:`look_alikes`), never shown as a second row that looks the same.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

# General categories that draw nothing by themselves: format (zero-width, bidi), control,
# surrogate, private use and unassigned code points.
_INVISIBLE = frozenset({"Cf", "Cc", "Cs", "Co", "Cn"})


def normal(name: str) -> str:
    """The name the hub keeps, shows and counts: NFKC, nothing invisible, spaces collapsed."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if unicodedata.category(c) not in _INVISIBLE)
    return " ".join(text.split())


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character of Unicode's confusables table -> one character of its class.

    The package keeps the table's pairs both ways round (not which side is the prototype),
    so the classes are the table's connected pairs, and each class is written as its first
    ASCII member (or its lowest code point): one skeleton per look."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(c: str) -> str:
        while parent.get(c, c) != c:
            parent[c] = parent.get(parent[c], parent[c])
            c = parent[c]
        return c

    def first(a: str, b: str) -> str:
        return min(a, b, key=lambda c: (not c.isascii(), c))

    for char, alikes in confusables_data.items():
        if len(char) != 1:
            continue  # a sequence ("rn" for "m"): one character at a time is compared
        for alike in alikes:
            other = alike.get("c", "")
            if len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    keep = first(a, b)
                    parent[a if keep == b else b] = keep
    return {c: root(c) for c in parent}


def load_confusables() -> None:
    """Builds the look-alike classes now rather than for the first name (Hub.warm_up)."""
    _prototypes()


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons read alike (Unicode's UTS #39 idea:
    decompose, map each character to its class in the confusables table, ignore case)."""
    protos = _prototypes()
    text = unicodedata.normalize("NFD", normal(name))
    text = "".join(protos.get(c, c) for c in text).casefold()
    text = unicodedata.normalize("NFD", text)
    return "".join(protos.get(c, c) for c in text)


def look_alikes(names: Iterable[str]) -> dict[str, str]:
    """For names in the order the hub met them (normal forms): name -> the earlier name it
    looks like, for each name that looks like an earlier one without being it."""
    owner: dict[str, str] = {}
    marked: dict[str, str] = {}
    for name in names:
        first = owner.setdefault(skeleton(name), name)
        if first != name:
            marked[name] = first
    return marked
