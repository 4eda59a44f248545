"""``coda-pi doctor``: check a machine for everything the device needs, and say how to fix it.

Each check gives one :class:`Check`: OK, WARN (works, but not as well as it could) or FAIL
(the device will not work as built), what was found, and the fix. The checks run the real
libraries (gpiozero opens every configured pin, pygame opens the display and the mixer), so
a laptop, a Pi over SSH and the test suite (mock pins, SDL's dummy drivers) all get a true
answer. Where the machine's files are read (the Pi model, systemd's units, /dev/dri) the
paths come from :class:`System`, so tests can stand a fake Pi up in a temporary directory.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from coda_pi import __version__
from coda_pi.config import (
    LED_KEYS,
    PINS_UNREADABLE,
    PINS_WRONG,
    Config,
    ConfigProblem,
    config_candidates,
    find_config,
    load_config,
    os_reason,
)
from coda_pi.i18n import N_, _, spoken
from coda_pi.rules.sentence import Sentence, say
from coda_pi.wiring import BCM_TO_PHYSICAL

Status = Literal["OK", "WARN", "FAIL"]

SERVICE_NAME = "coda-pi.service"
INSTALL_HINT = say("run firmware/install.sh (see firmware/README.md)")


# Every fix installs from the hashed lock: a bare "pip install" would fetch whatever PyPI has
# today, unchecked, and the device would no longer run what its tests ran with.
_PIP_PI = say("run sudo firmware/install.sh: it installs lgpio from the hashed lock")


@dataclass(frozen=True, slots=True)
class Check:
    section: str
    status: Status
    message: str
    fix: str = ""


@dataclass(frozen=True, slots=True)
class System:
    """Where the machine's facts are read from; a test points these into a temporary tree."""

    device_tree_model: Path = Path("/proc/device-tree/model")
    systemd_dir: Path = Path("/etc/systemd/system")
    kill_switch: Path = Path("/etc/coda-pi/disabled")
    drm_dir: Path = Path("/sys/class/drm")
    process_maps: Path = Path("/proc/self/maps")
    # Ask systemctl when the machine runs systemd; False in tests to read only the files.
    use_systemctl: bool = True
    env: Mapping[str, str] = field(default_factory=lambda: os.environ)


def pi_model(system: System) -> str | None:
    """The board's name from the device tree ("Raspberry Pi 5 Model B Rev 1.0"), else None."""
    try:
        model = system.device_tree_model.read_bytes().decode("ascii", "replace")
    except OSError:
        return None
    model = model.rstrip("\x00").strip()
    return model if "Raspberry Pi" in model else None


def is_pi5(model: str | None) -> bool:
    return model is not None and ("Pi 5" in model or "Compute Module 5" in model)


def _dist_version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


class _Report:
    def __init__(self) -> None:
        self.checks: list[Check] = []
        self.section = ""

    def add(self, status: Status, message: str, fix: str = "") -> None:
        self.checks.append(Check(self.section, status, message, fix))

    def ok(self, message: str) -> None:
        self.add("OK", message)

    def warn(self, message: str, fix: str) -> None:
        self.add("WARN", message, fix)

    def fail(self, message: str, fix: str) -> None:
        self.add("FAIL", message, fix)


def run_checks(config_path: Path | None = None, *, system: System | None = None) -> list[Check]:
    """Every check, in the order they are printed."""
    system = system or System()
    report = _Report()
    config, problems = load_config(config_path, env=system.env)
    model = pi_model(system)
    report.section = N_("Python and packages")
    _check_python(report, model)
    report.section = N_("Board")
    _check_board(report, model)
    report.section = N_("Config")
    _check_config(report, config, problems, config_path, system)
    report.section = N_("GPIO")
    _check_gpio(report, config, model, system)
    report.section = N_("Display")
    _check_display(report, config, model, system)
    report.section = N_("Sound")
    _check_sound(report, config)
    report.section = N_("Data")
    _check_data(report, config)
    report.section = N_("Service")
    _check_service(report, model, system)
    report.section = N_("Phones")
    from coda_pi.phones.doctor_checks import check_phones  # only the doctor needs it

    check_phones(report, config)
    report.section = N_("Seat pods")
    from coda_pi.pods.doctor_checks import check_pods

    check_pods(report, config)
    return report.checks


