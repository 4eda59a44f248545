"""A seat's private view drawn for its pod: 128x64, one bit, above a type floor.

The pod shows what the shared screen's private view shows (``PrivateView``): a title saying
what the view is for, the row with every number (dark panels lit, light panels outlined,
knocked-down panels dog-eared, the cursor underlined), the panel drawn this turn, and the
refusal or the prompt in the lines that are left. A text longer than those lines is shown in
turns (text pages of whole lines, ``text_page``), never shrunk: the seat pod turns them.

The type floor: no text is drawn smaller than ``FLOOR_SIZE``, whose capitals are at least
``FLOOR_CAP_PX`` pixels tall: 2 mm on the 1.3" panel, which is read at arm's length (about
11 minutes of arc at 60 cm). Text that does not fit is cut with an ellipsis, never shrunk.
"""

from __future__ import annotations

import importlib.util
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from coda_pi.pods.content import PodContent, content_of
from coda_pi.pods.pages import HEIGHT, WIDTH
from coda_pi.referee.shared.views import PanelView

FLOOR_SIZE = 13  # at 12 the bold sans's one-bit "t" reads as "l"
FLOOR_CAP_PX = 9
TITLE_H = 14
LINE_H = 16  # one line of panels: a 13-pixel panel, a gap, the 2-pixel cursor bar
CELL_H = 13
TEXT_LINE_H = 14
MAX_CELL_W = 18
ROW_TOP = 16
MAX_PER_LINE = 7  # two lines of panels at most: a longer row scrolls round the cursor
ELLIPSIS = "…"


@cache
def font(size: int = FLOOR_SIZE) -> ImageFont.FreeTypeFont:
    """pygame's bundled bold sans (pygame is installed wherever coda-pi is)."""
    if size < FLOOR_SIZE:
        raise ValueError(f"{size} px is under the pods' type floor ({FLOOR_SIZE} px)")
    spec = importlib.util.find_spec("pygame")  # its path only: importing pygame starts SDL
    assert spec is not None and spec.origin is not None
    # The basic layout: raqm's (Pillow's default where it is built in) places glyphs at
    # fractional positions that one-bit drawing rounds apart, 3-pixel gaps inside words
    # that read as two ("Ligh t", "A na"); the basic one keeps whole-pixel advances.
    return ImageFont.truetype(str(Path(spec.origin).parent / "freesansbold.ttf"), size,
                              layout_engine=ImageFont.Layout.BASIC)


@dataclass(frozen=True, slots=True)
class PodFrame:
    """A pod's frame: the image, every text on it, and how many text pages the view needs."""

    image: Image.Image
    texts: list[Drawn]
    text_pages: int


@dataclass(frozen=True, slots=True)
class Drawn:
    """One piece of text on the frame, where it went: what the readability tests check."""

    text: str
    size: int
    box: tuple[int, int, int, int]


