"""The one configuration file: where it is, what it may say, and what a mistake in it means.

The file is TOML. It is looked for, first found wins, at:

1. the path given with ``--config FILE``;
2. the path in the environment variable ``CODA_PI_CONFIG``;
3. the per-user file ``$XDG_CONFIG_HOME/coda-pi/config.toml`` (``~/.config/coda-pi/...``);
4. the system-wide file ``/etc/coda-pi/config.toml`` (the appliance's).

No file at all is fine: every key has a default, and ``firmware/config.example.toml`` lists
them all. Loading never raises for what the file says. Each mistake (bad TOML, an unknown key,
a wrong type, a value out of range, a pin used twice or a pin the screen needs) becomes a
:class:`ConfigProblem` naming the key, and the default is used in its place.

Pins are the exception to "use the default": a pin map with any error in it may not be what
the builder wired (one pin given as a header pin number usually means all of them are). Reading
a button through its pull-up cannot harm any wiring; driving an output on a pin that is wired
as a button can short it. So when the pins are in doubt the buttons are still read (each on
the pin its key gives when that key is right, else on its default pin when nothing in the
file claims that pin) and the seat LEDs and the buzzer stay off
(:attr:`PinConfig.outputs_enabled` is False), while the screen and ``coda-pi doctor`` say
what to fix. A mistake elsewhere (``[players]``, even a TOML error there) costs only the
table it is in: a ``[pins]`` table that still reads on its own is used (coda_pi/config_salvage.py).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from coda_pi.config_salvage import decode_config, salvage
from coda_pi.i18n import LANGUAGES, N_
from coda_pi.plain_toml import read_plain
from coda_pi.pods.settings import POD_KEYS, PodsConfig, check_pods
from coda_pi.referee.shared.pool_names import DEFAULT_POOL, POOL_SPELLINGS, pool_named, pool_word
from coda_pi.referee.shared.signals import SEAT_BUTTONS, Button
from coda_pi.rules.sentence import Sentence, say
from coda_pi.safe_text import is_blank, printable

CONFIG_ENV = "CODA_PI_CONFIG"
DATA_DIR_ENV = "CODA_PI_DATA"
SYSTEM_CONFIG = Path("/etc/coda-pi/config.toml")

# The default wiring, in BCM numbers. It leaves free every pin the supported screens use
# (RESERVED_PINS), the I2C pins (2, 3) and the serial console (14, 15). hardware/README.md's
# wiring table and diagram are generated from this map (python -m coda_pi.wiring).
DEFAULT_PINS: Mapping[str, int] = MappingProxyType(
    {
        "seat1": 5,
        "seat2": 6,
        "seat3": 19,
        "seat4": 26,
        "prev": 4,
        "next": 27,
        "ok": 23,
        "back": 18,
        "seat1_led": 12,
        "seat2_led": 16,
        "seat3_led": 20,
        "seat4_led": 21,
        "buzzer": 13,  # hardware PWM1: a clean tone with any pin factory that can use it
    }
)

# Pins that must never be configured: the screens' overlays (firmware/boot/) claim them.
RESERVED_PINS: Mapping[int, str] = MappingProxyType(
    {
        0: say("the HAT ID EEPROM (ID_SD)"),
        1: say("the HAT ID EEPROM (ID_SC)"),
        7: say("SPI0 CE1 (the SPI screen's touch controller)"),
        8: say("SPI0 CE0 (the SPI screen's chip select)"),
        9: say("SPI0 MISO (the SPI screen)"),
        10: say("SPI0 MOSI (the SPI screen)"),
        11: say("SPI0 SCLK (the SPI screen)"),
        17: say("the 3.5-inch screen's touch interrupt"),
        22: say("the SPI screen's backlight"),
        24: say("the SPI screen's data/command line (D/C)"),
        25: say("the SPI screen's reset line"),
    }
)

# Pins that work but cost something: a warning, and the pin is used.
DISCOURAGED_PINS: Mapping[int, str] = MappingProxyType(
    {
        2: say("I2C SDA: it has a fixed 1.8 kOhm pull-up and blocks any I2C add-on"),
        3: say("I2C SCL: it has a fixed 1.8 kOhm pull-up and blocks any I2C add-on"),
        14: say("UART TX: the serial console uses it"),
        15: say("UART RX: the serial console uses it"),
    }
)

# The header's GPIO lines on every 40-pin Raspberry Pi.
FIRST_GPIO, LAST_GPIO = 0, 27

LED_KEYS: tuple[str, ...] = tuple(f"{b.value}_led" for b in SEAT_BUTTONS)
PIN_KEYS: tuple[str, ...] = (*(b.value for b in Button), *LED_KEYS, "buzzer")

DEFAULT_NAMES: tuple[str, ...] = tuple(f"Seat {i}" for i in range(1, 5))
MAX_NAME_LENGTH = 20


def _unsafe_in_name(ch: str) -> bool:
    # Controls (NUL, ESC, newlines), line separators and bidi overrides: a name holding one
    # breaks the screen, a terminal or the record's readers.
    return printable(ch) != ch


@dataclass(frozen=True, slots=True)
class ConfigProblem:
    """One mistake in the config file. ``key`` is dotted (``pins.ok``); empty for the file."""

    key: str
    message: str  # an engine-style sentence (say): English here, the reader's at the edge
    severity: Literal["error", "warning"] = "error"

    @property
    def sentence(self) -> Sentence:
        """``"pins.ok: must be ..."``, to be said in the reader's language (``spoken``)."""
        return say("{where}: {message}", where=self.key or say("config file"),
                   message=self.message)

    def __str__(self) -> str:
        return str(self.sentence)