# --- Python and packages ---------------------------------------------------------------------


def _check_python(report: _Report, model: str | None) -> None:
    # Older Pythons cannot import coda_pi at all (tomllib), so getting here means >= 3.11.
    report.ok(f"Python {platform.python_version()} ({sys.executable})")
    report.ok(f"coda-pi {__version__}")
    for dist, why in (("gpiozero", say("the buttons, LEDs and buzzer")),
                      ("pygame", say("the screen"))):
        found = _dist_version(dist)
        if found:
            report.ok(f"{dist} {found}")
        else:
            report.fail(say("{dist} is not installed ({why})", dist=dist, why=why),
                        say("run ./coda-pi from the checkout (it installs the hashed lock into "
                            ".venv), or {hint}", hint=INSTALL_HINT))
    lgpio, rpigpio, shim = (_dist_version(d) for d in ("lgpio", "RPi.GPIO", "rpi-lgpio"))
    found = ", ".join(f"{n} {v}" for n, v in
                      (("lgpio", lgpio), ("RPi.GPIO", rpigpio), ("rpi-lgpio", shim)) if v)
    if model is None:
        report.ok(say("GPIO backends: {found} (not a Raspberry Pi: none needed)",
                      found=found or say("none")))
        return
    if rpigpio and shim:
        report.fail(say("both RPi.GPIO {rpigpio} and rpi-lgpio {shim} are installed: they are "
                        "the same module and overwrite each other", rpigpio=rpigpio, shim=shim),
                    say("run sudo firmware/install.sh again: it keeps the one its --gpio "
                        "option names and removes the other"))
    elif is_pi5(model) and not lgpio:
        report.fail(say("a Pi 5 needs lgpio, and it is not installed (RPi.GPIO cannot drive "
                        "the Pi 5's RP1 chip)"), _PIP_PI)
    elif not (lgpio or rpigpio or shim):
        report.fail(say("no GPIO backend installed: the buttons will not work"), _PIP_PI)
    else:
        report.ok(say("GPIO backends: {found}", found=found))


# --- Board -----------------------------------------------------------------------------------


def _check_board(report: _Report, model: str | None) -> None:
    if model is None:
        report.ok(say("not a Raspberry Pi ({machine}): GPIO is skipped and the keyboard plays "
                      "the buttons", machine=f"{platform.system()} {platform.machine()}"))
    else:
        report.ok(f"{model} ({platform.machine()})")


# --- Config ----------------------------------------------------------------------------------


def _check_config(
    report: _Report,
    config: Config,
    problems: list[ConfigProblem],
    config_path: Path | None,
    system: System,
) -> None:
    # The file looked at, even one that is missing (CODA_PI_CONFIG names it under the
    # service): never "None".
    where = config.source or find_config(config_path, system.env) or config_path
    if config.source is None and not problems:
        looked = ", ".join(str(p) for p in config_candidates(config_path, system.env))
        report.ok(say("no config file (looked at {looked}): every setting is its default",
                      looked=looked))
    else:
        errors = sum(p.severity == "error" for p in problems)
        report.add("FAIL" if errors else "OK",
                   say("config file {where}: {count} problem(s)", where=str(where),
                       count=len(problems)),
                   say("edit {where} (every key is explained in firmware/config.example.toml)",
                       where=str(where)) if errors else "")
    for problem in problems:
        fix = _config_fix(problem, str(where))
        if problem.severity == "error":
            report.fail(problem.sentence, fix)
        else:
            report.warn(problem.sentence, fix)


def _config_fix(problem: ConfigProblem, where: str) -> Sentence:
    """What to edit, by the table or key that is wrong."""
    template = getattr(problem.message, "template", None)
    if template == PINS_WRONG:
        return say("fix the pins.* keys above; the seat LEDs and the buzzer come back on "
                   "by themselves")
    if template == PINS_UNREADABLE:
        return say("fix the line named above in the [pins] table of {where}, so that [pins] "
                   "reads on its own", where=where)
    if not problem.key:
        return say("edit {where}", where=where)
    if "." in problem.key or "[" in problem.key:
        return say("edit {key} in the [{table}] table of {where}", key=problem.key,
                   table=problem.key.split(".")[0].split("[")[0], where=where)
    return say("edit the [{table}] table of {where}", table=problem.key, where=where)


