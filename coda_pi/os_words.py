"""The operating system's reasons in the reader's language.

``OSError.strerror`` is the C library's English ("No such file or directory") whatever
language coda-pi speaks: inside a Spanish sentence it reads as a leak. ``cause`` says the
usual reasons from the error number in the current language, and keeps the system's own
words only as a detail in brackets where they differ. (``config.os_reason`` says the same
as an engine sentence, for the sentences that keep English in logs.)
"""

from __future__ import annotations

import errno

from coda_pi.i18n import N_, _, spoken

CAUSES: dict[int, str] = {
    errno.ENOENT: N_("there is no such file or directory"),
    errno.EEXIST: N_("it already exists"),
    errno.ENOTDIR: N_("not a directory"),
    errno.EISDIR: N_("it is a directory"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("not permitted"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EBUSY: N_("it is busy"),
    errno.EIO: N_("an input/output error (a failing card or disk?)"),
    errno.EADDRINUSE: N_("the address is already in use"),
    errno.ECONNREFUSED: N_("the connection was refused"),
}


def cause(err: OSError) -> str:
    """Why ``err`` happened, in the current language: the translated reason for a known
    error number (with the system's words after it when they differ), else the system's."""
    if getattr(err.strerror, "template", None) is not None:
        return spoken(err.strerror)  # coda-pi's own reason (record.NotARecordFile)
    system = err.strerror or str(err)
    words = CAUSES.get(err.errno) if err.errno is not None else None
    if words is None:
        return system
    said = _(words)
    return said if said.lower() == system.lower() or words == said else f"{said} ({system})"


def said(err: BaseException) -> str:
    """Any error's reason for a sentence on screen or in the terminal: an ``OSError`` as
    ``cause`` says it, anything else in its own words."""
    return cause(err) if isinstance(err, OSError) else str(err)