@dataclass(frozen=True, slots=True)
class PinConfig:
    """BCM pin numbers of every part wired to the header."""

    seat1: int = DEFAULT_PINS["seat1"]
    seat2: int = DEFAULT_PINS["seat2"]
    seat3: int = DEFAULT_PINS["seat3"]
    seat4: int = DEFAULT_PINS["seat4"]
    prev: int = DEFAULT_PINS["prev"]
    next: int = DEFAULT_PINS["next"]
    ok: int = DEFAULT_PINS["ok"]
    back: int = DEFAULT_PINS["back"]
    seat1_led: int = DEFAULT_PINS["seat1_led"]
    seat2_led: int = DEFAULT_PINS["seat2_led"]
    seat3_led: int = DEFAULT_PINS["seat3_led"]
    seat4_led: int = DEFAULT_PINS["seat4_led"]
    buzzer: int = DEFAULT_PINS["buzzer"]
    # False: no GPIO at all (the keyboard only); tests and the desktop ask for this.
    gpio_enabled: bool = True
    # False when the pin map is in doubt: the buttons are read (harmless on any wiring) but
    # the seat LEDs and the buzzer are not driven (an output on a button's pin can short it).
    outputs_enabled: bool = True
    # Button keys left unread: their own pin was wrong and their default pin is claimed by
    # another key of the file, so which pin the button is on is unknown.
    unread: frozenset[str] = frozenset()

    def as_dict(self) -> dict[str, int]:
        """Every pin by its config key (``seat1`` .. ``buzzer``), whether enabled or not."""
        return {key: getattr(self, key) for key in PIN_KEYS}

    def button_pins(self) -> dict[Button, int]:
        """The pin of each button that is read; empty when GPIO is off (the keyboard)."""
        if not self.gpio_enabled:
            return {}
        return {button: getattr(self, button.value) for button in Button
                if button.value not in self.unread}

    @property
    def drives_outputs(self) -> bool:
        """Whether the seat LEDs and the buzzer may be driven."""
        return self.gpio_enabled and self.outputs_enabled

    def seat_led_pins(self) -> tuple[int, ...]:
        """The seat LEDs' pins in seat order; empty when the outputs are off."""
        if not self.drives_outputs:
            return ()
        return tuple(getattr(self, key) for key in LED_KEYS)

    @property
    def buzzer_pin(self) -> int | None:
        """The piezo's pin; None when the outputs are off."""
        return self.buzzer if self.drives_outputs else None


PINS_IN_DOUBT = PinConfig(outputs_enabled=False)
"""Where nothing is known of the pins (the file cannot be read, or its [pins] table cannot):
the buttons on their default pins, read through their pull-ups; the LEDs and the buzzer off."""


@dataclass(frozen=True, slots=True)
class ScreenConfig:
    """``width``/``height`` None means the display's own size; ``fullscreen`` None means
    full screen when there is no desktop (SDL's kmsdrm driver), a window otherwise."""

    width: int | None = None
    height: int | None = None
    rotation: int = 0
    fullscreen: bool | None = None
    language: str = "en"  # of everything the device says: "en" or "es" (coda_pi.i18n)


@dataclass(frozen=True, slots=True)
class SoundConfig:
    """The ``[sound]`` section: whether the buzzer plays its cues."""

    enabled: bool = True


@dataclass(frozen=True, slots=True)
class PlayersConfig:
    """The name shown for each seat, always four of them."""

    names: tuple[str, ...] = DEFAULT_NAMES