# --- GPIO ------------------------------------------------------------------------------------


@contextlib.contextmanager
def _pin_factory(report: _Report, model: str | None, system: System) -> Iterator[Any]:
    """gpiozero's pin factory as the app would get it, or None; closed after if made here."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    chosen = system.env.get("GPIOZERO_PIN_FACTORY")
    made_here = False
    factory = Device.pin_factory
    if factory is None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                factory = Device._default_pin_factory()
            made_here = True
        except (BadPinFactory, Exception) as exc:  # any backend may fail in its own way
            factory = None
            if model is None:
                report.warn(say("no GPIO pin factory found ({why}): the keyboard will be used",
                                why=str(exc)),
                            say("nothing to do on a laptop or desktop; on a Pi, {hint}",
                                hint=INSTALL_HINT))
            else:
                hint = (say("GPIOZERO_PIN_FACTORY={chosen} is set: unset it, or install that "
                            "backend", chosen=chosen) if chosen else _PIP_PI)
                report.fail(say("no GPIO pin factory could start ({why})", why=str(exc)), hint)
    if factory is not None:
        name = type(factory).__name__
        via = f" (GPIOZERO_PIN_FACTORY={chosen})" if chosen else ""
        if name == "MockFactory":
            report.warn(say("pin factory: {name}: mock pins, nothing real is connected",
                            name=name + via),
                        say("for tests only; unset GPIOZERO_PIN_FACTORY on the device"))
        elif name == "NativeFactory":
            report.warn(say("pin factory: {name}: no PWM, so the buzzer cannot play tones",
                            name=name + via), _PIP_PI)
        else:
            report.ok(say("pin factory: {name}", name=name + via))
    try:
        yield factory
    finally:
        if made_here and factory is not None:
            factory.close()


def _check_gpio(report: _Report, config: Config, model: str | None, system: System) -> None:
    pins = config.pins
    if not pins.gpio_enabled:
        report.fail(say("GPIO is off: the keyboard is used instead"),
                    say("fix the pins.* problems listed under Config"))
    elif not pins.outputs_enabled:
        report.fail(say("the seat LEDs and the buzzer are off because the pin map is in "
                        "doubt; the buttons are still read"),
                    say("fix the [pins] problems listed under Config"))
    with _pin_factory(report, model, system) as factory:
        for key, bcm in pins.as_dict().items():
            where = say("pins.{key} = GPIO {bcm} (header pin {pin})", key=key, bcm=bcm,
                        pin=BCM_TO_PHYSICAL.get(bcm, "?"))
            if factory is None or not pins.gpio_enabled:
                report.ok(say("{where}: not opened (no GPIO here)", where=where))
                continue
            output = key == "buzzer" or key in LED_KEYS
            if output and not pins.drives_outputs:
                # Never driven, not even here: the pin may be wired to a button.
                report.warn(say("{where}: not opened (the outputs are off)", where=where),
                            say("fix the [pins] problems listed under Config"))
                continue
            if not output and key in pins.unread:
                report.warn(say("{where}: not read (its pin is unknown)", where=where),
                            say("fix the [pins] problems listed under Config"))
                continue
            _open_pin(report, factory, key, bcm, where)


def _open_pin(report: _Report, factory: Any, key: str, bcm: int, where: Sentence) -> None:
    from gpiozero import LED, DigitalInputDevice, TonalBuzzer
    from gpiozero.exc import GPIOPinInUse, PinPWMUnsupported

    device: Any = None
    try:
        if key == "buzzer":
            device = TonalBuzzer(bcm, pin_factory=factory)
            report.ok(say("{where}: opened as a TonalBuzzer (PWM)", where=where))
        elif key in LED_KEYS:
            device = LED(bcm, pin_factory=factory)
            report.ok(say("{where}: opened as an LED output", where=where))
        else:
            # As the app's Button, minus its hold thread (slow to close): pulled up, low = down.
            device = DigitalInputDevice(bcm, pull_up=True, pin_factory=factory)
            if device.is_active:
                report.warn(say("{where}: reads pressed while nobody touches it", where=where),
                            say("the button should connect the pin to GND, not 3.3 V; check "
                                "for a short, or a button wired normally-closed"))
            else:
                report.ok(say("{where}: opened as a button, reads released", where=where))
    except PinPWMUnsupported as exc:
        report.warn(say("{where}: this pin factory cannot do PWM here ({why}): no buzzer tones",
                        where=where, why=str(exc or type(exc).__name__)),
                    say("use the lgpio backend (sudo firmware/install.sh --gpio lgpio) or a "
                        "PWM-capable pin (12, 13, 18, 19)"))
    except GPIOPinInUse as exc:
        report.fail(say("{where}: already in use ({why})", where=where, why=str(exc)),
                    say("something else holds the pin: stop the running device first "
                        "(sudo systemctl stop coda-pi)"))
    except Exception as exc:  # the backends raise many kinds; each is worth reporting
        busy = "busy" in str(exc).lower()
        report.fail(say("{where}: cannot be opened ({why})", where=where,
                        why=f"{type(exc).__name__}: {exc}"),
                    say("stop the running device first (sudo systemctl stop coda-pi)") if busy
                    else say("check the pin number; is the user in the 'gpio' group? (groups; "
                             "sudo usermod -aG gpio $USER, then log in again)"))
    finally:
        if device is not None:
            device.close()


# --- Display ---------------------------------------------------------------------------------


def _import_pygame() -> Any:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return pygame


def drm_cards(system: System) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(card, kernel driver, [(connector, status)]) for each /dev/dri card, in number order."""
    cards = []
    if not system.drm_dir.is_dir():
        return cards
    names = [p.name for p in system.drm_dir.iterdir()
             if p.name.startswith("card") and p.name[4:].isdigit()]
    for name in sorted(names, key=lambda n: int(n[4:])):
        driver_link = system.drm_dir / name / "device" / "driver"
        try:
            driver = os.path.basename(os.readlink(driver_link))
        except OSError:
            driver = "?"
        connectors = []
        for conn in sorted(system.drm_dir.glob(f"{name}-*")):
            try:
                status = (conn / "status").read_text().strip()
            except OSError:
                status = "?"
            connectors.append((conn.name[len(name) + 1:], status))
        cards.append((name, driver, connectors))
    return cards


