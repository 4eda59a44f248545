"""argparse's own words ("usage:", "options", its error messages) in the CLI's language.

argparse asks the standard ``gettext`` for them (the global domain, following the process
locale); the CLI follows ``coda_pi.i18n`` instead, so ``speak_argparse`` points argparse's
lookups at our catalogs. The messages are listed here (with ``N_``) so that extraction puts
them in the catalogs: the ones a person meets on ``--help`` and on a mistyped command.
"""

from __future__ import annotations

import argparse

from coda_pi.i18n import N_, _, ngettext

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("can't open '%(filename)s': %(error)s"),
)


def speak_argparse() -> None:
    """argparse's words from our catalogs, in the language ``coda_pi.i18n`` has now (looked
    up at each use, like ours). argparse reads ``_`` and ``ngettext`` from its module's
    globals when it formats, so replacing them there is enough."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
