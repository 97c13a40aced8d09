"""Every page's first stop is "Skip to content", the public ones too (decision 3884): it shows where it is
when the keyboard reaches it and leads past the banner, the brand and the language switch to the page's
heading."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.conftest import LiveServer

PUBLIC_PAGES = [
    ("/login", "Welcome back"),
    ("/register", "Sign Up"),
    ("/forgetpassword", "Forgot Password"),
]


@pytest.mark.parametrize(("path", "title"), PUBLIC_PAGES, ids=["login", "register", "forgetpassword"])
def test_a_public_page_starts_with_the_skip_link_to_its_heading(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path, path: str, title: str
) -> None:
    page.goto(f"{live_server.url}{path}")
    heading = page.get_by_role("heading", name=title, level=1)
    expect(heading).to_be_visible()
    skip = page.get_by_role("link", name="Skip to content")
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    # Focused, it is drawn inside the window, over the page's top start corner.
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0 and box["x"] >= 0, box
    name = path.strip("/").replace("/", "-")
    page.screenshot(path=str(screenshot_dir / f"skip-link-{name}-{viewport['width']}.png"))
    page.keyboard.press("Enter")
    expect(heading).to_be_focused()
    # Unfocused it is out of sight again, and the address did not change.
    box = skip.bounding_box()
    assert box is None or box["y"] + box["height"] <= 0, box
    expect(page).to_have_url(f"{live_server.url}{path}")