def _sdl_library_has_kmsdrm(system: System) -> bool | None:
    """Whether the SDL library pygame loaded was built with kmsdrm (None: cannot tell)."""
    try:
        maps = system.process_maps.read_text()
    except OSError:
        return None
    libs = {line.split()[-1] for line in maps.splitlines() if "libSDL2-2.0" in line
            or "libSDL2-2-" in line}
    if not libs:
        return None
    try:
        return any(b"KMSDRM" in Path(lib).read_bytes() for lib in libs)
    except OSError:
        return None


def _check_display(report: _Report, config: Config, model: str | None, system: System) -> None:
    try:
        pygame = _import_pygame()
    except ImportError as exc:
        report.fail(say("pygame cannot be imported ({why})", why=str(exc)), INSTALL_HINT)
        return
    chosen = system.env.get("SDL_VIDEODRIVER")
    report.ok(say("SDL {version}, SDL_VIDEODRIVER={driver}",
                  version=".".join(map(str, pygame.get_sdl_version())),
                  driver=chosen if chosen is not None else say("(not set: SDL picks)")))
    cards = drm_cards(system)
    if cards:
        for card, driver, connectors in cards:
            outputs = ", ".join(f"{c} {s}" for c, s in connectors)
            report.ok(say("/dev/dri/{card} ({driver}): {outputs}", card=card, driver=driver,
                          outputs=outputs or say("no outputs (render only)")))
        lit = [card for card, _, conns in cards if any(s == "connected" for _, s in conns)]
        if len(lit) > 1:
            report.warn(say("{count} cards have a screen connected ({cards}): SDL 2 draws on "
                            "the first, {first}", count=len(lit), cards=", ".join(lit),
                            first=lit[0]),
                        say("unplug the screen you do not want, or switch HDMI off with "
                            "video=HDMI-A-1:d in cmdline.txt (firmware/README.md, 'Which card')"))
        elif model is not None and not lit:
            report.fail(say("no /dev/dri card has a connected screen"),
                        say("check the cable and the boot config for your screen: "
                            "firmware/README.md, 'Screens'"))
    has_kmsdrm = _sdl_library_has_kmsdrm(system)
    if has_kmsdrm is False:
        # Not a bare pip command: that would fetch whatever pygame PyPI has now, unchecked by
        # the lock's hashes; install.sh builds the locked source against the system SDL.
        fix = say("run sudo firmware/install.sh again: it builds the locked pygame against "
                  "the system SDL")
        if model is None:
            report.warn(say("the SDL library pygame uses has no kmsdrm driver (a pip wheel's "
                            "SDL): fine on a desktop, but it cannot draw without one"), fix)
        else:
            report.fail(say("the SDL library pygame uses has no kmsdrm driver (a pip wheel's "
                            "SDL): the device cannot draw without a desktop"), fix)
    from coda_pi.quiet_stderr import captured_stderr

    try:
        with captured_stderr():  # SDL's own lines (XDG_RUNTIME_DIR...): the report says it
            pygame.display.init()
    except pygame.error as exc:
        report.fail(say("SDL cannot open a display ({why})", why=str(exc)), _display_fix(model))
        return
    try:
        driver = pygame.display.get_driver()
        sizes = pygame.display.get_desktop_sizes()
        modes = pygame.display.list_modes()
    finally:
        pygame.display.quit()
    shown = ", ".join(f"{w}x{h}" for w, h in sizes) or say("none")
    if driver.lower() in ("dummy", "offscreen") and os.environ.get("SDL_VIDEODRIVER"):
        report.warn(say("SDL video driver: {driver} (nothing is shown), display size {shown}",
                        driver=driver, shown=shown),
                    say("for tests only; unset SDL_VIDEODRIVER (the service sets kmsdrm)"))
    elif driver.lower() in ("dummy", "offscreen"):
        # Nobody asked for it: SDL found no display and fell back (issue 24).
        report.warn(say("no display found: SDL would draw offscreen ({driver}), where nothing "
                        "is shown", driver=driver), _display_fix(model))
    else:
        report.ok(say("SDL video driver: {driver}, display size {shown}", driver=driver,
                      shown=shown))
    mode_list = modes if isinstance(modes, list) else []
    if mode_list:
        report.ok(say("modes offered: {modes}",
                      modes=", ".join(f"{w}x{h}" for w, h in mode_list[:8])
                      + (" ..." if len(mode_list) > 8 else "")))
    smallest = min(sizes, default=None, key=lambda s: s[0] * s[1])
    if smallest and (min(smallest) < 240 or max(smallest) < 320):
        report.warn(say("the display is {size}, smaller than 320x240",
                        size=f"{smallest[0]}x{smallest[1]}"),
                    say("coda-pi's layouts need at least 320x240"))
    want = (config.screen.width, config.screen.height)
    if want[0] is not None and sizes and want not in sizes and want not in mode_list:
        report.warn(say("screen.width/height ask for {size}, which the display does not offer "
                        "({shown})", size=f"{want[0]}x{want[1]}", shown=shown),
                    say("set screen.width and screen.height to \"auto\", or to one of the sizes "
                        "above"))


