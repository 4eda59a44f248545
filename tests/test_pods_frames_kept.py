"""A pod that keeps the frames of its view shows what a pod drawing each frame afresh
shows: after any run of new views, repeated views, text pages turning, the glass going dark
and waking, and the language changing, both glasses hold the same image, lit alike, with
the same deadlines."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from luma.core.device import dummy

from coda_pi.i18n import in_language
from coda_pi.pods.panel import PodPanel
from coda_pi.pods.seat_pod import TEXT_PAGE_SECONDS, SeatPod
from coda_pi.sim.pod_samples import pod_samples

SAMPLES = pod_samples()
NAMES = sorted(name for name, view in SAMPLES.items() if getattr(view, "seat", None) == 0)

steps = st.lists(st.one_of(
    st.tuples(st.just("view"), st.sampled_from([*NAMES, None])),
    st.tuples(st.just("wait"), st.sampled_from([1.0, TEXT_PAGE_SECONDS, 7.0, 40.0])),
    st.tuples(st.just("lang"), st.sampled_from(["en", "es"])),
    st.tuples(st.just("wake"), st.none()),
), min_size=1, max_size=25)


class FreshPod(SeatPod):
    """The pod as it was: every frame drawn afresh, nothing kept."""

    def _draw(self, now: float) -> int:
        self._frames.clear()
        return super()._draw(now)


def _glass(pod: SeatPod) -> tuple[bytes | None, bool, float | None]:
    image = pod.panel.device.image  # None until the first frame
    return None if image is None else image.tobytes(), pod.panel.lit, pod.deadline()


@given(steps)
@settings(max_examples=60, deadline=None)
def test_a_pod_keeping_its_frames_shows_what_a_pod_drawing_afresh_shows(plan: list[Any]) -> None:
    pods = [cls(0, PodPanel(dummy(width=128, height=64, mode="1"), None), idle_seconds=30)
            for cls in (SeatPod, FreshPod)]
    now, lang = 0.0, "en"
    for kind, arg in plan:
        with in_language(lang):
            for pod in pods:
                if kind == "view":
                    pod.update(SAMPLES[arg] if arg is not None else None, now)
                elif kind == "wait":
                    while (due := pod.deadline()) is not None and due <= now + arg:
                        pod.tick(due)
                elif kind == "wake":
                    pod.wake(now)
        if kind == "lang":
            lang = arg
        if kind == "wait":
            now += arg
        assert _glass(pods[0]) == _glass(pods[1]), (kind, arg, lang)


def test_a_long_text_turns_back_to_its_first_page_from_the_frame_kept() -> None:
    pod = SeatPod(0, PodPanel(dummy(width=128, height=64, mode="1"), None), idle_seconds=60)
    pod.update(SAMPLES["deal"], 0.0)
    first = pod.panel.device.image.tobytes()
    pages = pod._text_pages
    assert pages > 1
    seen = [first]
    for turn in range(1, pages + 1):
        pod.tick(turn * TEXT_PAGE_SECONDS)
        seen.append(pod.panel.device.image.tobytes())
    assert len(set(seen[:pages])) == pages  # every page its own
    assert seen[pages] == first  # round again: the first page, as drawn the first time


def test_a_long_text_turning_after_the_language_changed_turns_in_the_new_language() -> None:
    pods = [cls(0, PodPanel(dummy(width=128, height=64, mode="1"), None), idle_seconds=60)
            for cls in (SeatPod, FreshPod)]
    for pod in pods:
        pod.update(SAMPLES["deal"], 0.0)
        for turn in range(1, 4):  # English pages drawn (and kept)
            pod.tick(turn * TEXT_PAGE_SECONDS)
    with in_language("es"):
        for pod in pods:
            for turn in range(4, 8):
                pod.tick(turn * TEXT_PAGE_SECONDS)
                assert _glass(pods[0])[0] is not None
    assert _glass(pods[0]) == _glass(pods[1])