@dataclass(frozen=True, slots=True)
class RulesConfig:
    """What a new Coda game starts with; the table can change it before dealing."""

    dashes: bool = False
    rounds: int = 1
    bonus: Literal["hidden", "all"] = "hidden"
    labels: Literal["panels", "cards"] = "panels"
    # Who shuffles and what the device is told. "told" (record name "entered"): the panels
    # lie face down on the table and each player tells the device privately what they drew;
    # nobody looks through an open box, and the device judges everything (docs/playing.md).
    pool: str = DEFAULT_POOL  # one of referee/shared/pool_names.py's POOL_NAMES
    dealer: bool = False  # device pool: a dealer who does not play fetches the panels


@dataclass(frozen=True, slots=True)
class TimerConfig:
    """The guess timer: the first period of a turn, then each extra period after a right guess."""

    enabled: bool = True
    first_seconds: int = 60
    extra_seconds: int = 20


@dataclass(frozen=True, slots=True)
class ClubConfig:
    """A club night: where this table publishes its games (coda_pi/club/, ``coda-pi hub``)."""

    host: str
    port: int = 1883
    club: str = "club"
    table: int = 1
    username: str = ""  # empty: ``table<N>``, as ``coda-pi club broker-setup`` names them
    password: str = ""


@dataclass(frozen=True, slots=True)
class PhonesConfig:
    """Phones as seat screens (coda_pi/phones/, docs/phones.md)."""

    enabled: bool = False
    port: int = 8443
    hotspot: bool = False  # the device is its own Wi-Fi access point (firmware/README.md)
    # ``enabled`` was written in the config file: it wins over phones turned on from the
    # device's menu before a restart (coda_pi/phones/remembered_on.py), off included.
    said: bool = False


@dataclass(frozen=True, slots=True)
class Config:
    """The whole config: each section's settings, defaults where the file says nothing."""

    pins: PinConfig = field(default_factory=PinConfig)
    screen: ScreenConfig = field(default_factory=ScreenConfig)
    sound: SoundConfig = field(default_factory=SoundConfig)
    players: PlayersConfig = field(default_factory=PlayersConfig)
    rules: RulesConfig = field(default_factory=RulesConfig)
    timer: TimerConfig = field(default_factory=TimerConfig)
    data_dir: Path = field(default_factory=lambda: default_data_dir())
    club: ClubConfig | None = None  # None: this table plays alone (no [club] host)
    phones: PhonesConfig = field(default_factory=PhonesConfig)
    pods: PodsConfig = field(default_factory=PodsConfig)  # seat pods (hardware/pods.md)
    # The file this came from; None when no file was found and everything is a default.
    source: Path | None = None


# ---------------------------------------------------------------------------------------------
# Locations