def _display_fix(model: str | None) -> str:
    if model is None:
        return say("on a desktop, run it inside the desktop session; for tests, set "
                   "SDL_VIDEODRIVER=dummy")
    return say("stop the running device first (sudo systemctl stop coda-pi); run with "
               "SDL_VIDEODRIVER=kmsdrm from the console or the service; the user needs the "
               "'video' and 'render' groups; check the screen's boot config "
               "(firmware/README.md)")


# --- Sound -----------------------------------------------------------------------------------


def _check_sound(report: _Report, config: Config) -> None:
    if not config.sound.enabled:
        report.ok(say("sound is off in the config (sound.enabled = false)"))
        return
    try:
        pygame = _import_pygame()
        from coda_pi.pygame_import import mixer
        from coda_pi.quiet_stderr import captured_stderr

        with captured_stderr():  # ALSA's own lines: the warning below says it in one
            # The command line imports pygame without its mixer (coda_pi/pygame_import.py).
            mixer().init()
    except Exception as exc:
        report.warn(say("no sound device ({why})", why=str(exc)),
                    say("the piezo on GPIO does not need one; on a desktop, check the audio "
                        "output (or set SDL_AUDIODRIVER)"))
        return
    try:
        freq, fmt, channels = pygame.mixer.get_init()
        report.ok(say("sound device open: {freq} Hz, {bits}-bit, {channels} channel(s)",
                      freq=freq, bits=abs(fmt), channels=channels))
    finally:
        pygame.mixer.quit()


