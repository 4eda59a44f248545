"""The VM check's phone (tools/vm-guest/phone.py) against the real loop and server on
loopback: it taps once and trusts the answer, so a tap answered "done" that did nothing
fails it, where its old retries hid one (the VM check's first tap on the face-down deal,
answered 200 and not done, while the key that pressed Start was still down)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

from phones_device import pair, running_device

from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import DealView

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "vm-guest" / "phone.py"


def vm_phone() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vm_guest_phone", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_vm_phone_deals_with_one_tap_while_start_s_key_is_still_down(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001 - pytest's fixture
    script = vm_phone()
    with running_device(tmp_path, pool="device") as device:
        ann = device.phone()
        pair(device, ann, 0)
        phone = script.Phone(device.base, device.cafile)
        phone.secrets[0] = ann.secret
        device.settled()
        device.app.queue.put(Press(Button.OK))  # Start; its release read late, as under TCG
        device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
        assert script.deal(phone, 0)
        device.app.queue.put(Release(Button.OK))
        device.settled()
    said = capsys.readouterr().out
    assert "OK on the face-down row" in said and "HTTP 200, done" in said
    assert "NOT done" not in said and "still" not in said
    record = next((tmp_path / "data").glob("coda-*.jsonl")).read_text().splitlines()
    assert [json.loads(line).get("event") for line in record[1:]] == ["round", "deal"]


def test_the_vm_phone_fails_on_a_refused_tap(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """A tap refused (here: the face-down page's OK made stale by the table, which opened
    its menu) is a failure said with the device's why, not tapped again."""
    script = vm_phone()
    with running_device(tmp_path, pool="device") as device:
        ann = device.phone()
        pair(device, ann, 0)
        phone = script.Phone(device.base, device.cafile)
        phone.secrets[0] = ann.secret
        device.press(Button.OK)
        page = device.until(lambda: script.deal_page(phone, 0, face_down=True))
        device.press(Button.BACK)  # the table's menu: the phone's page offers nothing now
        device.until(lambda: device.app.scene.view.overlay is not None)
        device.settled()
        assert script.tapped(phone, 0, page, "the face-down row") == "refused"
    said = capsys.readouterr().out
    assert "HTTP 409, NOT done" in said and "reload: True" in said


def test_the_vm_phone_plays_both_deals_and_the_first_draw(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """The whole of the phone's part after Start, as the VM check runs it: both seats'
    deals and seat 1's draw, each tap made once; the record the check reads."""
    script = vm_phone()
    with running_device(tmp_path, pool="device") as device:
        phone = script.Phone(device.base, device.cafile)
        for seat in (0, 1):
            owner = device.phone()
            pair(device, owner, seat)
            phone.secrets[seat] = owner.secret
        device.press(Button.OK)
        assert script.deal(phone, 0) and script.deal(phone, 1)
        drawn = script.first_move(phone)
        assert drawn is not None and drawn["own"]["drawn"]["label"] is not None
        device.settled()
    said = capsys.readouterr().out
    assert "NOT done" not in said and said.count("HTTP 200, done") == 5
    events = script.record_events(tmp_path / "data")
    assert [e for e, _ in events[1:]] == ["round", "deal", "deal", "draw"]
