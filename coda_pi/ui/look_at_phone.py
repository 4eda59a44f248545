"""The shared screen while a seat that has a phone holds its button (either game): framed
in the seat's colour as a private screen is, it says where the private view is instead of
showing it."""

from __future__ import annotations

import pygame

from coda_pi.i18n import _
from coda_pi.referee.shared.seat_screens import LookAtPhoneView
from coda_pi.ui import theme
from coda_pi.ui.chrome import draw_keys
from coda_pi.ui.draw import draw_banner
from coda_pi.ui.layout import Frame
from coda_pi.ui.looks import seat_colour
from coda_pi.ui.text import blit_wrapped


def draw_look_at_phone(surface: pygame.Surface, bands: Frame, view: LookAtPhoneView) -> None:
    m = bands.metrics
    colour = seat_colour(view.seat)
    w, h = surface.get_size()
    pygame.draw.rect(surface, colour, pygame.Rect(0, 0, w, h), width=max(3, m.px(2)))
    draw_banner(surface, bands.header, view.name, colour)
    blit_wrapped(surface, view.prompt, bands.body.inflate(-2 * m.margin, -2 * m.margin),
                 theme.TEXT, align="center", max_lines=2)
    draw_keys(surface, bands, _("Let go of your button to hide it"))