# --- Data ------------------------------------------------------------------------------------


def _check_data(report: _Report, config: Config) -> None:
    data = config.data_dir
    try:
        data.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=data, prefix=".doctor-", delete=True) as f:
            f.write(b"ok")
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        report.fail(say("data directory {data} is not writable ({why})", data=str(data),
                        why=os_reason(exc)),
                    say("set data.directory in the config to a writable place, or give this "
                        "user the directory: sudo chown -R $USER {data}", data=str(data)))
        return
    free = shutil.disk_usage(data).free
    if free < 50 * 1024 * 1024:
        report.warn(say("data directory {data}: only {mb} MB free", data=str(data),
                        mb=free // (1024 * 1024)),
                    say("free some space: game records are small, but a full disk stops them"))
    else:
        report.ok(say("data directory {data} is writable ({mb} MB free)", data=str(data),
                      mb=free // (1024 * 1024)))


# --- Service ---------------------------------------------------------------------------------


def _systemctl(system: System, *args: str) -> str | None:
    if not system.use_systemctl or not Path("/run/systemd/system").is_dir():
        return None
    exe = shutil.which("systemctl")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip()


def _check_service(report: _Report, model: str | None, system: System) -> None:
    unit = system.systemd_dir / SERVICE_NAME
    if not unit.is_file():
        if model is None:
            report.ok(say("{unit} not installed (only the appliance needs it)",
                          unit=SERVICE_NAME))
        else:
            report.warn(say("{unit} is not installed: the device will not start on boot",
                            unit=SERVICE_NAME), INSTALL_HINT)
        return
    enabled = _systemctl(system, "is-enabled", SERVICE_NAME)
    if enabled is None:
        wants = system.systemd_dir / "multi-user.target.wants" / SERVICE_NAME
        enabled = "enabled" if wants.exists() else "disabled"
    if enabled == "enabled":
        report.ok(say("{unit} installed ({path}) and enabled", unit=SERVICE_NAME,
                      path=str(unit)))
    else:
        report.warn(say("{unit} is installed but {state}: it will not start on boot",
                        unit=SERVICE_NAME, state=enabled or say("not enabled")),
                    f"sudo systemctl enable --now {SERVICE_NAME}")
    if system.kill_switch.exists():
        report.warn(say("the kill switch {path} exists: the service will not start",
                        path=str(system.kill_switch)),
                    say("sudo rm {path} (then sudo systemctl start coda-pi)",
                        path=str(system.kill_switch)))
    active = _systemctl(system, "is-active", SERVICE_NAME)
    if active is not None:
        if active == "active":
            report.ok(say("{unit} is running", unit=SERVICE_NAME))
        else:
            report.warn(say("{unit} is {state}", unit=SERVICE_NAME, state=active),
                        say("see why: journalctl -u coda-pi -b; start it: sudo systemctl "
                            "start coda-pi"))


# --- Output ----------------------------------------------------------------------------------


def exit_code(checks: list[Check]) -> int:
    return 1 if any(c.status == "FAIL" for c in checks) else 0


def format_text(checks: list[Check]) -> str:
    lines = ["coda-pi doctor"]
    section = None
    for check in checks:
        if check.section != section:
            section = check.section
            lines.append("")
            lines.append(_(section))
        # The checks' sentences are English (as --json gives them), said here in the reader's.
        lines.append(f"  {check.status:<4}  {spoken(check.message)}")
        if check.fix:
            lines.append("        " + _("fix: {fix}").format(fix=spoken(check.fix)))
    counts = {s: sum(c.status == s for c in checks) for s in ("OK", "WARN", "FAIL")}
    lines.append("")
    verdict = _("ready") if counts["FAIL"] == 0 else _("NOT ready: fix every FAIL above")
    lines.append(_("{ok} OK, {warn} WARN, {fail} FAIL: {verdict}").format(
        ok=counts["OK"], warn=counts["WARN"], fail=counts["FAIL"], verdict=verdict))
    return "\n".join(lines) + "\n"


def as_json(checks: list[Check]) -> dict[str, Any]:
    return {
        "ok": exit_code(checks) == 0,
        "counts": {s: sum(c.status == s for c in checks) for s in ("OK", "WARN", "FAIL")},
        "checks": [asdict(c) for c in checks],
    }
