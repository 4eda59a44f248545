"""A real headless chromium driven over the DevTools protocol on a pipe (stdlib only):
open a page, read the live DOM whenever the test wants, take a screenshot."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
need_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium (Debian's package: apt install chromium; "
    ".ci/run installs it)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--hide-scrollbars"]


def _high(fds: tuple[int, int]) -> tuple[int, int]:
    """The pipe's ends moved above 10, clear of the 3 and 4 they become in chromium
    (bash, not dash: dash redirects only fds 0 to 9)."""
    out = tuple(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in fds)
    for fd in fds:
        os.close(fd)
    return out[0], out[1]


class Browser:
    def __init__(self, profile: Path, width: int = 1280, height: int = 900) -> None:
        assert CHROMIUM is not None
        to_chrome_r, self._to_chrome = _high(os.pipe())
        self._from_chrome, from_chrome_w = _high(os.pipe())
        # The protocol pipe is fds 3 (commands in) and 4 (replies out) in chromium.
        self.proc = subprocess.Popen(
            ["bash", "-c", f'exec "$0" "$@" 3<&{to_chrome_r} 4>&{from_chrome_w}', CHROMIUM,
             *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={profile}",
             f"--window-size={width},{height}", "about:blank"],
            pass_fds=(to_chrome_r, from_chrome_w), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        self.size = (width, height)
        self.session: str | None = None

    def call(self, method: str, params: dict[str, Any] | None = None,
             timeout: float = 30) -> dict[str, Any]:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if self.session is not None and not method.startswith(("Target.", "Browser.")):
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            while b"\0" in self._buffer:
                raw, _, self._buffer = self._buffer.partition(b"\0")
                reply = json.loads(raw)
                if reply.get("id") == self._next:
                    if "error" in reply:
                        raise AssertionError(f"{method}: {reply['error']}")
                    return reply["result"]
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise AssertionError("chromium closed the protocol pipe")
            self._buffer += chunk
        raise AssertionError(f"chromium did not answer {method}")

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        width, height = self.size
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.call("Page.enable")
        self.call("Page.navigate", {"url": url})

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True})
        return result["result"].get("value")

    def dom(self) -> str:
        return str(self.evaluate("document.documentElement.outerHTML"))

    def screenshot(self, path: Path) -> bytes:
        png = base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])
        path.write_bytes(png)
        return png

    def close(self) -> None:
        with contextlib.suppress(AssertionError, OSError):
            self.call("Browser.close", timeout=5)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)
