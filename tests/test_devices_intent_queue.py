"""The hand-over from input threads to the loop: order, thread safety, waking pygame."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from coda_pi.devices.gpio import GpioButtons  # noqa: E402
from coda_pi.devices.intent_queue import INTENT_EVENT, IntentQueue  # noqa: E402
from coda_pi.referee.shared.signals import Button, Press, Release  # noqa: E402


@pytest.fixture
def display() -> Iterator[None]:
    already = pygame.display.get_init()
    pygame.display.init()
    pygame.display.set_mode((64, 48))
    pygame.event.clear()
    yield
    if not already:
        pygame.display.quit()


def wait_for_intent_event(timeout_ms: int = 5000) -> pygame.event.Event:
    """Sleep like the app's loop does, skipping window housekeeping events."""
    while True:
        event = pygame.event.wait(timeout_ms)
        if event.type in (INTENT_EVENT, pygame.NOEVENT):
            return event


def test_intents_come_out_in_the_order_they_went_in():
    queue = IntentQueue()
    intents = [Press(Button.SEAT_1), Press(Button.OK), Release(Button.OK), Release(Button.SEAT_1)]
    for intent in intents:
        queue.put(intent)
    assert len(queue) == 4
    assert queue.drain() == intents
    assert queue.drain() == []


def test_the_queue_works_without_pygame_initialised():
    # In a fresh interpreter, so that no other test's display is in the way.
    script = (
        "import pygame\n"
        "from coda_pi.devices.intent_queue import IntentQueue\n"
        "from coda_pi.referee.shared.signals import Button, Press\n"
        "assert not pygame.display.get_init()\n"
        "queue = IntentQueue()\n"
        "queue.put(Press(Button.BACK))\n"
        "print(queue.drain())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == repr([Press(Button.BACK)])


def test_intents_put_from_many_threads_all_arrive_in_each_threads_order():
    queue = IntentQueue()
    buttons = [Button.SEAT_1, Button.SEAT_2, Button.SEAT_3, Button.SEAT_4]

    def presser(button: Button) -> None:
        for _ in range(500):
            queue.put(Press(button))
            queue.put(Release(button))

    threads = [threading.Thread(target=presser, args=(b,)) for b in buttons]
    for thread in threads:
        thread.start()
    drained = []
    while any(t.is_alive() for t in threads):
        drained.extend(queue.drain())
    for thread in threads:
        thread.join()
    drained.extend(queue.drain())
    assert len(drained) == 4000
    for button in buttons:
        mine = [type(i) for i in drained if i.button is button]
        assert mine == [Press, Release] * 500


def test_a_put_from_another_thread_wakes_the_waiting_loop(display):
    queue = IntentQueue()
    putter = threading.Timer(0.05, queue.put, args=(Press(Button.SEAT_3),))
    putter.start()
    try:
        event = wait_for_intent_event()
    finally:
        putter.join()
    assert event.type == INTENT_EVENT
    assert queue.drain() == [Press(Button.SEAT_3)]


def test_a_loop_without_pygame_can_sleep_on_the_queue_itself():
    queue = IntentQueue()
    assert queue.wait(timeout=0.01) is False
    putter = threading.Timer(0.05, queue.put, args=(Release(Button.SEAT_4),))
    putter.start()
    try:
        assert queue.wait(timeout=5.0) is True
    finally:
        putter.join()
    assert queue.drain() == [Release(Button.SEAT_4)]


def test_a_burst_of_intents_posts_one_wake_up_until_drained(display):
    queue = IntentQueue()
    for _ in range(1000):
        queue.put(Press(Button.NEXT))
    assert len(pygame.event.get(INTENT_EVENT)) == 1
    assert len(queue.drain()) == 1000
    queue.put(Release(Button.NEXT))
    assert len(pygame.event.get(INTENT_EVENT)) == 1  # a fresh intent wakes the loop again


def test_a_gpio_press_on_gpiozero_s_thread_wakes_the_loop(display):
    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    queue = IntentQueue()
    buttons = GpioButtons({Button.OK: 22}, queue.put)
    try:
        presser = threading.Timer(0.05, factory.pin(22).drive_low)
        presser.start()
        event = wait_for_intent_event()
        presser.join()
        assert event.type == INTENT_EVENT
        assert queue.drain() == [Press(Button.OK)]
    finally:
        buttons.close()
        factory.reset()
        Device.pin_factory = previous


def test_wake_ends_a_wait_without_an_intent_and_only_one_wait():
    import threading
    import time

    from coda_pi.devices.intent_queue import IntentQueue

    queue = IntentQueue()
    threading.Timer(0.05, queue.wake).start()
    start = time.monotonic()
    assert queue.wait(5.0) is True
    assert time.monotonic() - start < 2.0
    assert len(queue) == 0 and queue.drain() == []
    start = time.monotonic()
    assert queue.wait(0.1) is False  # the wake was used up by the first wait
    assert time.monotonic() - start >= 0.09
