"""The polkit rule that lets the device bring up its own access point (issue 35, item 3).

NetworkManager asks polkit for network-control to activate a connection and for
wifi.share.protected / wifi.share.open to share one; a rule granting only the first left the
service's user "Not authorized to share connections via wifi" in the VM. The rule is run
here as polkitd runs it (JavaScript, with a stand-in ``polkit`` object) under node; the
README's copy must be the installed file."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.test_firmware import FIRMWARE, fake_pi, install  # noqa: F401 (a fixture)

RULE = FIRMWARE / "50-coda-pi-hotspot.rules"
NM = "org.freedesktop.NetworkManager."

# polkitd hands each rule an action and a subject; a rule answers a Result or nothing.
HARNESS = """
const fs = require("fs");
const rules = [];
const polkit = {Result: {YES: "yes", NO: "no", AUTH_ADMIN: "auth_admin"},
                addRule: (f) => rules.push(f)};
eval(fs.readFileSync(process.argv[1], "utf8"));
const asks = JSON.parse(process.argv[2]);
console.log(JSON.stringify(asks.map(([id, user]) => {
    for (const rule of rules) {
        const r = rule({id: id}, {user: user, isInGroup: () => false});
        if (r !== undefined) return r;
    }
    return null;
})));
"""


def answers(rule: Path, asks: list[tuple[str, str]]) -> list[str | None]:
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the rule cannot be run here")
    done = subprocess.run(["node", "-e", HARNESS, str(rule), json.dumps(asks)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_service_user_may_start_and_share_the_hotspot_with_or_without_a_password():
    asks = [(NM + "network-control", "coda-pi"), (NM + "wifi.share.protected", "coda-pi"),
            (NM + "wifi.share.open", "coda-pi")]
    assert answers(RULE, asks) == ["yes", "yes", "yes"]


def test_nobody_else_and_nothing_else_is_granted():
    asks = [(NM + "wifi.share.protected", "pi"), (NM + "network-control", "nobody"),
            (NM + "settings.modify.system", "coda-pi"), (NM + "enable-disable-wifi", "coda-pi"),
            ("org.freedesktop.login1.reboot", "coda-pi")]
    assert answers(RULE, asks) == [None] * len(asks)


def test_install_puts_the_rule_in_place_for_the_chosen_user(fake_pi, tmp_path):  # noqa: F811
    root, env = fake_pi
    out = install(env, "--dry-run").stdout
    assert f"would write {root}/polkit/50-coda-pi-hotspot.rules" in out
    # The --user substitution, as install.sh writes it.
    script = (FIRMWARE / "install.sh").read_text()
    line = next(ln for ln in script.splitlines() if "subject.user ==" in ln)
    pattern = re.search(r'sed -e "(s/.*/)"', line)
    assert pattern is not None
    sed = pattern.group(1).replace('\\"', '"').replace("$service_user", "ann")
    changed = tmp_path / "ann.rules"
    changed.write_text(subprocess.run(["sed", "-e", sed, str(RULE)], capture_output=True,
                                      text=True, check=True).stdout)
    assert answers(changed, [(NM + "wifi.share.open", "ann"),
                             (NM + "wifi.share.open", "coda-pi")]) == ["yes", None]


def test_the_readme_shows_the_rule_that_is_installed():
    readme = (FIRMWARE / "README.md").read_text()
    body = RULE.read_text().split("polkit.addRule", 1)[1]
    assert "polkit.addRule" + body in readme