def shown_slice(count: int, cursor: int | None) -> range:
    """The panels drawn: all when two lines hold them, else a window round the cursor."""
    most = 2 * MAX_PER_LINE
    if count <= most:
        return range(count)
    centre = cursor if cursor is not None else 0
    start = min(max(centre - most // 2, 0), count - most)
    return range(start, start + most)


class _Frame:
    def __init__(self) -> None:
        self.image = Image.new("1", (WIDTH, HEIGHT))
        self.draw = ImageDraw.Draw(self.image)
        self.draw.fontmode = "1"  # no grey: the panel has one bit per pixel
        self.texts: list[Drawn] = []

    def text(self, x: int, y: int, text: str, *, fill: int = 1, size: int = FLOOR_SIZE,
             anchor: str = "la") -> None:
        f = font(size)
        self.draw.text((x, y), text, font=f, fill=fill, anchor=anchor)
        box = self.draw.textbbox((x, y), text, font=f, anchor=anchor)
        self.texts.append(Drawn(text, size, (int(box[0]), int(box[1]), int(box[2]), int(box[3]))))

    def fit(self, text: str, width: int) -> str:
        """``text`` cut with an ellipsis to ``width`` pixels."""
        f = font()
        if f.getlength(text) <= width:
            return text
        while text and f.getlength(text + ELLIPSIS) > width:
            text = text[:-1]
        return text.rstrip() + ELLIPSIS

    def cell(self, x: int, y: int, w: int, panel: PanelView) -> None:
        box = (x, y, x + w - 2, y + CELL_H - 1)
        if panel.dark is None:
            # No colour yet (a deal's "any mix"): a dotted outline, neither lit nor drawn
            # round, so that no mix of dark and light is shown.
            edge = [(px, py) for px in range(box[0], box[2] + 1) for py in (box[1], box[3])]
            edge += [(px, py) for py in range(box[1], box[3] + 1) for px in (box[0], box[2])]
            self.draw.point([(px, py) for px, py in edge if (px + py) % 2 == 0], fill=1)
        elif panel.dark:
            self.draw.rectangle(box, fill=1)
        else:
            self.draw.rectangle(box, outline=1)
        if panel.revealed:  # knocked down: a dog-eared corner, in the other colour
            ear = [(box[2] - 4, box[1]), (box[2], box[1]), (box[2], box[1] + 4)]
            self.draw.polygon(ear, fill=0 if panel.dark else 1)
        if panel.highlight:
            self.draw.rectangle((x, y + CELL_H + 1, x + w - 2, y + CELL_H + 2), fill=1)
        label = panel.label or "?"
        self.text(x + (w - 1) // 2, y + CELL_H // 2 + 1, label, fill=0 if panel.dark else 1,
                  anchor="mm")


def wrap(text: str, width: int) -> list[str]:
    """Words into lines of ``width`` pixels (a word wider than a line stands alone)."""
    f = font()
    out: list[str] = []
    words = text.split()
    while words:
        line = words.pop(0)
        while words and f.getlength(line + " " + words[0]) <= width:
            line += " " + words.pop(0)
        out.append(line)
    return out


def text_pages(text: str, room: int) -> list[list[str]]:
    """``text`` as pages of at most ``room`` lines; a sentence that fits on the page's
    remaining lines stays there, else it starts the next page, so most pages are whole
    sentences. A sentence longer than a page is cut at its clauses (after a comma, colon
    or semicolon: "Round 2:" then the sentence whole, rather than its last words on a page
    of their own), packed the same way, and only a clause longer than a page mid-line: a
    page never ends in the middle of a clause it could have held whole."""
    if room <= 0:
        return []
    pages: list[list[str]] = []

    def place(lines: list[str]) -> bool:
        """Onto the last page if it has room, or a page of its own; False: too long."""
        if pages and len(pages[-1]) + len(lines) <= room:
            pages[-1].extend(lines)
        elif len(lines) <= room:
            pages.append(list(lines))
        else:
            return False
        return True

    # Sentences, and the key hints of a footer (set apart by runs of spaces), each start a line.
    for sentence in re.split(r"(?<=[.?!])\s+|\s{2,}", text.strip()):
        if place(wrap(sentence, WIDTH - 1)):
            continue
        clauses = re.split(r"(?<=[,;:])\s+", sentence)
        part = clauses.pop(0)
        for clause in [*clauses, None]:
            joined = part if clause is None else f"{part} {clause}"
            if clause is not None and len(wrap(joined, WIDTH - 1)) <= room:
                part = joined  # the clauses that fit one page together stay together
                continue
            lines = wrap(part, WIDTH - 1)
            if not place(lines):
                pages.extend(lines[i : i + room] for i in range(0, len(lines), room))
            part = clause or ""
    return pages


def draw_private(view: Any, *, text_page: int = 0) -> PodFrame:
    """The pod's frame for a private view (``content.py`` says which kinds), showing text
    page ``text_page`` (modulo their count)."""
    content = content_of(view)
    if content is None:
        raise ValueError(f"a pod does not draw {type(view).__name__}")
    return draw_content(content, text_page=text_page)


def draw_content(view: PodContent, *, text_page: int = 0) -> PodFrame:
    frame = _Frame()
    drawn_w = MAX_CELL_W + 10 if view.drawn is not None else 0
    frame.text(1, 0, frame.fit(view.title, WIDTH - drawn_w - 3), anchor="la")
    if view.drawn is not None:
        frame.text(WIDTH - MAX_CELL_W - 1, 0, "+", anchor="ra")
        frame.cell(WIDTH - MAX_CELL_W, 0, MAX_CELL_W, view.drawn)
    shown = shown_slice(len(view.row), view.cursor)
    per_line = len(shown) if len(shown) <= MAX_PER_LINE else math.ceil(len(shown) / 2)
    cell_w = min(MAX_CELL_W, WIDTH // max(per_line, 1))
    # The row starts at y=16, a page's edge: each line's underline (rows 30-31, 46-47)
    # then sits inside one page, so a cursor moved along the row rewrites one page's few
    # columns, not two pages' (bench/bench_pods.py).
    top = ROW_TOP
    for n, index in enumerate(shown):
        line, col = divmod(n, per_line)
        frame.cell(col * cell_w, top + line * LINE_H, cell_w, view.row[index])
    if shown.start > 0:
        frame.draw.polygon([(0, top + 6), (3, top + 3), (3, top + 9)], fill=1)
    if shown.stop < len(view.row):
        frame.draw.polygon([(WIDTH - 1, top + 6), (WIDTH - 4, top + 3), (WIDTH - 4, top + 9)],
                           fill=1)
    lines_of_panels = math.ceil(len(shown) / per_line) if shown else 0
    text_top = top + lines_of_panels * LINE_H + 1  # clear of the cursor bar
    room = (HEIGHT - text_top) // TEXT_LINE_H
    pages = text_pages(view.text, room)
    if pages:
        for i, line in enumerate(pages[text_page % len(pages)]):
            frame.text(1, text_top + i * TEXT_LINE_H, frame.fit(line, WIDTH - 1), anchor="la")
    return PodFrame(frame.image, frame.texts, max(len(pages), 1))
