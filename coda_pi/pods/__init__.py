"""Seat pods: a small monochrome OLED (128x64, SSD1306 or SH1106) at every seat, on I2C through
a TCA9548A multiplexer (hardware/pods.md), showing that seat's private view and nobody else's.

- ``pages``: a one-bit frame as the controllers hold it (8 pages of 128 bytes) and which
  pages changed;
- ``bus``: the multiplexer's channels as SMBus-like buses, and a meter of bytes on the wire;
- ``spans``: the changed columns of each changed page, and what sending them costs;
- ``panel``: one pod's panel through luma.oled, sending only the changed spans;
- ``writer``: a thread per bus that writes the panels, so the loop never waits for I2C (the
  pressing seat's pod first, then the cheapest change);
- ``draw``: a seat's ``PrivateView`` drawn at 128x64 in one bit, above a type floor;
- ``settings``: the ``[pods]`` table of the config; ``doctor_checks``: finding each pod.
"""
