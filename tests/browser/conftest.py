"""Headless Chromium (Debian's package) driven by Playwright against pytest-django's live server."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import skip_or_fail

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One Chromium per test module, gone before the next module's tests (it keeps an event loop running)."""
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        skip_or_fail(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread; Django's ORM calls in the test
    # (building a campaign) would otherwise be refused as async-unsafe although nothing runs concurrently.
    # Only while the browser lives: the variable must never reach a deployment check or a subprocess.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def phone(browser: object, live_server: object) -> Iterator[object]:
    """A page at 360 x 740, a phone held in one hand, whose URLs are relative to the live server."""
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, device_scale_factor=2)
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda message: _csp_refusal(message, refused))
    yield page
    context.close()
    # Whatever a test did, nothing on the way was blocked by the Content-Security-Policy (an inline style
    # or script, an htmx eval): the page would look or behave differently for players.
    if refused:
        pytest.fail("Content-Security-Policy refused: " + " | ".join(refused[:5]))


def console_errors(page: object) -> list[str]:
    """The errors the page logs to the console from now on (htmx logs a selector that finds nothing, a
    script its exceptions), collected in the list returned; one per line, with where it came from."""
    errors: list[str] = []

    def keep(message: object) -> None:
        if message.type == "error":
            errors.append(f"{page.url}: {message.text}")

    page.on("console", keep)
    return errors


def _csp_refusal(message: object, refused: list[str]) -> None:
    if message.type == "error" and "Content Security Policy" in message.text:
        refused.append(message.text)


@pytest.fixture
def screenshot() -> Callable[[object, str], None]:
    """Saves the page at 360 px and 1280 px wide under tests/artifacts/ for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page: object, name: str) -> None:
        page.screenshot(path=str(ARTIFACTS / f"{name}-360.png"), full_page=True)
        page.set_viewport_size(DESKTOP)
        page.screenshot(path=str(ARTIFACTS / f"{name}-1280.png"), full_page=True)
        page.set_viewport_size(PHONE)

    return take


def serious_violations(page: object) -> list[dict]:
    """axe-core's serious and critical findings on the page as it is now."""
    # Evaluated through the DevTools protocol: a <script> tag added to the page would be refused by the CSP.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


def scroll_width(page: object) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def controlled_by_the_service_worker(page: object) -> None:
    """Wait until the service worker is installed and controls the page.

    A page loaded while the worker was still activating is not always its client (Chromium does not
    always honour clients.claim() for it); the next load is, as a player's next visit would be."""
    from playwright.sync_api import TimeoutError as NotYetControlled

    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    try:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=5_000)
    except NotYetControlled:
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
