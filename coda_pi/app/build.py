"""Building the device: the screen, the inputs and the outputs opened and wired to a
referee (coda_pi/app/resume.py chooses which) by the loop (coda_pi/app/loop.py)."""

from __future__ import annotations

import dataclasses
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import pygame

from coda_pi import log_later
from coda_pi.app.card_refused import back_on_the_record
from coda_pi.app.loop import App, TimedSource
from coda_pi.app.options import DeviceOptions
from coda_pi.app.records import OnRecorded, Records
from coda_pi.app.resume import build_referee, notice_over
from coda_pi.app.sdl_noise import sifted_stderr
from coda_pi.app.waiting import Waiter, choose_waiter, is_console_driver
from coda_pi.config import BUTTONS_OFF, Config
from coda_pi.desktop import WINDOW_SYSTEMS, keys_banner, set_in_a_window, unseen_notice
from coda_pi.devices.gpio import GpioDevices, open_gpio, why_no_gpio_here
from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.devices.keyboard import KeyboardButtons, disable_key_repeat
from coda_pi.fsync_thread import FsyncThread
from coda_pi.i18n import read_catalog
from coda_pi.lazy_types import loaded
from coda_pi.referee.shared.ports import Clock, MonotonicClock, Sounder
from coda_pi.referee.shared.views import BannerKind
from coda_pi.referee.table_referee import TableReferee
from coda_pi.rules.sentence import say
from coda_pi.rules.sentence import say as sentence_say
from coda_pi.system_random import system_random
from coda_pi.ui.scene import Scene

if TYPE_CHECKING:
    import random

log = log_later.getLogger(__name__)


def explain_once(stream: TextIO | None = None) -> Callable[[str], None]:
    """A sink for the sentences saying what is missing (no GPIO, no sound): each is logged
    and written to stderr once, however often it is said."""
    said: set[str] = set()

    def explain(text: str) -> None:
        if text in said:
            return
        said.add(text)
        log.info("%s", text)
        print(f"coda-pi: {text}", file=stream or sys.stderr)

    return explain



DEVICE_TREE_MODEL = Path("/proc/device-tree/model")


def on_a_pi() -> bool:
    """Whether this is a Raspberry Pi (its device tree says so): where GPIO is expected, and
    its absence is news for the first screen rather than a laptop's normal state."""
    try:
        return b"Raspberry Pi" in DEVICE_TREE_MODEL.read_bytes()
    except OSError:
        return False


def config_notices(problems: Sequence[Any]) -> tuple[str, ...]:
    """The config file's problems as sentences for the screen, errors first (said in the
    screen's language when shown: the language may come from this very config)."""
    ordered = sorted(problems, key=lambda p: p.severity != "error")
    # A problem with the file as a whole already begins "config file:" (ConfigProblem).
    return tuple(p.sentence if not p.key else say("config file: {problem}", problem=p.sentence)
                 for p in ordered)



