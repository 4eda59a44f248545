"""Phones in one headless chromium (tests/club_browser.py's DevTools client): each a
browser context of its own (its own localStorage), a phone's screen size, touch emulated,
and what a thumb and a screen reader meet on it: the tap targets' sizes and the
accessibility tree's names.

Chosen over Playwright for Python (which drives /usr/bin/chromium as it is through its
``executable_path``, with device descriptors and aria snapshots): what these tests need
is four DevTools calls more than the client already makes (touch emulation, the AX tree),
no new dependency on the device's lock nor a Node driver in it, and one pipe per browser
that a 2-core CI already pays for.
"""

from __future__ import annotations

from typing import Any

from club_browser import Browser

PHONES = {"small": (360, 640), "tall": (390, 844)}
"""The phones the page is checked on: a small Android and a recent iPhone, CSS px."""
MIN_TARGET = 44
"""A thumb's smallest target, CSS px each way (WCAG 2.5.5, Apple's and Material's 44-48)."""


class PhoneTab:
    """One phone: a browser context of its own, one page, touch on."""

    def __init__(self, browser: Browser, url: str, size: tuple[int, int] = (390, 844)) -> None:
        self.browser = browser
        context = browser.call("Target.createBrowserContext")["browserContextId"]
        target = browser.call("Target.createTarget", {"url": "about:blank",
                                                      "browserContextId": context})["targetId"]
        browser.session = None
        self.session = browser.call("Target.attachToTarget",
                                    {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.resize(size)
        self.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.call("Page.navigate", {"url": url})

    def resize(self, size: tuple[int, int], *, scale: int = 2) -> None:
        """The phone's CSS size; ``scale`` device pixels per CSS pixel (2: a phone's)."""
        width, height = size
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale,
                   "mobile": True})

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.browser.session = self.session
        return self.browser.call(method, params)

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression,
                                                "returnByValue": True})
        return result["result"].get("value")

    def click(self, selector: str) -> bool:
        return bool(self.js(f"(function(){{var e=document.querySelector('{selector}');"
                            f"if(!e)return false;e.click();return true;}})()"))

    def seen(self) -> int:
        return int(self.js("window.codaSeen || 0"))

    def text(self) -> str:
        return str(self.js("document.body.innerText"))

    def sentence(self) -> str:
        return str(self.js("document.getElementById('say').textContent"))

    def screenshot(self) -> bytes:
        import base64

        shot = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport":
                                                    True, "fromSurface": True})
        return base64.b64decode(shot["data"])

    def small_targets(self) -> list[str]:
        """Every control smaller than ``MIN_TARGET`` CSS px either way, as "what: w x h"."""
        return list(self.js(
            "(function(){var out=[];var all=document.querySelectorAll('button,a,input,select');"
            f"for(var i=0;i<all.length;i++){{var r=all[i].getBoundingClientRect();"
            f"if(r.width<{MIN_TARGET}||r.height<{MIN_TARGET})"
            "out.push((all[i].getAttribute('aria-label')||all[i].textContent)+': '"
            "+Math.round(r.width)+' x '+Math.round(r.height));}return out;})()") or [])

    def unnamed_controls(self) -> tuple[int, list[str]]:
        """The accessibility tree as a screen reader gets it (DevTools'
        Accessibility.getFullAXTree): how many controls it holds, and those without a name."""
        self.call("Accessibility.enable")
        nodes = self.call("Accessibility.getFullAXTree")["nodes"]
        controls = [n for n in nodes if not n.get("ignored")
                    and n.get("role", {}).get("value") in ("button", "link", "textbox",
                                                           "combobox", "checkbox")]
        unnamed = [str(n.get("backendDOMNodeId")) for n in controls
                   if not str(n.get("name", {}).get("value", "")).strip()]
        return len(controls), unnamed