def _env(env: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if env is None else env


def _home(env: Mapping[str, str]) -> Path:
    home = env.get("HOME")
    return Path(home) if home else Path.home()


def user_config_path(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/coda-pi/config.toml``, XDG's default being ``~/.config``."""
    e = _env(env)
    base = e.get("XDG_CONFIG_HOME") or str(_home(e) / ".config")
    return Path(base) / "coda-pi" / "config.toml"


def default_data_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where records live when the file does not say: ``$CODA_PI_DATA`` (the service sets
    it), else ``$XDG_DATA_HOME/coda-pi`` (``~/.local/share/coda-pi``)."""
    e = _env(env)
    if e.get(DATA_DIR_ENV):
        return Path(e[DATA_DIR_ENV])
    base = e.get("XDG_DATA_HOME") or str(_home(e) / ".local" / "share")
    return Path(base) / "coda-pi"


def config_candidates(
    explicit: Path | None = None, env: Mapping[str, str] | None = None
) -> list[Path]:
    """The places looked at, in order. An explicit path or ``CODA_PI_CONFIG`` is the only one."""
    e = _env(env)
    if explicit is not None:
        return [explicit]
    if e.get(CONFIG_ENV):
        return [Path(e[CONFIG_ENV])]
    return [user_config_path(e), SYSTEM_CONFIG]


def find_config(explicit: Path | None = None, env: Mapping[str, str] | None = None) -> Path | None:
    """The file that would be loaded, or None when there is none (all defaults)."""
    candidates = config_candidates(explicit, env)
    if explicit is not None or _env(env).get(CONFIG_ENV):
        return candidates[0]
    return next((p for p in candidates if p.is_file()), None)


# ---------------------------------------------------------------------------------------------
# Loading and checking


# The kernel's own file systems: what is written there is no file, and a game would be lost.
SYSTEM_DIRS = (Path("/proc"), Path("/sys"), Path("/dev"))


def unfit_data_dir(path: Path) -> Sentence | None:
    """Why ``path`` cannot hold game records (a sentence that names it), or None.

    A path that does not exist yet is fit: the device makes it. One in the kernel's own file
    systems, or an existing file that is not a directory, is not."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return say("{path} cannot be followed to a directory", path=str(path))
    for system in SYSTEM_DIRS:
        if real == system or system in real.parents:
            return say("{path} is the system's own ({system}), not a place for game records",
                       path=str(path), system=str(system))
    try:
        if real.exists() and not real.is_dir():
            return say("{path} is a file, not a directory", path=str(path))
    except OSError as err:  # a name too long for the file system, say: exists() raises
        return say("{path} cannot hold game records ({why})", path=_shortened(str(path)),
                   why=os_reason(err))
    return None


def _shortened(text: str, most: int = 80) -> str:
    """A path as a sentence can show it: a name of thousands of characters is cut."""
    return text if len(text) <= most else text[:most - 1] + "…"


def os_reason(err: OSError) -> str:
    """Why ``err`` happened as a sentence of the engine's kind (``rules/sentence.py``): the
    English words in logs and records, said in the reader's language where ``spoken``
    shows it (a sentence's ``{why}``). Unknown error numbers keep the system's words."""
    from coda_pi.os_words import CAUSES

    if getattr(err.strerror, "template", None) is not None:
        return err.strerror  # already one (record.NotARecordFile)
    words = CAUSES.get(err.errno) if err.errno is not None else None
    if words is None:
        return err.strerror or str(err)
    return Sentence(words, {})


def load_config(
    path: Path | None = None, *, env: Mapping[str, str] | None = None
) -> tuple[Config, list[ConfigProblem]]:
    """Read the config file (``path``, else the usual places) and check every key.

    Never raises for what the file says: returns the config to run with and every problem
    found, errors and warnings, in file order.
    """
    e = _env(env)
    source = find_config(path, e)
    if source is None:
        return Config(data_dir=default_data_dir(e)), []
    try:
        raw = read_config_bytes(source)
    except FileNotFoundError:
        # Nothing is known to be wrong with the pins, and a button-only device must come up
        # with its buttons working (they are how the notice is dismissed): the default pins.
        problem = ConfigProblem("", say("{path} does not exist; using the defaults, with the "
                                        "buttons on their default pins", path=str(source)))
        return Config(data_dir=default_data_dir(e)), [problem]
    except OSError as exc:
        # Nothing of the file is known, its pins included: what is safe on any wiring.
        problem = ConfigProblem("", say(UNREADABLE, path=str(source),
                                        why=os_reason(exc)))
        return Config(pins=PINS_IN_DOUBT, data_dir=default_data_dir(e), source=source), [problem]
    text, bad_lines = decode_config(raw)
    config, problems = parse_config(text, env=e, base_dir=source.parent, bad_lines=bad_lines)
    return _with_source(config, source), problems


MAX_CONFIG_BYTES = 1024 * 1024

# The sentences that say the outputs (or the buttons) are off and why: a start notice shows
# them whatever else it has to say (coda_pi/app/resume.py), since they change how the device
# is worked.
UNREADABLE = N_("cannot read {path} ({why}); using the defaults: the buttons are read on "
                "their default pins, and the seat LEDs and the buzzer are off because a wrong "
                "output pin could short a button")
PINS_UNREADABLE = N_("[pins] cannot be read, so the buttons are read on their default pins, "
                     "and the seat LEDs and the buzzer are off because a wrong output pin "
                     "could short a button; fix the file and restart")
PINS_WRONG = N_("the seat LEDs and the buzzer are off: the pin map has errors, and a wrong "
                "output pin could short a button; the buttons work{unread}")
BUTTONS_OFF = N_("the buttons, the seat LEDs and the buzzer are off: {why}")
"""Said by the device (coda_pi/app/build.py) when a Pi's GPIO could not be opened at all."""
OFF_TEMPLATES = frozenset({UNREADABLE, PINS_UNREADABLE, PINS_WRONG, BUTTONS_OFF})


def says_what_is_off(text: str) -> bool:
    """Whether ``text`` (a sentence, or one wrapping it) says that outputs or buttons are off."""
    if getattr(text, "template", None) in OFF_TEMPLATES:
        return True
    params = getattr(text, "params", None) or {}
    return any(isinstance(v, str) and says_what_is_off(v) for v in params.values())


def read_config_bytes(path: Path) -> bytes:
    """The file's bytes: a regular file of at most 1 MiB (a FIFO is not waited on)."""
    from coda_pi.record import read_file_bytes

    return read_file_bytes(path, MAX_CONFIG_BYTES)


def read_config_text(path: Path) -> str:
    """The file's text: a regular file of at most 1 MiB in UTF-8 (a FIFO is not waited on)."""
    return read_config_bytes(path).decode("utf-8")


def parse_config(
    text: str, *, env: Mapping[str, str] | None = None, base_dir: Path | None = None,
    bad_lines: frozenset[int] = frozenset(),
) -> tuple[Config, list[ConfigProblem]]:
    """Check the TOML text of a config file; see :func:`load_config`. ``bad_lines`` are
    lines that were not UTF-8 (:func:`decode_config`): their tables are set aside."""
    e = _env(env)
    doc = None if bad_lines else _toml_or_none(text)
    if doc is None:
        # The tables that still read on their own are used, and each broken one is named
        # with its line: a mistake in [players] costs [players] only.
        checker = _Checker()
        salvaged = salvage(text, checker.error, bad_lines)
        config = checker.config(salvaged.doc, e, base_dir)
        if salvaged.pins_in_doubt():
            checker.warn("pins", say(PINS_UNREADABLE))
            config = dataclasses.replace(config, pins=PINS_IN_DOUBT)
        return config, checker.problems
    checker = _Checker()
    config = checker.config(doc, e, base_dir)
    return config, checker.problems


def _toml_or_none(text: str) -> dict[str, Any] | None:
    if not text.replace("\r\n", "\n").strip(" \t\n"):
        # An empty file (TOML's own blanks only): every default, as tomllib would say.
        return {}
    # A file of plain tables and values, as people write them, needs no tomllib (with
    # datetime and string: some 3 ms of a start here, 45 ms on a Pi Zero).
    plain = read_plain(text)
    if plain is not None:
        return plain
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


def _with_source(config: Config, source: Path) -> Config:
    return Config(
        pins=config.pins,
        screen=config.screen,
        sound=config.sound,
        players=config.players,
        rules=config.rules,
        timer=config.timer,
        data_dir=config.data_dir,
        club=config.club,
        phones=config.phones,
        pods=config.pods,
        source=source,
    )


_MISSING = object()

# The keys each table may hold. Keep firmware/config.example.toml in step (a test checks).
SCHEMA: dict[str, tuple[str, ...]] = {
    "pins": PIN_KEYS,
    "screen": ("width", "height", "rotation", "fullscreen", "language"),
    "sound": ("enabled",),
    "players": ("names",),
    "rules": ("dashes", "rounds", "bonus", "labels", "pool", "dealer"),
    "timer": ("enabled", "first_seconds", "extra_seconds"),
    "data": ("directory",),
    "club": ("host", "port", "club", "table", "username", "password"),
    "phones": ("enabled", "port", "hotspot"),
    "pods": POD_KEYS,
}


def _type_name(value: object) -> str:
    names = {bool: say("true/false"), int: say("a whole number"),
             float: say("a decimal number"), str: say("text")}
    if isinstance(value, dict):
        return say("a table")
    if isinstance(value, list):
        return say("a list")
    return names.get(type(value), type(value).__name__)


def _either(shown: list[str]) -> str:
    """"'a' or 'b'", "'a', 'b' or 'c'": the choices of a key, in words the edge translates."""
    if len(shown) == 1:
        return shown[0]
    return say("{some} or {last}", some=", ".join(shown[:-1]), last=shown[-1])


def _suggest(name: str, choices: tuple[str, ...]) -> str:
    import difflib  # only for a key that is misspelt

    close = difflib.get_close_matches(name, choices, n=1)
    return say("; did you mean '{name}'?", name=close[0]) if close else ""


class _Checker:
    """Walks the parsed document once, table by table, collecting problems."""

    def __init__(self) -> None:
        self.problems: list[ConfigProblem] = []

    def error(self, key: str, message: str) -> None:
        self.problems.append(ConfigProblem(key, message, "error"))

    def warn(self, key: str, message: str) -> None:
        self.problems.append(ConfigProblem(key, message, "warning"))

    # --- structure ---------------------------------------------------------------------------

    def config(self, doc: dict[str, Any], env: Mapping[str, str], base_dir: Path | None) -> Config:
        tables: dict[str, dict[str, Any]] = {}
        for name, value in doc.items():
            if name not in SCHEMA:
                known = tuple(SCHEMA)
                self.error(name, say("unknown section; the sections are {known}{hint}",
                                     known=", ".join(known), hint=_suggest(name, known)))
            elif not isinstance(value, dict):
                self.error(name, say("must be a table ([{name}]), not {kind}", name=name,
                                     kind=_type_name(value)))
            else:
                tables[name] = value
        for name, table in tables.items():
            for key in table:
                if key not in SCHEMA[name]:
                    self.error(f"{name}.{key}", say("unknown key in [{name}]{hint}", name=name,
                                                    hint=_suggest(key, SCHEMA[name])))
        return Config(
            pins=self.pins(tables.get("pins", {})),
            screen=self.screen(tables.get("screen", {})),
            sound=SoundConfig(enabled=self.boolean(tables.get("sound", {}), "sound.enabled", True)),
            players=self.players(tables.get("players", {})),
            rules=self.rules(tables.get("rules", {})),
            timer=self.timer(tables.get("timer", {})),
            data_dir=self.data_dir(tables.get("data", {}), env, base_dir),
            club=self.club(tables.get("club", {})),
            phones=self.phones(tables.get("phones", {})),
            pods=check_pods(self, tables.get("pods", {})),
        )

    # --- typed values ------------------------------------------------------------------------

    def _get(self, table: dict[str, Any], key: str) -> Any:
        return table.get(key.rsplit(".", 1)[-1], _MISSING)

    def boolean(self, table: dict[str, Any], key: str, default: bool) -> bool:
        value = self._get(table, key)
        if value is _MISSING:
            return default
        if isinstance(value, bool):
            return value
        self.error(key, say("must be true or false, not {kind} {value}; using {default}",
                            kind=_type_name(value), value=repr(value),
                            default=str(default).lower()))
        return default

    def integer(self, table: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
        value = self._get(table, key)
        if value is _MISSING:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(key, say("must be a whole number from {low} to {high}, not {kind} "
                                "{value}; using {default}", low=low, high=high,
                                kind=_type_name(value), value=repr(value), default=default))
            return default
        if not low <= value <= high:
            self.error(key, say("{value} is out of range: it must be from {low} to {high}; "
                                "using {default}", value=value, low=low, high=high,
                                default=default))
            return default
        return value

    def choice(
        self, table: dict[str, Any], key: str, default: Any, choices: tuple[Any, ...]
    ) -> Any:
        value = self._get(table, key)
        if value is _MISSING:
            return default
        shown = _either([repr(c) for c in choices])
        if isinstance(value, bool) or type(value) is not type(choices[0]):
            self.error(key, say("must be {shown}, not {kind} {value}; using {default}",
                                shown=shown, kind=_type_name(value), value=repr(value),
                                default=repr(default)))
            return default
        if value not in choices:
            self.error(key, say("{value} is out of range: it must be {shown}; using {default}",
                                value=repr(value), shown=shown, default=repr(default)))
            return default
        return value

    # --- tables ------------------------------------------------------------------------------

    def pins(self, table: dict[str, Any]) -> PinConfig:
        before = len([p for p in self.problems if p.severity == "error"])
        chosen: dict[str, int] = {}
        for key in PIN_KEYS:
            dotted = f"pins.{key}"
            value = table.get(key, _MISSING)
            if value is _MISSING:
                chosen[key] = DEFAULT_PINS[key]
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                self.error(dotted, say("must be a BCM GPIO number (a whole number from {low} "
                                       "to {high}), not {kind} {value}", low=FIRST_GPIO,
                                       high=LAST_GPIO, kind=_type_name(value),
                                       value=repr(value)))
                continue
            if not FIRST_GPIO <= value <= LAST_GPIO:
                self.error(dotted, say("GPIO {value} is out of range: the header has GPIO "
                                       "{low} to {high} (BCM numbers, not header pin numbers)",
                                       value=value, low=FIRST_GPIO, high=LAST_GPIO))
                continue
            if value in RESERVED_PINS:
                self.error(dotted, say("GPIO {value} is reserved for {use}; pick a free pin "
                                       "(see hardware/README.md)", value=value,
                                       use=RESERVED_PINS[value]))
                continue
            if value in DISCOURAGED_PINS:
                self.warn(dotted, say("GPIO {value} is {why}", value=value,
                                      why=DISCOURAGED_PINS[value]))
            chosen[key] = value
        # A pin given twice is an error on each key after the first that uses it, so the
        # message names both. An unknown key in [pins] also puts the map in doubt: a misspelt
        # key means a part's pin is not what the builder meant.
        owner: dict[int, str] = {}
        for key in PIN_KEYS:
            if key not in chosen:
                continue
            pin = chosen[key]
            if pin in owner:
                self.error(f"pins.{key}", say("GPIO {pin} is already used by pins.{owner}; "
                                              "every part needs its own pin", pin=pin,
                                              owner=owner[pin]))
            else:
                owner[pin] = key
        unknown = any(k not in PIN_KEYS for k in table)
        errors = len([p for p in self.problems if p.severity == "error"]) - before
        if errors or unknown:
            return self._pins_in_doubt(table, chosen)
        return PinConfig(**chosen)

    def _pins_in_doubt(self, table: dict[str, Any], chosen: dict[str, int]) -> PinConfig:
        """The map has a mistake: each button is still read where its pin is known (its own
        key, given and right, and no other key of the file naming that pin) or may be (its
        default pin, when no key of the file names that pin); the LEDs and the buzzer are
        off. Reading through a pull-up harms no wiring; driving a wrong pin could."""
        named = [v for v in table.values() if isinstance(v, int) and not isinstance(v, bool)]
        pins = {k: chosen.get(k, DEFAULT_PINS[k]) for k in PIN_KEYS}
        unread: set[str] = set()
        buttons = [b.value for b in Button]
        for key in buttons:
            if key in table and key in chosen and named.count(chosen[key]) == 1:
                continue  # its own pin, known
            if DEFAULT_PINS[key] in named:
                unread.add(key)  # its default pin is wired to some other part, maybe
            else:
                pins[key] = DEFAULT_PINS[key]
        left_out = (say("; not read, their pins being unknown: {keys}",
                        keys=", ".join(f"pins.{k}" for k in buttons if k in unread))
                    if unread else "")
        self.warn("pins", say(PINS_WRONG, unread=left_out))
        return PinConfig(**pins, outputs_enabled=False, unread=frozenset(unread))

    def screen(self, table: dict[str, Any]) -> ScreenConfig:
        width = self.size(table, "screen.width", 320, 7680)
        height = self.size(table, "screen.height", 240, 4320)
        if ("width" in table) != ("height" in table):
            given = "screen.width" if "width" in table else "screen.height"
            self.error(given, say("set both screen.width and screen.height, or neither "
                                  "(auto); using the display's own size"))
            width = height = None
        rotation = self.choice(table, "screen.rotation", 0, (0, 90, 180, 270))
        fullscreen: bool | None = None
        value = table.get("fullscreen", _MISSING)
        if value is not _MISSING and value != "auto":
            if isinstance(value, bool):
                fullscreen = value
            else:
                self.error("screen.fullscreen", say("must be true, false or \"auto\", not "
                                                    "{kind} {value}; using \"auto\"",
                                                    kind=_type_name(value), value=repr(value)))
        language = self.choice(table, "screen.language", "en", LANGUAGES)
        return ScreenConfig(width=width, height=height, rotation=rotation, fullscreen=fullscreen,
                            language=language)

    def size(self, table: dict[str, Any], key: str, low: int, high: int) -> int | None:
        value = self._get(table, key)
        if value is _MISSING or value == "auto":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(key, say("must be \"auto\" or a whole number of pixels from {low} to "
                                "{high}, not {kind} {value}; using \"auto\"", low=low, high=high,
                                kind=_type_name(value), value=repr(value)))
            return None
        if not low <= value <= high:
            self.error(key, say("{value} is out of range: it must be from {low} to {high} "
                                "pixels (the smallest supported screen is 320x240); using "
                                "\"auto\"", value=value, low=low, high=high))
            return None
        return value

    def players(self, table: dict[str, Any]) -> PlayersConfig:
        value = table.get("names", _MISSING)
        if value is _MISSING:
            return PlayersConfig()
        if not isinstance(value, list):
            self.error("players.names", say("must be a list of up to 4 names, like "
                                            "[\"Ann\", \"Ben\"], not {kind}; using the defaults",
                                            kind=_type_name(value)))
            return PlayersConfig()
        if len(value) > len(DEFAULT_NAMES):
            self.error("players.names", say("has {count} names but there are only 4 seats; "
                                            "using the first 4", count=len(value)))
        names = list(DEFAULT_NAMES)
        for i, name in enumerate(value[: len(DEFAULT_NAMES)]):
            key = f"players.names[{i}]"
            if not isinstance(name, str):
                self.error(key, say("must be text, not {kind} {value}; using {default}",
                                    kind=_type_name(name), value=repr(name),
                                    default=repr(DEFAULT_NAMES[i])))
            elif any(_unsafe_in_name(ch) for ch in name):
                bad = next(ch for ch in name if _unsafe_in_name(ch))
                self.error(key, say("'{name}' holds the control character {code}, which no "
                                    "screen can show; using {default}", name=printable(name),
                                    code=f"U+{ord(bad):04X}", default=repr(DEFAULT_NAMES[i])))
            elif is_blank(name):
                what = (say("is empty") if not name.strip()
                        else say("shows nothing (only invisible characters)"))
                self.error(key, say("{what}; using {default}", what=what,
                                    default=repr(DEFAULT_NAMES[i])))
            elif len(name.strip()) > MAX_NAME_LENGTH:
                self.error(key, say("'{name}' is too long: at most {most} characters fit on "
                                    "the smallest screen; using it cut short",
                                    name=printable(name), most=MAX_NAME_LENGTH))
                names[i] = name.strip()[:MAX_NAME_LENGTH]
            else:
                names[i] = name.strip()
        return PlayersConfig(names=tuple(names))

    def rules(self, table: dict[str, Any]) -> RulesConfig:
        d = RulesConfig()
        return RulesConfig(
            dashes=self.boolean(table, "rules.dashes", d.dashes),
            rounds=self.choice(table, "rules.rounds", d.rounds, (1, 3)),
            bonus=self.choice(table, "rules.bonus", d.bonus, ("hidden", "all")),
            labels=self.choice(table, "rules.labels", d.labels, ("panels", "cards")),
            # People's names and the record's older ones (issue 24): kept as the latter.
            pool=pool_named(self.choice(table, "rules.pool", pool_word(d.pool),
                                        POOL_SPELLINGS)) or d.pool,
            dealer=self.boolean(table, "rules.dealer", d.dealer),
        )

    def timer(self, table: dict[str, Any]) -> TimerConfig:
        d = TimerConfig()
        return TimerConfig(
            enabled=self.boolean(table, "timer.enabled", d.enabled),
            first_seconds=self.integer(table, "timer.first_seconds", d.first_seconds, 10, 600),
            extra_seconds=self.integer(table, "timer.extra_seconds", d.extra_seconds, 5, 300),
        )

    def data_dir(
        self, table: dict[str, Any], env: Mapping[str, str], base_dir: Path | None
    ) -> Path:
        default = default_data_dir(env)
        value = table.get("directory", _MISSING)
        if value is _MISSING or value == "":
            return default
        if not isinstance(value, str):
            self.error("data.directory", say("must be a path as text, not {kind} {value}; "
                                             "using {default}", kind=_type_name(value),
                                             value=repr(value), default=str(default)))
            return default
        if "\x00" in value:
            self.error("data.directory", say("holds a NUL character, which no path can; "
                                             "using {default}", default=str(default)))
            return default
        path = Path(value).expanduser() if value.startswith("~") else Path(value)
        if not path.is_absolute():
            # Relative to the file, so a config and its data can move together.
            path = (base_dir or Path.cwd()) / path
        unfit = unfit_data_dir(path)
        if unfit is not None:
            self.error("data.directory", say("{what}; using {default}", what=unfit,
                                             default=str(default)))
            return default
        return path


    def text(self, table: dict[str, Any], key: str, default: str) -> str:
        value = self._get(table, key)
        if value is _MISSING:
            return default
        if not isinstance(value, str):
            self.error(key, say("must be text, not {kind} {value}; using {default}",
                                kind=_type_name(value), value=repr(value), default=repr(default)))
            return default
        return value

    def phones(self, table: dict[str, Any]) -> PhonesConfig:
        return PhonesConfig(
            enabled=self.boolean(table, "phones.enabled", False),
            port=self.integer(table, "phones.port", 8443, 1024, 65535),
            hotspot=self.boolean(table, "phones.hotspot", False),
            said=isinstance(self._get(table, "phones.enabled"), bool),
        )

    def club(self, table: dict[str, Any]) -> ClubConfig | None:
        if not table:
            return None
        host = self.text(table, "club.host", "").strip()
        if not host:
            self.error("club.host", say("is needed to publish to a club night (the broker's "
                                        "name or address); this table plays alone"))
            return None
        name = self.text(table, "club.club", "club").strip()
        if not name or any(c in name for c in "/#+ ") or not name.isprintable():
            self.error("club.club", say("{name} cannot be part of an MQTT topic (no spaces, "
                                        "'/', '#' or '+'); using 'club'", name=repr(name)))
            name = "club"
        return ClubConfig(
            host=host,
            port=self.integer(table, "club.port", 1883, 1, 65535),
            club=name,
            table=self.integer(table, "club.table", 1, 1, 999),
            username=self.text(table, "club.username", "").strip(),
            password=self.text(table, "club.password", ""),
        )
