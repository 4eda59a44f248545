"""A seat's private view on its pod: the same information as the shared screen's private
view, in both languages, every letter above the type floor and inside the 128x64 glass."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from coda_pi.i18n import in_language
from coda_pi.pods.content import content_of
from coda_pi.pods.draw import (
    FLOOR_CAP_PX,
    FLOOR_SIZE,
    draw_private,
    font,
    shown_slice,
    text_pages,
)
from coda_pi.pods.pages import WIDTH
from coda_pi.sim.pod_samples import pod_samples

SAMPLES = sorted(pod_samples())


def samples(language: str, labels: str = "panels") -> dict:
    with in_language(language):
        return {name: (view, draw_private(view).image, draw_private(view).texts)
                for name, view in pod_samples(labels).items()}


def test_the_floor_fonts_capitals_are_tall_enough_to_read_at_arms_length():
    image = Image.new("1", (40, 30))
    ImageDraw.Draw(image).text((2, 2), "HE", font=font(FLOOR_SIZE), fill=1)
    box = image.getbbox()
    assert box is not None and box[3] - box[1] >= FLOOR_CAP_PX
    with pytest.raises(ValueError, match="type floor"):
        font(FLOOR_SIZE - 1)


def widest_gap(text: str) -> int:
    """The widest run of unlit columns between ``text``'s first and last lit column, as
    the pods draw it."""
    image = Image.new("1", (WIDTH * 3, 20))
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    draw.text((2, 2), text, font=font(), fill=1)
    # Each column read as one row of the turned image (bytes, not 7,680 getpixel calls a
    # word: the catalogs' 3,000 words took 7 s of CPU so).
    turned = image.convert("L").transpose(Image.Transpose.TRANSPOSE).tobytes()
    height = image.height
    lit = [any(turned[x * height:(x + 1) * height]) for x in range(image.width)]
    columns = [x for x, on in enumerate(lit) if on]
    widest = run = 0
    for x in range(columns[0], columns[-1] + 1):
        run = 0 if lit[x] else run + 1
        widest = max(widest, run)
    return widest


def test_no_word_is_drawn_with_a_gap_that_reads_as_a_space():
    # "Ligh t", "A na": a letter pushed a column too far reads as two words on the glass.
    # Every word of both languages' catalogs keeps its letters closer than a space does.
    catalog = (Path(__file__).resolve().parent.parent / "coda_pi" / "locale" / "es"
               / "LC_MESSAGES" / "coda_pi.po").read_text(encoding="utf-8")
    words = {w for line in catalog.splitlines() if line.startswith(("msgid", "msgstr"))
             for w in re.findall(r"[^\W\d_]{2,}", line)}
    space = widest_gap("a a")
    split = sorted(w for w in words if widest_gap(w) >= min(space, 3))
    assert len(words) > 1000 and space >= 4
    assert split == []


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("labels", ["panels", "cards"])
def test_every_text_is_on_the_glass_at_the_floor_and_none_overlaps(language, labels):
    for name, (_, image, texts) in samples(language, labels).items():
        assert image.size == (128, 64) and image.mode == "1"
        for t in texts:
            assert t.size >= FLOOR_SIZE, (name, t)
            x0, y0, x1, y1 = t.box
            assert x0 >= 0 and y0 >= 0 and x1 <= 128 and y1 <= 64, (name, t)
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                apart = (a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or
                         a.box[3] <= b.box[1] or b.box[3] <= a.box[1])
                assert apart, (name, a, b)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_pod_shows_every_number_of_the_row_and_the_drawn_panel(language):
    for name, (private, _, texts) in samples(language).items():
        view = content_of(private)
        assert view is not None, name
        words = [t.text for t in texts]
        shown = [view.row[i].label for i in shown_slice(len(view.row), view.cursor)]
        cells = [w for w in words if w in {p.label for p in view.row} | {"?"}]
        assert len(cells) >= len(shown), name
        if view.drawn is not None:
            assert "+" in words and view.drawn.label in words, name
        # A cut row keeps the cursor's panel in sight.
        if view.cursor is not None:
            assert view.cursor in shown_slice(len(view.row), view.cursor), name


def test_a_refusal_is_said_on_the_pod_in_the_tables_language():
    for language, start in (("en", "Not there"), ("es", "Ahí no")):
        view, _, texts = samples(language)["claim-refused"]
        assert view.message is not None and view.message.startswith(start)
        assert any(t.text.startswith(start) for t in texts)


def test_titles_are_in_both_languages():
    en = {name: texts[0].text for name, (_, _, texts) in samples("en").items()}
    es = {name: texts[0].text for name, (_, _, texts) in samples("es").items()}
    assert en["row"] == "Your row" and es["row"] == "Tu fila"
    assert en["reveal"] == "Knock one down" and es["reveal"] == "Descubre una"
    assert en["drawn"] == "Drawn" and es["drawn"] == "Robada"


def test_dark_panels_are_lit_and_light_panels_are_outlined():
    view, image, texts = samples("en")["row"]
    first = next(t for t in texts if t.text == view.row[0].label)  # D1: dark
    second = next(t for t in texts if t.text == view.row[1].label)  # L4: light
    assert view.row[0].dark and not view.row[1].dark
    lit = lambda t: sum(  # noqa: E731
        image.getpixel((x, y)) != 0 for x in range(t.box[0], t.box[2])
        for y in range(t.box[1], t.box[3]))
    area = lambda t: (t.box[2] - t.box[0]) * (t.box[3] - t.box[1])  # noqa: E731
    assert lit(first) > area(first) / 2  # a lit cell with a dark number
    assert lit(second) < area(second) / 2  # a dark cell with a lit number


def test_a_long_row_scrolls_round_the_cursor():
    assert list(shown_slice(13, 5)) == list(range(13))
    assert list(shown_slice(20, 0)) == list(range(14))
    assert list(shown_slice(20, 19)) == list(range(6, 20))
    assert 10 in shown_slice(20, 10)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_text_too_long_for_the_glass_is_shown_whole_in_turns(language):
    with in_language(language):
        for name, view in pod_samples().items():
            first = draw_private(view)
            said = " ".join(t.text for page in range(first.text_pages)
                            for t in draw_private(view, text_page=page).texts)
            for word in content_of(view).text.split():
                assert word in said, (name, word)
        deal = pod_samples()["deal"]
        assert draw_private(deal).text_pages > 1
        # The deal's private part (whether this row holds a dash) comes after the fetching.
        last = draw_private(deal, text_page=draw_private(deal).text_pages - 1)
        assert any("PREV/NEXT" in t.text or "OK" in t.text for t in last.texts)


def test_text_pages_keep_sentences_together_where_they_fit():
    with in_language("en"):
        deal = pod_samples()["deal"]
    pages = text_pages(deal.prompt, 3)
    assert " ".join(pages[0]) == "Take these from the box, in this order."
    assert " ".join(sum(pages, [])) == deal.prompt
    # Two lines do not hold that sentence: it is cut after its comma, not mid-clause.
    pages = text_pages(deal.prompt, 2)
    assert [" ".join(page) for page in pages[:2]] == [
        "Take these from the box,", "in this order. 1 of 2:"]
    assert " ".join(sum(pages, [])) == deal.prompt
    assert all(len(p) <= 2 for p in pages)
    assert text_pages("One. Two.", 2) == [["One.", "Two."]]  # a sentence starts a line
    assert text_pages("anything", 0) == []


def test_the_entered_pool_and_mastermind_are_drawn_too():
    with in_language("es"):
        s = pod_samples()
        entry, drawn, code = (draw_private(s[k]) for k in ("entry-row", "entry-drawn", "code"))
    assert entry.texts[0].text == "Tu fila inicial"
    assert "+" in [t.text for t in drawn.texts]  # the drawn panel beside the row
    assert code.texts[0].text == "Tu código"
    assert [t.text for t in code.texts[1:5]] == ["R", "G", "B", "?"]
