"""hardware/'s wiring table and diagram against the pin map the software really uses."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from coda_pi.config import DEFAULT_PINS, DISCOURAGED_PINS, RESERVED_PINS, PinConfig
from coda_pi.wiring import (
    BCM_TO_PHYSICAL,
    HEADER,
    PARTS,
    POD_WIRES,
    TABLE_BEGIN,
    TABLE_END,
    render_svg,
    render_table,
    splice_table,
)

HARDWARE = Path(__file__).resolve().parent.parent / "hardware"
SVG_NS = "{http://www.w3.org/2000/svg}"


def readme_table() -> str:
    text = (HARDWARE / "README.md").read_text(encoding="utf-8")
    return text[text.index(TABLE_BEGIN) + len(TABLE_BEGIN) : text.index(TABLE_END)].strip()


def table_rows(table: str) -> dict[int, tuple[int, str]]:
    """BCM pin -> (header pin, part) from the Markdown table's GPIO rows."""
    found: dict[int, tuple[int, str]] = {}
    for line in table.splitlines():
        m = re.match(r"\| GPIO (\d+) \| (\d+) \| ([^|]+) \|", line)
        if m:
            bcm = int(m.group(1))
            assert bcm not in found, f"GPIO {bcm} appears twice in the table"
            found[bcm] = (int(m.group(2)), m.group(3).strip())
    return found


def test_readme_table_is_the_generated_one():
    assert readme_table() == render_table().strip(), "run: python -m coda_pi.wiring --write"


def test_readme_table_lists_every_default_pin_at_its_header_pin():
    rows = table_rows(readme_table())
    # The default pins, and the seat pods' I2C pins (hardware/pods.md), nothing else.
    assert set(rows) == set(DEFAULT_PINS.values()) | {2, 3}
    for key, bcm in DEFAULT_PINS.items():
        physical, part = rows[bcm]
        assert HEADER[physical] == f"GPIO{bcm}"
        assert part == PARTS[key].name


def test_header_map_matches_known_pins():
    # A few pins anyone can check on pinout.xyz.
    assert BCM_TO_PHYSICAL[4] == 7 and BCM_TO_PHYSICAL[17] == 11 and BCM_TO_PHYSICAL[21] == 40
    assert BCM_TO_PHYSICAL[8] == 24 and BCM_TO_PHYSICAL[25] == 22 and BCM_TO_PHYSICAL[13] == 33
    assert sorted(BCM_TO_PHYSICAL) == list(range(28))
    assert [p for p, n in HEADER.items() if n == "GND"] == [6, 9, 14, 20, 25, 30, 34, 39]


def test_diagram_file_is_the_generated_one():
    assert (HARDWARE / "wiring.svg").read_text(encoding="utf-8") == render_svg()


def test_diagram_wires_every_default_pin_and_nothing_else():
    root = ET.fromstring((HARDWARE / "wiring.svg").read_text(encoding="utf-8"))
    texts = [t.text or "" for t in root.iter(f"{SVG_NS}text")]
    for key, bcm in DEFAULT_PINS.items():
        physical = BCM_TO_PHYSICAL[bcm]
        label = f"{physical} GPIO{bcm}" if physical % 2 else f"GPIO{bcm} {physical}"
        assert label in texts
        assert any(t.startswith(PARTS[key].name) for t in texts), key
    # Wires (coloured lines) start only at the used pins and the ground pins.
    lines = [el for el in root.iter(f"{SVG_NS}line") if el.get("stroke") != "#555555"]
    assert len(lines) == len(DEFAULT_PINS) + 4 + len(POD_WIRES)


def test_pod_bus_is_i2c1_and_shares_no_pin_with_the_map_or_the_screens():
    rows = table_rows(readme_table())
    assert rows[2][0] == 3 and rows[3][0] == 5  # SDA on pin 3, SCL on pin 5
    assert "SDA" in rows[2][1] and "SCL" in rows[3][1]
    bcm = {int(HEADER[p][4:]) for p in POD_WIRES if HEADER[p].startswith("GPIO")}
    assert bcm == {2, 3}
    assert not bcm & set(DEFAULT_PINS.values()) and not bcm & set(RESERVED_PINS)
    assert {HEADER[p] for p in POD_WIRES} == {"3V3", "GPIO2", "GPIO3", "GND"}


def test_no_pin_is_used_twice_and_screen_pins_stay_free():
    pins = list(DEFAULT_PINS.values())
    assert len(pins) == len(set(pins))
    assert not set(pins) & set(RESERVED_PINS)
    assert not set(pins) & set(DISCOURAGED_PINS)
    assert PinConfig().gpio_enabled


def test_splice_replaces_only_between_markers():
    doc = f"intro\n{TABLE_BEGIN}\nold table\n{TABLE_END}\noutro\n"
    out = splice_table(doc, "NEW\n")
    assert out.startswith("intro\n") and out.endswith("outro\n")
    assert "old table" not in out and "NEW" in out
