"""A sentence for people that the edge can say in another language.

Pure and free of gettext: the engine writes its sentences in English with ``say(template,
**params)``. The result is the English text itself (a ``str``, so records, JSON and tests
read it as before) that also remembers its template and parameters; the screen and the CLI
translate the template and fill in the (themselves translated) parameters
(``coda_pi.i18n.spoken``). ``say`` is an extraction keyword of the catalogs, so every
template lands in them.
"""

from __future__ import annotations


class Sentence(str):
    """English text, with the ``template`` and ``params`` it was made from."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, params: dict[str, object]) -> Sentence:
        self = super().__new__(cls, template.format(**params))
        self.template = template
        self.params = params
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copies and pickles keep the template
        return (Sentence, (self.template, self.params))


def say(template: str, **params: object) -> Sentence:
    """``template`` (English, ``str.format`` fields) filled with ``params``. A parameter that
    is itself a ``Sentence`` (a colour word, a phrase) is translated with it."""
    return Sentence(template, params)
