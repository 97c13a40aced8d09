"""Browser tests: the real server (`freight serve`) on a fresh VAR_DIR and a free port, driven in Debian's
Chromium through Playwright. Never downloads a browser."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.chromium import CHROMIUM, CHROMIUM_FLAGS
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.words import Language
from tests.live_server import ROOT, running_server
from tests.outbox_file import outbox_entries

SCREENSHOTS = ROOT / "test-output" / "screenshots"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 812}

# Playwright's 5 s per expectation, twelve times over for the CI machine: 2 cores shared by parallel
# workers, each with its server, followers and up to three browsers of one walk (whole runs had screens
# take over 30 s to settle while every browser tier ran at once). An expectation that holds still returns
# at once, so only a failing one waits the longer; a test sets a shorter timeout only where the speed is
# the point.
expect.set_options(timeout=60_000)

# A picture of a screen still loading shows a spinner and proves nothing: every screenshot (a test's own, a
# walk's `look`) waits until no spinner is left, the page's or a busy button's (the web's `data-spinner`).
SPINNERS = "[data-spinner]"
_screenshot = Page.screenshot


def _settled_screenshot(self: Page, *args: Any, **kwargs: Any) -> bytes:
    expect(self.locator(SPINNERS), "a spinner left on the screen to be pictured").to_have_count(0)
    return _screenshot(self, *args, **kwargs)


Page.screenshot = _settled_screenshot  # type: ignore[method-assign]


@dataclass
class LiveServer:
    url: str
    var_dir: Path
    env: dict[str, str] | None = None

    def outbox(self) -> list[dict[str, Any]]:
        return outbox_entries(self.var_dir / "outbox.jsonl")

    def verify(self) -> dict[str, Any]:
        """`freight verify` beside the running server: a rebuild of the read models equals the live ones."""
        env = {**os.environ, **(self.env or {"VAR_DIR": str(self.var_dir)})}
        env.pop("DATABASE_URL", None)
        done = subprocess.run(
            [sys.executable, "-m", "api.cli", "verify", "--json", "--wait", "15"],
            env=env,
            capture_output=True,
            timeout=300,
            check=False,
        )
        body: dict[str, Any] = json.loads(done.stdout.decode().strip().splitlines()[-1])
        assert done.returncode == 0 and body["ok"], body
        return body


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    if not (ROOT / "web" / "dist" / "index.html").is_file():
        pytest.fail("web/dist is not built: `make test` builds it before the browser tests")
    var_dir = tmp_path_factory.mktemp("live-var")
    env = {
        "VAR_DIR": str(var_dir),
        "ADMIN_USERNAME": ADMIN_USERNAME,
        "ADMIN_PASSWORD": ADMIN_PASSWORD,
        "JWT_SECRET": "e2e-secret-e2e-secret-e2e-secret-e2e",
        # Every browser test signs its customers up from 127.0.0.1 against this one server.
        "SIGNUP_ATTEMPTS_PER_ADDRESS": "100000",
    }
    with running_server(env, var_dir / "server.log") as url:
        yield LiveServer(url=url, var_dir=var_dir, env=env)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: `make test` installs Debian's headless shell")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS, "headless": True}


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def viewport(request: pytest.FixtureRequest, page: Page) -> ViewportSize:
    """A test taking it runs at both widths, its `page` already of that size."""
    size: ViewportSize = request.param
    page.set_viewport_size(size)
    return size


# The journeys' languages and widths (decision 3601): English at both widths, Persian at the phone's, its
# desktop screens being read by the whole walk and the live journey. A test takes `lang` and `viewport` and is
# marked `@in_both_languages`; one about a width of its own names that width (`at_width(DESKTOP)`).
SIDES = [("en", DESKTOP), ("en", PHONE), ("fa", PHONE)]
in_both_languages = pytest.mark.parametrize(
    ("lang", "viewport"), SIDES, ids=["en-desktop", "en-phone", "fa-phone"], indirect=True
)


def at_width(size: ViewportSize) -> pytest.MarkDecorator:
    """Both languages at one width, for a test about that width."""
    name = "desktop" if size == DESKTOP else "phone"
    return pytest.mark.parametrize(
        ("lang", "viewport"), [("en", size), ("fa", size)], ids=[f"en-{name}", f"fa-{name}"], indirect=True
    )


def speak(target: Page | BrowserContext, language: Language) -> None:
    """The browser's language from its first page, as the language switch leaves it."""
    if language == "fa":
        target.add_init_script("localStorage.setItem('freight.language', 'fa')")


@pytest.fixture
def lang(request: pytest.FixtureRequest, page: Page) -> Language:
    """The language `page` speaks (English unless the test is parametrized with another)."""
    language: Language = getattr(request, "param", "en")
    speak(page, language)
    return language


class SignsIn(Protocol):
    @property
    def username(self) -> str: ...

    @property
    def password(self) -> str: ...


@pytest.fixture
def customer_page(
    browser: Browser, live_server: LiveServer, customer: SignsIn, viewport: dict[str, int]
) -> Iterator[Page]:
    """The module's `customer` signed in, in a fresh context at each viewport."""
    from tests.e2e.browser import signed_in_page

    with signed_in_page(browser, live_server, viewport, customer.username, customer.password) as page:
        yield page
