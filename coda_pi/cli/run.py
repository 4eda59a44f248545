"""``coda-pi run``: the device itself (also what ``coda-pi`` with no command does)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from coda_pi import log_later
from coda_pi.config import load_config
from coda_pi.datadir import DataDirBusy, claim_data_dirs
from coda_pi.desktop import KEYS
from coda_pi.i18n import LANGUAGES, _, set_language, spoken

if TYPE_CHECKING:
    import argparse

    from coda_pi.app.stopping import StopSignals


def register(sub: Any) -> None:
    p = sub.add_parser(
        "run",
        help=_("run the device: setup, dealing, turns, timer, scores (the default)"),
        description=_("Runs the table-side referee: full screen on the Pi, a window on a "
        "desktop.") + " " + _(KEYS) + ".",
    )
    add_screen_options(p)
    p.add_argument("--record", type=Path, metavar="FILE",
                   help=_("write the game record to FILE (default: a new file named by date "
                   "and time in the data directory; an unfinished FILE is resumed)"))
    p.add_argument("--data-dir", type=Path, metavar="DIR",
                   help=_("where records are kept (default: from the config file)"))
    p.add_argument("--no-gpio", dest="gpio", action="store_false",
                   help=_("do not touch the GPIO pins even where there are some"))
    p.add_argument("--no-sound", dest="sound", action="store_const", const=False, default=None,
                   help=_("no buzzer cues"))
    p.add_argument("--new", dest="resume", action="store_false",
                   help=_("start a new game even if the last one is unfinished"))
    p.set_defaults(handler=run)


def plain_run_args(given: Sequence[str] = ()) -> SimpleNamespace | None:
    """What the parser above makes of ``given`` (``coda-pi run`` and its options), without
    argparse, for a plain command line: each of run's options spelt out in full, at most
    once, a value that is no option and that the parser would take as it is. None for any
    other line (help, a mistake, an abbreviation, ``--``), which the parser is left to read
    and answer. The appliance's (firmware/coda-pi.service) has nothing to parse, and a
    laptop's names a size, a window, a directory: argparse with gettext, and the parser
    built, were about 3 ms of the start here, 45 ms on a Zero.
    tests/test_cli_plain_run.py holds the two equal on generated command lines."""
    words = list(given[1:] if given[:1] == ["run"] else given)
    args = SimpleNamespace(command="run", handler=run, config=None, size=None, lang=None,
                           fullscreen=None, record=None, data_dir=None, gpio=True,
                           sound=None, resume=True)
    seen: set[str] = set()
    while words:
        word = words.pop(0)
        option, equals, value = word.partition("=")
        if option in seen or not option.startswith("--"):
            return None
        seen.add(option)
        flag = _PLAIN_FLAGS.get(option)
        if flag is not None:
            if equals:
                return None  # argparse's mistake to tell: a flag takes no value
            setattr(args, *flag)
            continue
        if option not in _PLAIN_VALUES:
            return None
        if not equals:
            if not words:
                return None
            value = words.pop(0)
        if value.startswith("-") or not _plain_value(args, option, value):
            return None
    if {"--window", "--fullscreen"} <= seen:
        return None  # argparse's mistake to tell: they exclude each other
    return args


_PLAIN_FLAGS: dict[str, tuple[str, bool]] = {
    "--window": ("fullscreen", False), "--fullscreen": ("fullscreen", True),
    "--no-gpio": ("gpio", False), "--no-sound": ("sound", False), "--new": ("resume", False)}
_PLAIN_VALUES = ("--config", "--size", "--lang", "--record", "--data-dir")


def _plain_value(args: SimpleNamespace, option: str, value: str) -> bool:
    """``value`` set as the parser would for ``option``; False where it would refuse it."""
    if option == "--size":
        from coda_pi.ui.display import parse_size

        try:
            args.size = parse_size(value)
        except ValueError:
            return False
    elif option == "--lang":
        if value not in LANGUAGES:
            return False
        args.lang = value
    else:
        setattr(args, option[2:].replace("-", "_"), Path(value))
    return True


def add_screen_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", type=Path, metavar="FILE",
                   help=_("the config file (default: $CODA_PI_CONFIG, ~/.config/coda-pi/"
                   "config.toml, /etc/coda-pi/config.toml)"))
    p.add_argument("--size", metavar="WxH", type=_size,
                   help=_("the screen size to lay out for, e.g. 320x240, 480x320, 800x480"))
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("the language of the screens and messages: en (English) or es "
                   "(Spanish) (default: the config's screen.language, else English)"))
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_const", const=True,
                      default=None, help=_("full screen (the default with no desktop)"))
    mode.add_argument("--window", dest="fullscreen", action="store_const", const=False,
                      help=_("a window (the default on a desktop)"))


def _size(text: str) -> tuple[int, int]:
    import argparse

    from coda_pi.ui.display import parse_size

    try:
        return parse_size(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def load_checked_config(path: Path | None) -> Any:
    """The config, after telling stderr about every problem in it (never fatal)."""
    return load_config_with_notices(path)[0]


def load_config_with_notices(path: Path | None) -> tuple[Any, tuple[str, ...]]:
    """The config and its problems as sentences for the first screen, after telling stderr
    (the device's log) about every one of them. Never fatal: defaults stand in."""
    from coda_pi.app import config_notices

    config, problems = load_config(path)
    for problem in problems:
        print(f"coda-pi: {spoken(problem.sentence)}", file=sys.stderr)
    return config, config_notices(problems)


def choose_language(args: argparse.Namespace, config: Any) -> None:
    """``--lang`` wins over the config's ``screen.language``."""
    set_language(args.lang or config.screen.language)


def run(args: argparse.Namespace) -> int:
    from coda_pi.app.stopping import StopSignals

    # When something first logs, or once the first frame is shown: logging is not imported
    # for the first frame (coda_pi/log_later.py).
    log_later.configure(level="WARNING", format="%(name)s: %(message)s")
    # From here on SIGTERM, SIGINT and SIGHUP end the device cleanly (exit 0, the record
    # closed) on any screen, however long it would sleep.
    with StopSignals() as stops:
        return _run_stoppable(args, stops)


def _run_stoppable(args: argparse.Namespace, stops: StopSignals) -> int:
    config, notices = load_config_with_notices(args.config)
    choose_language(args, config)
    from coda_pi.record_path import refuse_record_path

    if refuse_record_path("coda-pi", args.record):
        return 2
    try:
        locks = claim_data_dirs(args.data_dir or config.data_dir, args.record)
    except DataDirBusy as busy:
        print(f"coda-pi: {spoken(busy.strerror)}", file=sys.stderr)
        return 1
    try:
        return _run_device(args, config, notices, stops)
    finally:
        for lock in locks:
            lock.release()


def _run_device(args: argparse.Namespace, config: Any, notices: tuple[str, ...],
                stops: StopSignals) -> int:
    import pygame

    from coda_pi.app import DeviceOptions, build_app
    from coda_pi.pygame_import import quit_pygame

    options = DeviceOptions(
        config=config,
        size=args.size,
        fullscreen=args.fullscreen,
        record=args.record,
        data_dir=args.data_dir,
        gpio=args.gpio,
        sound=args.sound,
        resume=args.resume,
        notices=notices,
        language=args.lang,
        # The first frame is on the screen before the pins are opened (app/build.py).
        pins_after_first_frame=True,
    )
    try:
        app = build_app(options)
    except pygame.error as err:
        print("coda-pi: " + _("cannot open the screen ({why}). On a Pi without a desktop, run "
                              "it from the console (SDL uses kmsdrm); elsewhere, from a "
                              "desktop session.").format(why=err), file=sys.stderr)
        return 1
    finally:
        # The collector was paused for the start (coda_pi/cli/__init__.py). What the start
        # made lives as long as the device: frozen, no later collection scans it again (a
        # full one mid-game would, at a press, on a Pi Zero for tens of milliseconds).
        gc.freeze()
        gc.enable()
    app.later.insert(0, log_later.settle)  # a library may log without coda_pi's loggers
    stops.on_stop(app.stop)
    try:
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        app.close()
        quit_pygame()
    if app.records is not None:
        for path in app.records.paths:
            print("coda-pi: " + _("the game record is {path}").format(path=path),
                  file=sys.stderr)
    return 0
