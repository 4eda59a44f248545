"""``coda-pi demo``: a whole tournament played by simulated players, watchable or headless."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import Any

from coda_pi.cli.run import add_screen_options, choose_language, load_config_with_notices
from coda_pi.datadir import DataDirBusy
from coda_pi.i18n import _, in_language, language, spoken
from coda_pi.referee.shared.pool_names import (
    POOL_HELP,
    POOL_NAMES,
    POOL_WORDS,
    pool_named,
    pool_word,
)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "demo",
        help=_("watch a whole tournament played by simulated players"),
        description=_("Plays a whole tournament by itself: simulated players press simulated "
        "buttons through the same input path as real ones. In a window at a human pace, or "
        "with --headless as fast as it can, writing the record and a PNG of each distinct "
        "screen. Exits 0 when the record replays to the totals the final screen showed."),
    )
    p.add_argument("--headless", action="store_true",
                   help=_("no window, no sound, a fake clock: as fast as it can"))
    p.add_argument("--no-frames", dest="draw", action="store_false",
                   help=_("with --headless: draw no frame, only play and write the record "
                          "(several times faster; not with --screenshots)"))
    p.add_argument("--seed", type=int, help=_("the deal and the players' choices, repeatable"))
    p.add_argument("--record", type=Path, metavar="FILE",
                   help=_("write the game record here (default: none is kept); "
                   "an unfinished FILE is resumed, a finished one left alone and a new record "
                   "started beside it"))
    p.add_argument("--ack-log", type=Path, metavar="FILE",
                   help=_("append one JSON line per record line to FILE once it is durably "
                   "written (when the device would announce it); for crash tests"))
    p.add_argument("--screenshots", type=Path, metavar="DIR",
                   help=_("save a PNG of each distinct screen in DIR"))
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=3,
                   help=_("how many seats play (default 3)"))
    p.add_argument("--rounds", type=int, choices=(1, 3), default=3,
                   help=_("one game or a three-round tournament (default 3)"))
    p.add_argument("--pool", type=_pool, default=None, metavar="|".join(POOL_WORDS.values()),
                   help="; ".join(f"{pool_word(name)}: {_(POOL_HELP[name])}"
                                  for name in POOL_NAMES)
                   + _(" (default: device, the demo has no real panels)"))
    p.add_argument("--dashes", action=argparse.BooleanOptionalAction, default=None,
                   help=_("advanced play with the two dashes (default: the config file's)"))
    p.add_argument("--game", choices=("coda", "mastermind"), default="coda",
                   help=_("coda (default), or mastermind: a match against the device, which "
                          "breaks the simulated player's code, then keeps the score while the "
                          "player breaks its own"))
    p.add_argument("--games", type=int, choices=(2, 4, 6, 8, 10), default=2,
                   help=_("games in a Mastermind match; the roles switch after each "
                          "(default 2)"))
    p.add_argument("--table-pool", action="store_true",
                   help=_("the players draw real panels by hand: the device is told what falls"))
    p.add_argument("--speed", type=float, default=1.0, metavar="X",
                   help=_("play X times faster than a calm table (window only)"))
    add_screen_options(p)
    p.set_defaults(handler=run)


def _pool(text: str) -> str:
    """``--pool``'s word as the mode's record name; the older spellings still work."""
    name = pool_named(text)
    if name is None:
        raise argparse.ArgumentTypeError(_("choose {names}").format(
            names=", ".join(POOL_WORDS.values())))
    return name


def run(args: argparse.Namespace) -> int:
    if args.headless:
        # Before pygame opens anything: this process has no screen and no sound.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    if not args.draw and (not args.headless or args.screenshots is not None):
        print("coda-pi demo: " + _("--no-frames needs --headless and no --screenshots"),
              file=sys.stderr)
        return 2
    if args.speed <= 0:
        print("coda-pi demo: " + _("--speed must be more than 0"), file=sys.stderr)
        return 2
    if args.screenshots is not None:
        # Said before the config's language takes over: the terminal's (or --lang's).
        with in_language(args.lang or language()):
            why = _unusable_directory(args.screenshots)
            if why is not None:
                print("coda-pi demo: " + _("--screenshots {path}: {why}").format(
                    path=args.screenshots, why=why), file=sys.stderr)
                return 2
    import pygame

    from coda_pi.demo import run_demo

    config, notices = load_config_with_notices(args.config)
    choose_language(args, config)
    from coda_pi.record_path import refuse_record_path

    if refuse_record_path("coda-pi demo", args.record):
        return 2
    try:
        result = run_demo(
            config,
            headless=args.headless,
            seed=args.seed,
            record=args.record,
            screenshots=args.screenshots,
            players=args.players,
            rounds=args.rounds,
            speed=args.speed,
            size=args.size,
            fullscreen=args.fullscreen,
            ack_log=args.ack_log,
            notices=notices,
            table_pool=args.table_pool,
            pool=args.pool,
            dashes=args.dashes,
            game=args.game,
            games=args.games,
            draw=args.draw,
        )
    except pygame.error as err:
        print("coda-pi demo: " + _("cannot open the screen ({why}); try --headless").format(
            why=err), file=sys.stderr)
        return 1
    except DataDirBusy as busy:
        print(f"coda-pi demo: {spoken(busy.strerror)}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    for path in result.records if args.record is not None else ():
        print(_("record: {path}").format(path=path))
    if args.record is None:
        # Its temporary directory is gone (issue 24): nothing is left behind unasked.
        print(_("the record was not kept: --record FILE keeps it"))
    if result.screenshots:
        print(_("screenshots: {count} in {path}").format(count=len(result.screenshots),
                                                         path=result.screenshots[0].parent))
    if not result.finished:
        print(_("the tournament did not finish (window closed?)"))
        return 0 if not args.headless else 1
    print(_("{presses} presses, {frames} frames, {cues} cues, {seconds} s of table time").format(
        presses=result.presses, frames=result.frames, cues=len(result.cues),
        seconds=f"{result.seconds:.0f}"))
    shown = result.shown_totals or {}
    print(_("final screen:") + " " + ", ".join(f"{n} {t}" for n, t in shown.items()))
    replayed = result.replay_totals or {}
    print(_("record replays to:") + " " + ", ".join(f"{n} {t}" for n, t in replayed.items()))
    if shown != replayed:
        print("coda-pi demo: " + _("the record does not replay to the totals shown"),
              file=sys.stderr)
        return 1
    return 0


def _unusable_directory(path: Path) -> str | None:
    """Why the screenshots cannot go into ``path`` (made when missing), or None."""
    from coda_pi.os_words import cause

    if path.exists() and not path.is_dir():
        return cause(NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return cause(err)
    return None