def build_app(
    options: DeviceOptions,
    *,
    clock: Clock | None = None,
    waiter: Waiter | None = None,
    rng: random.Random | None = None,
    referee: TableReferee | None = None,
    explain: Callable[[str], None] | None = None,
    show_led_strip: bool | None = None,
    sounder: Sounder | None = None,
    sources: Sequence[TimedSource] = (),
    on_frame: Callable[[Scene, pygame.Surface], None] | None = None,
    queue: IntentQueue | None = None,
) -> App:
    """Open the screen, the inputs and the outputs, and wire them to a referee."""
    from coda_pi.ui.display import open_display
    from coda_pi.ui.screens import ScreenRenderer

    say = explain or explain_once()
    config = options.config
    clock = MonotonicClock() if clock is None else clock
    queue = IntentQueue() if queue is None else queue  # an empty queue is falsy
    if not options.draw:
        from coda_pi.app.undrawn import UndrawnDisplay, UndrawnRenderer
    with sifted_stderr():  # the drivers SDL only tried say nothing (app/sdl_noise.py)
        pygame.display.init()
        pygame.font.init()
        # Not drawing (options.draw false: a headless run that needs only the record) opens
        # no window: the loop still works out every frame's scene, and counts it, but draws
        # none.
        display = open_display(options.size or _config_size(config), fullscreen=(
            options.fullscreen if options.fullscreen is not None
            else config.screen.fullscreen),
            rotation=config.screen.rotation) if options.draw else UndrawnDisplay.make()
    renderer = ScreenRenderer() if options.draw else UndrawnRenderer(ScreenRenderer())
    disable_key_repeat()
    driver = pygame.display.get_driver()
    set_in_a_window(driver in WINDOW_SYSTEMS)  # the quit question's last words
    unseen = unseen_notice(driver, os.environ)
    if unseen is not None:
        say(unseen)

    gpio = None
    # Pins that will most likely open are opened once the first frame is shown; the frame
    # is drawn as with buttons (no keys banner, no LEDs on the screen).
    pins_later = (options.gpio and options.pins_after_first_frame and sounder is None
                  and pins_expected(config))
    if options.gpio and not pins_later:
        gpio, off = _open_pins(options, queue, say)
        if off is not None:
            options = dataclasses.replace(options, notices=(*options.notices, off))
    buttons = gpio is not None or pins_later
    sound_on = config.sound.enabled if options.sound is None else options.sound
    if sounder is None and not pins_later:
        sounder = _sounder(gpio, sound_on, say, clock.monotonic)
    if callable(getattr(sounder, "next_deadline", None)):
        # A sounder with times of its own (the mixer, closed when idle) is one of the loop's
        # timed sources: the loop wakes for it, and for nothing else of it.
        sources = [*sources, sounder]
    data_dir = options.data_dir or config.data_dir
    on_recorded = options.on_recorded
    published: list[Callable[[], None]] = []
    if config.club is not None:  # a club night: publish the records (coda_pi/club/)
        from coda_pi.club.publisher import start_publisher

        records_dir = options.record.parent if options.record else data_dir
        close_publisher, tell = start_publisher(config.club, records_dir, explain=say)
        published.append(close_publisher)
        # The writer tells the publisher of each line: it looks at the files only then.
        on_recorded = _both(options.on_recorded, tell)
    records = Records(data_dir, options.record, on_recorded=on_recorded,
                      on_kept=options.on_kept)
    rng = rng or system_random()
    built_here = referee is None
    if referee is None:
        # The records' fsyncs run beside the loop, which draws the press's frame meanwhile
        # and shows it once they returned (coda_pi/fsync_thread.py); a late refusal puts
        # the device back on its record (app/card_refused.py): only a referee built here can
        # be built again so.
        records.fsync_thread = FsyncThread()
        referee = build_referee(options, clock=clock, rng=rng, records=records, explain=say)

    def close_records() -> None:
        (app.records or records).close()  # the records of a game put back on its record
        if records.fsync_thread is not None:
            records.fsync_thread.close()

    closers: list[Callable[[], None]] = [close_records]
    closers.extend(published)
    phones = None
    from coda_pi.remembered_phones import phones_wanted

    # Phones as seat screens (coda_pi/phones/): on where the config says so, or where the
    # table turned them on from the device before a restart and the config says nothing.
    if phones_wanted(config.phones, records.data_dir):
        from coda_pi.phones.addresses import PhoneAddresses, hotspot_interface
        from coda_pi.phones.start import start_phones

        addresses = PhoneAddresses()
        if config.phones.hotspot:
            from coda_pi.phones.hotspot import bring_up_later

            # Off the loop's thread: NetworkManager may still be starting the access point
            # (nmcli waits for it), and the device's screen must not wait with it. The
            # address shown follows the access point whenever it comes up.
            addresses = PhoneAddresses(hotspot=hotspot_interface())
            # Not ready: said on the screen too (the log's sentence names the state and the
            # doctor; a table with only buttons needs to know why no phone can join).
            from coda_pi.app.thread_notices import ThreadNotices
            from coda_pi.i18n import N_, _

            # Translated on the loop's thread, when told.
            notices = ThreadNotices(lambda why: referee.notify(_(why), BannerKind.ERROR),
                                    queue.wake)
            sources = [*sources, notices]
            bring_up_later(say, failed=lambda: notices.say(N_(
                "Phones cannot join: the access point is not ready. Use the seat buttons.")))
        def phones_off(why: str) -> None:
            say(why)
            # On the first screen too: the table may have buttons and no terminal.
            referee.notify(why, BannerKind.ERROR)

        phones = start_phones(queue, records.data_dir, port=config.phones.port,
                              explain=phones_off, addresses=addresses)
        if phones is not None:
            closers.append(phones.close)
            say(phones.notice())
            from coda_pi.phones.address_watch import moved_then, watch_addresses

            # An address that comes or goes (the access point up after the device) wakes
            # the loop, which draws the code again with it; a quiet network wakes nothing.
            watch = watch_addresses(moved_then(phones.bridge, queue.wake))
            if watch is not None:
                closers.append(watch.close)
    companion: Any = phones.bridge if phones is not None else None
    if config.pods.enabled:  # a private screen at every seat (coda_pi/pods/)
        from coda_pi.pods.start import join_pods

        companion, sources = join_pods(config, companion, sources, closers,
                                       clock=clock.monotonic, explain=say, wake=queue.wake)
    if gpio is not None:
        closers.append(gpio.close)
    if waiter is None and is_console_driver(driver):
        # The console's keyboard wakes the quiet loop; nothing polls for it.
        from coda_pi.devices.input_watch import InputWatch

        closers.append(InputWatch(queue.wake).start().close)
    keys = keys_banner(driver, buttons=buttons)
    if keys is not None:
        # The banner goes with the game's first action; the window's title keeps the keys
        # in sight for the rest of the evening (the footers name the buttons).
        pygame.display.set_caption(f"coda-pi · {keys}")
    keys_shown = keys is not None and getattr(referee.view(), "banner", None) is None
    if keys_shown:
        # Once, on the first screen: it stays while the setup is open (its header), and the
        # game's first action replaces it.
        referee.notify(keys)
    strip = (not buttons) if show_led_strip is None else show_led_strip
    app = App(
        referee,
        queue=queue,
        clock=clock,
        renderer=renderer,
        display=display,
        waiter=(choose_waiter(queue, buttons=buttons, driver=driver)
                if waiter is None else waiter),
        keyboard=KeyboardButtons(),
        sounder=sounder,
        seat_leds=gpio.leds if gpio is not None else None,
        sources=sources,
        show_led_strip=strip,
        on_frame=on_frame,
        closers=closers,
        companion=companion,
    )
    app.records = records
    if built_here:  # a referee given by the caller is the caller's to rebuild
        app.recover = back_on_the_record(app, options, clock=clock, rng=rng, explain=say)
    app.gpio = gpio
    if options.draw:
        # The first frame's pixels are copied for the next frame's comparison once it is
        # shown, first of the work put off: the start does not wait for the copy.
        display.keep_first_later()
        app.later.append(display.keep_shown)
    if pins_later:
        app.later.append(_pins_opener(app, options, say, sound_on=sound_on,
                                      waiter_chosen=waiter is None, driver=driver))
    if loaded("coda_pi.referee.coda.states"):
        # After the pins: a press is read at once, and handled once this is done.
        app.later.append(_play_importer(app, config.rules.pool))
    app.phones = phones
    if phones is not None:
        app.referee.attach_seat_screens(phones.bridge)  # the QR code, "Phones" in the menu
        if not keys_shown:
            # Without the keys nothing can be pressed; the setup shows the phones' code and
            # address anyway (and stderr the notice), so the keys keep the one banner.
            app.referee.notify(phones.notice())
    elif hasattr(app.referee, "offer_phones"):
        app.referee.offer_phones(_phones_starter(app, records.data_dir, config.phones.port))
    return app


