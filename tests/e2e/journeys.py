"""One person at a browser, counted: the clicks, the fields filled and the seconds of their own turns, for the
figures of docs/journeys.md. The whole walk (test_whole_walk.py) acts only through these helpers, so what it
does is what is counted; each look at a screen is judged as a person reads it (no code, no UUID, no ISO
date-time, no retired wording, nothing sideways) and kept as a screenshot."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.e2e.browser import layout_problems
from tests.e2e.conftest import LiveServer
from tests.e2e.test_words_not_codes import URL, code_on, dates_on, line_problems, retired_on
from tests.e2e.words import words


class CountsActs:
    """Acting through these counts what a person does: each click, each field filled."""

    page: Page
    clicks: int
    fields: int

    def click(self, target: Locator) -> None:
        self.clicks += 1
        target.click()

    def fill(self, target: Locator, text: str) -> None:
        self.fields += 1
        target.fill(text)


@dataclass
class Person(CountsActs):
    """`role` is the wording rules' role ("customer", "admin" for staff and the auditor); `name` names the
    screenshots; `words` is the catalogue of the language the screens speak (tests/e2e/words.py), for the
    login form and the menu. Seconds are the sum of the person's turns, not the time others spent
    meanwhile."""

    name: str
    role: str
    page: Page
    shots: Path
    words: Callable[..., str] = field(default_factory=lambda: words("en"))
    clicks: int = 0
    fields: int = 0
    seconds: float = 0.0
    looked: list[str] = field(default_factory=list)

    @contextmanager
    def turn(self) -> Iterator[None]:
        """A stretch of the person's own work (acting and reading what the screen answers)."""
        started = time.monotonic()
        try:
            yield
        finally:
            self.seconds += time.monotonic() - started

    def upload(self, target: Locator, path: Path) -> None:
        """Choosing a file: one field."""
        self.fields += 1
        target.set_input_files(str(path))

    def type_code(self, first_digit: Locator, code: str) -> None:
        """A verification code into its boxes, typed on: one field."""
        self.fields += 1
        first_digit.focus()
        for digit in code:
            self.page.keyboard.type(digit)

    def choose(self, label: str, option: str) -> None:
        self.click(self.page.get_by_role("combobox", name=label))
        self.click(self.page.get_by_role("option", name=option).first)

    def go(self, url: str) -> None:
        """Opening a link from an e-mail or a bookmark: one click."""
        self.clicks += 1
        self.page.goto(url)

    def menu(self, name: str) -> None:
        """A side-menu entry; on a phone the menu is a drawer opened first."""
        width = self.page.viewport_size["width"] if self.page.viewport_size else 0
        if width < 768:
            self.click(self.page.get_by_role("button", name=self.words("common:shell.menu")))
        self.click(self.page.get_by_role("link", name=name, exact=True).filter(visible=True).first)

    def sign_in(self, server: LiveServer, username: str, password: str) -> None:
        self.page.goto(f"{server.url}/login")
        self.fill(self.page.get_by_label(self.words("accounts:loginForm.username")), username)
        self.fill(self.page.get_by_label(self.words("accounts:loginForm.password"), exact=True), password)
        self.click(self.page.get_by_role("button", name=self.words("accounts:loginForm.submit")))
        expect(self.page).to_have_url(f"{server.url}/dashboard/overview")

    def look(self, step: str) -> list[str]:
        """What is wrong on the screen as the person sees it now (empty when nothing); saved as
        `walk-<width>-<n>-<person>-<step>.png`."""
        width = self.page.viewport_size["width"] if self.page.viewport_size else 0
        self.looked.append(step)
        self.page.evaluate(
            "window.scrollTo(0, 0)"
        )  # a full-page picture of a scrolled page repeats its header
        self.page.screenshot(
            path=str(self.shots / f"walk-{width}-{len(self.looked):02d}-{self.name}-{step}.png"),
            full_page=True,
        )
        problems = code_on(self.page) + dates_on(self.page) + retired_on(self.page, self.role)
        problems += [p for p in layout_problems(self.page) if p.startswith("page overflows")]
        # A document shown in a frame (the shipping order report) is read like an e-mail: line by line.
        for frame in self.page.frames[1:]:
            lines = [URL.sub(" ", line).strip() for line in frame.locator("body").inner_text().splitlines()]
            problems += [
                f"frame {frame.name or frame.url}: {p}" for p in line_problems([x for x in lines if x])
            ]
        return [f"{self.name} at {step}: {p}" for p in problems]

    def figures(self) -> dict[str, Any]:
        return {"clicks": self.clicks, "fields": self.fields, "seconds": round(self.seconds, 1)}
