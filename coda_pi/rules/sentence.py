"""A sentence for people that the edge can say in another language.

Pure and free of gettext: the engine writes its sentences in English with ``say(template,
**params)``. The result is the English text itself (a ``str``, so records, JSON and tests
read it as before) that also remembers its template and parameters; the screen and the CLI
translate the template and fill in the (themselves translated) parameters
(``coda_pi.i18n.spoken``). ``say`` is an extraction keyword of the catalogs, so every
template lands in them.

The things on the table are named by fields, not words, because the Rainbow-deck adaptation
plays with cards from a deck, not panels from a box: ``{panel}``, ``{panels}``, ``{the_box}``
and ``{the_dash}`` read "panel", "panels", "the box", "the dash" in the engine's English, and
the edge fills in the table's own words ("card", "carta"). A parameter that is a ``Tile`` is
written "D7" here and in the table's labels at the edge ("DQ" with cards).
"""

from __future__ import annotations

NOUNS: dict[str, str] = {
    "panel": "panel", "panels": "panels", "the_box": "the box", "the_dash": "the dash",
}
"""The engine's English for the noun fields every template may use."""


class Sentence(str):
    """English text, with the ``template`` and ``params`` it was made from."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, params: dict[str, object]) -> Sentence:
        self = super().__new__(cls, template.format(**{**NOUNS, **params}))
        self.template = template
        self.params = params
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copies and pickles keep the template
        return (Sentence, (self.template, self.params))


def say(template: str, **params: object) -> Sentence:
    """``template`` (English, ``str.format`` fields) filled with ``params``. A parameter that
    is itself a ``Sentence`` (a colour word, a phrase) is translated with it. The noun fields
    (``NOUNS``) need no parameter: the edge fills them with the table's words (a caller that
    knows the word already may still pass it, e.g. ``panel=say("card")``)."""
    return Sentence(template, params)


def sentence_json(text: str) -> object:
    """``text`` as JSON that keeps a sentence's template and parameters (a cache can store it
    and the edge still say it in another language): a plain string stays a string."""
    if not isinstance(text, Sentence):
        return str(text)
    params = {key: value if isinstance(value, bool | int | float) and not isinstance(value, str)
              else sentence_json(value) if isinstance(value, str) else str(value)
              for key, value in text.params.items()}
    return {"say": text.template, "with": params}


def sentence_from_json(obj: object) -> str | None:
    """The sentence ``sentence_json`` wrote, or None when ``obj`` is not one."""
    if isinstance(obj, str):
        return obj
    if not isinstance(obj, dict) or not isinstance(obj.get("say"), str):
        return None
    given = obj.get("with")
    if not isinstance(given, dict):
        return None
    params: dict[str, object] = {}
    for key, value in given.items():
        if isinstance(value, bool | int | float) and not isinstance(value, str):
            params[key] = value
        else:
            inner = sentence_from_json(value)
            if inner is None:
                return None
            params[key] = inner
    try:
        return Sentence(obj["say"], params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return None  # a template that does not fill: not a sentence this code wrote