POOL_PLAY: dict[str, tuple[str, ...]] = {
    "entered": ("coda_pi.ui.entry_screens", "coda_pi.rules.table_fit"),
    "table": ("coda_pi.ui.table_pool_screens", "coda_pi.rules.table_fit"),
}
"""What a game in each pool mode is drawn with (the device pool's screens are the shared
ones) and checked with (the deduction engine: do the panels told fit together)."""

SCREENS_PLAY: tuple[str, ...] = ("coda_pi.ui.table", "coda_pi.ui.scores")
"""What every game's screens are drawn with and the setup's are not: the table, a turn's
side, a round's end and the standings (ui/screens.py imports them where they draw)."""


def _play_importer(app: App, pool: str) -> Callable[[], None]:
    """What a Coda game's first screens need and the setup's first frame did not (the
    referee's screens, the pool mode ``pool`` and what it draws and checks with, the date its
    record is named with, the language's catalog for plurals), imported once that frame is
    shown, before the loop first sleeps: the setup's OK, most often a start's first press,
    then waits for none of it (bench/bench_first_press.py). A module at a time: a press that
    comes meanwhile is answered after the module being imported, and the rest follows, before
    the loop sleeps (``App.step``)."""
    from coda_pi.referee.coda.states import play_modules

    # random: the device's randomness beyond the seed (coda_pi/system_random.py) deals.
    # devices.buzzer: the tones a laptop's first cue plays (the mixer opens with it).
    modules = [*play_modules(pool), *POOL_PLAY.get(pool, ()), *SCREENS_PLAY, "datetime",
               "random", "coda_pi.devices.buzzer"]

    def import_play() -> None:
        while modules:
            if len(app.queue):
                app.later.append(import_play)  # the press's frame first
                return
            importlib.import_module(modules.pop(0))
        read_catalog()

    return import_play


def pins_expected(config: Config) -> bool:
    """Whether GPIO pins are configured and this machine looks able to open them (a pin
    factory named, or a GPIO device in /dev): said without importing gpiozero."""
    pins = config.pins
    return bool(pins.button_pins() or pins.seat_led_pins() or pins.buzzer_pin is not None) \
        and why_no_gpio_here() is None


def _open_pins(options: DeviceOptions, queue: IntentQueue, say: Callable[[str], None]
               ) -> tuple[GpioDevices | None, str | None]:
    """The buttons, seat LEDs and piezo opened; and when a Pi's buttons cannot be read, the
    sentence for its screen saying so, and why (not only the log): it is worked with a
    keyboard, if it has one."""
    pins = options.config.pins
    why: list[str] = []

    def gpio_says(text: str) -> None:
        why.append(text)
        say(text)

    gpio = open_gpio(pins.button_pins(), pins.seat_led_pins(), queue.put,
                     buzzer_pin=pins.buzzer_pin, bounce_time=options.bounce_time,
                     explain=gpio_says)
    off = None
    if gpio is None and why and pins.button_pins() and on_a_pi():
        off = sentence_say(BUTTONS_OFF, why=why[0].rstrip("."))
    return gpio, off


def _pins_opener(app: App, options: DeviceOptions, say: Callable[[str], None], *,
                 sound_on: bool, waiter_chosen: bool, driver: str) -> Callable[[], None]:
    """Opening the pins after the first frame, and wiring what opened as ``build_app``
    would have; where they did not open, the device goes on as it would have started
    without them: the keyboard's wait and banner, the LEDs on the screen, the mixer, and
    on a Pi the sentence saying why."""

    def open_pins() -> None:
        gpio, off = _open_pins(options, app.queue, say)
        app.gpio = gpio
        app.sounder = _sounder(gpio, sound_on, say, app.clock.monotonic)
        if callable(getattr(app.sounder, "next_deadline", None)):
            app.sources.append(app.sounder)  # type: ignore[arg-type]
        if gpio is not None:
            app.seat_leds = gpio.leds
            app.closers.append(gpio.close)
            return
        app.show_led_strip = True
        if waiter_chosen:
            app.waiter = choose_waiter(app.queue, buttons=False, driver=driver)
        if off is not None:
            app.referee = notice_over(app.referee, [off], clock=app.clock)
        keys = keys_banner(driver, buttons=False)
        if keys is not None and getattr(app.referee.view(), "banner", None) is None:
            app.referee.notify(keys)

    return open_pins


def _sounder(gpio: GpioDevices | None, sound_on: bool, say: Callable[[str], None],
             clock: Callable[[], float]) -> Sounder:
    """The device's sounder: the piezo, the mixer when a cue first plays, or silence. Its
    modules (the tunes, the tone tables) are imported here: on a Pi once the pins are open,
    after the first frame."""
    if not sound_on:
        from coda_pi.devices.buzzer import SilentSounder

        return SilentSounder()
    from coda_pi.devices.sound_on_first_cue import device_sounder

    return device_sounder(gpio, explain=say, clock=clock)


def _both(first: OnRecorded | None, then: OnRecorded) -> OnRecorded:
    """``first`` (the demo's acknowledgement log, say), then ``then``, for each line."""
    if first is None:
        return then

    def told(path: Path, line: dict[str, Any]) -> None:
        first(path, line)
        then(path, line)

    return told


def _phones_starter(app: App, data_dir: Path, port: int, *,
                    host: str = "0.0.0.0") -> Callable[[], Any]:
    """Turning phones on from the BACK menu, with no config to edit nor restart: the
    server started on the loop's thread, the loop's companion and the referee's seat
    screens set, the address on the screen (or why they could not start)."""

    def turn_on() -> Any:
        from coda_pi.phones.start import start_phones

        phones = start_phones(app.queue, data_dir, port=port, host=host,
                              explain=lambda why: app.referee.notify(why, BannerKind.ERROR))
        if phones is None:
            return None
        from coda_pi.remembered_phones import remember_on

        remember_on(data_dir)  # still on after a restart (the config wins where it says)
        app.phones = phones
        if app.companion is None:
            app.companion = phones.bridge
        else:  # the pods already: both, a seat with a phone being the phones'
            from coda_pi.pods.companion import Companions

            app.companion = Companions(phones.bridge, app.companion)
        app.closers.append(phones.close)
        from coda_pi.phones.address_watch import moved_then, watch_addresses

        # As when phones are on from the start: an address that comes or goes redraws the
        # code with it.
        watch = watch_addresses(moved_then(phones.bridge, app.queue.wake))
        if watch is not None:
            app.closers.append(watch.close)
        app.referee.attach_seat_screens(phones.bridge)
        app.referee.notify(phones.notice())
        return phones.bridge

    return turn_on


def _config_size(config: Config) -> tuple[int, int] | None:
    screen = config.screen
    if screen.width is None or screen.height is None:
        return None
    return (screen.width, screen.height)
